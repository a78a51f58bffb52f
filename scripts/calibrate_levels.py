#!/usr/bin/env python3
"""Calibrates tablero's strength levels (Skill Level 0..20) of one game by matches.

Plays two-engine matches with scripts/match.py (one records file per pairing in --out),
then fits one logistic Elo rating per player from all the games (Bradley-Terry, maximum
likelihood, `greedy` anchored at 1000 unless --anchor says otherwise) and prints Markdown tables: the ratings with 95%
intervals beside each level's label (from the engine's UCI_Elo range), the ladder of each
level against the two below it, and flags. Re-running the same command resumes: a pairing
whose file is complete is not played again.

Players: random (Strategy random), greedy (Strategy greedy, the anchor), L0..L19 (Skill Level,
each limited by --movetime, which is generous: a level caps its own work), L20 (Skill Level 20,
full strength, limited by --full-nodes). Python 3 standard library only.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tablero_match import DEFAULT_BINARY, UsageError
from tablero_match.engine import EngineError, Process, game_options, greet, level_elo, \
    setoption
from tablero_match.ratings import RatingError, fit_ratings, game_points, tally
from tablero_match.records import first_mover_is_p1, read_records
from tablero_match.referee import Referee, RefereeFailure
from tablero_match.stats import Z_95

MATCH = Path(__file__).resolve().parent / "match.py"
RANDOM = "random"
# The player whose rating is fixed, and at what: the one-move look-ahead of Strategy greedy.
DEFAULT_ANCHOR = "greedy=1000"
FULL_LEVEL = 20
LEVELS = ["L%d" % level for level in range(FULL_LEVEL + 1)]
PLAYERS = [RANDOM, "greedy"] + LEVELS
# A level should score at least this against the level two below it.
LADDER_MIN_SCORE = 0.60
# A level's measured Elo should be within this of its label.
LABEL_TOLERANCE = 75.0

EPILOG = """\
schedule (default; --pairs a-b,c-d,... replaces it):
  L vs L+1 and L vs L+2 for the levels 0..20, random vs L0, L1, L2 and greedy, greedy vs
  L0..L10; --gauntlets adds greedy vs L11..L20 and L20 vs L0, L3, ..., L15. Each pairing plays --games games (openings from --openings and --random-plies,
  each played with colours swapped) into <out>/<a>-vs-<b>.jsonl.

fit:
  Every game of every *.jsonl file in --out counts (a draw is half a point). Ratings are
  logistic Elo with the --anchor player fixed (default greedy = 1000, the player that looks
  one move ahead); the interval is +-1.96 standard errors relative to the anchor (observed
  information). --prior-draws virtual draws per pairing keep a rating finite when
  a pairing was won or lost to the last game.

example:
  scripts/calibrate_levels.py --game crossings --games 20 --out levels-crossings \\
      --json levels-crossings.json
"""


def parser():
    """The command line."""
    p = argparse.ArgumentParser(
        prog="calibrate_levels.py", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__.split("\n\n")[1], epilog=EPILOG)
    p.add_argument("--binary", default=str(DEFAULT_BINARY),
                   help="tablero binary: every player and the referee (default %(default)s)")
    p.add_argument("--game", default="crossjack", help="crossjack, jcshock or crossings "
                   "(default crossjack)")
    p.add_argument("--size", help="board size, passed to match.py")
    p.add_argument("--out", help="directory of the records, one file per pairing (default "
                   "levels-<game>)")
    p.add_argument("--pairs", help="pairings a-b,c-d,... of the players random, greedy, "
                   "L0..L20 (default: the schedule below)")
    p.add_argument("--games", type=int, default=20, help="games per pairing, even (default 20)")
    p.add_argument("--movetime", type=int, default=5000, metavar="MS",
                   help="go movetime of every player but L20 (default 5000)")
    p.add_argument("--full-nodes", type=int, default=20000, metavar="N",
                   help="go nodes of L20, full strength (default 20000)")
    p.add_argument("--concurrency", type=int, help="passed to match.py")
    p.add_argument("--openings", metavar="FILE", help="passed to match.py")
    p.add_argument("--random-plies", type=int, default=2, metavar="N",
                   help="passed to match.py (default 2, so that games differ)")
    p.add_argument("--seed", default="1", help="passed to match.py (default 1)")
    p.add_argument("--fit-only", action="store_true",
                   help="play nothing: fit the records already in --out")
    p.add_argument("--prior-draws", type=float, default=0.5, metavar="D",
                   help="virtual draws added to every pairing in the fit (default 0.5)")
    p.add_argument("--json", metavar="FILE", help="also write the fitted numbers to FILE")
    p.add_argument("--gauntlets", action="store_true",
                   help="also greedy against every level and full strength against every "
                   "third level (for games where levels mostly draw each other)")
    p.add_argument("--anchor", default=DEFAULT_ANCHOR, metavar="PLAYER=ELO",
                   help="the player whose rating is fixed, and its rating (default %s)"
                   % DEFAULT_ANCHOR)
    return p


def default_pairs(gauntlets=False):
    """The default schedule: neighbours and next-but-one levels, random and greedy against
    the lowest levels; with `gauntlets`, greedy against every level and full strength against
    every third level, which ties together levels that mostly draw each other."""
    top = FULL_LEVEL
    pairs = [("L%d" % level, "L%d" % (level + step))
             for step in (1, 2) for level in range(top + 1 - step)]
    pairs += [(RANDOM, "L%d" % level) for level in range(3)] + [(RANDOM, "greedy")]
    pairs += [("greedy", "L%d" % level) for level in range(top + 1 if gauntlets else 11)]
    if gauntlets:
        pairs += [("L%d" % level, "L%d" % top) for level in range(0, top - 2, 3)]
    return pairs


def parse_pairs(text):
    """`a-b,c-d,…` → [(a, b), …]; UsageError for unknown players or a player against
    itself."""
    pairs = []
    for item in text.split(","):
        a, sep, b = item.strip().partition("-")
        if not sep or a not in PLAYERS or b not in PLAYERS or a == b:
            raise UsageError("--pairs: expected a-b of two of %s, found '%s'" % (
                ", ".join(PLAYERS), item))
        pairs.append((a, b))
    return pairs


def engine_words(player, args):
    """The --engine words of match.py for `player`."""
    words = ["cmd=%s" % args.binary, "name=%s" % player]
    if player in (RANDOM, "greedy"):
        return words + ["option.Strategy=%s" % player, "movetime=%d" % args.movetime]
    level = int(player[1:])
    words.append("option.Skill Level=%d" % level)
    if level == FULL_LEVEL:
        return words + ["nodes=%d" % args.full_nodes]
    return words + ["movetime=%d" % args.movetime]


def pairing_file(out, a, b):
    """The records file of the pairing a-b."""
    return Path(out) / ("%s-vs-%s.jsonl" % (a, b))


def games_in(path):
    """The number of records in `path` (0 if it does not exist)."""
    if not path.exists():
        return 0
    return sum(1 for line in path.read_text().splitlines() if line.strip())


def match_command(a, b, path, args):
    """The match.py command line of the pairing a-b, its records to `path`."""
    command = [sys.executable, str(MATCH), "--game", args.game, "--games", str(args.games),
               "--records", str(path), "--referee", args.binary, "--quiet",
               "--random-plies", str(args.random_plies), "--seed", args.seed,
               "--log-dir", str(Path(args.out) / "logs")]
    for option in ("size", "concurrency", "openings"):
        if getattr(args, option) is not None:
            command += ["--" + option, str(getattr(args, option))]
    return command + ["--engine"] + engine_words(a, args) + ["--engine"] + engine_words(b, args)


def play_pairings(pairs, args):
    """Plays every pairing whose file is not complete (an incomplete one is set aside as
    .partial and played again); returns the pairings that failed."""
    failed = []
    for number, (a, b) in enumerate(pairs, 1):
        path = pairing_file(args.out, a, b)
        have = games_in(path)
        if have >= args.games:
            print("[%d/%d] %s vs %s: complete (%d games)" % (number, len(pairs), a, b, have))
            continue
        if have:
            path.replace(path.with_suffix(".partial"))
            print("[%d/%d] %s vs %s: %d of %d games, set aside as %s; playing again" % (
                number, len(pairs), a, b, have, args.games, path.with_suffix(".partial").name))
        print("[%d/%d] %s vs %s" % (number, len(pairs), a, b), flush=True)
        done = subprocess.run(match_command(a, b, path, args))
        if done.returncode != 0:
            failed.append((a, b, done.returncode))
    return failed


def read_all_records(out):
    """[(file name, record)] of every *.jsonl file in `out`, each file one match."""
    found = []
    for path in sorted(Path(out).glob("*.jsonl")):
        if games_in(path):
            found += [(path.name, record) for record in read_records([str(path)])[1]]
    return found


def elo_range(binary, game, size):
    """(min, max) of the engine's UCI_Elo option once `game` is selected, or None (no such
    option, or the engine cannot be asked)."""
    try:
        process = Process([binary], log=subprocess.DEVNULL)
    except EngineError:
        return None
    try:
        process.send(*[setoption(name, value) for name, value in game_options(game, size)])
        _, specs, _ = greet(process)
    except EngineError:
        return None
    finally:
        process.quit()
    spec = specs.get("uci_elo")
    try:
        return float(spec["min"]), float(spec["max"])
    except (TypeError, ValueError, KeyError):
        return None


def label_of(player, elo_bounds):
    """The Elo label of a level below full strength: min + L (max - min) / 19; None for other
    players or without a range."""
    if elo_bounds is None or player not in LEVELS or player == "L%d" % FULL_LEVEL:
        return None
    low, high = elo_bounds
    return level_elo(int(player[1:]), 0, FULL_LEVEL - 1, low, high)


def player_stats(records, referee):
    """{player: {"games", "points", "ms", "moves"}} over `records` (strict alternation:
    every game of tablero alternates its movers)."""
    stats, cache = {}, {}
    for record in records:
        a, b, points = game_points(record)
        p1_first = first_mover_is_p1(record["opening"], referee, cache)
        for player, own, parity in ((a, points, 0), (b, 1.0 - points, 1)):
            entry = stats.setdefault(player, {"games": 0, "points": 0.0, "ms": 0, "moves": 0})
            entry["games"] += 1
            entry["points"] += own
            if p1_first is None:
                continue
            first = parity if p1_first else 1 - parity
            times = [m.get("ms", 0) for m in record["moves"][first::2]]
            entry["ms"] += sum(times)
            entry["moves"] += len(times)
    return stats


def ladder_rows(pairs):
    """[(level, score vs L-1 or None, games, score vs L-2 or None, games)] from a tally."""
    rows = []
    for level in range(1, FULL_LEVEL + 1):
        row = [level]
        for below in (1, 2):
            score, games = pair_score(pairs, "L%d" % level, "L%d" % (level - below))
            row += [score, games]
        rows.append(tuple(row))
    return rows


def pair_score(pairs, a, b):
    """(a's score fraction against b or None, games) from a tally."""
    if (a, b) in pairs:
        points, games = pairs[(a, b)]
    elif (b, a) in pairs:
        points, games = pairs[(b, a)]
        points = games - points
    else:
        return None, 0
    return points / games, games


def flags(ratings, ladder, elo_bounds):
    """The flagged levels: below LADDER_MIN_SCORE against L-2, or more than LABEL_TOLERANCE
    from their label."""
    found = []
    for level, _, _, score2, games2 in ladder:
        if score2 is not None and score2 < LADDER_MIN_SCORE:
            found.append("L%d scores %.1f%% against L%d (%d games), below %d%%" % (
                level, 100 * score2, level - 2, games2, 100 * LADDER_MIN_SCORE))
    for player in LEVELS:
        label = label_of(player, elo_bounds)
        if label is not None and player in ratings:
            elo = ratings[player][0]
            if abs(elo - label) > LABEL_TOLERANCE:
                found.append("%s measures %+.0f, its label is %.0f (off by %+.0f)" % (
                    player, elo, label, elo - label))
    return found


def rating_table(ratings, stats, elo_bounds):
    """The Markdown table of the players."""
    lines = ["| player | label | Elo | ±95% | games | score | ms/move |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for player in sorted(ratings, key=lambda p: PLAYERS.index(p) if p in PLAYERS else 99):
        elo, se = ratings[player]
        label = label_of(player, elo_bounds)
        entry = stats[player]
        ms = "%.0f" % (entry["ms"] / entry["moves"]) if entry["moves"] else "-"
        lines.append("| %s | %s | %+.0f | ±%.0f | %d | %.1f%% | %s |" % (
            player, "-" if label is None else "%.0f" % label, elo, Z_95 * se,
            entry["games"], 100 * entry["points"] / entry["games"], ms))
    return lines


def ladder_table(ladder):
    """The Markdown table of each level's score against the two levels below."""
    def cell(score, games):
        return "-" if score is None else "%.1f%% (%d)" % (100 * score, games)
    lines = ["| level | vs L-1 | vs L-2 |", "|---|---:|---:|"]
    for level, score1, games1, score2, games2 in ladder:
        lines.append("| L%d | %s | %s |" % (level, cell(score1, games1), cell(score2, games2)))
    return lines


def fit_and_report(args):
    """Fits the records in --out, prints the tables and writes --json; returns 0, or 1 when
    something was flagged."""
    found = read_all_records(args.out)
    if not found:
        raise UsageError("no records in %s" % args.out)
    records = [record for _, record in found]
    games = [game_points(record) for record in records]
    anchor, anchor_elo = args.anchor
    fitted = fit_ratings(games, anchor, args.prior_draws)
    ratings = {player: (elo + anchor_elo, se) for player, (elo, se) in fitted.items()}
    referee = open_referee(args)
    try:
        stats = player_stats(records, referee)
    finally:
        if referee is not None:
            referee.close()
    elo_bounds = elo_range(args.binary, args.game, args.size) if Path(args.binary).is_file() \
        else None
    ladder = ladder_rows(tally(games))
    flagged = flags(ratings, ladder, elo_bounds)
    print_report(args, ratings, stats, ladder, flagged, elo_bounds, len(records))
    if args.json:
        write_json(args, ratings, stats, ladder, flagged, elo_bounds)
    return 1 if flagged else 0


def parse_anchor(text):
    """`player=elo` → (player, elo); UsageError for an unknown player or a bad number."""
    player, sep, elo = text.partition("=")
    if not sep or player not in PLAYERS:
        raise UsageError("--anchor: expected PLAYER=ELO with a player of %s, found '%s'"
                         % (", ".join(PLAYERS), text))
    try:
        return player, float(elo)
    except ValueError:
        raise UsageError("--anchor: '%s' is not a number" % elo)


def open_referee(args):
    """A referee for the games' first movers, or None without the binary."""
    if not Path(args.binary).is_file():
        return None
    log_dir = Path(args.out) / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    return Referee(args.binary, args.game, args.size, log_dir)


def print_report(args, ratings, stats, ladder, flagged, elo_bounds, count):
    """The Markdown report."""
    print()
    anchor, anchor_elo = args.anchor
    print("## %s%s: %d games, %s = %g, %g prior draws per pairing" % (
        args.game, " " + args.size if args.size else "", count, anchor, anchor_elo,
        args.prior_draws))
    print()
    if elo_bounds is None:
        print("(no UCI_Elo range from %s: no labels)" % args.binary)
        print()
    print("\n".join(rating_table(ratings, stats, elo_bounds)))
    print()
    print("\n".join(ladder_table(ladder)))
    print()
    print("Flags:" + ("" if flagged else " none"))
    for line in flagged:
        print("- " + line)


def write_json(args, ratings, stats, ladder, flagged, elo_bounds):
    """The fitted numbers as JSON for other tools."""
    players = {}
    for player, (elo, se) in ratings.items():
        entry = stats[player]
        players[player] = {
            "elo": elo, "se": se, "ci95": Z_95 * se, "label": label_of(player, elo_bounds),
            "games": entry["games"], "points": entry["points"],
            "ms_per_move": entry["ms"] / entry["moves"] if entry["moves"] else None}
    anchor, anchor_elo = args.anchor
    data = {"game": args.game, "size": args.size,
            "anchor": {"player": anchor, "elo": anchor_elo},
            "prior_draws": args.prior_draws,
            "uci_elo": list(elo_bounds) if elo_bounds else None, "players": players,
            "ladder": [{"level": level, "vs_minus_1": s1, "games_minus_1": g1,
                        "vs_minus_2": s2, "games_minus_2": g2}
                       for level, s1, g1, s2, g2 in ladder],
            "flags": flagged}
    Path(args.json).write_text(json.dumps(data, indent=1) + "\n")


def check_args(args):
    """UsageError for values out of range; reads --anchor into (player, elo) before any game
    is played."""
    args.anchor = parse_anchor(args.anchor)
    if args.games < 2 or args.games % 2:
        raise UsageError("--games must be even and at least 2")
    if args.movetime < 1 or args.full_nodes < 1 or args.prior_draws < 0:
        raise UsageError("--movetime and --full-nodes must be positive, --prior-draws not "
                         "negative")
    if not args.fit_only and not Path(args.binary).is_file():
        raise UsageError("binary %s not found: build it (cargo build --release) or give "
                         "--binary PATH" % args.binary)


def main(argv):
    """Plays (unless --fit-only) and fits; returns the exit status: 0, 1 when something was
    flagged, 2 on bad usage or an unusable fit, 3 when a pairing failed."""
    args = parser().parse_args(argv)
    args.out = args.out or "levels-%s" % args.game
    try:
        check_args(args)
        failed = []
        if not args.fit_only:
            pairs = parse_pairs(args.pairs) if args.pairs else default_pairs(args.gauntlets)
            Path(args.out).mkdir(parents=True, exist_ok=True)
            failed = play_pairings(pairs, args)
        status = fit_and_report(args)
    except (UsageError, RatingError, RefereeFailure) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    for a, b, code in failed:
        print("error: match %s vs %s exited with status %d" % (a, b, code), file=sys.stderr)
    return 3 if failed else status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
