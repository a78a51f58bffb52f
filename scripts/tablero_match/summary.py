"""The summary a match prints, a function of its records alone (so that `merge` prints what
the unsharded match prints), and the progress line printed after each game."""

import collections
import math
import time

from .records import REASONS
from .schedule import header_pairings, scheduled_games
from .settings import Limits
from .stats import Tally, elo_interval, likelihood_of_superiority, points_of, score_to_elo, \
    sprt_test


def summary_lines(header, records):
    """The match summary: a function of the records alone, so `merge` prints the same."""
    records = sorted(records, key=lambda r: r["id"])
    names = [e["name"] for e in header["engines"]]
    lines = ["Games: %d of %d scheduled (%s %s, %s)" % (
        len(records), scheduled_games(header), header["game"], header["size"] or "default size",
        describe_limits(header["engines"]))]
    for first, second in header_pairings(header):
        a, b = names[first], names[second]
        mine = [r for r in records if {r["p1"], r["p2"]} == {a, b}]
        if mine:
            sprt = header["sprt"] if len(names) == 2 else None
            lines += pairing_lines(Tally.of(a, b, mine), sprt)
    if header.get("gauntlet") and len(names) > 2 and records:
        lines += gauntlet_lines(names, records)
    elif len(names) > 2:
        lines += standings_lines(names, records)
    counts = collections.Counter(r["reason"] for r in records)
    if records:
        lines.append("Endings: " + ", ".join("%s %d" % (reason, counts[reason])
                                             for reason in REASONS if counts[reason]))
    losers = collections.Counter(r["loser"] for r in records if r["loser"])
    for name in names:
        if losers[name]:
            kinds = collections.Counter(r["reason"] for r in records if r["loser"] == name)
            lines.append("  %s lost %d by adjudication (%s)" % (
                name, losers[name], ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))
    return lines


def describe_limits(engines):
    """'depth 2' when every engine has the same limits, else 'a: depth 2; b: depth 3'."""
    texts = [Limits.from_json(e["limits"]).describe() for e in engines]
    if len(set(texts)) == 1:
        return texts[0]
    return "; ".join("%s: %s" % (e["name"], t) for e, t in zip(engines, texts))


def pairing_lines(tally, sprt):
    """The summary of one pairing: W-D-L, Elo, pairs, colours, and the SPRT if `sprt`."""
    a, b = tally.first, tally.second
    mean, error, model = tally.estimate()
    elo, low, high = elo_interval(mean, error)
    lines = ["%s vs %s: %d-%d-%d (W-D-L of %s), score %.1f%%" % (
        a, b, tally.wins, tally.draws, tally.losses, a, 100.0 * mean)]
    lines.append("  Elo %s +/- %s, 95%% interval [%s, %s] (%s), LOS %.1f%%" % (
        fmt_elo(elo), fmt_half_width(low, high), fmt_elo(low), fmt_elo(high),
        model, 100.0 * likelihood_of_superiority(mean, error)))
    lines.append("  pairs %d: LL %d, LD %d, DD+WL %d, WD %d, WW %d%s" % (
        tally.pairs, *tally.penta,
        "; %d unpaired games" % tally.unpaired if tally.unpaired else ""))
    w, d, l = tally.first_as_p1
    lines.append("  %s as player 1: %d-%d-%d, as player 2: %d-%d-%d" % (
        a, w, d, l, tally.wins - w, tally.draws - d, tally.losses - l))
    if sprt:
        llr, bounds, decision = sprt_test(tally.penta, sprt)
        lines.append("  SPRT elo0=%g elo1=%g alpha=%g beta=%g (logistic Elo, pentanomial): "
                     "LLR %.2f [%.2f, %.2f] %s" % (
                         sprt["elo0"], sprt["elo1"], sprt["alpha"], sprt["beta"], llr, bounds[0],
                         bounds[1], decision or "no decision yet"))
    return lines


def gauntlet_lines(names, records):
    """The first engine's total over every pairing of a gauntlet: W-D-L, score, Elo against
    the field (pentanomial over all its pairs)."""
    tally = Tally.of(names[0], "the field", records)
    mean, error, model = tally.estimate()
    elo, low, high = elo_interval(mean, error)
    return ["Gauntlet total of %s against %d engines: %d-%d-%d (W-D-L), score %.1f%%" % (
                names[0], len(names) - 1, tally.wins, tally.draws, tally.losses, 100.0 * mean),
            "  Elo %s +/- %s against the field, 95%% interval [%s, %s] (%s), pairs %d" % (
                fmt_elo(elo), fmt_half_width(low, high), fmt_elo(low), fmt_elo(high), model,
                tally.pairs)]


def standings_lines(names, records):
    """The standings of a round robin: points, games, score and Elo against the field."""
    points = collections.Counter()
    games = collections.Counter()
    for record in records:
        for name in (record["p1"], record["p2"]):
            points[name] += points_of(record, name)
            games[name] += 1
    lines = ["Standings (points, games, score, Elo against the field):"]
    for name in sorted(names, key=lambda n: (-points[n], names.index(n))):
        if games[name]:
            score = points[name] / games[name]
            lines.append("  %-20s %6.1f %5d %6.1f%% %s" % (
                name, points[name], games[name], 100 * score, fmt_elo(score_to_elo(score))))
    return lines


def progress_line(done, total, record, records, names, sprt, started, before=0):
    """`[n/N] game: result | first engine's W-D-L, score, Elo +/- | games/min`; `before`
    games were finished before a resumed run started (they count, not in the rate)."""
    pairing = sorted({names.index(record["p1"]), names.index(record["p2"])})
    a, b = names[pairing[0]], names[pairing[1]]
    mine = [r for r in records if {r["p1"], r["p2"]} == {a, b}]
    tally = Tally.of(a, b, mine)
    mean, error, _ = tally.estimate()
    elo, low, high = elo_interval(mean, error)
    text = "[%d/%d] game %d %s-%s %s (%s) | %s vs %s %d-%d-%d, %.1f%%, Elo %s +/- %s" % (
        done, total, record["id"], record["p1"], record["p2"], record["result"], record["reason"],
        a, b, tally.wins, tally.draws, tally.losses, 100 * mean, fmt_elo(elo),
        fmt_half_width(low, high, 0))
    if sprt:
        text += ", LLR %.2f" % sprt_test(tally.penta, sprt)[0]
    minutes = (time.monotonic() - started) / 60.0
    return text + " | %.1f games/min" % ((done - before) / minutes if minutes > 0 else 0.0)


def fmt_elo(elo):
    """'+12.3', '-0.5', '+inf' or '-inf'."""
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    return "%+.1f" % (elo + 0.0)  # + 0.0 turns -0.0 into 0.0


def fmt_half_width(low, high, digits=1):
    """Half the width of an interval, 'inf' when a bound is infinite."""
    if math.isinf(low) or math.isinf(high):
        return "inf"
    return "%.*f" % (digits, (high - low) / 2.0)

