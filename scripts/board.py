#!/usr/bin/env python3
"""A web board for tablero's games that knows no rules: `python3 scripts/board.py` prints an
address; a browser opening it plays Cross-Jack, JC Shock and Crossings against an engine, shows
engine games and analyses positions.

The page (scripts/board/: index.html, board.css, board.js) draws what `query board` and the
position string say and offers the moves of `query moves`, clicked as `query effects` names
them. This server is a thin JSON API over two processes per page session:

- the referee, a tablero process that alone knows the rules: the legal moves and what each
  does, the result and why (as in scripts/match.py);
- the engine (`--engine`, default tablero), any engine speaking UCI or UGI: it plays moves
  and analyses positions; its moves are checked by the referee like a person's.

Every request is validated (sizes, JSON shapes, single tokens without control characters), a
bad move, option or record is refused with a message and changes nothing. Engine processes
end with their session and with the server; an idle session is ended after --idle-timeout;
--max-sessions bounds the sessions running at once. Python 3.8+ standard library only.
"""

import argparse
import json
import re
import secrets
import shlex
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tablero_match import DEFAULT_BINARY  # noqa: E402
from tablero_match.engine import SETUP_PATIENCE, Engine, EngineError, Gone, NoAnswer, \
    SetupRefused, game_options, position_command, setoption  # noqa: E402
from tablero_match.records import CRASH, FORFEIT, MAX_PLIES, RULES, TIMEOUT  # noqa: E402

STATIC_DIR = Path(__file__).resolve().parent / "board"
STATIC_FILES = {"/": ("index.html", "text/html; charset=utf-8"),
                "/index.html": ("index.html", "text/html; charset=utf-8"),
                "/board.css": ("board.css", "text/css; charset=utf-8"),
                "/board.js": ("board.js", "text/javascript; charset=utf-8")}
# Nothing is loaded from anywhere but this server, and no script or style inline.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'none'; "
                               "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

# Request limits.
MAX_BODY = 1 << 20            # bytes of one request (a record file fits)
MAX_GAME_PLIES = 2000         # moves of one game (a `position` line stays far below 64 KiB)
MAX_PREVIEW = 128             # moves of a previewed line
MAX_EVENTS = 400              # engine lines a session keeps for its page
POLL_WAIT = 8.0               # seconds a poll waits for something new
REQUEST_PATIENCE = 60.0       # seconds a connection may be silent, mid-request or between
STOP_PATIENCE = 3.0           # seconds from `stop` to `bestmove` before the engine is killed
ENGINE_GRACE = 2.0            # seconds past its time an engine's move is awaited
UNTIMED_PATIENCE = 120.0      # seconds for a move without a time limit (depth, nodes)
CLOCK_MARGIN_MS = 100         # an engine's move may come this late on its clock
# A move, or any other token sent to an engine: printable ASCII without blanks.
TOKEN = re.compile(r"[!-~]{1,32}")
# A position string: rows of letters and digits, a side letter; nothing else.
FEN = re.compile(r"[A-Za-z0-9/]{1,1000} [A-Za-z]{1,4}")
SIZE = re.compile(r"[0-9]{1,3}(x[0-9]{1,3})?")
# The engine options a page may set (the names as tablero spells them).
PAGE_OPTIONS = ("Strategy", "Threads", "Hash", "MultiPV")
PLAYERS = ("person", "engine")
UNFINISHED = "unfinished"


class BoardError(Exception):
    """A request that is refused: its message is shown on the page; nothing changed."""

    def __init__(self, message, status=400, **extra):
        super().__init__(message)
        self.status, self.extra = status, extra


class RefereeDown(Exception):
    """The referee process failed: the session cannot judge any more."""


# ----------------------------------------------------------------------------------------
# Validation of request values.

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


def normal_size(text):
    """'9' → '9x9', '8X8' → '8x8'; BoardError if it is not a size."""
    if not isinstance(text, str) or not SIZE.fullmatch(text.strip().lower()):
        raise BoardError("size must be WxH or N, found %s" % json.dumps(str(text))[:30])
    text = text.strip().lower()
    return text if "x" in text else "%sx%s" % (text, text)


# ----------------------------------------------------------------------------------------
# Parsing the referee's answers.

def split_pairs(words):
    """['a', '1', 'b', '2'] → {'a': '1', 'b': '2'} (a last key without value maps to '')."""
    return {words[i]: (words[i + 1] if i + 1 < len(words) else "")
            for i in range(0, len(words), 2)}


def player_map(text, convert=str):
    """'p1:8,p2:1' → {'p1': convert('8'), 'p2': convert('1')}; '-' → {}."""
    result = {}
    if text in ("", "-"):
        return result
    for part in text.split(","):
        player, _, value = part.partition(":")
        result[player] = convert(value)
    return result


def row_range(text):
    """'1-2' → [1, 2]; '8' → [8, 8]."""
    low, _, high = text.partition("-")
    return [int(low), int(high or low)]


def parse_board(text):
    """`query board`'s answer (after 'board ') as the page's description: the raw key/value
    pairs under 'raw', and the known keys decoded."""
    raw = split_pairs(text.split())
    listing = lambda key: [] if raw.get(key, "-") == "-" else raw[key].split(",")  # noqa: E731
    board = {"raw": raw, "width": int(raw["width"]), "height": int(raw["height"]),
             "game": raw.get("game"), "files": listing("files"),
             "ranks": listing("ranks"), "origin": raw.get("origin", "bottom-left"),
             "pieces": [], "names": {"p1": raw.get("p1", "player 1"),
                                     "p2": raw.get("p2", "player 2")},
             "colours": {"p1": raw.get("p1colour", "white"), "p2": raw.get("p2colour", "black")},
             "tomove": raw.get("tomove"), "wrap": raw.get("wrap", "-"),
             "goals": player_map(raw.get("goals", "-"), int),
             "homes": player_map(raw.get("homes", "-"), row_range),
             "toplace": player_map(raw.get("toplace", "-"), int),
             "pass": None if raw.get("pass", "-") == "-" else raw["pass"],
             "size": raw.get("size"), "default": raw.get("default"), "sizes": listing("sizes")}
    for entry in listing("pieces"):
        letter, player, kind = (entry.split(":") + ["", ""])[:3]
        board["pieces"].append({"letter": letter, "player": player, "kind": kind})
    return board


OP_ARITY = {"move": 2, "place": 2, "remove": 1, "set": 2}


def parse_effects(text):
    """`query effects`' answer (after 'effects ') as {move, ops, flags, fields}: each op a
    list [kind, args…]; the fields after the ops as a dict."""
    words = text.split()
    move, ops, fields, i = words[0], [], {}, 1
    while i < len(words) and words[i] in OP_ARITY:
        arity = OP_ARITY[words[i]]
        ops.append(words[i:i + 1 + arity])
        i += 1 + arity
    fields = split_pairs(words[i:])
    flags = [f for f in fields.get("flags", "").split(",") if f]
    return {"move": move, "ops": ops, "flags": flags, "fields": fields}


def parse_end(text):
    """`query end`'s answer (after 'end ') as None (in play) or {result, reason, details}."""
    words = text.split()
    if not words or words == ["none"]:
        return None
    fields = split_pairs(words)
    details = {k: v for k, v in fields.items() if k not in ("result", "reason")}
    return {"result": fields.get("result"), "reason": fields.get("reason"),
            "details": details}


def parse_info(line):
    """An engine's `info` line as the page shows it: depth, seldepth, multipv, score
    ({cp|mate, bound}), nodes, nps, time, hashfull, pv (a list), string; None if it has
    none of them."""
    words = line.split()[1:]
    info, i = {}, 0
    numbers = ("depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull",
               "currmovenumber")
    while i < len(words):
        word = words[i]
        if word == "string":
            info["string"] = " ".join(words[i + 1:])
            break
        if word == "pv":
            info["pv"] = words[i + 1:]
            break
        if word in numbers and i + 1 < len(words):
            try:
                info[word] = int(words[i + 1])
            except ValueError:
                pass
            i += 2
        elif word == "score" and i + 2 < len(words):
            score = {}
            try:
                score[words[i + 1]] = int(words[i + 2])
            except ValueError:
                pass
            i += 3
            if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                score["bound"] = words[i]
                i += 1
            info["score"] = score
        elif word == "currmove" and i + 1 < len(words):
            info["currmove"] = words[i + 1]
            i += 2
        else:
            i += 1
    return info or None


# ----------------------------------------------------------------------------------------
# The referee.

class Referee:
    """A tablero process answering `query` about positions; every answer read in order up to
    an `isready` sentinel, so each query's line (`response …` or an error) is its own."""

    def __init__(self, argv):
        self.engine = Engine(argv, "referee")
        try:
            self.engine.start()
        except EngineError as e:
            self.engine.kill()
            raise RefereeDown("the referee %s did not start: %s" % (shlex.join(argv), e))

    def variants(self):
        spec = self.engine.option_specs.get("uci_variant")
        return list(spec["vars"]) if spec else []

    def exchange(self, lines):
        """Sends `lines` and `isready`; the answer lines up to `readyok`, each ('response',
        text after 'response ') or ('error', text after 'info string error: ')."""
        if not self.engine.alive():     # a failed exchange killed it: no process to ask
            raise RefereeDown("the referee is not running")
        try:
            self.engine.send(*(list(lines) + ["isready"]))
            out = self.engine.read_until(lambda line: line.strip() == "readyok",
                                         SETUP_PATIENCE, "readyok")
        except (Gone, NoAnswer) as e:
            self.engine.kill()
            raise RefereeDown("the referee failed: %s" % (e or "no answer"))
        answers = []
        for line in out[:-1]:
            if line == "response" or line.startswith("response "):
                answers.append(("response", line[len("response "):]))
            elif line.startswith("info string error: "):
                answers.append(("error", line[len("info string error: "):]))
        return answers

    def command(self, line):
        """Sends a command that answers nothing when it works; its first error or None."""
        errors = [text for kind, text in self.exchange([line]) if kind == "error"]
        return errors[0] if errors else None

    def queries(self, subjects):
        """Each `query <subject>`'s answer as (ok, text): one answer line per query."""
        answers = self.exchange(["query " + s for s in subjects])
        if len(answers) != len(subjects):
            raise RefereeDown("the referee answered %d lines to %d queries" % (
                len(answers), len(subjects)))
        return [(kind == "response", text) for kind, text in answers]

    def select(self, game, size):
        """Selects `game` (and `size`, if any) and its start position; the first error."""
        lines = [setoption(name, value) for name, value in game_options(game, size)]
        errors = [text for kind, text in self.exchange(lines) if kind == "error"]
        return errors[0] if errors else None

    def alive(self):
        return self.engine.alive()

    def close(self):
        self.engine.quit()


def subject(answer, name):
    """The text after '<name> ' of a query's answer (ok, text); None for an error or another
    subject (an older referee that lacks the query)."""
    ok, text = answer
    if not ok or not (text == name or text.startswith(name + " ")):
        return None
    return text[len(name) + 1:]


def catalogue(referee):
    """Every game the referee plays with its sizes and default size (from `query board`)."""
    games = {}
    for game in referee.variants():
        error = referee.select(game, None)
        if error:
            raise RefereeDown("the referee refused its own game %s: %s" % (game, error))
        board = subject(referee.queries(["board"])[0], "board")
        if board is None:
            raise RefereeDown("the referee does not answer 'query board': build the current "
                              "tablero (cargo build --release)")
        parsed = parse_board(board)
        games[game] = {"sizes": parsed["sizes"], "default": parsed["default"],
                       "names": parsed["names"]}
    if not games:
        raise RefereeDown("the referee advertises no game (no UCI_Variant option)")
    return games


# ----------------------------------------------------------------------------------------
# A page session: referee, engine, the game, the engine's search.

class Config:
    """What every session is started with (from the command line)."""

    def __init__(self, referee_argv, engine_argv, proto="uci", game=None, size=None,
                 max_sessions=4, idle_timeout=600.0, engine_log=None):
        self.referee_argv, self.engine_argv, self.proto = referee_argv, engine_argv, proto
        self.game, self.size = game, size
        self.max_sessions, self.idle_timeout = max_sessions, idle_timeout
        self.engine_log = engine_log
        self.games = None

    @property
    def engine_name(self):
        return Path(self.engine_argv[0]).name


class Search(threading.Thread):
    """One `go` of the engine: its info lines become events; its `bestmove` ends it and, for
    a move search, is played through the referee."""

    def __init__(self, session, kind, ply, go, patience, side):
        super().__init__(daemon=True)
        self.session, self.kind, self.ply, self.go = session, kind, ply, go
        self.position = session.position(ply)
        self.patience, self.side = patience, side
        self.cancelled = False
        self.read_done = threading.Event()
        self.started = None

    def run(self):
        session, engine = self.session, self.session.engine
        token, failure, self.reason = None, None, CRASH
        self.started = time.monotonic()
        deadline = None if self.patience is None else self.started + self.patience
        try:
            session.send_engine(self.position, self.go)
            self.started = time.monotonic()
            while True:
                line = engine.readline(deadline)
                words = line.split()
                if not words:
                    continue
                if words[0] == "bestmove":
                    token = words[1] if len(words) > 1 else None
                    break
                if words[0] == "info":
                    info = parse_info(line)
                    if info:
                        info["ply"] = self.ply
                        session.push({"type": "info", "kind": self.kind, "info": info})
        except NoAnswer:
            failure = "the engine gave no move within %g s; it was stopped" % self.patience
            self.reason = FORFEIT if self.kind == "move" and "tc" in session.limits else TIMEOUT
            engine.kill()
        except Gone as e:
            failure = "the engine failed: %s" % e
            engine.kill()
        except (OSError, ValueError) as e:   # its pipes closed under us: it was killed
            failure = "the engine failed: %s" % e
            engine.kill()
        used = int(round((time.monotonic() - self.started) * 1000))
        self.read_done.set()
        if self.cancelled:
            return
        session.finish_search(self, token, used, failure)

    def cancel(self):
        """Stops the search and waits for its `bestmove` (the caller holds the session lock;
        the thread takes it only if not cancelled). False if the engine had to be killed."""
        self.cancelled = True
        if self.read_done.is_set():
            return True
        try:
            self.session.send_engine("stop")
        except Gone:
            pass
        if self.read_done.wait(STOP_PATIENCE):
            return True
        if self.session.engine is not None:
            self.session.engine.kill()
        self.read_done.wait(STOP_PATIENCE)
        return False


class Session:
    """One page: its referee and engine processes, its game, the engine's search and the
    events its page polls."""

    def __init__(self, config, sid):
        self.config, self.id = config, sid
        self.lock = threading.RLock()
        self.cond = threading.Condition()
        self.send_lock = threading.Lock()
        self.events, self.seq, self.version = [], 0, 0
        self.touched = time.monotonic()
        self.closed = False
        self.referee, self.engine = None, None
        self.engine_error, self.engine_options = None, {}
        self.search = None
        self.players = {"p1": "person", "p2": "engine"}
        self.limits = {"movetime": 100}
        self.game = self.size = self.start = None
        self.moves = []       # {"move", "ms", "ops", "flags", "fen", "clock", "by"}
        self.adjudged = None  # {"result", "reason", "detail", "loser"}: ended off the rules
        self.clock = None     # {"left": [p1 ms, p2 ms], "inc": ms, "since": monotonic or None}
        self.cached = None

    # --- processes

    def ensure_referee(self):
        if self.referee is None or not self.referee.alive():
            if self.referee is not None:
                self.referee.engine.kill()
            self.referee = None
            try:
                self.referee = Referee(self.config.referee_argv)
            except RefereeDown as e:
                raise BoardError(str(e), 500)

    def ensure_engine(self):
        """Starts the engine if it is not running (a crashed one is started anew) and sets it
        for the game; a failure is noted for the page (engine_error), not raised."""
        try:
            if self.engine is None or not self.engine.alive():
                if self.engine is not None:
                    self.engine.kill()
                self.engine = Engine(self.config.engine_argv, self.config.engine_name,
                                     self.config.proto, log=self.config.engine_log)
                self.engine.start(game_options(self.game, self.size) +
                                  list(self.engine_options.items()))
            else:
                self.send_engine(*[setoption(n, v) for n, v in
                                   game_options(self.game, self.size)])
                self.engine.sync()
            self.engine.new_game()
            self.engine_error = None
        except SetupRefused as e:
            self.engine_error = "the engine refused the game: %s" % e
        except EngineError as e:
            self.engine_error = "the engine could not start: %s" % (e or "no answer")
            if self.engine is not None:
                self.engine.kill()

    def send_engine(self, *lines):
        with self.send_lock:
            self.engine.send(*lines)

    def engine_ready(self):
        if self.engine is None or not self.engine.alive():
            raise BoardError((self.engine_error or "the engine is not running") +
                             "; start a new game to restart it", 409)
        if self.engine_error:
            raise BoardError(self.engine_error, 409)

    def close(self):
        """Ends the search and both processes."""
        with self.lock:
            self.closed = True
            if self.search is not None:
                self.search.cancel()
                self.search = None
            for process in (self.engine, self.referee):
                if process is not None:
                    process.quit() if isinstance(process, Engine) else process.close()
            self.engine = self.referee = None
        with self.cond:
            self.cond.notify_all()

    # --- events for the page

    def push(self, event):
        with self.cond:
            self.seq += 1
            event["seq"] = self.seq
            self.events.append(event)
            del self.events[:-MAX_EVENTS]
            self.cond.notify_all()

    def changed(self):
        """The game changed: the page fetches the state anew."""
        self.cached = None
        with self.cond:
            self.version += 1
            self.cond.notify_all()

    def poll(self, since, version, wait):
        """Events after `since`, waiting up to `wait` s for one or for a new version."""
        end = time.monotonic() + wait
        with self.cond:
            while self.seq <= since and self.version == version and not self.closed:
                left = end - time.monotonic()
                if left <= 0:
                    break
                self.cond.wait(left)
            events = [e for e in self.events if e["seq"] > since]
            return events, self.version

    # --- the game

    def new_game(self, game, size, players=None, limits=None):
        """Starts a game of `game` on `size` (None: the game's default)."""
        games = self.config.games
        if game not in games:
            raise BoardError("unknown game '%s' (games: %s)" % (str(game)[:20],
                                                                ", ".join(games)))
        size = normal_size(size) if size else games[game]["default"]
        if size not in games[game]["sizes"]:
            raise BoardError("%s has no %s board (sizes: %s)" % (
                game, size, ", ".join(games[game]["sizes"][:12]) +
                (", …" if len(games[game]["sizes"]) > 12 else "")))
        self.stop_search()
        self.ensure_referee()
        error = self.referee.select(game, size)
        if error:
            raise BoardError(error)
        self.game, self.size = game, size
        self.start = None
        self.start = self.fen_of([])
        self.moves, self.adjudged = [], None
        if players:
            self.players = players
        if limits:
            self.limits = limits
        self.reset_clock()
        self.ensure_engine()
        self.changed()

    def reset_clock(self):
        tc = self.limits.get("tc")
        self.clock = {"left": [tc[0], tc[0]], "inc": tc[1], "since": None} if tc else None

    def fen_of(self, moves, start=None):
        """The position string after `moves` from `start` (None: the game's start; before
        it is known, the start position of the selected game and size)."""
        error = self.referee.command(position_command(start or self.start, moves))
        if error:
            raise BoardError(error)
        ok, fen = self.referee.queries(["fen"])[0]
        if not ok:
            raise BoardError(fen)
        return fen

    def tokens(self, upto=None):
        return [m["move"] for m in self.moves[:upto]]

    def position(self, upto=None):
        return position_command(self.start, self.tokens(upto))

    def state(self):
        """Everything the page shows: the game, the position (board description, position
        string, status, duty, end details), every legal move with its effects, the moves
        played, clocks, the engine and the search."""
        if self.cached is None:
            self.cached = self.judge()
        state = dict(self.cached)
        state.update(session=self.id, version=self.version, seq=self.seq,
                     players=self.players, limits=self.limits, clock=self.clock_view(),
                     searching=self.search.kind if self.search else None,
                     engine=self.engine_view(), adjudged=self.adjudged)
        if self.adjudged:
            state["result"] = self.adjudged["result"]
            state["legal"] = []
        return state

    def judge(self):
        """The referee's view of the current position."""
        error = self.referee.command(self.position())
        if error:
            raise BoardError("the referee refused the game: " + error, 500)
        answers = self.referee.queries(["fen", "result", "reason", "board", "moves", "duty",
                                        "end"])
        fen, result, reason = answers[0][1], answers[1][1], answers[2][1]
        board_text = subject(answers[3], "board")
        if board_text is None:
            raise BoardError("the referee does not answer 'query board'", 500)
        board = parse_board(board_text)
        legal_tokens = answers[4][1].split() if answers[4][0] else []
        duty = subject(answers[5], "duty")
        end_text = subject(answers[6], "end")
        legal = []
        if legal_tokens:
            effects = self.referee.queries(["effects " + m for m in legal_tokens])
            for token, answer in zip(legal_tokens, effects):
                text = subject(answer, "effects")
                entry = parse_effects(text) if text else {"move": token, "ops": [],
                                                          "flags": [], "fields": {}}
                entry["move"] = token
                legal.append(entry)
        return {"game": self.game, "size": self.size, "start": self.start, "fen": fen,
                "result": result, "reason": None if reason == "none" else reason,
                "board": board, "duty": duty, "end": parse_end(end_text) if end_text else None,
                "legal": legal, "moves": [dict(m) for m in self.moves],
                "games": self.config.games}

    def clock_view(self):
        if not self.clock:
            return None
        left = list(self.clock["left"])
        running = None
        if self.clock["since"] is not None and not self.over():
            running = "p%d" % (self.side_to_move() + 1)
            left[self.side_to_move()] -= int((time.monotonic() - self.clock["since"]) * 1000)
        return {"p1": left[0], "p2": left[1], "inc": self.clock["inc"], "running": running}

    def side_to_move(self):
        """0 for player 1, 1 for player 2 (from the referee's board description)."""
        if self.cached is None:
            self.cached = self.judge()
        return 0 if self.cached["board"]["tomove"] == "p1" else 1

    def over(self):
        if self.adjudged:
            return True
        if self.cached is None:
            self.cached = self.judge()
        return self.cached["result"] != "none"

    def check_flag(self):
        """Ends the game if the side to move's clock has run out."""
        view = self.clock_view()
        if view and view["running"] and view[view["running"]] < -CLOCK_MARGIN_MS:
            side = view["running"]
            self.stop_search()
            name = self.cached["board"]["names"].get(side, side) if self.cached else side
            self.adjudge("p2win" if side == "p1" else "p1win", FORFEIT,
                         "%s's time ran out" % name, side)

    def adjudge(self, result, reason, detail, loser_side):
        self.adjudged = {"result": result, "reason": reason, "detail": detail,
                         "loser": self.player_name(loser_side)}
        self.changed()

    def player_name(self, side):
        return self.config.engine_name if self.players[side] == "engine" else "person"

    def play(self, token, ms=None):
        """Plays `token` if the referee says it is legal; BoardError (nothing changed)
        otherwise. `ms`: the time used (else measured from the clock)."""
        check_token(token)
        if self.over():
            raise BoardError("the game is over")
        if len(self.moves) >= MAX_GAME_PLIES:
            raise BoardError("the game has reached %d moves" % MAX_GAME_PLIES)
        legal = self.cached["legal"]
        entry = next((e for e in legal if e["move"].lower() == token.lower()), None)
        if entry is None:
            answer = self.referee.queries(["effects " + token])[0]
            why = answer[1] if not answer[0] else "not among the legal moves"
            why = why[len("query effects: "):] if why.startswith("query effects: ") else why
            raise BoardError("illegal move '%s': %s" % (token, why))
        side = self.side_to_move()
        now = time.monotonic()
        if ms is None:
            since = self.clock["since"] if self.clock and self.clock["since"] else None
            ms = int((now - since) * 1000) if since else 0
        fen = self.fen_of(self.tokens() + [entry["move"]])
        clock = None
        if self.clock:
            if self.clock["since"] is not None:
                self.clock["left"][side] += self.clock["inc"] - ms
            self.clock["since"] = now
            clock = list(self.clock["left"])
        self.moves.append({"move": entry["move"], "ms": ms, "ops": entry["ops"],
                           "flags": entry["flags"], "fen": fen, "clock": clock,
                           "by": "p%d" % (side + 1)})
        self.changed()
        if len(self.moves) >= MAX_GAME_PLIES and not self.over():
            self.adjudged = {"result": "draw", "reason": MAX_PLIES,
                             "detail": "%d plies played" % MAX_GAME_PLIES, "loser": None}
        return entry

    def take_back(self, count):
        self.stop_search()
        check_int(count, "count", 1, max(1, len(self.moves)))
        if count > len(self.moves):
            raise BoardError("there is no move to take back")
        del self.moves[len(self.moves) - count:]
        self.adjudged = None
        if self.clock:
            tc = self.limits.get("tc")
            self.clock["left"] = list(self.moves[-1]["clock"]) if self.moves and \
                self.moves[-1]["clock"] else [tc[0], tc[0]]
            self.clock["since"] = time.monotonic() if self.moves else None
        self.changed()

    # --- the engine

    def stop_search(self):
        search, self.search = self.search, None
        if search is not None:
            if not search.cancel():
                self.engine_error = "the engine did not stop; it was ended"
            search.join(1.0)
            self.push({"type": "stopped", "kind": search.kind})
            self.changed()

    def go(self, limits=None):
        """Starts the engine's move for the side to move."""
        if limits:
            self.limits = limits
        self.check_flag()
        if self.over():
            raise BoardError("the game is over")
        self.engine_ready()
        self.stop_search()
        if "tc" in self.limits and not self.clock:
            self.reset_clock()
        side = self.side_to_move()
        go, patience = self.go_command(side)
        self.search = Search(self, "move", len(self.moves), go, patience, side)
        self.changed()
        self.search.start()

    def go_command(self, side):
        limits = self.limits
        if "tc" in limits and self.clock:
            names = ("wtime", "btime", "winc", "binc") if self.engine.proto == "uci" else \
                ("p1time", "p2time", "p1inc", "p2inc")
            view = self.clock_view()
            left = [max(0, view["p1"]), max(0, view["p2"])]
            line = "go %s %d %s %d %s %d %s %d" % (names[0], left[0], names[1], left[1],
                                                   names[2], view["inc"], names[3], view["inc"])
            return line, left[side] / 1000.0 + ENGINE_GRACE
        if "movetime" in limits:
            return "go movetime %d" % limits["movetime"], \
                limits["movetime"] / 1000.0 + ENGINE_GRACE
        key = "depth" if "depth" in limits else "nodes"
        return "go %s %d" % (key, limits[key]), UNTIMED_PATIENCE

    def analyse(self, ply):
        """The engine thinks about the position after `ply` moves until stop()."""
        check_int(ply, "ply", 0, len(self.moves))
        self.engine_ready()
        self.stop_search()
        self.search = Search(self, "analysis", ply, "go infinite", None, None)
        self.changed()
        self.search.start()

    def finish_search(self, search, token, used, failure):
        """Called by the search thread after its `bestmove` (or failure)."""
        with self.lock:
            if self.search is not search or self.closed:
                return
            self.search = None
            if failure:
                self.engine_error = failure
                self.push({"type": "error", "text": failure})
                if search.kind == "move":
                    self.adjudge("p2win" if search.side == 0 else "p1win", search.reason, failure,
                                 "p%d" % (search.side + 1))
            elif search.kind == "move":
                self.engine_move(search, token, used)
            self.push({"type": "done", "kind": search.kind, "bestmove": token})
            self.changed()

    def engine_move(self, search, token, used):
        side_name = "p%d" % (search.side + 1)
        if self.clock and self.clock["since"] is not None:
            if used > self.clock["left"][search.side] + CLOCK_MARGIN_MS:
                self.adjudge("p2win" if search.side == 0 else "p1win", FORFEIT,
                             "the engine answered after %d ms with %d ms left" % (
                                 used, self.clock["left"][search.side]), side_name)
                return
        if token is None or token == "(none)":
            self.push({"type": "error", "text": "the engine gave no move"})
            return
        try:
            self.play(token, used)
        except BoardError as e:
            self.push({"type": "error", "text": "the engine's move was refused: %s" % e})

    def set_options(self, options):
        """Sets the page's engine options, each checked against the engine's `option`
        line; BoardError (nothing set) for a bad one."""
        if not isinstance(options, dict) or not options:
            raise BoardError("options must be an object of option names and values")
        self.engine_ready()
        lines, chosen = [], {}
        for name, value in options.items():
            known = {n.lower(): n for n in PAGE_OPTIONS}
            if not isinstance(name, str) or name.lower() not in known:
                raise BoardError("the page sets only %s" % ", ".join(PAGE_OPTIONS))
            spec = self.engine.option_specs.get(name.lower())
            if spec is None:
                raise BoardError("the engine has no option %s" % known[name.lower()])
            text = option_value(spec, value)
            lines.append(setoption(spec["name"], text))
            chosen[spec["name"]] = text
        self.stop_search()
        try:
            self.send_engine(*lines)
            self.engine.sync()
        except SetupRefused as e:
            raise BoardError("the engine refused the option: %s" % e)
        except EngineError as e:
            self.engine.kill()
            self.engine_error = "the engine failed: %s" % (e or "no answer")
            raise BoardError(self.engine_error, 409)
        self.engine_options.update(chosen)
        self.changed()

    def engine_view(self):
        engine = self.engine
        specs = {}
        if engine is not None:
            for name in PAGE_OPTIONS:
                spec = engine.option_specs.get(name.lower())
                if spec:
                    specs[name] = spec
        return {"name": (engine.id_name if engine and engine.id_name else
                         self.config.engine_name),
                "running": bool(engine and engine.alive()), "error": self.engine_error,
                "options": specs, "values": self.engine_options}

    def preview(self, ply, moves):
        """The position string after `moves` from the position after `ply` moves, without
        changing the game (to preview a principal variation)."""
        check_int(ply, "ply", 0, len(self.moves))
        if not isinstance(moves, list) or not 1 <= len(moves) <= MAX_PREVIEW:
            raise BoardError("moves must be a list of 1..%d moves" % MAX_PREVIEW)
        for move in moves:
            check_token(move)
        error = self.referee.command(self.position(ply))
        if error:
            raise BoardError(error)
        answer = self.referee.queries(["after " + " ".join(moves)])[0]
        text = subject(answer, "after")
        if text is None:
            why = answer[1]
            raise BoardError(why[len("query after: "):] if why.startswith("query after: ")
                             else why)
        self.cached = None
        return text

    # --- records

    def record(self):
        """The game as one record of scripts/match.py's JSONL format."""
        self.check_flag()
        state = self.state()
        if self.adjudged:
            result, reason = self.adjudged["result"], self.adjudged["reason"]
            detail, loser = self.adjudged["detail"], self.adjudged["loser"]
        elif state["result"] != "none":
            result, reason, loser = state["result"], RULES, None
            detail = state["reason"] or ""
        else:
            result, reason, detail, loser = "none", UNFINISHED, "saved during play", None
        people = {"name": "person", "cmd": None, "proto": None, "dir": None, "options": {},
                  "limits": {"tc": None, "movetime": None, "depth": None, "nodes": None}}
        limits = {"tc": None, "movetime": None, "depth": None, "nodes": None}
        limits.update(self.limits)
        engine = {"name": self.config.engine_name, "cmd": shlex.join(self.config.engine_argv),
                  "proto": self.config.proto, "dir": None, "options": dict(self.engine_options),
                  "limits": limits}
        header = {"game": self.game, "size": self.size, "engines": [engine, people],
                  "games": 1, "margin": CLOCK_MARGIN_MS, "timeout": UNTIMED_PATIENCE,
                  "max_plies": MAX_GAME_PLIES, "openings": None, "shuffle_openings": False,
                  "random_plies": 0, "seed": "board", "sprt": None, "board": True}
        return {"id": 0, "pair": 0, "p1": self.player_name("p1"),
                "p2": self.player_name("p2"),
                "opening": {"fen": self.start, "moves": [], "source": "board"},
                "moves": [{"move": m["move"], "ms": m["ms"]} for m in self.moves],
                "result": result, "reason": reason, "detail": detail, "loser": loser,
                "match": header}

    def load(self, text, game_id=None):
        """Loads a game from records text (one JSON line per game; `game_id` chooses among
        several). A bad record is refused with BoardError and changes nothing."""
        record = pick_record(text, game_id)
        header = record["match"]
        game = header["game"]
        if game not in self.config.games:
            raise BoardError("record: unknown game '%s'" % str(game)[:20])
        size = normal_size(header["size"]) if header.get("size") else \
            self.config.games[game]["default"]
        if size not in self.config.games[game]["sizes"]:
            raise BoardError("record: %s has no %s board" % (game, size))
        fen = check_fen(record["opening"]["fen"])
        tokens = list(record["opening"]["moves"]) + [m["move"] for m in record["moves"]]
        times = [0] * len(record["opening"]["moves"]) + \
            [m.get("ms") if isinstance(m.get("ms"), int) and m["ms"] >= 0 else 0
             for m in record["moves"]]
        if len(tokens) > MAX_GAME_PLIES:
            raise BoardError("record: more than %d moves" % MAX_GAME_PLIES)
        for token in tokens:
            check_token(token)
        self.stop_search()
        self.ensure_referee()
        old = (self.game, self.size)
        error = self.referee.select(game, size)
        if not error:
            error = self.referee.command(position_command(fen, tokens))
            if error:
                error = "record refused by the referee: " + error
        if error:
            if old[0]:
                self.referee.select(*old)
            raise BoardError(error)
        # Every ply's effects and position string, asked in one exchange.
        lines = []
        for i, token in enumerate(tokens):
            lines += [position_command(fen, tokens[:i]), "query p1turn",
                      "query effects " + token, "query fen"]
        lines += [position_command(fen, tokens), "query board", "query fen", "query result"]
        answers = self.referee.exchange(lines)
        if len(answers) != 3 * len(tokens) + 3 or any(k != "response" for k, _ in answers):
            if old[0]:
                self.referee.select(*old)
            raise BoardError("record refused: the referee could not replay it")
        shown = parse_board(answers[-3][1][len("board "):])
        if "%dx%d" % (shown["width"], shown["height"]) != size:
            if old[0]:
                self.referee.select(*old)
            raise BoardError("record refused: its size is %s, its position's board %dx%d" % (
                size, shown["width"], shown["height"]))
        result = answers[-1][1]
        reason = record.get("reason")
        if reason == RULES and record.get("result") != result:
            if old[0]:
                self.referee.select(*old)
            raise BoardError("record refused: it says %s by the rules, the referee says %s" % (
                record.get("result"), result))
        moves = []
        for i, token in enumerate(tokens):
            p1turn, effects, fen_after = answers[3 * i:3 * i + 3]
            effects = parse_effects(effects[1][len("effects "):])
            moves.append({"move": effects["move"], "ms": times[i], "ops": effects["ops"],
                          "flags": effects["flags"], "fen": fen_after[1], "clock": None,
                          "by": "p1" if p1turn[1] == "true" else "p2"})
        self.game, self.size = game, size
        # The opening position string as the referee writes it.
        self.start = self.fen_of([], fen)
        self.moves = moves
        self.adjudged = None
        if result == "none" and reason not in (None, RULES, UNFINISHED) and \
                record.get("result") in ("p1win", "p2win", "draw"):
            self.adjudged = {"result": record["result"], "reason": reason,
                             "detail": str(record.get("detail") or "")[:200],
                             "loser": record.get("loser")}
        self.clock = None
        self.ensure_engine()
        self.changed()


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


def pick_record(text, game_id=None):
    """The one record of `text` (JSON lines) to load, shape-checked; BoardError if none, if
    several and `game_id` names none of them, or if one is malformed."""
    if not isinstance(text, str) or not text.strip():
        raise BoardError("the record is empty")
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise BoardError("record line %d is not JSON" % number)
        if not isinstance(record, dict):
            raise BoardError("record line %d is not a game record" % number)
        records.append((number, record))
    if game_id is not None:
        check_int(game_id, "game id", 0, 10 ** 9)
        chosen = [(n, r) for n, r in records if r.get("id") == game_id]
        if not chosen:
            raise BoardError("no game with id %d in the record" % game_id)
    elif len(records) > 1:
        ids = ", ".join(str(r.get("id")) for _, r in records[:20])
        raise BoardError("the file holds %d games (ids %s); give the id of one" % (
            len(records), ids))
    else:
        chosen = records
    number, record = chosen[0]
    where = "record line %d" % number
    try:
        header, opening, moves = record["match"], record["opening"], record["moves"]
        ok = (isinstance(header, dict) and isinstance(header.get("game"), str) and
              isinstance(opening, dict) and isinstance(opening.get("fen"), str) and
              isinstance(opening.get("moves"), list) and isinstance(moves, list) and
              all(isinstance(m, dict) and isinstance(m.get("move"), str) for m in moves) and
              all(isinstance(m, str) for m in opening["moves"]) and
              (header.get("size") is None or isinstance(header["size"], str)))
    except (KeyError, TypeError):
        ok = False
    if not ok:
        raise BoardError("%s is not a game record of scripts/match.py (match, opening, "
                         "moves)" % where)
    return record


# ----------------------------------------------------------------------------------------
# Sessions.

class Sessions:
    """The running sessions, at most config.max_sessions; idle ones are reaped."""

    def __init__(self, config):
        self.config = config
        self.lock = threading.Lock()
        self.by_id = {}
        self.stopping = threading.Event()
        self.reaper = None

    def open(self, game=None, size=None, players=None, limits=None):
        """A new session with its first game; BoardError 503 when the board is full."""
        with self.lock:
            if self.stopping.is_set():
                raise BoardError("the board is shutting down", 503)
            if len(self.by_id) >= self.config.max_sessions:
                raise BoardError("the board already runs %d sessions (--max-sessions); wait "
                                 "for one to end" % self.config.max_sessions, 503, busy=True)
            session = Session(self.config, secrets.token_hex(16))
            self.by_id[session.id] = session
        try:
            with session.lock:
                session.new_game(game or self.config.game or next(iter(self.config.games)),
                                 size or (self.config.size if not game or
                                          game == self.config.game else None),
                                 players, limits)
        except Exception:
            self.close(session.id)
            raise
        return session

    def get(self, sid):
        if not isinstance(sid, str):
            raise BoardError("missing 'session'")
        with self.lock:
            session = self.by_id.get(sid)
        if session is None:
            raise BoardError("this page's session has ended (idle for %g s, closed, or the "
                             "server restarted); start a new game" % self.config.idle_timeout,
                             410, gone=True)
        session.touched = time.monotonic()
        return session

    def close(self, sid):
        with self.lock:
            session = self.by_id.pop(sid, None)
        if session is not None:
            session.close()
        return session is not None

    def count(self):
        with self.lock:
            return len(self.by_id)

    def reap(self, now=None):
        """Closes the sessions idle longer than the timeout; their ids."""
        now = time.monotonic() if now is None else now
        with self.lock:
            idle = [sid for sid, s in self.by_id.items()
                    if now - s.touched > self.config.idle_timeout]
        for sid in idle:
            self.close(sid)
        return idle

    def start_reaper(self):
        def loop():
            while not self.stopping.wait(min(5.0, self.config.idle_timeout / 4)):
                self.reap()
        self.reaper = threading.Thread(target=loop, daemon=True)
        self.reaper.start()

    def close_all(self):
        self.stopping.set()
        with self.lock:
            ids = list(self.by_id)
        for sid in ids:
            self.close(sid)


# ----------------------------------------------------------------------------------------
# The API: one function per request, each given the session (locked) and the request.

def api_state(session, data):
    session.check_flag()
    return session.state()


def api_new(session, data):
    game = need(data, "game", str, session.game)
    size = need(data, "size", str)
    players = check_players(data["players"]) if data.get("players") is not None else None
    limits = check_limits(data["limits"]) if data.get("limits") is not None else None
    session.new_game(game, size, players, limits)
    return session.state()


def api_move(session, data):
    move = check_token(need(data, "move", str, required=True))
    side = "p%d" % (session.side_to_move() + 1)
    if not session.over() and session.players[side] == "engine":
        raise BoardError("it is the engine's move (%s plays %s)" % (
            session.config.engine_name, session.cached["board"]["names"].get(side, side)))
    session.stop_search()
    session.check_flag()
    session.play(move)
    return session.state()


def api_go(session, data):
    limits = check_limits(data["limits"]) if data.get("limits") is not None else None
    session.go(limits)
    return session.state()


def api_analyse(session, data):
    session.analyse(need(data, "ply", int, len(session.moves)))
    return session.state()


def api_stop(session, data):
    session.stop_search()
    return session.state()


def api_takeback(session, data):
    session.take_back(need(data, "count", int, 1))
    return session.state()


def api_players(session, data):
    session.players = check_players(data.get("players"))
    if data.get("limits") is not None:
        session.limits = check_limits(data["limits"])
        if not session.moves:
            session.reset_clock()
    session.changed()
    return session.state()


def api_options(session, data):
    session.set_options(data.get("options"))
    return session.state()


def api_after(session, data):
    fen = session.preview(need(data, "ply", int, len(session.moves)),
                          need(data, "moves", list, required=True))
    return {"fen": fen}


def api_save(session, data):
    record = session.record()
    name = "%s-%s.jsonl" % (session.game, time.strftime("%Y%m%d-%H%M%S"))
    return {"record": json.dumps(record) + "\n", "filename": name}


def api_load(session, data):
    session.load(need(data, "text", str, required=True), need(data, "id", int))
    return session.state()


API = {"state": api_state, "new": api_new, "move": api_move, "go": api_go,
       "analyse": api_analyse, "stop": api_stop, "takeback": api_takeback,
       "players": api_players, "options": api_options, "after": api_after,
       "save": api_save, "load": api_load}


class Handler(BaseHTTPRequestHandler):
    """Static files on GET; the JSON API on POST /api/<name>."""

    server_version = "tablero-board"
    protocol_version = "HTTP/1.1"
    quiet = True
    # Seconds a connection may stay silent (a page polls every few seconds): a request whose
    # body never comes no longer holds its thread forever.
    timeout = REQUEST_PATIENCE

    def setup(self):
        super().setup()
        # Headers and body go out as two writes: without this, Nagle's algorithm holds the
        # body back until the client's delayed acknowledgement, some 40 ms a request.
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def host_allowed(self):
        allowed = self.server.allowed_hosts
        return allowed is None or self.headers.get("Host", "") in allowed

    def send_body(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in SECURITY_HEADERS.items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status, data):
        self.send_body(status, json.dumps(data).encode(), "application/json")

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        if not self.host_allowed():
            return self.send_json(403, {"ok": False, "error": "unknown Host header"})
        path = self.path.split("?", 1)[0]
        if path in STATIC_FILES:
            name, content_type = STATIC_FILES[path]
            try:
                body = (STATIC_DIR / name).read_bytes()
            except OSError:
                return self.send_json(500, {"ok": False, "error": "page file missing"})
            return self.send_body(200, body, content_type)
        if path == "/favicon.ico":
            return self.send_body(204, b"", "image/x-icon")
        self.send_json(404, {"ok": False, "error": "not found"})

    def do_POST(self):
        try:
            status, reply = self.api()
        except BoardError as e:
            status, reply = e.status, dict(ok=False, error=str(e), **e.extra)
        except RefereeDown as e:
            status, reply = 500, {"ok": False, "error": "%s; start a new game" % e}
        except Exception as e:  # a bug: reported, the server goes on
            status, reply = 500, {"ok": False, "error": "internal error: %r" % e}
            if not self.server.quiet_errors:
                import traceback
                traceback.print_exc()
        self.send_json(status, reply)

    def read_json(self):
        if not self.host_allowed():
            raise BoardError("unknown Host header", 403)
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            raise BoardError("requests must be application/json", 415)
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise BoardError("Content-Length required", 411)
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            raise BoardError("request larger than %d bytes" % MAX_BODY, 413)
        try:
            body = self.rfile.read(length)
        except TimeoutError:
            self.close_connection = True
            raise BoardError("the request's body did not come", 408)
        if len(body) != length:
            self.close_connection = True
            raise BoardError("the request's body is shorter than its Content-Length")
        try:
            data = json.loads(body.decode("utf-8"), parse_constant=refuse_constant)
        except (UnicodeDecodeError, ValueError):
            raise BoardError("the request is not JSON")
        if not isinstance(data, dict):
            raise BoardError("the request must be a JSON object")
        return data

    def api(self):
        path = self.path.split("?", 1)[0]
        if not path.startswith("/api/"):
            raise BoardError("not found", 404)
        name = path[len("/api/"):]
        data = self.read_json()
        sessions = self.server.sessions
        if name == "open":
            game = need(data, "game", str)
            players = check_players(data["players"]) if data.get("players") else None
            limits = check_limits(data["limits"]) if data.get("limits") else None
            session = sessions.open(game, need(data, "size", str), players, limits)
            with session.lock:
                return 200, dict(ok=True, **session.state())
        if name == "close":
            closed = sessions.close(data.get("session"))
            return 200, {"ok": True, "closed": closed}
        session = sessions.get(data.get("session"))
        if name == "ping":
            return 200, {"ok": True}
        if name == "poll":
            since = need(data, "since", int, 0)
            version = need(data, "version", int, -1)
            wait = min(max(need(data, "wait", (int, float), POLL_WAIT), 0), POLL_WAIT)
            events, now = session.poll(since, version, wait)
            reply = {"ok": True, "events": events, "version": now}
            if now != version:
                with session.lock:
                    if session.closed:
                        raise BoardError("this session has ended; start a new game", 410,
                                         gone=True)
                    reply["state"] = session.state()
            return 200, reply
        if name not in API:
            raise BoardError("unknown request '%s'" % name[:30], 404)
        with session.lock:
            if session.closed:
                raise BoardError("this session has ended; start a new game", 410, gone=True)
            try:
                reply = API[name](session, data)
            except RefereeDown as e:
                raise BoardError("%s; start a new game" % e, 500)
        return 200, dict(ok=True, **reply)


class BoardServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, sessions, quiet_errors=False):
        super().__init__(address, Handler)
        self.sessions, self.quiet_errors = sessions, quiet_errors
        host, port = self.server_address[:2]
        if address[0] in ("0.0.0.0", "::", ""):
            self.allowed_hosts = None
        else:
            names = {"127.0.0.1", "localhost", "[::1]", address[0]}
            self.allowed_hosts = {"%s:%d" % (n, port) for n in names} | \
                ({n for n in names} if port == 80 else set())


    def handle_error(self, request, client_address):
        """A page that went away mid-answer is no error worth a traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def parser():
    p = argparse.ArgumentParser(
        prog="board.py",
        description="A web board for tablero's games (Cross-Jack, JC Shock, Crossings): it "
                    "prints an address; open it in a browser to play against an engine, "
                    "watch engine games, play another person or analyse. A tablero process "
                    "per page is the referee; the engine is any UCI/UGI engine.",
        epilog="Example: python3 scripts/board.py --game crossings --port 8800. Stop with "
               "Ctrl-C: every engine process ends with the server.")
    p.add_argument("--engine", default=str(DEFAULT_BINARY), metavar="CMD",
                   help="the engine's command, split like a shell command (default: "
                        "%(default)s)")
    p.add_argument("--proto", choices=("uci", "ugi"), default="uci",
                   help="the engine's dialect (default uci)")
    p.add_argument("--referee", default=str(DEFAULT_BINARY), metavar="TABLERO",
                   help="the tablero binary that judges (default: %(default)s)")
    p.add_argument("--port", type=int, default=8800,
                   help="port to listen on; 0 picks a free one (default 8800)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--game", help="the game a new page starts with (default: the "
                                  "referee's first, crossjack)")
    p.add_argument("--size", help="its board size, WxH or N (default: the game's default)")
    p.add_argument("--max-sessions", type=int, default=4, metavar="N",
                   help="pages served at once, each with a referee and an engine process "
                        "(default 4); the next page is asked to wait")
    p.add_argument("--idle-timeout", type=float, default=600.0, metavar="S",
                   help="seconds without a request from its page before a session and its "
                        "processes end (default 600); a page on screen keeps asking for news, "
                        "so a closed or long hidden page is what times out")
    p.add_argument("--engine-log", metavar="FILE",
                   help="append the engines' stderr to FILE (default: this terminal)")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    if args.max_sessions < 1 or not args.idle_timeout > 0:
        parser().error("--max-sessions must be at least 1 and --idle-timeout positive")
    if not 0 <= args.port <= 65535:
        parser().error("--port must be in 0..65535")
    try:
        engine_argv = shlex.split(args.engine)
    except ValueError as e:
        parser().error("--engine: %s" % e)
    if not engine_argv:
        parser().error("--engine is empty")
    if not Path(args.referee).is_file():
        print("error: referee %s not found (build it: cargo build --release, or give "
              "--referee)" % args.referee, file=sys.stderr)
        return 2
    config = Config([args.referee], engine_argv, args.proto, args.game, args.size,
                    args.max_sessions, args.idle_timeout, args.engine_log)
    try:
        probe = Referee(config.referee_argv)
        try:
            config.games = catalogue(probe)
        finally:
            probe.close()
    except RefereeDown as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    if args.game and args.game not in config.games:
        print("error: --game %s: the referee plays %s" % (args.game, ", ".join(config.games)),
              file=sys.stderr)
        return 2
    if args.size:
        game = args.game or next(iter(config.games))
        try:
            size = normal_size(args.size)
        except BoardError as e:
            print("error: --size: %s" % e, file=sys.stderr)
            return 2
        if size not in config.games[game]["sizes"]:
            print("error: --size %s: %s has no such board" % (args.size, game),
                  file=sys.stderr)
            return 2
        config.size = size
    sessions = Sessions(config)
    try:
        server = BoardServer((args.host, args.port), sessions)
    except OSError as e:
        print("error: cannot listen on %s:%d: %s" % (args.host, args.port, e.strerror),
              file=sys.stderr)
        return 2
    host, port = server.server_address[:2]
    shown = "[%s]" % host if ":" in host else host
    print("tablero board: http://%s:%d/  (Ctrl-C stops it)" % (shown, port), flush=True)

    def terminate(signum, frame):
        raise KeyboardInterrupt()
    signal.signal(signal.SIGTERM, terminate)
    sessions.start_reaper()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        sessions.close_all()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
