#!/usr/bin/env python3
"""Measures the protocol's responsiveness (python3 standard library only).

Figures:
  1. start to `uciok`: process start until the `uciok` line (after sending `uci` at once);
  2. `isready` round trip while a `go infinite` search runs;
  3. `stop` to `bestmove` after a running `go infinite`;
  4. `quit` to process exit while a `go infinite` search runs, and while a `go perft` runs;
  5. resident memory (VmRSS) with the default Hash, idle and after a search.

Usage: scripts/measure_protocol.py [path/to/tablero] [--game G] [--size S] [--runs N]
Build first: cargo build --release
"""

import argparse
import os
import queue
import statistics
import subprocess
import sys
import threading
import time

PATIENCE = 10.0


class Engine:
    """A running engine with its stdout read on a helper thread."""

    def __init__(self, binary, args):
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [binary] + args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            self.lines.put((time.perf_counter(), raw.decode("utf-8", "replace").rstrip("\n")))
        self.lines.put((time.perf_counter(), None))

    def send(self, line):
        """Sends one line; returns the time just before it was written."""
        sent = time.perf_counter()
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        return sent

    def until(self, predicate):
        """Reads lines until one satisfies `predicate`; returns its arrival time."""
        deadline = time.perf_counter() + PATIENCE
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no expected line within %.0f s" % PATIENCE)
            arrived, line = self.lines.get(timeout=left)
            if line is None:
                raise EOFError("the engine closed its output")
            if predicate(line):
                return arrived

    def drain(self):
        while not self.lines.empty():
            self.lines.get_nowait()

    def rss_kib(self):
        with open("/proc/%d/status" % self.proc.pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return None

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def ms(seconds):
    return seconds * 1000.0


def summary(samples):
    samples = sorted(samples)
    return "median %.3f ms, min %.3f ms, max %.3f ms (n=%d)" % (
        ms(statistics.median(samples)),
        ms(samples[0]),
        ms(samples[-1]),
        len(samples),
    )


def start_to_uciok(binary, args, runs):
    samples = []
    for _ in range(runs):
        engine = Engine(binary, args)
        engine.send("uci")
        arrived = engine.until(lambda line: line == "uciok")
        samples.append(arrived - engine.started)
        engine.close()
    return samples


def isready_mid_search(binary, args, runs):
    engine = Engine(binary, args)
    engine.send("go infinite")
    time.sleep(0.3)
    samples = []
    for _ in range(runs):
        sent = engine.send("isready")
        samples.append(engine.until(lambda line: line == "readyok") - sent)
        time.sleep(0.01)
    engine.send("stop")
    engine.until(lambda line: line.startswith("bestmove"))
    engine.close()
    return samples


def stop_to_bestmove(binary, args, runs):
    engine = Engine(binary, args)
    samples = []
    for _ in range(runs):
        engine.send("go infinite")
        time.sleep(0.3)
        engine.drain()
        sent = engine.send("stop")
        samples.append(engine.until(lambda line: line.startswith("bestmove")) - sent)
    engine.close()
    return samples


def quit_to_exit(binary, args, go, runs):
    samples = []
    for _ in range(runs):
        engine = Engine(binary, args)
        engine.send(go)
        time.sleep(0.2)
        sent = engine.send("quit")
        engine.proc.wait(timeout=PATIENCE)
        samples.append(time.perf_counter() - sent)
    return samples


def resident_memory(binary, args):
    engine = Engine(binary, args)
    engine.send("isready")
    engine.until(lambda line: line == "readyok")
    idle = engine.rss_kib()
    engine.send("go movetime 1000")
    engine.until(lambda line: line.startswith("bestmove"))
    searched = engine.rss_kib()
    engine.close()
    return idle, searched


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_binary = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "tablero"
    )
    parser.add_argument("binary", nargs="?", default=default_binary)
    parser.add_argument("--game", default="jcshock")
    parser.add_argument("--size", default="8")
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    if not os.path.exists(options.binary):
        sys.exit("no engine at %s: run cargo build --release first" % options.binary)
    args = ["--game", options.game, "--size", options.size]

    print("engine: %s %s" % (options.binary, " ".join(args)))
    print("start to uciok:            " + summary(start_to_uciok(options.binary, args, options.runs)))
    print(
        "isready mid-search:        "
        + summary(isready_mid_search(options.binary, args, options.runs * 5))
    )
    print(
        "stop to bestmove:          "
        + summary(stop_to_bestmove(options.binary, args, options.runs // 2 or 1))
    )
    few = options.runs // 2 or 1
    print(
        "quit mid-search to exit:   "
        + summary(quit_to_exit(options.binary, args, "go infinite", few))
    )
    print(
        "quit mid-perft to exit:    "
        + summary(quit_to_exit(options.binary, args, "go perft 12", few))
    )
    idle, searched = resident_memory(options.binary, args)
    print("resident memory (Hash 16): %d KiB idle, %d KiB after a 1 s search" % (idle, searched))


if __name__ == "__main__":
    main()
