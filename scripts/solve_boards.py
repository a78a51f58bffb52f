#!/usr/bin/env python3
"""Solves the start position of a game on a range of board sizes with `tablero solve` and
prints the results as a Markdown table: the value for the first player, the first moves
that keep it, nodes, time and the command that reproduces each row.

Usage examples:
  python3 scripts/solve_boards.py                                  # Cross-Jack, W*H <= 20
  python3 scripts/solve_boards.py --max-area 40 --seconds 3600 --hash 1024
  python3 scripts/solve_boards.py --game jcshock --boards 4,5 --seconds 600
  python3 scripts/solve_boards.py --boards 10x4 --threads 2

Each board is solved by its own `tablero solve` process, smallest area first, with the time
limit given; a board not finished in time is reported as unsolved with the root moves it
proved. Rows are printed as each board finishes. Python 3 standard library only.
"""

import argparse
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

from tablero_match import DEFAULT_BINARY

# Cross-Jack's sides run from 3 to 16 with at most 128 squares (protocol.md).
CROSSJACK_SIDES = range(3, 17)

ANSWER = re.compile(
    r"^solve value (?P<value>win distance \d+|loss distance \d+|draw|unknown)"
    r"(?: margin (?P<margin>-?\d+ length \d+))?"
    r"(?: reason (?P<reason>\S+))?"
    r"(?: lowerbound .*? upperbound (?:win distance \d+|loss distance \d+|draw))?"
    r"(?: solved (?P<solved>\d+/\d+))?"
    r"(?: best (?:win distance \d+|loss distance \d+|draw)(?: margin -?\d+ length \d+)?)?"
    r"(?: moves (?P<moves>\S+))?"
    r"(?: undecided \S+)?"
    r" nodes (?P<nodes>\d+) time (?P<time>\d+) hashfull (?P<hashfull>\d+)"
    r"(?: memory (?P<memory>\d+))?$")


def parse_board(text):
    """'6x4' -> (6, 4); '5' -> (5, 5)."""
    match = re.fullmatch(r"(\d+)(?:x(\d+))?", text.strip())
    if not match:
        raise argparse.ArgumentTypeError("a board is WxH or N, not %r" % text)
    width = int(match.group(1))
    return width, int(match.group(2) or width)


def default_boards(game, max_area):
    """Every board of `game` with at most `max_area` squares, smallest area first."""
    if game == "crossjack":
        boards = [(w, h) for w in CROSSJACK_SIDES for h in CROSSJACK_SIDES if w * h <= max_area]
    elif game == "jcshock":
        boards = [(n, n) for n in range(4, 12) if n * n <= max_area]
    else:
        boards = [(8, 8)]
    return sorted(boards, key=lambda b: (b[0] * b[1], b[0]))


def size_argument(game, board):
    width, height = board
    return str(width) if game == "jcshock" else "%dx%d" % (width, height)


def solve(binary, game, board, seconds, hash_mb, threads):
    """Runs one solve; returns the parsed answer and the command (for the table)."""
    command = [str(binary), "solve", "--game", game, "--size", size_argument(game, board),
               "--hash", str(hash_mb)]
    if threads > 1:
        command += ["--threads", str(threads)]
    shown = "tablero " + " ".join(shlex.quote(a) for a in command[1:])
    if seconds:
        command += ["--seconds", str(seconds)]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - started
    lines = done.stdout.strip().splitlines()
    answer = ANSWER.match(lines[-1]) if lines else None
    # A solve stopped by its time limit exits with status 1 and still answers.
    stopped = answer is not None and answer["reason"] == "stopped"
    if answer is None or (done.returncode != 0 and not stopped):
        raise RuntimeError("%s failed (status %d): %s" % (
            shown, done.returncode, (done.stderr or done.stdout).strip()[-400:]))
    return answer.groupdict(), shown, wall


def value_words(answer):
    if answer["value"] != "unknown":
        if answer.get("margin"):
            return "%s, margin %s" % (answer["value"], answer["margin"])
        return answer["value"]
    return "unsolved (%s, %s root moves proven)" % (answer["reason"], answer["solved"])


def row(game, board, answer, shown):
    moves = (answer["moves"] or "").replace(",", ", ")
    if answer["value"] == "unknown":
        moves = ""
    return "| %s | %s | %s | %s | %s | `%s` |" % (
        size_argument(game, board).replace("x", "×") if game != "jcshock"
        else "%d×%d" % board,
        value_words(answer), moves or "—", "{:,}".format(int(answer["nodes"])),
        "%.3f s" % (int(answer["time"]) / 1000), shown)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--binary", type=Path, default=DEFAULT_BINARY,
                        help="the tablero binary (default: %(default)s)")
    parser.add_argument("--game", choices=["crossjack", "jcshock", "crossings"],
                        default="crossjack")
    parser.add_argument("--boards", type=lambda t: [parse_board(b) for b in t.split(",")],
                        help="comma-separated boards (WxH, or N for JC Shock's N×N) instead "
                             "of every board up to --max-area")
    parser.add_argument("--max-area", type=int, default=20,
                        help="without --boards, every board of at most this many squares "
                             "(default 20)")
    parser.add_argument("--seconds", type=int, default=3600,
                        help="give up on a board after this long (default 3600; 0: no limit)")
    parser.add_argument("--hash", type=int, default=256, dest="hash_mb",
                        help="the solver's table in MB (default 256)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads of each solve (default 1)")
    args = parser.parse_args(argv)
    if args.seconds < 0 or args.max_area < 1 or args.hash_mb < 1 or args.threads < 1:
        parser.error("--seconds must be >= 0, --max-area, --hash and --threads >= 1")
    if not args.binary.exists():
        parser.error("no binary at %s (cargo build --release, or --binary)" % args.binary)
    boards = args.boards or default_boards(args.game, args.max_area)
    print("| board | value for the first player | first moves that keep it | nodes | time "
          "| command |")
    print("|---|---|---|---|---|---|")
    sys.stdout.flush()
    for board in boards:
        try:
            answer, shown, _ = solve(args.binary, args.game, board, args.seconds, args.hash_mb,
                                     args.threads)
        except RuntimeError as error:
            print("error: %s" % error, file=sys.stderr)
            return 1
        print(row(args.game, board, answer, shown))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
