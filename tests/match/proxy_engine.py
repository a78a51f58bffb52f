"""A UCI/UGI engine for match.py's tests that forwards everything to tablero and misbehaves
at its Nth `go` (python3 standard library only).

    python3 <script>.py <path to tablero> [N]      (N defaults to 3)

The scripts beside this file (illegal_move.py, crash.py, silent.py, late.py) each pass one
misbehaviour to `run`; until then the proxy plays tablero's moves, so the game is well under
way when it misbehaves.
"""

import os
import subprocess
import sys
import threading
import time


def clock_seconds(go_words):
    """The longest clock in a `go` line, in seconds (0 without one)."""
    longest = 0
    for key in ("wtime", "btime", "p1time", "p2time"):
        if key in go_words:
            longest = max(longest, int(go_words[go_words.index(key) + 1]))
    return longest / 1000.0


class Proxy:
    def __init__(self, tablero):
        self.child = subprocess.Popen([tablero], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, bufsize=1)
        self.out = threading.Lock()
        self.last_position = []
        threading.Thread(target=self.forward_output, daemon=True).start()

    def forward_output(self):
        for line in self.child.stdout:
            self.say(line.rstrip("\n"))

    def say(self, line):
        with self.out:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def tell(self, line):
        self.child.stdin.write(line)
        self.child.stdin.flush()


def run(misbehave):
    """Forwards stdin to tablero; at the Nth `go`, calls misbehave(proxy, go words) instead."""
    proxy = Proxy(sys.argv[1])
    nth = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    gos = 0
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["position"]:
            proxy.last_position = words
        if words[:1] == ["go"]:
            gos += 1
            if gos == nth:
                misbehave(proxy, words, line)
                continue
        if words[:1] == ["quit"]:
            break
        proxy.tell(line)
    proxy.tell("quit\n")
    proxy.child.wait()


def play_opponents_last_move(proxy, words, line):
    """Answers with the move just played by the opponent: its square or stones are taken or
    gone, so the move is illegal now (in every game of tablero)."""
    proxy.say("bestmove " + proxy.last_position[-1])


def crash(proxy, words, line):
    """Dies mid-game without a word (tablero sees its input end and exits)."""
    sys.stdout.flush()
    os._exit(3)


def never_answer(proxy, words, line):
    """Swallows the `go`: no bestmove ever comes for it."""


def answer_after_the_clock(proxy, words, line):
    """Waits until its clock (and any margin) has certainly run out, then searches."""
    time.sleep(clock_seconds(words) + 0.5)
    proxy.tell(line)
