#!/usr/bin/env python3
"""Fits and checks the win-draw-loss model of reported scores against game outcomes.

Reads match.py records of self-play games (moves with a `score`, from `UCI_ShowWDL` or not)
and pairs every scored move with its game's outcome from the mover's view. Only games ended
by the rules count (adjudicated games do not).

    fit    fits win = s((cp - a)/b), loss = s((-cp - a)/b), draw = 1 - win - loss (s the
           logistic function, a >= 0, b > 0) by maximum likelihood for every position, and
           for each player to move apart (and each parity of the depth, from records that keep
           it) a curve with a margin of its own for wins and for losses; mate scores are
           skipped; with --measured FILE, the isotonic regression of wins and of losses on
           the score for each player to move and parity of the depth instead (the best fit
           whose win share never falls as the score rises, joined by straight lines): for
           an evaluation whose scores follow no logistic curve; written to FILE as JSON and
           printed as the game's `WdlModel` source
    check  compares predicted win shares (the recorded `wdl`, or --model from the cp: a,b or
           w,l,b, or player 1's and player 2's split by '/')
           with the observed outcomes, decile by decile of the predicted win share

Python 3 standard library only.
"""

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path

from tablero_match import DEFAULT_BINARY, UsageError
from tablero_match.adjudication import mover_score
from tablero_match.records import RULES, first_mover_is_p1, read_records
from tablero_match.referee import Referee, RefereeFailure

# A decile whose observed share is further than this (percentage points) from the
# predicted one is flagged.
FLAG_POINTS = 5.0
OUTCOMES = (1.0, 0.5, 0.0)  # win, draw, loss of the mover


def parse_cp(score):
    """The centipawns of a record's score ("cp 34"), None for a mate or another score."""
    value = mover_score({"score": score or ""})
    return None if value is None or math.isinf(value) else value


def mover_points(result, mover_is_p1):
    """The game's points of the mover: 1, 1/2 or 0."""
    if result == "draw":
        return 0.5
    return 1.0 if (result == "p1win") == mover_is_p1 else 0.0


def positions(records, plies_from=0, referee=None):
    """[{"cp", "wdl", "points", "ply"}] of every scored move of the games ended by the rules,
    from the mover's view (cp None for a mate score, wdl None without one); `ply` counts from
    the game's start position (the opening's moves included), moves before `plies_from`
    are left out. Games whose first mover is unknown are left out."""
    found, cache = [], {}
    for record in records:
        if record.get("reason") != RULES:
            continue
        p1_first = first_mover_is_p1(record["opening"], referee, cache)
        if p1_first is None:
            continue
        start = len(record["opening"]["moves"])
        for index, move in enumerate(record["moves"]):
            if "score" not in move or start + index < plies_from:
                continue
            mover_is_p1 = (index % 2 == 0) == p1_first
            found.append({"cp": parse_cp(move["score"]), "wdl": move.get("wdl"),
                          "points": mover_points(record["result"], mover_is_p1),
                          "ply": start + index, "p1": mover_is_p1,
                          "depth": move.get("depth")})
    return found


def sigmoid(x):
    """1 / (1 + e^-x), without overflow."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def model_wdl(cp, a, b, loss_margin=None):
    """(win, draw, loss) probabilities of the model at `cp`: win = s((cp - a)/b), loss =
    s((-cp - loss_margin)/b), loss_margin = a unless given (when the two margins differ, the
    loss is cut to what the win leaves)."""
    loss_margin = a if loss_margin is None else loss_margin
    win, loss = sigmoid((cp - a) / b), sigmoid((-cp - loss_margin) / b)
    loss = min(loss, 1.0 - win)
    return win, max(1.0 - win - loss, 0.0), loss


def log_likelihood(samples, a, b):
    """The log-likelihood of `samples` (Counter of (cp, points)) under the model (a, b)."""
    total = 0.0
    for (cp, points), count in samples.items():
        win, draw, loss = model_wdl(cp, a, b)
        p = win if points == 1.0 else draw if points == 0.5 else loss
        total += count * math.log(max(p, 1e-300))
    return total


def nelder_mead(f, start, steps, iterations=500, tolerance=1e-9):
    """The point minimising `f` found by the Nelder-Mead simplex from `start`."""
    simplex = [list(start)] + [[x + (step if i == j else 0.0) for j, x in enumerate(start)]
                               for i, step in enumerate(steps)]
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(len(simplex)), key=lambda i: values[i])
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        if abs(values[-1] - values[0]) <= tolerance * (1.0 + abs(values[0])):
            break
        centre = [sum(p[j] for p in simplex[:-1]) / (len(simplex) - 1)
                  for j in range(len(start))]

        def towards(t):
            return [c + t * (w - c) for c, w in zip(centre, simplex[-1])]

        reflected = towards(-1.0)
        fr = f(reflected)
        if fr < values[0]:
            expanded = towards(-2.0)
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = towards(0.5)
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (x - b) for b, x in zip(best, p)]
                                    for p in simplex[1:]]
                values = [values[0]] + [f(p) for p in simplex[1:]]
    best = min(range(len(simplex)), key=lambda i: values[i])
    return simplex[best]


def log_likelihood_3(samples, win_margin, loss_margin, b):
    """The log-likelihood of `samples` (Counter of (cp, points)) under the curve with its own
    margins for wins and losses."""
    total = 0.0
    for (cp, points), count in samples.items():
        win, draw, loss = model_wdl(cp, win_margin, b, loss_margin)
        p = win if points == 1.0 else draw if points == 0.5 else loss
        total += count * math.log(max(p, 1e-300))
    return total


def fit_curve(samples):
    """(win margin, loss margin, b, log-likelihood) maximising the likelihood of `samples`:
    fit_model's (a, a, b) as the start, then Nelder-Mead over (win margin, loss margin, log b),
    the margins free but their sum not negative."""
    a, b, _ = fit_model(samples)

    def cost(point):
        win_margin, loss_margin, log_b = point
        if win_margin + loss_margin < 0.0 or not -5.0 < log_b < 12.0:
            return math.inf
        return -log_likelihood_3(samples, win_margin, loss_margin, math.exp(log_b))

    win_margin, loss_margin, log_b = nelder_mead(cost, (a, a, math.log(b)), (20.0, 20.0, 0.3),
                                                 iterations=2000)
    b = math.exp(log_b)
    return win_margin, loss_margin, b, log_likelihood_3(samples, win_margin, loss_margin, b)


def fit_model(samples):
    """(a, b, log-likelihood) maximising the likelihood of `samples` (Counter of (cp,
    points)): the best point of a grid, then Nelder-Mead over (a, log b) with a >= 0."""
    def cost(point):
        a, log_b = point
        if a < 0.0 or not -5.0 < log_b < 12.0:
            return math.inf
        return -log_likelihood(samples, a, math.exp(log_b))

    grid = [(a, math.log(b)) for a in (0, 25, 50, 100, 200, 400, 800)
            for b in (10, 25, 50, 100, 200, 400, 800, 1600)]
    start = min(grid, key=cost)
    a, log_b = nelder_mead(cost, start, (20.0, 0.3))
    # a maximum at the bound a = 0 (no draws): the simplex may stop just inside it
    a = float(max(a, 0.0))
    return a, math.exp(log_b), log_likelihood(samples, a, math.exp(log_b))


def isotonic(points, rising=True):
    """Pool-adjacent-violators: [(x, y, weight)] sorted by x to blocks [(x, y, weight)], x and
    y each block's weighted means, y never falling along x (never rising when not `rising`)."""
    sign = 1.0 if rising else -1.0
    blocks = []
    for x, y, weight in points:
        blocks.append([x * weight, sign * y * weight, weight])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            x_sum, y_sum, w_sum = blocks.pop()
            blocks[-1][0] += x_sum
            blocks[-1][1] += y_sum
            blocks[-1][2] += w_sum
    return [(x / w, sign * y / w, w) for x, y, w in blocks]


def measured_curve(samples):
    """{"wins": [[cp, per mille], ...], "losses": [...]} of `samples` (Counter of (cp,
    points)): the isotonic regressions of wins (rising) and losses (falling) on the score,
    one point per block at its mean score."""
    ordered = sorted(samples.items())
    curve = {}
    for name, outcome, rising in (("wins", 1.0, True), ("losses", 0.0, False)):
        points = [(cp, 1.0 if points == outcome else 0.0, n) for (cp, points), n in ordered]
        curve[name] = [[round(x), round(1000 * y)] for x, y, _ in isotonic(points, rising)]
    return curve


def between_points(points, cp):
    """The share in per mille at `cp` on the line through `points` ([[cp, per mille], ...]
    ascending), flat beyond the ends: the engine's MeasuredCurve rule (at a score two points
    share, the later one)."""
    if not points:
        return 500
    after = sum(1 for score, _ in points if score <= cp)
    if after == 0 or cp <= points[0][0]:
        return points[0][1]
    if after == len(points):
        return points[-1][1]
    (left, low), (right, high) = points[after - 1], points[after]
    return int(math.floor(low + (cp - left) / (right - left) * (high - low) + 0.5))


def measured_wdl(curve, cp):
    """(win, draw, loss) fractions of a measured curve at `cp`, as the engine computes them."""
    win = min(between_points(curve["wins"], cp), 1000)
    loss = min(between_points(curve["losses"], cp), 1000 - win)
    return win / 1000.0, (1000 - win - loss) / 1000.0, loss / 1000.0


def measured_model(samples_by_key):
    """{"p1": [even curve, odd curve], "p2": [...]} from Counters keyed (p1?, odd?)."""
    return {player: [measured_curve(samples_by_key[(is_p1, odd)]) for odd in (0, 1)]
            for player, is_p1 in (("p1", True), ("p2", False))}


def rust_measured_model(model, per_line=6):
    """The `WdlModel` source of a measured model, for the game's tuning (`per_line` points a
    line, under `#[rustfmt::skip]`)."""
    def points(name, pairs):
        lines = ["            %s: &[" % name]
        for at in range(0, len(pairs), per_line):
            lines.append("                " + " ".join(
                "(%d, %d)," % (cp, share) for cp, share in pairs[at:at + per_line]))
        lines.append("            ],")
        return lines
    lines = ["#[rustfmt::skip]", "pub(super) const WDL: WdlModel = WdlModel {"]
    for player, name in (("p1", "player_one"), ("p2", "player_two")):
        lines.append("    %s: [" % name)
        for curve in model[player]:
            lines.append("        WdlCurve::Measured(MeasuredCurve {")
            lines += points("wins", curve["wins"]) + points("losses", curve["losses"])
            lines.append("        }),")
        lines.append("    ],")
    lines.append("};")
    return "\n".join(lines)


def predictions(found, model=None, measured=None):
    """[(predicted win share, predicted draw share, points)] of the positions with a recorded
    wdl, or with `model` from their cp (mate scores left out): (a, b) whoever is to move, or
    ((a, b) with player 1 to move, (a, b) with player 2 to move); or with `measured`
    (measured_model()) from their cp, player to move and parity of the depth."""
    rows = []
    for p in found:
        if measured is not None:
            if p["cp"] is not None and p.get("depth") is not None:
                curve = measured["p1" if p.get("p1", True) else "p2"][p["depth"] % 2]
                win, draw, _ = measured_wdl(curve, p["cp"])
                rows.append((win, draw, p["points"]))
        elif model is not None:
            if p["cp"] is not None:
                win, draw, _ = model_wdl(p["cp"], *curve_parameters(
                    model_of_mover(model, p.get("p1", True))))
                rows.append((win, draw, p["points"]))
        elif p["wdl"] is not None:
            w, d, l = p["wdl"]
            total = float(w + d + l) or 1.0
            rows.append((w / total, d / total, p["points"]))
    return rows


def model_of_mover(model, mover_is_p1):
    """The curve of `model` for the player to move: `model` itself when it is one curve."""
    if isinstance(model[0], tuple):
        return model[0] if mover_is_p1 else model[1]
    return model


def curve_parameters(curve):
    """model_wdl's (a, b, loss margin) of a curve (a, b) or (win margin, loss margin, b)."""
    if len(curve) == 3:
        win_margin, loss_margin, b = curve
        return win_margin, b, loss_margin
    a, b = curve
    return a, b, a


def describe_model(model):
    """`the model a = …, b = …`, with each player's curve when there are two."""
    def curve(c):
        if len(c) == 3:
            return "win margin %g, loss margin %g, b = %g" % c
        return "a = %g, b = %g" % c
    if isinstance(model[0], tuple):
        return "the model %s with player 1 to move, %s with player 2" % (
            curve(model[0]), curve(model[1]))
    return "the model " + curve(model)


def decile_rows(rows):
    """Per decile of the predicted win share (0-10%, ..., 90-100%): (decile, count, mean
    predicted win share, observed win share, mean predicted score, observed score), shares as
    fractions; None for the means of an empty decile."""
    buckets = [[] for _ in range(10)]
    for win, draw, points in rows:
        buckets[min(int(win * 10), 9)].append((win, draw, points))
    table = []
    for decile, bucket in enumerate(buckets):
        n = len(bucket)
        if not n:
            table.append((decile, 0, None, None, None, None))
            continue
        table.append((decile, n, sum(w for w, _, _ in bucket) / n,
                      sum(1 for _, _, p in bucket if p == 1.0) / n,
                      sum(w + d / 2 for w, d, _ in bucket) / n,
                      sum(p for _, _, p in bucket) / n))
    return table


def decile_flags(table):
    """The deciles whose observed win share or score is more than FLAG_POINTS points from
    the predicted one."""
    flagged = []
    for decile, n, win, won, score, scored in table:
        if not n:
            continue
        for what, predicted, observed in (("win share", win, won), ("score", score, scored)):
            if abs(observed - predicted) * 100 > FLAG_POINTS:
                flagged.append("%d-%d%%: %s observed %.1f%%, predicted %.1f%% (%+.1f points, "
                               "%d positions)" % (10 * decile, 10 * decile + 10, what,
                                                  100 * observed, 100 * predicted,
                                                  100 * (observed - predicted), n))
    return flagged


def decile_table(table):
    """The Markdown table of decile_rows()."""
    lines = ["| predicted win | positions | predicted win % | observed win % | diff | "
             "predicted score % | observed score % | diff |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for decile, n, win, won, score, scored in table:
        if not n:
            lines.append("| %d-%d%% | 0 | - | - | - | - | - | - |" % (
                10 * decile, 10 * decile + 10))
            continue
        lines.append("| %d-%d%% | %d | %.1f | %.1f | %+.1f | %.1f | %.1f | %+.1f |" % (
            10 * decile, 10 * decile + 10, n, 100 * win, 100 * won, 100 * (won - win),
            100 * score, 100 * scored, 100 * (scored - score)))
    return lines


def parse_model(text):
    """'a,b' → (a, b) or 'w,l,b' → (win margin, loss margin, b); two of them split by '/'
    → (player 1's curve, player 2's curve). Every b > 0, a >= 0, w + l >= 0."""
    parts = text.split("/")
    if len(parts) > 2:
        raise UsageError("--model: at most two curves, player 1's and player 2's")
    models = []
    for part in parts:
        try:
            numbers = tuple(float(x) for x in part.split(","))
        except ValueError:
            numbers = ()
        if len(numbers) not in (2, 3):
            raise UsageError("--model: expected a,b or w,l,b (or two split by '/'), e.g. 80,120, "
                             "found '%s'" % text)
        if numbers[-1] <= 0 or (len(numbers) == 2 and numbers[0] < 0) or \
                (len(numbers) == 3 and numbers[0] + numbers[1] < 0):
            raise UsageError("--model: b must be > 0, a >= 0 and w + l >= 0")
        models.append(numbers)
    return models[0] if len(models) == 1 else tuple(models)


def read_positions(args):
    """The positions of the records files of `args`, with a referee for openings given as
    position strings when the binary exists."""
    header, records = read_all(args.records)
    referee = None
    if Path(args.referee).is_file():
        log_dir = Path(args.log_dir)
        log_dir.mkdir(parents=True, exist_ok=True)
        referee = Referee(args.referee, header["game"], header.get("size"), log_dir)
    try:
        found = positions(records, args.plies_from, referee)
    finally:
        if referee is not None:
            referee.close()
    skipped = sum(1 for r in records if r.get("reason") != RULES)
    print("%d games (%d adjudicated, left out), %d scored moves from ply %d" % (
        len(records), skipped, len(found), args.plies_from))
    return found


def read_all(paths):
    """(the first file's match header, every record of `paths`), each file read on its own
    (self-play records may come from several matches)."""
    header, records = None, []
    for path in paths:
        file_header, file_records = read_records([path])
        header = header or file_header
        records += file_records
    return header, records


def run_fit(args):
    """`fit`: prints a, b and the log-likelihood."""
    found = read_positions(args)
    samples = Counter((p["cp"], p["points"]) for p in found if p["cp"] is not None)
    by_mover = Counter((p["cp"], p["points"], p["p1"]) for p in found if p["cp"] is not None)
    by_parity = Counter((p["cp"], p["points"], p["p1"], p["depth"] % 2) for p in found
                        if p["cp"] is not None and p.get("depth") is not None)
    count = sum(samples.values())
    if not count:
        raise UsageError("no move with a cp score to fit")
    outcomes = Counter(points for _, points in samples.elements())
    a, b, ll = fit_model(samples)
    print("positions %d (mover won %d, drew %d, lost %d)" % (
        count, outcomes[1.0], outcomes[0.5], outcomes[0.0]))
    print("a = %.1f, b = %.1f" % (a, b))
    print("log-likelihood %.2f (%.4f per position)" % (ll, ll / count))
    for mover, is_p1 in (("player 1", True), ("player 2", False)):
        own = Counter({(cp, points): n for (cp, points, p1), n in by_mover.items()
                       if p1 == is_p1})
        if own:
            win_margin, loss_margin, b, ll = fit_curve(own)
            print("%s to move: %d positions, win margin %.1f, loss margin %.1f, b = %.1f, "
                  "log-likelihood %.2f" % (mover, sum(own.values()), win_margin, loss_margin,
                                           b, ll))
        for parity, depth in ((0, "even"), (1, "odd")):
            own = Counter({(cp, points): n for (cp, points, p1, odd), n in by_parity.items()
                           if p1 == is_p1 and odd == parity})
            if own:
                win_margin, loss_margin, b, ll = fit_curve(own)
                print("%s to move after an %s depth: %d positions, win margin %.1f, loss "
                      "margin %.1f, b = %.1f, log-likelihood %.2f" % (
                          mover, depth, sum(own.values()), win_margin, loss_margin, b, ll))
    if args.measured:
        write_measured(args.measured, by_parity)
    return 0


def write_measured(path, by_parity):
    """Fits the measured model of `by_parity` (Counter of (cp, points, p1?, odd?)), writes it
    to `path` as JSON and prints its source."""
    keyed = {(is_p1, odd): Counter() for is_p1 in (True, False) for odd in (0, 1)}
    for (cp, points, is_p1, odd), n in by_parity.items():
        keyed[(is_p1, odd)][(cp, points)] += n
    empty = [key for key, samples in keyed.items() if not samples]
    if empty:
        raise UsageError("--measured needs records with the depth of every move, and moves of "
                         "both players at both parities of the depth")
    model = measured_model(keyed)
    Path(path).write_text(json.dumps(model) + "\n")
    print()
    print("measured model (written to %s):" % path)
    print(rust_measured_model(model))


def read_measured(path):
    """A measured model written by `fit --measured`; UsageError when it is not one."""
    try:
        model = json.loads(Path(path).read_text())
        for player in ("p1", "p2"):
            for curve in model[player]:
                for name in ("wins", "losses"):
                    if not all(len(point) == 2 for point in curve[name]):
                        raise ValueError(name)
        return model
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        raise UsageError("--measured %s: not a model written by fit --measured (%s)" % (path, e))


def run_check(args):
    """`check`: prints the decile table and its flags; 1 if a decile is flagged."""
    found = read_positions(args)
    if args.model and args.measured:
        raise UsageError("--model and --measured: give one")
    model = parse_model(args.model) if args.model else None
    measured = read_measured(args.measured) if args.measured else None
    rows = predictions(found, model, measured)
    if not rows:
        raise UsageError("no move with %s" % (
            "a recorded wdl" if model is None and measured is None else "a cp score"))
    source = "the recorded wdl"
    if model:
        source = describe_model(model)
    elif measured:
        source = "the measured model of " + args.measured
    print("predicted by %s: %d positions" % (source, len(rows)))
    table = decile_rows(rows)
    print()
    print("\n".join(decile_table(table)))
    flagged = decile_flags(table)
    print()
    print("Flags (more than %g points off):%s" % (FLAG_POINTS, "" if flagged else " none"))
    for line in flagged:
        print("- " + line)
    return 1 if flagged else 0


def parser():
    """The command line."""
    p = argparse.ArgumentParser(prog="fit_wdl.py", description=__doc__.split("\n\n")[0],
                                epilog=__doc__.split("\n\n")[1] + "\n\n" +
                                __doc__.split("\n\n")[2],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = p.add_subparsers(dest="command", required=True)
    for name, text in (("fit", "fit a and b of the model"),
                       ("check", "decile table of predicted against observed outcomes")):
        sub = commands.add_parser(name, help=text, description=text)
        sub.add_argument("records", nargs="+", metavar="FILE", help="match.py records files")
        sub.add_argument("--plies-from", type=int, default=0, metavar="K",
                         help="leave out the first K plies of every game (default 0)")
        sub.add_argument("--referee", default=str(DEFAULT_BINARY),
                         help="tablero binary telling who moves first in openings given as "
                         "position strings (default %(default)s)")
        sub.add_argument("--log-dir", default="match-logs",
                         help="directory of the referee's stderr log (default %(default)s)")
        sub.add_argument("--measured", metavar="JSON",
                         help="fit: also fit the measured model (isotonic) and write it here; "
                         "check: predict from the cp score with this measured model")
        if name == "check":
            sub.add_argument("--model", metavar="a,b",
                             help="predict from the cp score with this model instead of the "
                             "recorded wdl; a,b/a,b: player 1's and player 2's to move")
    return p


def main(argv):
    """Runs `fit` or `check`; returns the exit status (2 on bad usage)."""
    args = parser().parse_args(argv)
    try:
        if args.plies_from < 0:
            raise UsageError("--plies-from may not be negative")
        return run_fit(args) if args.command == "fit" else run_check(args)
    except (UsageError, RefereeFailure) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
