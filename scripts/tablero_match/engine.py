"""An engine subprocess driven through its pipes (POSIX: output is read with select()).

`Process` is any line-based child process: started in its own process group, fed lines on
stdin, its stdout read line by line against deadlines, its stderr appended to a log file.
`Engine` speaks UCI or UGI on top of it: the handshake, options, `isready`, new games and `go`.
"""

import os
import select
import shlex
import signal
import subprocess
import time
from pathlib import Path

# Seconds an engine gets for `uci`/`isready` and other non-search answers.
SETUP_PATIENCE = 10.0
# An output line longer than this is cut: a runaway engine must not exhaust memory.
MAX_LINE_BYTES = 1 << 20


class EngineError(Exception):
    """An engine failed: one of the three below."""


class Gone(EngineError):
    """The process ended, could not start, or its pipe broke."""


class NoAnswer(EngineError):
    """The expected line did not come before the deadline."""


class SetupRefused(EngineError):
    """The engine answered the setup (options, variant, size) with error lines."""


def setoption(name, value):
    """The `setoption` line that sets option `name` to `value`."""
    return "setoption name %s value %s" % (name, value)


def game_options(game, size=None):
    """The (name, value) options that select tablero's `game` and board `size` (None: the
    engine's default size)."""
    options = [("UCI_Variant", game)]
    if size:
        options.append(("Size", size))
    return options


def parse_option_line(line):
    """The `option name <name> type <type> [default <v>] [min <n>] [max <n>] [var <v>]…` line
    as a dict (name, type, default, min, max, vars; a value absent is None, vars a list), or
    None if the line is not an `option` line. Names and values may hold spaces."""
    words = line.split()
    if words[:2] != ["option", "name"]:
        return None
    keys = ("type", "default", "min", "max", "var")
    spec = {"name": None, "type": None, "default": None, "min": None, "max": None, "vars": []}
    key, value = "name", []

    def close(key, value):
        text = " ".join(value)
        if key == "var":
            spec["vars"].append(text)
        else:
            spec[key] = text

    for word in words[2:]:
        if word in keys and (key != "name" or value):
            close(key, value)
            key, value = word, []
        else:
            value.append(word)
    close(key, value)
    return spec if spec["name"] else None


# The words of an `info` line that start a field: a score's words end at the first of them.
INFO_KEYWORDS = frozenset((
    "depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove",
    "currmovenumber", "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string", "refutation",
    "currline", "wdl"))
BOUND_WORDS = ("lowerbound", "upperbound")


def level_elo(level, first, last, low, high):
    """The Elo label of the limited level `level` of `first`..`last` on an engine whose UCI_Elo
    spans `low`..`high`: the levels spread evenly over the range, `first` at `low` and `last`
    at `high` (tablero: min + L * (max - min) / 19)."""
    share = (level - first) / (last - first) if last > first else 0.0
    return low + share * (high - low)


def parse_evaluation(line):
    """The evaluation of an `info … score …` line as a dict: "score", the words after `score`
    up to the next keyword without the bound words ("cp 34", "mate -3"), "wdl", the three
    numbers after `wdl` as ints, and "depth", if the line has them; from the mover's view, as the engine
    printed them. None for a line without a score (an `info string` line's text is not
    read) and for the lines of a second or later principal variation (multipv > 1)."""
    words = line.split()
    if words[:1] != ["info"]:
        return None
    if "string" in words:  # the rest of the line is free text
        words = words[:words.index("string")]
    if "multipv" in words:
        at = words.index("multipv") + 1
        if at < len(words) and words[at] != "1":
            return None
    if "score" not in words:
        return None
    score = []
    for word in words[words.index("score") + 1:]:
        if word in INFO_KEYWORDS:
            break
        if word not in BOUND_WORDS:
            score.append(word)
    if not score:
        return None
    evaluation = {"score": " ".join(score)}
    if "wdl" in words:
        at = words.index("wdl") + 1
        try:
            evaluation["wdl"] = [int(w) for w in words[at:at + 3]]
        except ValueError:
            pass
        if len(evaluation.get("wdl", ())) != 3:
            evaluation.pop("wdl", None)
    if "depth" in words:
        at = words.index("depth") + 1
        if at < len(words) and words[at].isdigit():
            evaluation["depth"] = int(words[at])
    return evaluation


def position_command(fen, moves):
    """The `position` line of `moves` after the position string `fen` (None: the start)."""
    line = "position startpos" if fen is None else "position fen " + fen
    return line + " moves " + " ".join(moves) if moves else line


def greet(process, proto="uci"):
    """Sends `uci` or `ugi` (`proto`) to `process` and reads up to `uciok`/`ugiok`; returns
    (the lower-case names of the options advertised, their `option` lines parsed by
    parse_option_line by lower-case name, the `id name` or None). NoAnswer or Gone on
    failure."""
    process.send(proto)
    lines = process.read_until(lambda line: line.split() == [proto + "ok"],
                               SETUP_PATIENCE, proto + "ok")
    advertised, specs, id_name = set(), {}, None
    for line in lines:
        words = line.split()
        if words[:2] == ["option", "name"]:
            name = words[2:words.index("type")] if "type" in words else words[2:]
            advertised.add(" ".join(name).lower())
            spec = parse_option_line(line)
            if spec:
                specs[spec["name"].lower()] = spec
        elif words[:2] == ["id", "name"] and len(words) > 2:
            id_name = " ".join(words[2:])
    return advertised, specs, id_name


class Process:
    """A child process in its own process group, stdout read line by line with deadlines,
    stderr never a pipe nobody reads: a log file, inherited or discarded."""

    def __init__(self, argv, cwd=None, log=None, label=None):
        """Starts `argv` in `cwd`. `log` is a path to append stderr to (after a line naming
        the start), or else Popen's stderr: None inherits it, subprocess.DEVNULL discards it.
        Gone if the program cannot start."""
        self.label = label or Path(argv[0]).name
        self.log = None
        stderr = log
        if isinstance(log, (str, Path)):
            self.log = stderr = open(log, "ab", buffering=0)
            stamp = time.strftime("%Y-%m-%d %H:%M:%S")
            self.log.write(("--- %s start %s: %s\n" % (stamp, self.label,
                                                      shlex.join(argv))).encode())
        try:
            self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=stderr,
                                         start_new_session=True)
        except OSError as e:
            self._close_log()
            raise Gone("cannot start %s: %s" % (argv[0], e.strerror or e))
        self.fd = self.proc.stdout.fileno()
        self.buffer = bytearray()
        self.eof = False

    @property
    def pid(self):
        return self.proc.pid

    def alive(self):
        return not self.eof and self.proc.poll() is None

    def send(self, *lines):
        """Writes `lines`, each followed by a line break; Gone if the pipe is broken."""
        try:
            self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise Gone(self.exit_text())

    def readline(self, deadline=None):
        """The next line (without its line break); NoAnswer after `deadline` (monotonic
        seconds; None waits for ever), Gone at end of output."""
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
            left = None
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise NoAnswer()
            self._read_available(left)

    def read_until(self, predicate, timeout=None, what="expected line"):
        """Lines up to and including the first for which `predicate` is true. NoAnswer
        ("no <what> within <timeout> s") if it has not come after `timeout` seconds (None:
        no limit), Gone at end of output."""
        deadline = None if timeout is None else time.monotonic() + timeout
        lines = []
        while True:
            try:
                lines.append(self.readline(deadline))
            except NoAnswer:
                raise NoAnswer("no %s within %g s" % (what, timeout))
            if predicate(lines[-1]):
                return lines

    def discard_pending(self):
        """Drops every line already written, without waiting for more (so that the next
        read is an answer to what is sent next)."""
        while not self.eof and select.select([self.fd], [], [], 0)[0]:
            self._read_available(0)
        self.buffer.clear()

    def _read_available(self, timeout):
        """Adds what the process has written within `timeout` s (None: until it writes) to
        the buffer; notes the end of output."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            chunk = os.read(self.fd, 65536)
            if chunk:
                self.buffer += chunk
            else:
                self.eof = True

    def wait(self, timeout=None):
        """The exit status once the process has ended; subprocess.TimeoutExpired after
        `timeout` seconds."""
        return self.proc.wait(timeout=timeout)

    def exit_text(self):
        """Why the output ended: exit status, signal, or only the output closed."""
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
        self._close_log()

    def _close_log(self):
        if self.log is not None:
            self.log.close()


class Engine:
    """An engine speaking UCI or UGI (`proto`), started by start()."""

    def __init__(self, argv, name=None, proto="uci", cwd=None, log=None):
        """An engine not yet running: the command `argv` in `cwd`, its stderr to `log` (as
        Process takes it); `name` labels its messages (default: the program's file name)."""
        self.argv, self.proto, self.cwd, self.log = list(argv), proto, cwd, log
        self.name = name or Path(self.argv[0]).name
        self.process = None
        self.advertised = set()
        # The `option` lines of the greeting by lower-case name (parse_option_line's dicts),
        # and the `id name` the engine gave (None if it gave none).
        self.option_specs = {}
        self.id_name = None

    def start(self, options=()):
        """Starts the process, greets it (`uci` or `ugi`, noting the options it advertises,
        lower case), sets `options` ((name, value) pairs, in order) and waits for `readyok`.
        Gone, NoAnswer or SetupRefused on failure."""
        self.process = Process(self.argv, self.cwd, self.log, self.name)
        self.advertised, self.option_specs, self.id_name = greet(self.process, self.proto)
        self.process.send(*[setoption(name, value) for name, value in options])
        self.sync()

    def send(self, *lines):
        self.process.send(*lines)

    def readline(self, deadline=None):
        return self.process.readline(deadline)

    def read_until(self, predicate, timeout=None, what="expected line"):
        return self.process.read_until(predicate, timeout, what)

    def sync(self):
        """`isready` until `readyok`; error lines on the way mean the setup was refused."""
        self.process.send("isready")
        lines = self.process.read_until(lambda line: line.strip() == "readyok",
                                        SETUP_PATIENCE, "readyok")
        errors = [line[len("info string "):] for line in lines
                  if line.startswith("info string error")]
        if errors:
            raise SetupRefused("; ".join(errors))

    def new_game(self):
        """`ucinewgame` or `uginewgame`, then sync()."""
        self.process.send("ucinewgame" if self.proto == "uci" else "uginewgame")
        self.sync()

    def think(self, position, go, budget_s):
        """Sends the position and `go`; returns (move token or None, the `bestmove` line,
        seconds from `go` to `bestmove`, the parse_evaluation() of the last `info` line with a
        score before it or None). NoAnswer after `budget_s`, Gone if it ends."""
        self.process.send(position)
        started = time.monotonic()
        self.process.send(go)
        deadline = started + budget_s
        evaluation = None
        while True:
            line = self.process.readline(deadline)
            words = line.split()
            if words and words[0] == "bestmove":
                return ((words[1] if len(words) > 1 else None), line,
                        time.monotonic() - started, evaluation)
            if words and words[0] == "info":
                evaluation = parse_evaluation(line) or evaluation

    def alive(self):
        return self.process is not None and self.process.alive()

    def kill(self):
        """Kills the process (if any); start() may run it again."""
        if self.process is not None:
            self.process.kill()
            self.process = None

    def quit(self):
        """Asks the process to quit, kills it if it lingers."""
        if self.process is not None:
            self.process.quit()
            self.process = None
