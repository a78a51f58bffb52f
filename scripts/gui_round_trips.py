#!/usr/bin/env python3
"""Times what a rules-free board GUI asks after every move, two ways: one query per fact and
one `query effects` per legal move (N + 5 round trips), or one `query turn` (1 round trip).

It plays random games of each game with a tablero engine through pipes and, at every
position, asks both ways, one round trip at a time (each waits for its answer, as a GUI that
reads answers before asking more does), checks that both give the same lines, and prints the
round trips and the time per ply of each way.

    scripts/gui_round_trips.py [--tablero PATH] [--games N] [--seed S]

Python 3 standard library only.
"""

import argparse
import random
import statistics
import subprocess
import sys
import time

from tablero_match import DEFAULT_BINARY

# (UCI_Variant, Size, plies per game at most)
GAMES = [("crossjack", "8x8", 60), ("jcshock", "8x8", 62), ("crossings", "8x8", 120)]


class Engine:
    """A tablero process answering queries one at a time."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        """Writes one line."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def ask(self, line, until=None):
        """The answer to `line`: one line, or every line up to the one `until` accepts."""
        self.send(line)
        lines = []
        while True:
            answer = self.process.stdout.readline().rstrip("\n")
            if not answer:
                raise RuntimeError("the engine stopped answering '%s'" % line)
            lines.append(answer)
            if until is None or until(answer):
                return lines

    def ready(self):
        """Waits for `readyok`."""
        self.ask("isready", until=lambda line: line == "readyok")

    def close(self):
        """Ends the process."""
        self.send("quit")
        self.process.wait(5)


def one_by_one(engine):
    """The GUI's facts by single queries: (lines as `query turn` writes them, round trips)."""
    moves = engine.ask("query moves")[0].split()[1:]
    p1 = engine.ask("query p1turn")[0] == "response true"
    duty = engine.ask("query duty")[0].split()[2]
    board = engine.ask("query board")[0].split()
    toplace = board[board.index("toplace") + 1]
    lines = ["response turn tomove %s duty %s toplace %s moves %d" % (
        "p1" if p1 else "p2", duty, toplace, len(moves))]
    lines += engine.ask("query end")
    lines += [engine.ask("query effects " + move)[0] for move in moves]
    lines.append("response turn done")
    return lines, 5 + len(moves), moves


def at_once(engine):
    """The same by `query turn`: (lines, round trips)."""
    return engine.ask("query turn", until=lambda line: line == "response turn done"), 1


def measure(engine, game, size, plies, games, rng):
    """(plies, round trips and seconds per ply one by one, the same at once)."""
    engine.send("setoption name UCI_Variant value " + game)
    engine.send("setoption name Size value " + size)
    trips, seconds = ([], []), ([], [])
    for _ in range(games):
        played = []
        engine.send("position startpos")
        for _ in range(plies):
            engine.ready()
            start = time.perf_counter()
            single, single_trips, moves = one_by_one(engine)
            middle = time.perf_counter()
            turn, turn_trips = at_once(engine)
            end = time.perf_counter()
            if single != turn:
                raise RuntimeError("%s after %s: query turn differs from the single queries"
                                   % (game, " ".join(played)))
            trips[0].append(single_trips)
            trips[1].append(turn_trips)
            seconds[0].append(middle - start)
            seconds[1].append(end - middle)
            if not moves:
                break
            played.append(rng.choice(moves))
            engine.send("position startpos moves " + " ".join(played))
    return len(trips[0]), trips, seconds


def main(argv):
    """Runs the measure; exit status 1 when the two ways ever disagree, 2 on bad usage."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tablero", default=str(DEFAULT_BINARY), help="engine binary "
                        "(default %(default)s)")
    parser.add_argument("--games", type=int, default=5, help="random games per game "
                        "(default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random moves")
    args = parser.parse_args(argv)
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    try:
        engine = Engine(args.tablero)
    except OSError as e:
        print("error: cannot start %s: %s" % (args.tablero, e), file=sys.stderr)
        return 2
    try:
        print("| game | plies | round trips a ply, one by one | ms a ply, one by one | "
              "round trips a ply, query turn | ms a ply, query turn |")
        print("|---|---:|---:|---:|---:|---:|")
        for game, size, plies in GAMES:
            count, trips, seconds = measure(engine, game, size, plies, args.games, rng)
            print("| %s %s | %d | %.1f | %.3f | %d | %.3f |" % (
                game, size, count, statistics.mean(trips[0]),
                1000 * statistics.median(seconds[0]), 1,
                1000 * statistics.median(seconds[1])))
    except RuntimeError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    finally:
        engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
