#!/usr/bin/env python3
"""Time to reach a fixed depth with Threads 1 and with Threads 2 (python3 standard library only).

For each alpha-beta game, the start position and positions a few seeded random plies later are
searched with `go depth D`; the time until the `info depth D` line is taken, the best of
--runs tries per setting (runs alternate between the settings). The `nps` of that line counts
every thread: on a machine whose cores are busy with other work, Threads 2 gets no more CPU
than Threads 1 and cannot be faster, which the two nps figures show. Say the load (uptime)
with the figures.

Usage: scripts/time_to_depth.py [path/to/tablero] [--runs N] [--positions N]
Build first: cargo build --release
"""

import argparse
import random
import time

from tablero_match import DEFAULT_BINARY
from tablero_match.engine import (
    Engine, EngineError, game_options, position_command, setoption)

GAMES = [("crossjack", 14), ("crossings", 10)]


def start(binary, game):
    """A running tablero set to `game`."""
    engine = Engine([binary])
    try:
        engine.start(game_options(game))
    except EngineError as e:
        raise SystemExit("error: %s: %s" % (binary, e))
    return engine


def opening(binary, game, seed, plies):
    """Moves of `plies` seeded random plies from the start (fewer if the game ends)."""
    engine = start(binary, game)
    rng = random.Random(seed)
    moves = []
    for _ in range(plies):
        engine.send(position_command(None, moves), "query moves")
        answer = engine.read_until(lambda line: line.startswith("response"))[-1]
        legal = answer.split()[1:]
        if not legal or legal == ["none"]:
            break
        moves.append(rng.choice(legal))
    engine.quit()
    return moves


def time_to_depth(binary, game, moves, depth, threads):
    """Seconds until `info depth <depth>` and that line's nps."""
    engine = start(binary, game)
    engine.send(setoption("Threads", threads), position_command(None, moves))
    engine.sync()
    started = time.monotonic()
    engine.send(f"go depth {depth}")
    reached, nps = None, None
    while True:
        line = engine.readline()
        if reached is None and line.startswith(f"info depth {depth} seldepth"):
            reached = time.monotonic() - started
            words = line.split()
            nps = int(words[words.index("nps") + 1])
        if line.startswith("bestmove"):
            reached = reached if reached is not None else time.monotonic() - started
            break
    engine.quit()
    return reached, nps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=str(DEFAULT_BINARY))
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    for game, depth in GAMES:
        totals = {1: 0.0, 2: 0.0}
        for index in range(args.positions):
            moves = opening(args.binary, game, index + 10, 0 if index == 0 else 4 + 2 * index)
            best = {1: (float("inf"), None), 2: (float("inf"), None)}
            for _ in range(args.runs):
                for threads in (1, 2):
                    best[threads] = min(best[threads],
                                        time_to_depth(args.binary, game, moves, depth, threads),
                                        key=lambda result: result[0])
            (t1, nps1), (t2, nps2) = best[1], best[2]
            totals[1] += t1
            totals[2] += t2
            print(f"{game} depth {depth}, {len(moves)} random plies: Threads 1 {t1:.2f} s "
                  f"(nps {nps1}), Threads 2 {t2:.2f} s (nps {nps2}), speed-up {t1 / t2:.2f}",
                  flush=True)
        print(f"{game} total: Threads 1 {totals[1]:.2f} s, Threads 2 {totals[2]:.2f} s, "
              f"speed-up {totals[1] / totals[2]:.2f}", flush=True)


if __name__ == "__main__":
    main()
