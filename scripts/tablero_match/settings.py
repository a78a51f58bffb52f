"""What a match is told: engine specs (`--engine key=value …`), time and search limits and
the `go` lines they make, the --sprt and --shard values, and the Settings every game needs."""

import math
import shlex
from pathlib import Path

from . import UsageError
from .engine import Engine, game_options

LIMIT_KEYS = ("tc", "movetime", "depth", "nodes")


def parse_tc(text, where="--tc"):
    """'10+0.1' (seconds + increment) or '10' → (base ms, increment ms)."""
    base, _, inc = text.partition("+")
    try:
        base_s, inc_s = float(base), float(inc or 0)
    except ValueError:
        raise UsageError("%s: expected <seconds>[+<increment>], e.g. 10+0.1, found '%s'"
                         % (where, text))
    if not (math.isfinite(base_s) and math.isfinite(inc_s)) or base_s <= 0 or inc_s < 0:
        raise UsageError("%s: time must be positive and the increment not negative, found '%s'"
                         % (where, text))
    return round(base_s * 1000), round(inc_s * 1000)


def parse_limit(key, text, where):
    """The value of one of LIMIT_KEYS: (base, increment) ms for tc, else a count >= 1."""
    if key == "tc":
        return parse_tc(text, where)
    try:
        value = int(text)
    except ValueError:
        raise UsageError("%s: %s must be a whole number, found '%s'" % (where, key, text))
    if value < 1:
        raise UsageError("%s: %s must be at least 1, found '%s'" % (where, key, text))
    return value


class Limits:
    """How long one engine may think: its clock (tc), movetime, depth and nodes per move."""

    def __init__(self, tc=None, movetime=None, depth=None, nodes=None):
        self.tc = tuple(tc) if tc else None
        self.movetime, self.depth, self.nodes = movetime, depth, nodes

    @classmethod
    def from_json(cls, data):
        """The Limits of their to_json() form."""
        return cls(**{key: data.get(key) for key in LIMIT_KEYS})

    @property
    def clocked(self):
        return self.tc is not None

    @property
    def base_ms(self):
        return self.tc[0] if self.tc else None

    @property
    def inc_ms(self):
        return self.tc[1] if self.tc else 0

    def empty(self):
        """True without any limit: such an engine could think for ever."""
        return not (self.tc or self.movetime or self.depth or self.nodes)

    def search_words(self):
        """The `go` words of movetime, depth and nodes."""
        words = []
        for key in ("movetime", "depth", "nodes"):
            if getattr(self, key) is not None:
                words += [key, str(getattr(self, key))]
        return words

    def budget_ms(self, clock):
        """Milliseconds the mover may take before it forfeits, or None (no time limit)."""
        budgets = []
        if self.clocked:
            budgets.append(clock)
        if self.movetime is not None:
            budgets.append(self.movetime)
        return min(budgets) if budgets else None

    def to_json(self):
        """The limits as written in the records (tc as [base ms, increment ms])."""
        return {"tc": list(self.tc) if self.tc else None, "movetime": self.movetime,
                "depth": self.depth, "nodes": self.nodes}

    def describe(self):
        """'tc 10+0.1, depth 3': the limits as the summary names them."""
        parts = []
        if self.clocked:
            parts.append("tc %g+%g" % (self.tc[0] / 1000, self.tc[1] / 1000))
        if self.movetime is not None:
            parts.append("movetime %d ms" % self.movetime)
        for key in ("depth", "nodes"):
            if getattr(self, key) is not None:
                parts.append("%s %d" % (key, getattr(self, key)))
        return ", ".join(parts)


def go_command(proto, limits, clocks, mover):
    """The `go` line for the side `mover` (0 = player 1): the clocks of the clocked sides if
    the mover has a clock (a clock without the mover's time means "move at once"), and the
    mover's movetime, depth and nodes."""
    words = ["go"]
    if limits[mover].clocked:
        names = (("wtime", "winc"), ("btime", "binc")) if proto == "uci" else \
            (("p1time", "p1inc"), ("p2time", "p2inc"))
        for side in (0, 1):
            if limits[side].clocked:
                words += [names[side][0], str(clocks[side]),
                          names[side][1], str(limits[side].inc_ms)]
    return " ".join(words + limits[mover].search_words())


class EngineSpec:
    """One `--engine key=value …`: how to start an engine, configure it and limit it."""

    KEYS = ("cmd", "name", "proto", "dir", "option.<Name>") + LIMIT_KEYS

    def __init__(self, cmd, name, proto, cwd, options, limits):
        self.cmd, self.name, self.proto, self.cwd = cmd, name, proto, cwd
        self.options, self.limits = options, limits

    @classmethod
    def parse(cls, pairs, each=(), limits=None):
        """An engine from its key=value words after the --each words; `limits` (a dict of
        LIMIT_KEYS) are the match's limits that the engine's own tc=, depth=, … override."""
        fields = {"proto": "uci"}
        options = []
        own_limits = dict(limits or {})
        for pair in list(each) + list(pairs):
            key, sep, value = pair.partition("=")
            if not sep:
                raise UsageError("--engine: expected key=value, found '%s'" % pair)
            if key.startswith("option."):
                name = key[len("option."):]
                if not name:
                    raise UsageError("--engine: option without a name in '%s'" % pair)
                options = [(k, v) for k, v in options if k.lower() != name.lower()]
                options.append((name, value))
            elif key in ("cmd", "name", "proto", "dir"):
                fields[key] = value
            elif key in LIMIT_KEYS:
                own_limits[key] = parse_limit(key, value, "--engine " + key)
            else:
                raise UsageError("--engine: unknown key '%s' (keys: %s)"
                                 % (key, ", ".join(cls.KEYS)))
        if not fields.get("cmd"):
            raise UsageError("--engine: cmd=… is required")
        if fields["proto"] not in ("uci", "ugi"):
            raise UsageError("--engine: proto must be uci or ugi, found '%s'" % fields["proto"])
        try:
            argv = shlex.split(fields["cmd"])
        except ValueError as e:
            raise UsageError("--engine: cmd '%s': %s" % (fields["cmd"], e))
        if not argv:
            raise UsageError("--engine: cmd is empty")
        name = fields.get("name") or Path(argv[0]).name
        if not name or any(c.isspace() for c in name):
            raise UsageError("--engine: name '%s' must be non-empty without blanks" % name)
        engine_limits = Limits(**own_limits)
        if engine_limits.empty():
            raise UsageError("engine %s has no limit: give --tc, --movetime, --depth or --nodes "
                             "(or tc=, movetime=, depth=, nodes= in its --engine)" % name)
        return cls(fields["cmd"], name, fields["proto"], fields.get("dir"), options,
                   engine_limits)

    def argv(self):
        """The command as a list of words."""
        return shlex.split(self.cmd)

    def engine(self, log_dir):
        """A not yet started Engine of this spec, its stderr to <log_dir>/<name>.log."""
        return Engine(self.argv(), self.name, self.proto, self.cwd,
                      Path(log_dir) / ("%s.log" % self.name))

    def setup(self, game, size):
        """The options Engine.start() sets: UCI_Variant and Size, then the spec's own."""
        return game_options(game, size) + self.options

    def to_json(self):
        """The spec as written in the records' match header."""
        return {"name": self.name, "cmd": self.cmd, "proto": self.proto, "dir": self.cwd,
                "options": dict(self.options), "limits": self.limits.to_json()}


def parse_sprt(words):
    """`elo0=0 elo1=10 alpha=0.05 beta=0.05` → dict (every key has that default)."""
    sprt = {"elo0": 0.0, "elo1": 10.0, "alpha": 0.05, "beta": 0.05}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or key not in sprt:
            raise UsageError("--sprt: expected elo0=, elo1=, alpha= or beta=, found '%s'" % word)
        try:
            sprt[key] = float(value)
        except ValueError:
            raise UsageError("--sprt: %s must be a number, found '%s'" % (key, value))
        if not math.isfinite(sprt[key]):
            raise UsageError("--sprt: %s must be finite, found '%s'" % (key, value))
    if sprt["elo0"] >= sprt["elo1"]:
        raise UsageError("--sprt: elo0 must be below elo1")
    for key in ("alpha", "beta"):
        if not 0.0 < sprt[key] < 0.5:
            raise UsageError("--sprt: %s must be between 0 and 0.5" % key)
    return sprt


def parse_shard(text):
    """'i/n' with 1 <= i <= n → (i, n)."""
    index, sep, count = text.partition("/")
    try:
        i, n = int(index), int(count)
    except ValueError:
        raise UsageError("--shard: expected i/n, e.g. 2/8, found '%s'" % text)
    if not sep or not 1 <= i <= n:
        raise UsageError("--shard: expected i/n with 1 <= i <= n, found '%s'" % text)
    return i, n


class Settings:
    """Everything about a match that every game needs; `header` goes into every record."""

    def __init__(self, engines, game, size, margin, timeout, max_plies, referee, log_dir,
                 header, adjudication=None):
        self.engines, self.game, self.size = engines, game, size
        self.margin, self.timeout, self.max_plies = margin, timeout, max_plies
        self.referee, self.log_dir, self.header = referee, log_dir, header
        # The --adjudicate settings (parse_adjudication's dict; empty: none).
        self.adjudication = adjudication or {}
