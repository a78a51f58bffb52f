#!/usr/bin/env python3
"""Engine-vs-engine matches for the games of tablero, refereed by tablero itself.

Python 3.8+ standard library only (nothing to install); POSIX (Linux, macOS): engine pipes
are read with select().

    scripts/match.py --engine cmd=A name=a --engine cmd=B name=b --game crossings --tc 10+0.1
    scripts/match.py merge records-*.jsonl      one summary from the records of several shards
    scripts/match.py replay records.jsonl       replays records through the referee, checks them

A separate tablero process (the referee) replays every game and alone decides whether a move
is legal and what the result is; an engine under test never judges itself. `--help` of each
command tells everything; README.md ("Matches") shows whole runs, also over several machines.
"""

import argparse
import collections
import json
import math
import os
import queue
import random
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_REFEREE = REPO / "target" / "release" / "tablero"

# Seconds an engine or the referee gets for `uci`/`isready` and other non-search answers.
SETUP_PATIENCE = 10.0
# An engine line longer than this is cut: a runaway engine must not exhaust memory.
MAX_LINE_BYTES = 1 << 20
# Seconds a clocked engine's late answer is still awaited, to tell "answered too late" (and
# by how much) from "never answered" in the record; the game is lost either way.
LATE_ANSWER_GRACE = 1.0
# tablero skips input lines longer than 65536 bytes; a game's `position` line must fit.
MAX_PLIES_LIMIT = 10000

# Reasons a game ends, as written in records and summaries.
RULES = "rules"
MAX_PLIES = "max plies"
ILLEGAL = "illegal move"
UNPARSABLE = "unparsable answer"
CRASH = "crash"
TIMEOUT = "timeout"
FORFEIT = "time forfeit"
SETUP = "setup error"
REASONS = (RULES, MAX_PLIES, ILLEGAL, UNPARSABLE, CRASH, TIMEOUT, FORFEIT, SETUP)


class UsageError(Exception):
    """Bad command-line input or unusable files: reported as `error: …`, exit status 2."""


# ---------------------------------------------------------------------------------------------
# Statistics
#
# All estimates are from the first engine's point of view. A game scores 1, 1/2 or 0; a pair
# (the two games of one opening, colours swapped) scores 0, 1/2, 1, 3/2 or 2 points, written
# here as the fraction 0, 1/4, 1/2, 3/4, 1 of the two points (the pentanomial outcomes).
# ---------------------------------------------------------------------------------------------

GAME_SCORES = (1.0, 0.5, 0.0)  # win, draw, loss
PENTA_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # LL, LD, DD or WL, WD, WW
Z_95 = 1.959963984540054  # two-sided 95% quantile of the standard normal distribution


def score_to_elo(score):
    """Logistic Elo difference of an expected score: -400 log10(1/score - 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_to_score(elo):
    """Expected score of a logistic Elo difference: 1 / (1 + 10^(-elo/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def mean_and_error(outcomes, counts):
    """Mean outcome and its standard error (sample variance / n); None without samples."""
    n = sum(counts)
    if n == 0:
        return None
    mean = sum(a * c for a, c in zip(outcomes, counts)) / n
    variance = sum(c * (a - mean) ** 2 for a, c in zip(outcomes, counts)) / n
    return mean, math.sqrt(variance / n)


def trinomial_estimate(wins, draws, losses):
    """Mean game score and its standard error from win/draw/loss counts."""
    return mean_and_error(GAME_SCORES, (wins, draws, losses))


def pentanomial_estimate(penta):
    """Mean game score and its standard error from pair counts [LL, LD, DD+WL, WD, WW]."""
    return mean_and_error(PENTA_SCORES, penta)


def elo_interval(mean, error):
    """(Elo, lower, upper): the Elo of the mean score and of its 95% confidence bounds."""
    low = min(max(mean - Z_95 * error, 0.0), 1.0)
    high = min(max(mean + Z_95 * error, 0.0), 1.0)
    return score_to_elo(mean), score_to_elo(low), score_to_elo(high)


def likelihood_of_superiority(mean, error):
    """P(the first engine is stronger) = Phi((mean - 1/2) / error), normal approximation."""
    if error == 0.0:
        return 1.0 if mean > 0.5 else 0.0 if mean < 0.5 else 0.5
    return 0.5 * (1.0 + math.erf((mean - 0.5) / (error * math.sqrt(2.0))))


def sprt_bounds(alpha, beta):
    """Wald's stopping bounds for the log-likelihood ratio: (ln(b/(1-a)), ln((1-b)/a))."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def distribution_with_mean(outcomes, probs, mean):
    """The distribution on `outcomes` closest in likelihood to `probs` whose mean is `mean`.

    Maximum likelihood under the constraint sum p_i a_i = mean (M. Van den Bergh, "Comments
    on Normalized Elo", proposition 1.1): p_i = q_i / (1 + theta (a_i - mean)), where theta
    solves sum q_i (a_i - mean) / (1 + theta (a_i - mean)) = 0. That sum falls strictly in
    theta, from +inf to -inf between the poles -1/max(a_i - mean) and -1/min(a_i - mean), so
    bisection finds theta. None when `mean` is not strictly inside the outcomes seen.
    """
    gaps = [a - mean for a, q in zip(outcomes, probs) if q > 0.0]
    if not gaps or min(gaps) >= 0.0 or max(gaps) <= 0.0:
        return None
    low, high = -1.0 / max(gaps), -1.0 / min(gaps)

    def slope(theta):
        return sum(q * (a - mean) / (1.0 + theta * (a - mean))
                   for a, q in zip(outcomes, probs) if q > 0.0)

    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        if slope(middle) > 0.0:
            low = middle
        else:
            high = middle
    theta = 0.5 * (low + high)
    return [q / (1.0 + theta * (a - mean)) if q > 0.0 else 0.0 for a, q in zip(outcomes, probs)]


def log_likelihood_ratio(outcomes, probs, n, score0, score1):
    """n * sum q_i ln(p1_i / p0_i), p0 and p1 the closest distributions with mean score0 and
    score1 (the generalised SPRT with the empirical distribution as nuisance estimate)."""
    p0 = distribution_with_mean(outcomes, probs, score0)
    p1 = distribution_with_mean(outcomes, probs, score1)
    if p0 is None or p1 is None:
        return 0.0
    return n * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(probs, p0, p1) if q > 0.0)


def regularized(counts):
    """Counts with every empty cell set to 1e-3, so that every outcome stays possible (as
    fastchess does): with no LL pair yet, the likelihood of H0 and H1 stays finite."""
    return [c if c > 0 else 1e-3 for c in counts]


def sprt_llr(penta, elo0, elo1):
    """Log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0) from pair counts
    [LL, LD, DD+WL, WD, WW]; elo0 and elo1 are logistic Elo (the summary's Elo)."""
    if sum(penta) == 0:
        return 0.0
    counts = regularized(penta)
    n = sum(counts)
    probs = [c / n for c in counts]
    return log_likelihood_ratio(PENTA_SCORES, probs, n, elo_to_score(elo0), elo_to_score(elo1))


def sprt_decision(llr, bounds):
    """'H1 accepted', 'H0 accepted' or None (play on) for an LLR and (lower, upper)."""
    lower, upper = bounds
    if llr >= upper:
        return "H1 accepted"
    if llr <= lower:
        return "H0 accepted"
    return None


# ---------------------------------------------------------------------------------------------
# Tallies from records
# ---------------------------------------------------------------------------------------------

def points_of(record, name):
    """Points of engine `name` in a finished game (1, 0.5 or 0)."""
    result = record["result"]
    if result == "draw":
        return 0.5
    winner = record["p1"] if result == "p1win" else record["p2"]
    return 1.0 if winner == name else 0.0


class Tally:
    """Results of one pairing from its first engine's point of view."""

    def __init__(self, first, second):
        self.first, self.second = first, second
        self.wins = self.draws = self.losses = 0
        self.penta = [0, 0, 0, 0, 0]
        self.unpaired = 0
        self.first_as_p1 = [0, 0, 0]  # W, D, L of the first engine as player 1

    @classmethod
    def of(cls, first, second, records):
        tally = cls(first, second)
        pairs = collections.defaultdict(list)
        for record in records:
            points = points_of(record, first)
            tally.wins += points == 1.0
            tally.draws += points == 0.5
            tally.losses += points == 0.0
            if record["p1"] == first:
                tally.first_as_p1[int(2 - 2 * points)] += 1
            pairs[record["pair"]].append(points)
        for points in pairs.values():
            if len(points) == 2:
                tally.penta[int(2 * sum(points))] += 1
            else:
                tally.unpaired += len(points)
        return tally

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def pairs(self):
        return sum(self.penta)

    def estimate(self):
        """(mean, error, model): pentanomial when every game has its pair, else trinomial."""
        if self.games == 0:
            return None
        if self.unpaired == 0:
            mean, error = pentanomial_estimate(self.penta)
            return mean, error, "pentanomial"
        mean, error = trinomial_estimate(self.wins, self.draws, self.losses)
        return mean, error, "trinomial"


def fmt_elo(elo):
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    return "%+.1f" % (elo + 0.0)  # + 0.0 turns -0.0 into 0.0


def fmt_half_width(low, high, digits=1):
    """Half the width of an interval, 'inf' when a bound is infinite."""
    if math.isinf(low) or math.isinf(high):
        return "inf"
    return "%.*f" % (digits, (high - low) / 2.0)


# ---------------------------------------------------------------------------------------------
# Command-line values
# ---------------------------------------------------------------------------------------------

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
        return {"tc": list(self.tc) if self.tc else None, "movetime": self.movetime,
                "depth": self.depth, "nodes": self.nodes}

    def describe(self):
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
        return shlex.split(self.cmd)

    def to_json(self):
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


# ---------------------------------------------------------------------------------------------
# Processes
# ---------------------------------------------------------------------------------------------

class Gone(Exception):
    """The process ended, could not start, or its pipe broke."""


class NoAnswer(Exception):
    """The expected line did not come before the deadline."""


class SetupRefused(Exception):
    """The engine answered the setup (options, variant, size) with error lines."""


class Child:
    """A child process in its own process group, stdout read line by line with deadlines,
    stderr appended to a log file (never a pipe nobody reads)."""

    def __init__(self, argv, cwd, log_path, label):
        self.label = label
        self.log = open(log_path, "ab", buffering=0)
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        self.log.write(("--- %s start %s: %s\n" % (stamp, label, shlex.join(argv))).encode())
        try:
            self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=self.log,
                                         start_new_session=True)
        except OSError as e:
            self.log.close()
            raise Gone("cannot start %s: %s" % (argv[0], e.strerror or e))
        self.fd = self.proc.stdout.fileno()
        self.buffer = bytearray()
        self.eof = False

    def alive(self):
        return not self.eof and self.proc.poll() is None

    def send(self, *lines):
        try:
            self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise Gone(self.exit_text())

    def readline(self, deadline):
        """The next line (without its line break); NoAnswer after `deadline` (monotonic
        seconds), Gone at end of output."""
        while True:
            end = self.buffer.find(b"\n")
            if end < 0 and len(self.buffer) > MAX_LINE_BYTES:
                line = bytes(self.buffer[:MAX_LINE_BYTES])
                del self.buffer[:MAX_LINE_BYTES]
                return line.decode("utf-8", "replace")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                return line.decode("utf-8", "replace").rstrip("\r")
            if self.eof:
                if self.buffer:
                    line = bytes(self.buffer)
                    self.buffer.clear()
                    return line.decode("utf-8", "replace")
                raise Gone(self.exit_text())
            left = deadline - time.monotonic()
            if left <= 0:
                raise NoAnswer()
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                chunk = os.read(self.fd, 65536)
                if chunk:
                    self.buffer += chunk
                else:
                    self.eof = True

    def exit_text(self):
        try:
            status = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "%s closed its output" % self.label
        if status < 0:
            return "%s was killed by signal %d" % (self.label, -status)
        return "%s exited with status %d" % (self.label, status)

    def kill(self):
        """Kills the whole process group at once and reaps the process."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._reap()

    def quit(self, grace=1.0):
        """`quit`, then the process group is killed if it has not ended after `grace` s."""
        try:
            self.send("quit")
            self.proc.wait(timeout=grace)
        except (Gone, subprocess.TimeoutExpired):
            pass
        self.kill()

    def _reap(self):
        try:
            self.proc.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self.log.close()


class Engine:
    """An engine under test speaking UCI or UGI."""

    def __init__(self, spec, game, size, log_dir):
        self.spec, self.game, self.size = spec, game, size
        self.log_path = Path(log_dir) / ("%s.log" % spec.name)
        self.child = None
        self.advertised = set()

    def start(self):
        """Starts the process and configures it; Gone, NoAnswer or SetupRefused on failure."""
        self.child = Child(self.spec.argv(), self.spec.cwd, self.log_path, self.spec.name)
        hello = self.spec.proto
        self.child.send(hello)
        deadline = time.monotonic() + SETUP_PATIENCE
        while True:
            try:
                line = self.child.readline(deadline)
            except NoAnswer:
                raise NoAnswer("no %sok within %g s" % (hello, SETUP_PATIENCE))
            words = line.split()
            if words[:2] == ["option", "name"]:
                name = words[2:words.index("type")] if "type" in words else words[2:]
                self.advertised.add(" ".join(name).lower())
            if words == [hello + "ok"]:
                break
        setup = ["setoption name UCI_Variant value %s" % self.game]
        if self.size:
            setup.append("setoption name Size value %s" % self.size)
        setup += ["setoption name %s value %s" % option for option in self.spec.options]
        self.child.send(*setup)
        self.sync()

    def sync(self):
        """`isready` until `readyok`; error lines on the way mean the setup was refused."""
        self.child.send("isready")
        deadline = time.monotonic() + SETUP_PATIENCE
        errors = []
        while True:
            try:
                line = self.child.readline(deadline)
            except NoAnswer:
                raise NoAnswer("no readyok within %g s" % SETUP_PATIENCE)
            if line.strip() == "readyok":
                break
            if line.startswith("info string error"):
                errors.append(line[len("info string "):])
        if errors:
            raise SetupRefused("; ".join(errors))

    def new_game(self):
        self.child.send("ucinewgame" if self.spec.proto == "uci" else "uginewgame")
        self.sync()

    def think(self, position, go, budget_s):
        """Sends the position and `go`; returns (move token or None, the `bestmove` line,
        seconds from `go` to `bestmove`). NoAnswer after `budget_s`, Gone if it ends."""
        self.child.send(position)
        started = time.monotonic()
        self.child.send(go)
        deadline = started + budget_s
        while True:
            line = self.child.readline(deadline)
            words = line.split()
            if words and words[0] == "bestmove":
                return (words[1] if len(words) > 1 else None), line, time.monotonic() - started

    def alive(self):
        return self.child is not None and self.child.alive()

    def kill(self):
        if self.child is not None:
            self.child.kill()
            self.child = None

    def quit(self):
        if self.child is not None:
            self.child.quit()
            self.child = None


class RefereeFailure(Exception):
    """The referee died, refused its setup or contradicted itself: the match cannot go on."""


class State:
    """The referee's view of a position: result, side to move, legal moves."""

    def __init__(self, result, p1turn, legal):
        self.result, self.p1turn, self.legal = result, p1turn, legal


def position_command(fen, moves):
    line = "position fen " + fen
    return line + " moves " + " ".join(moves) if moves else line


class Referee:
    """A tablero process that replays games and answers `query` about them."""

    def __init__(self, path, game, size, log_dir):
        self.path = str(path)
        try:
            self.child = Child([self.path], None, Path(log_dir) / "referee.log", "referee")
            setup = ["setoption name UCI_Variant value %s" % game]
            if size:
                setup.append("setoption name Size value %s" % size)
            errors, _ = self.ask(setup + ["isready"], 0, "readyok")
        except Gone as e:
            raise RefereeFailure("referee %s: %s" % (self.path, e))
        if errors:
            self.close()
            raise RefereeFailure("referee refused --game/--size: " + "; ".join(errors))

    def ask(self, lines, responses, until=None):
        """Sends `lines`; collects `responses` `response …` lines (and up to a line equal to
        `until`); returns (error texts, response texts)."""
        deadline = time.monotonic() + SETUP_PATIENCE
        errors, answers = [], []
        try:
            self.child.send(*lines)
            while len(answers) < responses or (until and until not in answers):
                line = self.child.readline(deadline)
                if line.startswith("info string error: "):
                    errors.append(line[len("info string error: "):])
                elif line == "response" or line.startswith("response "):
                    answers.append(line[len("response "):])
                elif until and line.strip() == until:
                    answers.append(until)
        except NoAnswer:
            raise RefereeFailure("the referee did not answer within %g s" % SETUP_PATIENCE)
        except Gone as e:
            raise RefereeFailure("the referee failed: %s" % e)
        return errors, answers

    def start_fen(self):
        _, (fen,) = self.ask(["position startpos", "query fen"], 1)
        return fen

    def check_position(self, fen, moves):
        """(error text or None, resolved position string of `fen` alone)."""
        errors, answers = self.ask([position_command(fen, []), "query fen",
                                    position_command(fen, moves), "query result"], 2)
        return (errors[0] if errors else None), answers[0]

    def state(self, fen, moves):
        errors, (result, p1turn, legal) = self.ask(
            [position_command(fen, moves), "query result", "query p1turn", "query moves"], 3)
        if errors:
            raise RefereeFailure("the referee refused a position it had accepted: " + errors[0])
        return State(result, p1turn == "true", legal.split())

    def why_illegal(self, fen, moves, move):
        """The referee's reason for refusing `move` after `moves`."""
        errors, _ = self.ask([position_command(fen, moves + [move]), "query result"], 1)
        if not errors:
            return "the referee's position accepts it, but it is not among its legal moves"
        reason = errors[0]
        marker = "in 'moves': "
        return reason[reason.index(marker) + len(marker):] if marker in reason else reason

    def close(self):
        self.child.quit()


# ---------------------------------------------------------------------------------------------
# Openings and schedule
# ---------------------------------------------------------------------------------------------

class Opening:
    """A start position string and moves played before the engines take over."""

    def __init__(self, fen, moves, source):
        self.fen, self.moves, self.source = fen, list(moves), source

    def to_json(self):
        return {"fen": self.fen, "moves": self.moves, "source": self.source}


def parse_opening_line(line, number):
    """(fen or None for the start position, moves) of one opening-file line.

    `<board> <side> [moves m1 m2 …]` (a position string: its first token has a '/'),
    `startpos [moves m1 …]`, or `m1 m2 …` (moves from the start position)."""
    words = line.split()
    if "/" in words[0]:
        if len(words) < 2:
            raise UsageError("openings line %d: position string without a side to move" % number)
        fen, rest = " ".join(words[:2]), words[2:]
    elif words[0].lower() == "startpos":
        fen, rest = None, words[1:]
    else:
        return None, words
    if rest and rest[0].lower() == "moves":
        rest = rest[1:]
    elif rest:
        raise UsageError("openings line %d: expected 'moves' after the position, found '%s'"
                         % (number, rest[0]))
    return fen, rest


def load_openings(path, referee, start):
    """Every opening of the file, each checked by the referee."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise UsageError("--openings %s: %s" % (path, e.strerror))
    openings = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fen, moves = parse_opening_line(line, number)
        error, resolved = referee.check_position(fen or start, moves)
        if error:
            raise UsageError("--openings %s line %d: %s" % (path, number, error))
        opening = Opening(resolved, moves, "%s:%d" % (Path(path).name, number))
        if referee.state(opening.fen, opening.moves).result != "none":
            raise UsageError("--openings %s line %d: the game is already over" % (path, number))
        openings.append(opening)
    if not openings:
        raise UsageError("--openings %s: no opening in the file" % path)
    return openings


def random_opening(referee, base, plies, seed, pair):
    """`plies` random legal moves after `base`, drawn by the referee's move lists with a
    generator seeded by (seed, pair) alone, so every shard draws the same opening for a pair.
    Lines whose game ends within the plies are drawn again."""
    rng = random.Random("%s/%d" % (seed, pair))
    for _ in range(1000):
        moves = list(base.moves)
        for _ in range(plies):
            state = referee.state(base.fen, moves)
            if state.result != "none":
                break
            moves.append(rng.choice(state.legal))
        if referee.state(base.fen, moves).result == "none":
            source = base.source + " + %d random plies (seed %s)" % (plies, seed)
            return Opening(base.fen, moves, source)
    raise UsageError("--random-plies %d: 1000 draws all ended the game; use fewer plies" % plies)


class Job:
    """One game of the schedule."""

    def __init__(self, game_id, pair, p1, p2, opening):
        self.id, self.pair, self.p1, self.p2, self.opening = game_id, pair, p1, p2, opening


def pairings(engine_count):
    return [(i, j) for i in range(engine_count) for j in range(i + 1, engine_count)]


def schedule_units(engine_count, games_per_pairing, shard):
    """Units (pair index, opening index, pairing) of this shard.

    Unit u plays opening p twice, colours swapped: games 2u and 2u + 1. Round p of every
    pairing comes before round p + 1, so an early stop leaves the pairings balanced. A shard
    i/n takes every unit u with u mod n = i - 1: a fixed slice, whoever runs it."""
    units = []
    unit = 0
    for opening_index in range(games_per_pairing // 2):
        for pairing in pairings(engine_count):
            if shard is None or unit % shard[1] == shard[0] - 1:
                units.append((unit, opening_index, pairing))
            unit += 1
    return units


class Dispatcher:
    """Hands out games in schedule order; after stop(), only the second games of started
    pairs (a pair is the unit of the pentanomial statistics)."""

    def __init__(self, jobs):
        self.jobs = collections.deque(jobs)
        self.lock = threading.Lock()
        self.started_pairs = set()
        self.stopping = False
        self.aborted = False

    def next(self):
        with self.lock:
            while self.jobs and not self.aborted:
                job = self.jobs.popleft()
                if self.stopping and job.pair not in self.started_pairs:
                    continue
                self.started_pairs.add(job.pair)
                return job
            return None

    def stop(self):
        with self.lock:
            self.stopping = True

    def abort(self):
        with self.lock:
            self.aborted = True


# ---------------------------------------------------------------------------------------------
# Playing
# ---------------------------------------------------------------------------------------------

class Settings:
    """Everything about a match that every game needs; `header` goes into every record."""

    def __init__(self, engines, game, size, margin, timeout, max_plies, referee, log_dir,
                 header):
        self.engines, self.game, self.size = engines, game, size
        self.margin, self.timeout, self.max_plies = margin, timeout, max_plies
        self.referee, self.log_dir, self.header = referee, log_dir, header


class Worker(threading.Thread):
    """Plays games one after another with its own referee and engine processes."""

    def __init__(self, settings, dispatcher, results):
        super().__init__(daemon=True)
        self.settings, self.dispatcher, self.results = settings, dispatcher, results
        self.engines = {}
        self.referee = None

    def run(self):
        try:
            self.referee = Referee(self.settings.referee, self.settings.game,
                                   self.settings.size, self.settings.log_dir)
            while True:
                job = self.dispatcher.next()
                if job is None:
                    break
                record = self.play(job)
                if self.dispatcher.aborted:
                    break
                self.results.put(("game", record))
        except RefereeFailure as e:
            if not self.dispatcher.aborted:
                self.results.put(("fatal", str(e)))
        except Exception:
            self.results.put(("fatal", traceback.format_exc()))
        finally:
            self.close()
            self.results.put(("done", None))

    def close(self):
        for engine in self.engines.values():
            engine.quit()
        self.engines.clear()
        if self.referee is not None:
            self.referee.close()
            self.referee = None

    def kill_all(self):
        """Called from the main thread on an interrupt: ends every process of this worker."""
        for engine in list(self.engines.values()):
            if engine.child is not None:
                engine.child.kill()
        if self.referee is not None:
            self.referee.child.kill()

    def ready_engine(self, index):
        """The engine with `index`, running and set for a new game; (reason, detail) if not."""
        engine = self.engines.get(index)
        try:
            if engine is None or not engine.alive():
                if engine is not None:
                    engine.kill()
                engine = Engine(self.settings.engines[index], self.settings.game,
                                self.settings.size, self.settings.log_dir)
                self.engines[index] = engine
                engine.start()
            engine.new_game()
            return None
        except Gone as e:
            return CRASH, "before the game: %s" % e
        except NoAnswer as e:
            return TIMEOUT, "before the game: %s" % e
        except SetupRefused as e:
            return SETUP, str(e)

    def retire(self, index):
        """An engine that lost by misbehaving is killed; the next game starts a fresh one."""
        engine = self.engines.pop(index, None)
        if engine is not None:
            engine.kill()

    def play(self, job):
        """Plays one game to its end; returns its record."""
        game = GameInPlay(job, self.settings)
        for side in (0, 1):
            failure = self.ready_engine(game.sides[side])
            if failure:
                return self.adjudicate(game, side, *failure)
        while True:
            state = self.referee.state(game.fen, game.moves())
            if state.result != "none":
                return game.record_end(state.result, RULES)
            if len(game.played) >= self.settings.max_plies:
                return game.record_end("draw", MAX_PLIES, "%d plies played" % len(game.played))
            side = 0 if state.p1turn else 1
            failure = self.play_move(game, side, state.legal)
            if failure:
                return self.adjudicate(game, side, *failure)

    def adjudicate(self, game, side, reason, detail):
        """`side` loses for misbehaving; its engine is replaced for the next game."""
        self.retire(game.sides[side])
        return game.record_end("p2win" if side == 0 else "p1win", reason, detail,
                               loser=game.names[side])

    def play_move(self, game, side, legal):
        """Asks the mover for its move and judges the answer: None when the move is played,
        else (reason, detail) of the mover's loss."""
        settings = self.settings
        engine = self.engines[game.sides[side]]
        limits = game.limits[side]
        budget = limits.budget_ms(game.clocks[side])
        wait = (settings.timeout if budget is None
                else (budget + settings.margin) / 1000.0 + LATE_ANSWER_GRACE)
        try:
            token, line, seconds = engine.think(
                position_command(game.fen, game.moves()),
                go_command(engine.spec.proto, game.limits, game.clocks, side), wait)
        except NoAnswer:
            if budget is None:
                return TIMEOUT, "no bestmove within %g s (--timeout)" % wait
            return FORFEIT, "no bestmove at all (%d ms left, margin %d ms; waited %d ms)" % (
                budget, settings.margin, wait * 1000)
        except Gone as e:
            return CRASH, str(e)
        used = int(round(seconds * 1000))
        if budget is not None and used > budget + settings.margin:
            return FORFEIT, "bestmove after %d ms with %d ms left (margin %d ms)" % (
                used, budget, settings.margin)
        if limits.clocked:
            game.clocks[side] += limits.inc_ms - used
        if token is None:
            return UNPARSABLE, "'%s': no move after bestmove" % line.strip()
        # Moves are case-insensitive in the protocol; the record keeps the referee's spelling.
        move = next((m for m in legal if m.lower() == token.lower()), None)
        if move is None:
            return ILLEGAL, "'%s': %s" % (token, self.referee.why_illegal(game.fen, game.moves(),
                                                                          token))
        game.played.append({"move": move, "ms": used})
        return None


class GameInPlay:
    """One game under way: its players, their limits and clocks, and its record."""

    def __init__(self, job, settings):
        self.sides = (job.p1, job.p2)
        self.names = [settings.engines[i].name for i in self.sides]
        self.limits = [settings.engines[i].limits for i in self.sides]
        self.clocks = [limits.base_ms for limits in self.limits]
        self.fen, self.opening_moves = job.opening.fen, job.opening.moves
        self.header = settings.header
        self.record = {"id": job.id, "pair": job.pair, "p1": self.names[0], "p2": self.names[1],
                       "opening": job.opening.to_json(), "moves": []}
        self.played = self.record["moves"]

    def moves(self):
        """Every move since the start position string: the opening's, then the game's."""
        return self.opening_moves + [m["move"] for m in self.played]

    def record_end(self, result, reason, detail="", loser=None):
        self.record.update(result=result, reason=reason, detail=detail, loser=loser,
                           match=self.header)
        return self.record


# ---------------------------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------------------------

def scheduled_games(header):
    return header["games"] * len(pairings(len(header["engines"])))


def summary_lines(header, records):
    """The match summary: a function of the records alone, so `merge` prints the same."""
    records = sorted(records, key=lambda r: r["id"])
    names = [e["name"] for e in header["engines"]]
    lines = ["Games: %d of %d scheduled (%s %s, %s)" % (
        len(records), scheduled_games(header), header["game"], header["size"] or "default size",
        describe_limits(header["engines"]))]
    for first, second in pairings(len(names)):
        a, b = names[first], names[second]
        mine = [r for r in records if {r["p1"], r["p2"]} == {a, b}]
        if mine:
            sprt = header["sprt"] if len(names) == 2 else None
            lines += pairing_lines(Tally.of(a, b, mine), sprt)
    if len(names) > 2:
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
        llr = sprt_llr(tally.penta, sprt["elo0"], sprt["elo1"])
        bounds = sprt_bounds(sprt["alpha"], sprt["beta"])
        lines.append("  SPRT elo0=%g elo1=%g alpha=%g beta=%g (logistic Elo, pentanomial): "
                     "LLR %.2f [%.2f, %.2f] %s" % (
                         sprt["elo0"], sprt["elo1"], sprt["alpha"], sprt["beta"], llr, bounds[0],
                         bounds[1], sprt_decision(llr, bounds) or "no decision yet"))
    return lines


def standings_lines(names, records):
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


def progress_line(done, total, record, records, names, sprt, started):
    """`[n/N] game: result | first engine's W-D-L, score, Elo +/- | games/min`."""
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
        text += ", LLR %.2f" % sprt_llr(tally.penta, sprt["elo0"], sprt["elo1"])
    minutes = (time.monotonic() - started) / 60.0
    return text + " | %.1f games/min" % (done / minutes if minutes > 0 else 0.0)


# ---------------------------------------------------------------------------------------------
# The match command
# ---------------------------------------------------------------------------------------------

MATCH_EPILOG = """\
engines:
  --engine takes key=value words: cmd= (required; split like a shell command), name= (default:
  the program's file name; must be unique), proto=uci|ugi (default uci), dir= (working
  directory), option.<Name>=<value> (sent as 'setoption name <Name> value <value>', e.g.
  option.Hash=64; after UCI_Variant and Size), and its own limits tc=, movetime=, depth=,
  nodes= (over --tc, --movetime, --depth, --nodes). --each adds words to every engine. Two
  engines play a match; three or more a round robin (--games per pairing).

judging:
  The referee (tablero, --referee) replays every game: an engine's move must be one of its
  legal moves, and its 'query result' ends the game. An engine loses a game for an illegal
  move, a bestmove without a move, a crash, a setup error, no bestmove within its clock +
  --margin or --movetime + --margin (time forfeit), or within --timeout when no time limit
  applies (timeout); the engine is then restarted for its next game. --max-plies ends a game
  as a draw. Engine stderr goes to <log-dir>/<name>.log, the referee's to referee.log.

openings:
  --openings FILE has one opening a line: '<board> <side> [moves m1 m2 ...]' (a position
  string), 'startpos [moves ...]' or 'm1 m2 ...' (moves from the start position); blank and
  '#' lines are skipped. Opening p of the schedule is line p mod (number of lines), in file
  order (--shuffle-openings: shuffled with --seed). --random-plies N adds N random legal moves
  drawn by the referee with a generator seeded by --seed and the pair number. Each opening is
  played twice, colours swapped (a pair).

statistics:
  From the first engine's view (per pairing): W-D-L, score, logistic Elo difference with a 95%
  interval and LOS from the pentanomial distribution of pairs (trinomial if some game lacks its
  pair). --sprt stops the match once the log-likelihood ratio of H1 (Elo = elo1) against H0
  (Elo = elo0), from the pentanomial pair counts, leaves Wald's bounds; started pairs finish.
  elo0 and elo1 are logistic Elo (as fastchess's model=logistic; fastchess's default and
  OpenBench use normalized Elo, whose numbers are not comparable).

records and shards:
  --records FILE writes one JSON line per game: the match settings, engines and options,
  players, opening, every move with its time in ms, result, reason, detail. 'match.py replay
  FILE...' replays records through the referee and checks them; 'match.py merge FILE...'
  prints the summary of several shards' records (SPRT included). --shard i/n plays units
  u with u mod n = i-1 of the schedule; every shard must be given the same other options.

examples:
  scripts/match.py --game crossings --tc 10+0.1 --games 200 --random-plies 4 \\
      --engine cmd=target/release/tablero name=new --engine cmd=old/tablero name=old \\
      --sprt elo0=0 elo1=10 --records new-vs-old.jsonl
  scripts/match.py --game jcshock --size 9 --depth 3 --games 20 \\
      --engine cmd=target/release/tablero name=h64 option.Hash=64 \\
      --engine cmd=target/release/tablero name=h1 option.Hash=1
"""


def match_parser():
    parser = argparse.ArgumentParser(
        prog="match.py", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Plays engine-vs-engine matches (two engines) or round robins (three or "
                    "more) in tablero's games; a tablero referee judges every move. Other "
                    "commands: 'match.py merge --help', 'match.py replay --help'.",
        epilog=MATCH_EPILOG)
    parser.add_argument("--engine", action="append", nargs="+", metavar="KEY=VALUE",
                        required=True, help="an engine: cmd=… [name=…] [proto=uci|ugi] "
                        "[dir=…] [option.<Name>=<value> …]; repeat for each engine")
    parser.add_argument("--each", nargs="+", metavar="KEY=VALUE", default=[],
                        help="words added to every --engine (an engine's own words win)")
    parser.add_argument("--game", default="crossjack",
                        help="game (the referee's UCI_Variant: crossjack, jcshock, crossings); "
                        "default crossjack")
    parser.add_argument("--size", help="board size WxH or N, sent as the Size option to the "
                        "engines and the referee (default: their default size)")
    parser.add_argument("--referee", default=str(DEFAULT_REFEREE),
                        help="tablero binary that judges the games (default: %(default)s)")
    time_group = parser.add_argument_group(
        "time and search limits (at least one, here or per engine with tc=, movetime=, "
        "depth=, nodes=; all given apply)")
    time_group.add_argument("--tc", help="clock: seconds+increment per side, e.g. 10+0.1")
    time_group.add_argument("--movetime", metavar="MS", help="fixed time per move")
    time_group.add_argument("--depth", help="search depth per move (go depth)")
    time_group.add_argument("--nodes", help="nodes per move (go nodes)")
    time_group.add_argument("--margin", type=int, default=50, metavar="MS",
                            help="time an answer may come after the clock or movetime ran out "
                            "(default 50)")
    time_group.add_argument("--timeout", type=float, default=60.0, metavar="S",
                            help="seconds to wait for a bestmove when no clock or movetime "
                            "applies (default 60)")
    parser.add_argument("--games", type=int, default=2,
                        help="games per pairing of engines, even (default 2)")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1,
                        help="games played at once, each with its own engine and referee "
                        "processes (default: cores, %(default)s here)")
    parser.add_argument("--openings", metavar="FILE", help="openings file (see below)")
    parser.add_argument("--shuffle-openings", action="store_true",
                        help="use the file's openings in an order shuffled with --seed")
    parser.add_argument("--random-plies", type=int, default=0, metavar="N",
                        help="random plies after the opening, drawn by the referee")
    parser.add_argument("--seed", default="1", help="seed of openings choice (default 1)")
    parser.add_argument("--max-plies", type=int, default=1000,
                        help="plies after the opening before the game is adjudicated a draw "
                        "(default 1000, at most %d)" % MAX_PLIES_LIMIT)
    parser.add_argument("--sprt", nargs="*", metavar="KEY=VALUE",
                        help="sequential test: elo0=0 elo1=10 alpha=0.05 beta=0.05 (the "
                        "defaults of keys not given); two engines only; a shard does not stop, "
                        "'merge' decides")
    parser.add_argument("--records", metavar="FILE",
                        help="write one JSON line per game to FILE (must not exist yet)")
    parser.add_argument("--shard", metavar="i/n", help="play the i-th of n slices of the "
                        "schedule (1 <= i <= n)")
    parser.add_argument("--log-dir", default="match-logs",
                        help="directory of the engines' stderr logs (default %(default)s)")
    parser.add_argument("--quiet", action="store_true", help="no progress line per game")
    return parser


def check_match_args(args):
    if args.games < 2 or args.games % 2:
        raise UsageError("--games must be even and at least 2: each opening is played twice "
                         "with colours swapped")
    if args.concurrency < 1:
        raise UsageError("--concurrency must be at least 1")
    if not 1 <= args.max_plies <= MAX_PLIES_LIMIT:
        raise UsageError("--max-plies must be in 1..%d" % MAX_PLIES_LIMIT)
    if args.random_plies < 0:
        raise UsageError("--random-plies may not be negative")
    if args.margin < 0 or not args.timeout > 0:
        raise UsageError("--margin may not be negative and --timeout must be positive")
    if not Path(args.referee).is_file():
        raise UsageError("referee %s not found: build it (cargo build --release) or give "
                         "--referee PATH" % args.referee)


def preflight(specs, game, size, log_dir):
    """Starts every engine once: a wrong command, protocol or option stops the match before
    any game. Warns about options an engine does not advertise."""
    for spec in specs:
        engine = Engine(spec, game, size, log_dir)
        try:
            engine.start()
        except (Gone, NoAnswer, SetupRefused) as e:
            engine.kill()
            raise UsageError("engine %s (%s): %s (stderr in %s)" % (
                spec.name, spec.cmd, e, engine.log_path))
        for option, _ in spec.options:
            if option.lower() not in engine.advertised:
                print("warning: engine %s does not advertise option %s" % (spec.name, option),
                      file=sys.stderr)
        engine.quit()


def build_openings(args, referee, units):
    """The opening of every opening index the shard's units use."""
    start = Opening(referee.start_fen(), [], "startpos")
    if args.openings:
        book = load_openings(args.openings, referee, start.fen)
        if args.shuffle_openings:
            random.Random("%s/openings" % args.seed).shuffle(book)
    else:
        book = [start]
    if not args.openings and not args.random_plies:
        print("warning: every game starts from the start position; deterministic engines "
              "repeat the same pair of games (use --openings or --random-plies)", file=sys.stderr)
    openings = {}
    for _, index, _ in units:
        if index not in openings:
            base = book[index % len(book)]
            openings[index] = (random_opening(referee, base, args.random_plies, args.seed, index)
                               if args.random_plies else base)
    return openings


def run_match(argv):
    args = match_parser().parse_args(argv)
    check_match_args(args)
    limits = {key: parse_limit(key, getattr(args, key), "--" + key)
              for key in LIMIT_KEYS if getattr(args, key) is not None}
    specs = [EngineSpec.parse(words, args.each, limits) for words in args.engine]
    names = [s.name for s in specs]
    if len(specs) < 2:
        raise UsageError("give at least two engines (--engine … --engine …)")
    if len(set(names)) != len(names):
        raise UsageError("engine names must differ (name=…): %s" % ", ".join(names))
    sprt = parse_sprt(args.sprt) if args.sprt is not None else None
    if sprt and len(specs) != 2:
        raise UsageError("--sprt needs exactly two engines")
    shard = parse_shard(args.shard) if args.shard else None
    records_file = None
    if args.records and Path(args.records).exists() and Path(args.records).stat().st_size:
        raise UsageError("--records %s exists; remove it or choose another name" % args.records)
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)

    referee = Referee(args.referee, args.game, args.size, log_dir)
    try:
        preflight(specs, args.game, args.size, log_dir)
        units = schedule_units(len(specs), args.games, shard)
        openings = build_openings(args, referee, units)
    finally:
        referee.close()
    header = {"game": args.game, "size": args.size, "engines": [s.to_json() for s in specs],
              "games": args.games, "margin": args.margin, "timeout": args.timeout,
              "max_plies": args.max_plies,
              "openings": args.openings, "shuffle_openings": args.shuffle_openings,
              "random_plies": args.random_plies, "seed": args.seed, "sprt": sprt}
    jobs = []
    for unit, index, (first, second) in units:
        jobs.append(Job(2 * unit, unit, first, second, openings[index]))
        jobs.append(Job(2 * unit + 1, unit, second, first, openings[index]))
    settings = Settings(specs, args.game, args.size, args.margin, args.timeout, args.max_plies,
                        args.referee, log_dir, header)
    if args.records:
        records_file = open(args.records, "w")
    try:
        return play_jobs(settings, jobs, args, sprt, records_file, shard)
    finally:
        if records_file:
            records_file.close()


def play_jobs(settings, jobs, args, sprt, records_file, shard):
    names = [s.name for s in settings.engines]
    dispatcher = Dispatcher(jobs)
    results = queue.Queue()
    workers = [Worker(settings, dispatcher, results)
               for _ in range(min(args.concurrency, len(jobs)))]
    started, cpu_started = time.monotonic(), time.process_time()
    print("Match: %s, %s; %d games%s, concurrency %d" % (
        " vs ".join(names), describe_limits(settings.header["engines"]), len(jobs),
        " (shard %d/%d)" % shard if shard else "", len(workers)), flush=True)
    for worker in workers:
        worker.start()
    records, running, fatal, stopped = [], len(workers), None, None
    try:
        while running:
            try:
                kind, payload = results.get(timeout=0.5)
            except queue.Empty:
                continue
            if kind == "done":
                running -= 1
            elif kind == "fatal":
                fatal = fatal or payload
                dispatcher.abort()
                for worker in workers:
                    worker.kill_all()
            elif kind == "game":
                records.append(payload)
                if records_file:
                    records_file.write(json.dumps(payload) + "\n")
                    records_file.flush()
                if not args.quiet:
                    print(progress_line(len(records), len(jobs), payload, records, names, sprt,
                                        started), flush=True)
                if sprt and not stopped and not shard:
                    tally = Tally.of(names[0], names[1], records)
                    llr = sprt_llr(tally.penta, sprt["elo0"], sprt["elo1"])
                    stopped = sprt_decision(llr, sprt_bounds(sprt["alpha"], sprt["beta"]))
                    if stopped:
                        print("SPRT: %s (LLR %.2f); finishing the started pairs" % (stopped, llr),
                              flush=True)
                        dispatcher.stop()
    except KeyboardInterrupt:
        dispatcher.abort()
        for worker in workers:
            worker.kill_all()
        print("interrupted: summary of the %d finished games" % len(records), flush=True)
        fatal = fatal or "interrupted"
    for line in summary_lines(settings.header, records):
        print(line)
    wall = time.monotonic() - started
    cpu = time.process_time() - cpu_started
    print("Time: %.1f s, %.1f games/min; runner CPU %.1f s (%.1f%% of one core)" % (
        wall, 60.0 * len(records) / wall if wall > 0 else 0.0, cpu,
        100.0 * cpu / wall if wall > 0 else 0.0), flush=True)
    if fatal and fatal != "interrupted":
        print("error: %s" % fatal, file=sys.stderr)
        return 3
    return 130 if fatal else 0


# ---------------------------------------------------------------------------------------------
# merge and replay
# ---------------------------------------------------------------------------------------------

def read_records(paths):
    """Records of every file, checked to come from one match with distinct game ids."""
    records, header, seen = [], None, {}
    for path in paths:
        try:
            lines = Path(path).read_text().splitlines()
        except OSError as e:
            raise UsageError("%s: %s" % (path, e.strerror))
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                record_header, game_id = record["match"], record["id"]
            except (ValueError, KeyError, TypeError):
                raise UsageError("%s line %d: not a game record" % (path, number))
            if header is None:
                header = record_header
            elif record_header != header:
                keys = sorted(k for k in set(header) | set(record_header)
                              if header.get(k) != record_header.get(k))
                raise UsageError("%s line %d: a game of another match (settings differ: %s)"
                                 % (path, number, ", ".join(keys)))
            if game_id in seen:
                raise UsageError("%s line %d: game %d is also in %s" % (
                    path, number, game_id, seen[game_id]))
            seen[game_id] = "%s line %d" % (path, number)
            records.append(record)
    if header is None:
        raise UsageError("no records in %s" % ", ".join(paths))
    return header, records


def run_merge(argv):
    parser = argparse.ArgumentParser(
        prog="match.py merge",
        description="Prints the summary of the records of one match played in shards "
                    "(--shard i/n), SPRT included: the same summary the unsharded match prints.")
    parser.add_argument("records", nargs="+", metavar="FILE", help="records files (JSON lines)")
    args = parser.parse_args(argv)
    header, records = read_records(args.records)
    for line in summary_lines(header, records):
        print(line)
    missing = scheduled_games(header) - len(records)
    if missing:
        print("note: %d scheduled games are not in these records (a shard missing or stopped "
              "early)" % missing)
    return 0


def replay_problems(referee, record):
    """What is wrong with one record according to the referee (empty if nothing)."""
    opening = record["opening"]
    moves = opening["moves"] + [m["move"] for m in record["moves"]]
    error, _ = referee.check_position(opening["fen"], moves)
    if error:
        return ["game %d: %s" % (record["id"], error)]
    state = referee.state(opening["fen"], moves)
    if record["reason"] == RULES and state.result != record["result"]:
        return ["game %d: recorded %s by the rules, the referee says %s" % (
            record["id"], record["result"], state.result)]
    if record["reason"] != RULES and state.result != "none":
        return ["game %d: adjudicated (%s) after the game had ended (%s)" % (
            record["id"], record["reason"], state.result)]
    if record["reason"] == MAX_PLIES and len(record["moves"]) != record["match"]["max_plies"]:
        return ["game %d: max plies draw after %d plies" % (record["id"], len(record["moves"]))]
    return []


def run_replay(argv):
    parser = argparse.ArgumentParser(
        prog="match.py replay",
        description="Replays every game of records files through the referee: every move must "
                    "be legal, games ended by the rules must have the recorded result, and "
                    "adjudicated games must still have been in play. Exit status 1 otherwise.")
    parser.add_argument("records", nargs="+", metavar="FILE", help="records files (JSON lines)")
    parser.add_argument("--referee", default=str(DEFAULT_REFEREE),
                        help="tablero binary (default: %(default)s)")
    parser.add_argument("--log-dir", default="match-logs", help="referee stderr log directory")
    args = parser.parse_args(argv)
    header, records = read_records(args.records)
    if not Path(args.referee).is_file():
        raise UsageError("referee %s not found" % args.referee)
    Path(args.log_dir).mkdir(parents=True, exist_ok=True)
    referee = Referee(args.referee, header["game"], header["size"], args.log_dir)
    try:
        problems = [p for record in records for p in replay_problems(referee, record)]
    finally:
        referee.close()
    for problem in problems:
        print(problem)
    plies = sum(len(r["moves"]) for r in records)
    print("%d games, %d plies replayed: %s" % (
        len(records), plies, "%d problems" % len(problems) if problems else "all consistent"))
    return 1 if problems else 0


def main(argv):
    commands = {"merge": run_merge, "replay": run_replay}
    try:
        if argv and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        return run_match(argv)
    except (UsageError, RefereeFailure) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2


def terminate_on_sigterm():
    """A batch system's SIGTERM (Slurm at its time limit) ends the match like Ctrl-C: the
    processes are killed and the summary of the finished games printed."""
    def handler(signum, frame):
        raise KeyboardInterrupt()
    signal.signal(signal.SIGTERM, handler)


if __name__ == "__main__":
    terminate_on_sigterm()
    sys.exit(main(sys.argv[1:]))
