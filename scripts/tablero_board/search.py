"""The engine of a board session: the process (tablero_match.engine), a `go` at a time in a
thread whose `info` lines become the page's events and whose `bestmove` is played through the
referee, the clock's `go` lines, the engine options a page may set, the engine seats'
strength levels (Skill Level, named from the game's UCI_Elo range) and the evaluations of its
lines from player 1's view (UCI_ShowWDL's win-draw-loss estimates)."""

import threading
import time

from tablero_match.engine import Engine, EngineError, Gone, NoAnswer, SetupRefused, \
    game_options, greet, level_elo, setoption
from tablero_match.records import CRASH, FORFEIT, TIMEOUT

from . import CLOCK_MARGIN_MS, ENGINE_GRACE, STOP_PATIENCE, UNTIMED_PATIENCE
from .checks import FULL_STRENGTH, BoardError, check_int, option_value

# The engine options a page may set (the names as tablero spells them). The Skill Level is
# set per engine seat instead (Session.levels), sent before each of that seat's moves.
PAGE_OPTIONS = ("Strategy", "Threads", "Hash", "MultiPV")
SKILL_LEVEL = "Skill Level"
# The plain words of the limited levels, weakest first, each for an equal share of them
# (tablero's 0..19: 0-3 beginner, 4-7 casual, 8-11 club, 12-15 strong, 16-19 expert).
LEVEL_BANDS = ("beginner", "casual", "club", "strong", "expert")


def level_choices(skill, elo):
    """The page's level chooser from the engine's `option` specs of Skill Level (`skill`) and
    UCI_Elo (`elo`, of the selected game; may be None): a list of {"level", "elo", "band",
    "label"}, its limited levels min..max-1 weakest first then "Full strength" (max, elo and
    band None). A limited level L's Elo is UCI_Elo's  min + (L - first) * (max - min) / (last -
    first), rounded (tablero: min + L * (max - min) / 19). None if `skill` is None or its range
    is not whole numbers with full strength at FULL_STRENGTH."""
    if skill is None:
        return None
    try:
        first, top = int(skill["min"]), int(skill["max"])
    except (TypeError, ValueError):
        return None
    if top != FULL_STRENGTH or not 0 <= first < top:
        return None
    try:
        low, high = int(elo["min"]), int(elo["max"])
    except (TypeError, ValueError):
        low = high = None
    last = top - 1
    choices = []
    for level in range(first, top):
        rating = None if low is None else int(level_elo(level, first, last, low, high) + 0.5)
        band = LEVEL_BANDS[min(len(LEVEL_BANDS) - 1,
                               (level - first) * len(LEVEL_BANDS) // (top - first))]
        label = "Level %d: %s" % (level, band) + ("" if rating is None else
                                                  ", Elo %d" % rating)
        choices.append({"level": level, "elo": rating, "band": band, "label": label})
    choices.append({"level": top, "elo": None, "band": None, "label": "Full strength"})
    return choices


def p1_view(score, wdl, mover):
    """An evaluation from player 1's view, given the engine's `score` ({"cp"|"mate": n,
    "bound"?}) and `wdl` ([win, draw, loss] per mille or None), both from the side to move's
    view, and `mover` (0: player 1 to move, 1: player 2). A dict of: "cp" or "mate" with the
    sign turned for player 2, "bound" turned round likewise, and with a wdl: "wdl" as player 1's
    [win, draw, loss], "eval" player 1's expected score per mille (win + draw / 2, rounded, an
    int 0..1000) and "proven" ("p1", "p2" or None: a wdl of 1000 0 0 or 0 0 1000)."""
    sign = 1 if mover == 0 else -1
    view = {}
    for key in ("cp", "mate"):
        if key in (score or {}):
            view[key] = sign * score[key]
    bound = (score or {}).get("bound")
    if bound:
        view["bound"] = bound if mover == 0 else \
            {"lowerbound": "upperbound", "upperbound": "lowerbound"}[bound]
    if wdl is not None and len(wdl) == 3:
        win, draw, loss = wdl if mover == 0 else wdl[::-1]
        view["wdl"] = [win, draw, loss]
        view["eval"] = max(0, min(1000, (2 * win + draw + 1) // 2))
        view["proven"] = "p1" if [win, draw, loss] == [1000, 0, 0] else \
            "p2" if [win, draw, loss] == [0, 0, 1000] else None
    return view


def parse_info(line):
    """An engine's `info` line as the page shows it: depth, seldepth, multipv, score
    ({cp|mate, bound}), wdl ([win, draw, loss]), nodes, nps, time, hashfull, pv (a list),
    string; None if it has none of them. Score and wdl are from the side to move's view."""
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
            info["score"] = score
        elif word in ("lowerbound", "upperbound") and "score" in info:
            # Right after the score, or after its wdl (UCI_ShowWDL).
            info["score"]["bound"] = word
            i += 1
        elif word == "wdl" and i + 3 < len(words):
            try:
                info["wdl"] = [int(w) for w in words[i + 1:i + 4]]
            except ValueError:
                pass
            i += 4
        elif word == "currmove" and i + 1 < len(words):
            info["currmove"] = words[i + 1]
            i += 2
        else:
            i += 1
    return info or None


class Search(threading.Thread):
    """One `go` of the engine: its info lines become events; its `bestmove` ends it and, for
    a move search, is played through the referee, for a hint search becomes the hint. A
    search whose caller takes its answer itself (`collect`, or after cancel()) leaves the
    session alone: its `token`, `used`, `failure` and `last` (the last first-line info with
    a score) say how it went."""

    def __init__(self, session, kind, ply, go, patience, side, setup=(), delay=0.0,
                 collect=False):
        """A search of `kind` ("move", "analysis", "hint" or "draw") of the position after
        `ply` moves: after `delay` s, `setup` lines (options), the position and `go` are sent;
        `side` is the engine's seat (0, 1) of a move, None otherwise. `collect`: nothing is
        shown or played, the caller reads the outcome (a draw offer's look at the
        position)."""
        super().__init__(daemon=True)
        self.session, self.kind, self.ply, self.go = session, kind, ply, go
        self.position = session.position(ply)
        self.patience, self.side, self.setup = patience, side, list(setup)
        self.delay, self.collect = delay, collect
        self.mover = session.side_at(ply)
        self.cancelled = False
        self.sent = False                # the `go` went out (under `gate`)
        self.gate = threading.Lock()
        self.wake = threading.Event()    # cuts the delay short when cancelled
        self.read_done = threading.Event()
        self.started = None
        self.token = self.used = self.failure = self.last = None
        self.reason = CRASH

    def run(self):
        if self.delay and self.wake.wait(self.delay):
            self.read_done.set()
            return
        with self.gate:
            if self.cancelled:
                self.read_done.set()
                return
            self.started = time.monotonic()
            try:
                self.session.send_engine(*self.setup, self.position, self.go)
                self.sent = True
            except (Gone, OSError, ValueError) as e:
                self.failure = "the engine failed: %s" % e
                self.session.engine.kill()
        if self.sent:
            self.read_answer()
        self.used = int(round((time.monotonic() - self.started) * 1000))
        self.read_done.set()
        if self.cancelled or self.collect:
            return
        self.session.finish_search(self)

    def read_answer(self):
        """Reads the engine's lines up to its `bestmove` (into `token`), each `info` line an
        event (unless collected); a silent or failed engine is killed and named in
        `failure`."""
        engine = self.session.engine
        deadline = None if self.patience is None else time.monotonic() + self.patience
        try:
            while True:
                words = engine.readline(deadline).split()
                if words and words[0] == "bestmove":
                    self.token = words[1] if len(words) > 1 else None
                    return
                if words and words[0] == "info":
                    self.take_info(" ".join(words))
        except NoAnswer:
            self.failure = "the engine gave no move within %g s; it was stopped" % \
                self.patience
            self.reason = FORFEIT if self.kind == "move" and "tc" in self.session.limits \
                else TIMEOUT
        except (Gone, OSError, ValueError) as e:   # its pipes closed under us: it was killed
            self.failure = "the engine failed: %s" % e
        engine.kill()

    def take_info(self, line):
        """An `info` line: kept as `last` if it is a first line with a score, and (unless
        collected) the page's event and evaluation, the last one of the searched ply too."""
        info = parse_info(line)
        if not info:
            return
        info["ply"] = self.ply
        first = info.get("multipv", 1) == 1
        if "score" in info:
            info["p1"] = p1_view(info["score"], info.get("wdl"), self.mover)
            if first:
                self.last = info
        if self.collect:
            return
        if "score" in info and first:
            view = dict(info["p1"], ply=self.ply, kind=self.kind)
            self.session.evaluation = view
            self.session.evaluations[self.ply] = view
        self.session.push({"type": "info", "kind": self.kind, "info": info})

    def cancel(self):
        """Stops the search and waits for its `bestmove` (the caller holds the session lock;
        the thread takes it only if not cancelled); a search still in its delay ends without
        a word to the engine. False if the engine had to be killed."""
        with self.gate:
            self.cancelled = True
            sent = self.sent
        self.wake.set()
        if not sent or self.read_done.is_set():
            self.read_done.wait(STOP_PATIENCE)
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


class EngineControl:
    """The engine side of a Session (whose base class this is): the engine process, its moves
    and analyses (each a Search), its options as the page sets them."""

    def ensure_engine(self):
        """Starts the engine if it is not running (a crashed one is started anew) and sets it
        for the game: win-draw-loss estimates on (UCI_ShowWDL, if it has it) and the level
        chooser read from its options for this game; a failure is noted for the page
        (engine_error), not raised."""
        self.level_choices = None
        try:
            if self.engine is None or not self.engine.alive():
                if self.engine is not None:
                    self.engine.kill()
                self.engine = Engine(self.config.engine_argv, self.config.engine_name,
                                     self.config.proto, log=self.config.engine_log)
                self.engine.start(game_options(self.game, self.size) +
                                  list(self.engine_options.items()))
                self.engine_level = None   # its own default until the first move sets it
                if "uci_showwdl" in self.engine.advertised:
                    self.send_engine(setoption("UCI_ShowWDL", "true"))
            else:
                self.send_engine(*[setoption(n, v) for n, v in
                                   game_options(self.game, self.size)])
                self.engine.sync()
            if SKILL_LEVEL.lower() in self.engine.advertised and \
                    "uci_elo" in self.engine.advertised:
                # UCI_Elo's range is the selected game's: asked again now that it is set.
                with self.send_lock:
                    _, specs, _ = greet(self.engine.process, self.engine.proto)
                self.engine.option_specs.update(specs)
            self.level_choices = level_choices(
                self.engine.option_specs.get(SKILL_LEVEL.lower()),
                self.engine.option_specs.get("uci_elo"))
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

    def stop_search(self, move_now=False):
        """Ends the running search, if any. `move_now`: a move search's best move so far is
        played at once (and a hint search's becomes the hint), as after its own `bestmove`;
        otherwise nothing comes of the search. A search still in its delay ends unsent."""
        search, self.search = self.search, None
        if search is None:
            return
        stopped = search.cancel()
        if not stopped:
            self.engine_error = "the engine did not stop; it was ended"
        search.join(1.0)
        if self.clock and self.clock["since"] is not None:
            # A delayed move's clock, set to start after the delay, starts now.
            self.clock["since"] = min(self.clock["since"], time.monotonic())
        self.push({"type": "stopped", "kind": search.kind})
        if move_now and stopped and search.sent:
            self.conclude(search)
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
        delay = self.move_delay()
        self.search = Search(self, "move", len(self.moves), go, patience, side,
                             self.level_lines(self.levels["p%d" % (side + 1)]), delay)
        self.changed()
        self.search.start()

    def move_delay(self):
        """The pause in s before the engine's move: the session's delay when both seats are
        engines, else 0. The running clock starts after it."""
        if self.players != {"p1": "engine", "p2": "engine"} or not self.delay:
            return 0.0
        if self.clock and self.clock["since"] is not None:
            self.clock["since"] = time.monotonic() + self.delay / 1000.0
        return self.delay / 1000.0

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
        self.search = Search(self, "analysis", ply, "go infinite", None, None,
                             self.level_lines(FULL_STRENGTH))
        self.changed()
        self.search.start()

    def level_lines(self, level):
        """The setoption line that gives the engine Skill Level `level` if it has the option
        and was not given that level last (none otherwise)."""
        if SKILL_LEVEL.lower() not in self.engine.advertised or level == self.engine_level:
            return []
        self.engine_level = level
        return [setoption(SKILL_LEVEL, level)]

    def set_levels(self, levels):
        """Sets the engine seats' Skill Levels (check_levels' dict): each seat's is sent
        before its next move; analyses are at full strength. BoardError if the engine has no
        Skill Level (its page shows no chooser)."""
        self.engine_ready()
        if self.level_choices is None:
            raise BoardError("the engine %s has no option %s: it plays at its own strength" % (
                self.config.engine_name, SKILL_LEVEL))
        self.levels.update(levels)
        self.changed()

    def side_at(self, ply):
        """0 if player 1 is to move after `ply` moves of the game, 1 if player 2."""
        if ply < len(self.moves):
            return 0 if self.moves[ply]["by"] == "p1" else 1
        return self.side_to_move()

    def finish_search(self, search):
        """Called by the search thread after its `bestmove` (or failure)."""
        with self.lock:
            if self.search is not search or self.closed:
                return
            self.search = None
            self.conclude(search)
            self.changed()

    def conclude(self, search):
        """What comes of a finished search: a failure is reported (and loses a move search's
        game), a move search's `bestmove` is played, a hint search's becomes the hint."""
        token, failure = search.token, search.failure
        if failure:
            self.engine_error = failure
            self.push({"type": "error", "text": failure})
            if search.kind == "move":
                self.adjudge("p2win" if search.side == 0 else "p1win", search.reason, failure,
                             "p%d" % (search.side + 1))
        elif search.kind == "move":
            self.engine_move(search, token, search.used)
        elif search.kind == "hint":
            self.take_hint(search)
        self.push({"type": "done", "kind": search.kind, "bestmove": token})

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
                "options": specs, "values": self.engine_options, "levels": self.level_choices}

