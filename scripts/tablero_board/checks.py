"""Validation of what a page sends: request fields, tokens, position strings, limits,
players, board sizes and engine option values. A bad value raises BoardError, whose message the
page shows; nothing a request sends can start a second protocol line."""

import json
import re

from . import MAX_DELAY_MS

# A move, or any other token sent to an engine: printable ASCII without blanks.
TOKEN = re.compile(r"[!-~]{1,32}")
# A position string: rows of letters and digits, a side letter; nothing else.
FEN = re.compile(r"[A-Za-z0-9/]{1,1000} [A-Za-z]{1,4}")
SIZE = re.compile(r"[0-9]{1,3}(x[0-9]{1,3})?")
PLAYERS = ("person", "engine")
# Skill Level as the page chooses it for an engine seat: 0..19 limited, 20 full strength
# (the engine's default).
FULL_STRENGTH = 20


class BoardError(Exception):
    """A request that is refused: its message is shown on the page; nothing changed."""

    def __init__(self, message, status=400, **extra):
        super().__init__(message)
        self.status, self.extra = status, extra


def need(data, key, kind, default=None, required=False):
    """`data[key]` checked to be of `kind` (a type or tuple), else BoardError; `default` if
    absent (BoardError if `required`)."""
    if key not in data or data[key] is None:
        if required:
            raise BoardError("missing '%s'" % key)
        return default
    value = data[key]
    if isinstance(value, bool) and kind in (int, (int, float)):
        raise BoardError("'%s' must be a number" % key)
    if not isinstance(value, kind):
        raise BoardError("'%s' has the wrong type" % key)
    return value


def refuse_constant(name):
    """Python's JSON reader accepts NaN and ±Infinity, which JSON has not: refused (a NaN
    `wait` made a poll spin forever), as a ValueError like any other bad JSON."""
    raise ValueError("%s is not a JSON number" % name)


def check_token(text, what="move"):
    """`text` if it is one token of printable ASCII (1–32 characters, no blank, no control
    character), else BoardError: nothing a request sends can start a second protocol line."""
    if not isinstance(text, str) or not TOKEN.fullmatch(text):
        raise BoardError("%s %s is not a single token of printable characters" % (
            what, json.dumps(text)[:40] if isinstance(text, str) else "(not a string)"))
    return text


def check_fen(text):
    """A position string's shape (two fields of letters, digits and '/'), else BoardError."""
    if not isinstance(text, str) or not FEN.fullmatch(text.strip()):
        raise BoardError("the position string %s is malformed" % json.dumps(str(text))[:60])
    return text.strip()


def check_int(value, what, low, high):
    """An int within low..high, else BoardError."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BoardError("%s must be a whole number in %d..%d" % (what, low, high))
    return value


def check_limits(data):
    """The engine's limits of a request: one of {"movetime": ms}, {"depth": n}, {"nodes": n},
    {"tc": [base ms, increment ms]}; BoardError otherwise."""
    if not isinstance(data, dict) or len(data) != 1:
        raise BoardError("limits must be one of movetime, depth, nodes or tc")
    (key, value), = data.items()
    if key == "movetime":
        return {"movetime": check_int(value, "movetime", 1, 3600000)}
    if key == "depth":
        return {"depth": check_int(value, "depth", 1, 128)}
    if key == "nodes":
        return {"nodes": check_int(value, "nodes", 1, 10 ** 10)}
    if key == "tc":
        if not isinstance(value, list) or len(value) != 2:
            raise BoardError("tc must be [time ms, increment ms]")
        return {"tc": [check_int(value[0], "clock time", 1, 86400000),
                       check_int(value[1], "increment", 0, 600000)]}
    raise BoardError("limits must be one of movetime, depth, nodes or tc, not '%s'" % key[:20])


def check_players(data):
    """{"p1": "person"|"engine", "p2": …}, else BoardError."""
    if not isinstance(data, dict) or set(data) != {"p1", "p2"} or \
            any(data[k] not in PLAYERS for k in data):
        raise BoardError("players must be {p1, p2}, each 'person' or 'engine'")
    return {"p1": data["p1"], "p2": data["p2"]}


def check_delay(value):
    """The pause before each engine move when both seats are engines: whole ms in
    0..MAX_DELAY_MS, else BoardError."""
    return check_int(value, "delay (ms)", 0, MAX_DELAY_MS)


def check_levels(data):
    """The engine seats' Skill Levels of a request, {"p1": level, "p2": level} (either may be
    left out), each a whole number 0..FULL_STRENGTH (a string of digits is read as one);
    BoardError naming the seat and the range otherwise."""
    if not isinstance(data, dict) or not data or not set(data) <= {"p1", "p2"}:
        raise BoardError("levels must be {p1, p2} (either may be left out), each a Skill "
                         "Level 0..%d" % FULL_STRENGTH)
    levels = {}
    for side, value in data.items():
        if isinstance(value, str) and re.fullmatch(r"[0-9]{1,3}", value.strip()):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or \
                not 0 <= value <= FULL_STRENGTH:
            raise BoardError("the level of %s must be a whole number in 0..%d (%d: full "
                             "strength), not %s" % (side, FULL_STRENGTH, FULL_STRENGTH,
                                                    json.dumps(value)[:20]))
        levels[side] = value
    return levels


def normal_size(text):
    """'9' → '9x9', '8X8' → '8x8'; BoardError if it is not a size."""
    if not isinstance(text, str) or not SIZE.fullmatch(text.strip().lower()):
        raise BoardError("size must be WxH or N, found %s" % json.dumps(str(text))[:30])
    text = text.strip().lower()
    return text if "x" in text else "%sx%s" % (text, text)


def option_value(spec, value):
    """`value` as the text of a setoption for the engine's option `spec`; BoardError if the
    option's type or range refuses it."""
    name, kind = spec["name"], spec["type"]
    if kind == "spin":
        try:
            low, high = int(spec["min"]), int(spec["max"])
        except (TypeError, ValueError):
            low, high = -(2 ** 31), 2 ** 31 - 1
        if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,10}", value.strip()):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BoardError("%s must be a whole number in %d..%d" % (name, low, high))
        return str(value)
    if kind == "combo":
        for var in spec["vars"]:
            if isinstance(value, str) and value.lower() == var.lower():
                return var
        raise BoardError("%s must be one of %s" % (name, ", ".join(spec["vars"])))
    if kind == "check":
        if isinstance(value, bool):
            return "true" if value else "false"
        if value in ("true", "false"):
            return value
        raise BoardError("%s must be true or false" % name)
    if kind == "string":
        return check_token(value, name)
    raise BoardError("%s cannot be set from the page" % name)

