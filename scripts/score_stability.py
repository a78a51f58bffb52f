#!/usr/bin/env python3
"""How much a tablero binary's reported score moves from one depth to the next.

Plays random walks of 0-11 plies from the start position (legal moves from `go perft 1`,
seeded), searches each position to a fixed depth and compares the scores of consecutive
depths (from depth 2 on). Prints the mean absolute change, the mean signed change from an
even depth to the next odd one minus the reverse (an odd/even swing shows here: a positive
value means searches ending on the side to move's own move score higher), and how many
changes reach 100 cp. Mate scores are skipped.

Python 3 standard library only.
"""
import argparse
import random

from tablero_match.engine import (
    Engine, EngineError, Gone, game_options, position_command)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="tablero binary")
    parser.add_argument("game", help="crossjack, jcshock or crossings")
    parser.add_argument("--depth", type=int, default=8, help="go depth (default 8)")
    parser.add_argument("--positions", type=int, default=20, help="positions (default 20)")
    parser.add_argument("--seed", type=int, default=7, help="random walk seed (default 7)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = Engine([args.binary])
    try:
        engine.start(game_options(args.game))
    except EngineError as e:
        raise SystemExit("error: %s: %s" % (args.binary, e))

    def lines_until(prefix):
        try:
            return [line.strip() for line in engine.read_until(lambda l: l.startswith(prefix))]
        except Gone:
            raise SystemExit("the engine ended its output early")

    total = signed = big = count = 0
    for _ in range(args.positions):
        moves = []
        for _ in range(rng.randrange(0, 12)):
            engine.send(position_command(None, moves), "go perft 1")
            legal = [l.split(":")[0] for l in lines_until("Nodes searched") if ": " in l
                     and not l.startswith("Nodes")]
            if not legal:
                break
            moves.append(rng.choice(legal))
        engine.send("ucinewgame", position_command(None, moves), f"go depth {args.depth}")
        scores = []
        for line in lines_until("bestmove"):
            words = line.split()
            if words[:2] == ["info", "depth"] and "cp" in words and "multipv" not in words:
                scores.append((int(words[2]), int(words[words.index("cp") + 1])))
        for (d0, a), (d1, b) in zip(scores, scores[1:]):
            if d1 != d0 + 1 or d0 < 2:
                continue
            total += abs(b - a)
            signed += (b - a) if d1 % 2 else (a - b)
            big += abs(b - a) >= 100
            count += 1
    engine.quit()
    n = max(count, 1)
    print(f"{args.game} depth {args.depth}, {args.positions} positions: mean |change| "
          f"{total / n:.1f} cp, odd-even swing {signed / n:+.1f} cp, "
          f"changes >= 100 cp: {big}/{count}")


if __name__ == "__main__":
    main()
