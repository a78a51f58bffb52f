"""Adjudication of games still in play, as `--adjudicate` asks: by a proven result (the
referee's `solve` within a node budget) and by the scores the engines report, like fastchess's
`-draw movenumber= movecount= score=` and `-resign movecount= score= twosided=`.

`--adjudicate` takes words: a kind (`draw`, `resign`, `proven`) followed by its key=value
words; several kinds may follow one another in one `--adjudicate` or come in several.
"""

import math

from . import UsageError

# Reasons of the adjudications, as written in records and summaries.
PROVEN = "proven"
SCORE_DRAW = "score draw"
SCORE_RESIGN = "score resign"

# A key without a default: it must be given.
REQUIRED = "required"
# Each kind's keys with their defaults (None: not used unless given).
KINDS = {
    "draw": {"movenumber": 0, "movecount": REQUIRED, "score": REQUIRED},
    "resign": {"movecount": REQUIRED, "score": REQUIRED, "twosided": False},
    "proven": {"nodes": 20000, "movetime": None},
}
# The smallest value of each whole-number key.
MINIMUM = {"movenumber": 0, "movecount": 1, "score": 0, "nodes": 1, "movetime": 1}


def parse_adjudication(groups):
    """The settings of the `--adjudicate` word groups `groups` (a list of word lists): a dict
    of the kinds given, each a dict of its keys. UsageError on a bad word."""
    settings, kind = {}, None
    for word in [w for group in groups for w in group]:
        if "=" not in word:
            kind = word.lower()
            if kind not in KINDS:
                raise UsageError("--adjudicate: unknown kind '%s' (kinds: %s)" % (
                    word, ", ".join(KINDS)))
            if kind in settings:
                raise UsageError("--adjudicate: %s given twice" % kind)
            settings[kind] = dict(KINDS[kind])
            continue
        if kind is None:
            raise UsageError("--adjudicate: '%s' before a kind (draw, resign or proven)" % word)
        key, _, value = word.partition("=")
        settings[kind][key] = parse_value(kind, key, value)
    for kind, values in settings.items():
        missing = [key for key, value in values.items() if value == REQUIRED]
        if missing:
            raise UsageError("--adjudicate %s: %s= is required" % (kind, "=, ".join(missing)))
    return settings


def parse_value(kind, key, text):
    """The value of `key`=`text` of adjudication `kind`: a whole number, or true/false for
    twosided. UsageError if the key or the value is wrong."""
    if key not in KINDS[kind]:
        raise UsageError("--adjudicate %s: unknown key '%s' (keys: %s)" % (
            kind, key, ", ".join(KINDS[kind])))
    if key == "twosided":
        if text.lower() not in ("true", "false"):
            raise UsageError("--adjudicate resign: twosided must be true or false, found '%s'"
                             % text)
        return text.lower() == "true"
    try:
        value = int(text)
    except ValueError:
        raise UsageError("--adjudicate %s: %s must be a whole number, found '%s'" % (
            kind, key, text))
    if value < MINIMUM[key]:
        raise UsageError("--adjudicate %s: %s must be at least %d, found '%s'" % (
            kind, key, MINIMUM[key], text))
    return value


def describe(settings):
    """'draw movenumber=40 movecount=8 score=10, proven nodes=20000': the settings as the
    summary and the PGN's Event name them."""
    parts = []
    for kind, values in settings.items():
        words = ["%s=%s" % (key, str(value).lower()) for key, value in values.items()
                 if value is not None]
        parts.append(" ".join([kind] + words))
    return ", ".join(parts)


def mover_score(move):
    """The mover's score of a played move (a record's move dict) in centipawns: an int for
    `cp`, +inf or -inf for `mate` (positive: the mover mates), None without a score or with
    another kind of score."""
    words = move.get("score", "").split()
    if len(words) != 2:
        return None
    try:
        value = int(words[1])
    except ValueError:
        return None
    if words[0] == "cp":
        return value
    if words[0] == "mate":
        return math.inf if value > 0 else -math.inf
    return None


def draw_by_scores(played, rule):
    """True if the last `movecount` moves of each side all scored within +-`score` cp (mate
    scores never do) after at least `movenumber` moves of each side since the opening."""
    span = 2 * rule["movecount"]
    if len(played) < max(span, 2 * rule["movenumber"]):
        return False
    scores = [mover_score(move) for move in played[-span:]]
    return all(s is not None and not math.isinf(s) and abs(s) <= rule["score"] for s in scores)


def resigns(played, rule):
    """True if the engine that made the last move resigns: its last `movecount` moves all
    scored -`score` cp or less (or a mate against it); with `twosided`, also its opponent's
    last `movecount` moves scored +`score` or more (or a mate for it)."""
    count = rule["movecount"]
    span = 2 * count if rule["twosided"] else 2 * count - 1
    if len(played) < span:
        return False
    tail = played[-span:]
    own = [mover_score(move) for move in tail[::-1][::2]]
    other = [mover_score(move) for move in tail[::-1][1::2]]
    if not all(s is not None and s <= -rule["score"] for s in own):
        return False
    return not rule["twosided"] or all(s is not None and s >= rule["score"] for s in other)


def scores_verdict(played, settings, last_mover):
    """(result, reason, detail, loser side or None) if the scores end the game after the
    move of side `last_mover` (0 = player 1), else None. Resignation is checked first."""
    rule = settings.get("resign")
    if rule and resigns(played, rule):
        return ("p2win" if last_mover == 0 else "p1win", SCORE_RESIGN,
                "p%d's last %d moves scored -%d cp or less%s" % (
                    last_mover + 1, rule["movecount"], rule["score"],
                    ", its opponent's +%d or more" % rule["score"] if rule["twosided"] else ""),
                last_mover)
    rule = settings.get("draw")
    if rule and draw_by_scores(played, rule):
        return ("draw", SCORE_DRAW, "the last %d moves of each side scored within +-%d cp" % (
            rule["movecount"], rule["score"]), None)
    return None


def proven_verdict(value, text, p1_to_move):
    """(result, detail) of a solved position whose side to move (player 1 if `p1_to_move`)
    has `value` ('win', 'loss', 'draw'; text its words), or None if it is 'unknown'."""
    mover = "p1" if p1_to_move else "p2"
    other = "p2" if p1_to_move else "p1"
    results = {"win": mover + "win", "loss": other + "win", "draw": "draw"}
    if value not in results:
        return None
    return results[value], "solve: %s for %s, the side to move" % (text, mover)
