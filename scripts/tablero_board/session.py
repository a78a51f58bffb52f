"""One page's session: its referee and engine processes, its game (moves, clock, the
referee's judgement of the position), and the events and versions its page polls."""

import threading
import time
from pathlib import Path

from tablero_match.engine import position_command
from tablero_match.records import FORFEIT, MAX_PLIES
from tablero_match.referee import RefereeFailure

from . import CLOCK_MARGIN_MS, MAX_EVENTS, MAX_GAME_PLIES, MAX_PREVIEW
from .checks import FULL_STRENGTH, BoardError, check_int, check_token, normal_size
from .records import GameRecords
from .offers import Offers
from .referee import adjudged_end, parse_end, position_view, \
    start_referee, subject
from .search import EngineControl


class Config:
    """What every session is started with (from the command line)."""

    def __init__(self, referee_argv, engine_argv, proto="uci", game=None, size=None,
                 max_sessions=4, idle_timeout=60.0, engine_log=None):
        self.referee_argv, self.engine_argv, self.proto = referee_argv, engine_argv, proto
        self.game, self.size = game, size
        self.max_sessions, self.idle_timeout = max_sessions, idle_timeout
        self.engine_log = engine_log
        self.games = None

    @property
    def engine_name(self):
        return Path(self.engine_argv[0]).name


class Session(EngineControl, Offers, GameRecords):
    """One page: its referee and engine processes, its game, the engine's search (the
    EngineControl part) and the events its page polls; a person's hint, resignation and draw
    offer (the Offers part); saved and loaded as records (the GameRecords part)."""

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
        self.levels = {"p1": FULL_STRENGTH, "p2": FULL_STRENGTH}   # the engine seats' levels
        self.level_choices = None   # level_choices() of the engine for this game
        self.engine_level = None    # the Skill Level the engine was last given
        self.evaluation = None      # the last search's p1_view() with its "ply" and "kind"
        self.evaluations = {}       # ply -> the last evaluation of the position after it
        self.hint = None            # {"ply", "move", "ops"}: the engine's move for a person
        self.delay = 0              # ms before each engine move when both seats are engines
        self.game = self.size = self.start = None
        self.moves = []       # {"move", "ms", "ops", "flags", "fen", "clock", "by"}
        self.adjudged = None  # {"result", "reason", "detail", "loser"}: ended off the rules
        self.clock = None     # {"left": [p1 ms, p2 ms], "inc": ms, "since": monotonic or None}
        self.cached = None

    # --- processes

    def ensure_referee(self):
        """Starts the referee if it is not running (a failed one is started anew);
        BoardError 500 if it does not start."""
        if self.referee is None or not self.referee.alive():
            if self.referee is not None:
                self.referee.kill()
            self.referee = None
            try:
                self.referee = start_referee(self.config.referee_argv)
            except RefereeFailure as e:
                raise BoardError(str(e), 500)

    def close(self):
        """Ends the search and both processes."""
        with self.lock:
            self.closed = True
            if self.search is not None:
                self.search.cancel()
                self.search = None
            if self.engine is not None:
                self.engine.quit()
            if self.referee is not None:
                self.referee.close()
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

    def new_game(self, game, size, players=None, limits=None, levels=None, delay=None):
        """Starts a game of `game` on `size` (None: the game's default), with `players`,
        `limits`, the engine seats' `levels` and the engine moves' `delay` if given (else as
        before)."""
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
        errors = self.referee.select(game, size)
        if errors:
            raise BoardError(errors[0])
        self.game, self.size = game, size
        self.start = None
        self.start = self.fen_of([])
        self.moves, self.adjudged, self.evaluation, self.hint = [], None, None, None
        self.evaluations = {}
        if players:
            self.players = players
        if levels:
            self.levels.update(levels)
        if limits:
            self.limits = limits
        if delay is not None:
            self.delay = delay
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
        string, status, duty, the end with its deciding squares), every legal move with its
        effects, the moves played, clocks, the engine, the search, the hint and the delay
        between engine moves. A game ended off the rules has its own `end` (its reason, no
        squares), duty "none" and no legal moves."""
        if self.cached is None:
            self.cached = self.judge()
        state = dict(self.cached)
        evaluations = dict(self.evaluations)
        state.update(session=self.id, version=self.version, seq=self.seq,
                     players=self.players, limits=self.limits, clock=self.clock_view(),
                     searching=self.search.kind if self.search else None,
                     engine=self.engine_view(), adjudged=self.adjudged,
                     levels=self.levels, evaluation=self.evaluation,
                     evaluations=[evaluations.get(ply) for ply in range(len(self.moves) + 1)],
                     hint=self.hint, delay=self.delay)
        if self.adjudged:
            state.update(result=self.adjudged["result"], legal=[], duty="none",
                         end=adjudged_end(self.adjudged))
        return state

    def judge(self):
        """The referee's view of the current position: its facts, and every legal move with
        its effects from one `query turn`."""
        error = self.referee.command(self.position())
        if error:
            raise BoardError("the referee refused the game: " + error, 500)
        answers, board, turn = position_view(self.referee, ["fen", "result", "reason", "board"])
        if board is None:
            raise BoardError("the referee does not answer 'query board'", 500)
        if turn is None:
            raise BoardError("the referee does not answer 'query turn' (a tablero older than "
                             "the board): build the one beside it", 500)
        fen, result, reason = (text for _, text in answers[:3])
        return {"game": self.game, "size": self.size, "start": self.start, "fen": fen,
                "result": result, "reason": None if reason == "none" else reason,
                "board": board, "duty": turn["duty"], "end": parse_end(turn["end"]),
                "legal": turn["legal"], "moves": [dict(m) for m in self.moves],
                "games": self.config.games}

    def clock_view(self):
        """The clocks as the page shows them: {p1, p2 (ms left, the running side's elapsed
        time taken off), inc, running (the side whose clock runs, or None), paused (ms before
        it runs again: an engine move's delay, else 0)}."""
        if not self.clock:
            return None
        left = list(self.clock["left"])
        running, paused = None, 0
        if self.clock["since"] is not None and not self.over():
            running = "p%d" % (self.side_to_move() + 1)
            elapsed = time.monotonic() - self.clock["since"]
            left[self.side_to_move()] -= int(max(0.0, elapsed) * 1000)
            paused = int(max(0.0, -elapsed) * 1000)
        return {"p1": left[0], "p2": left[1], "inc": self.clock["inc"], "running": running,
                "paused": paused}

    def stop_clock(self, flagged=None):
        """Stops the running clock where it stands as the game ends off the rules: the side
        to move is charged its time so far (at least 0 left); a `flagged` side ("p1", "p2")
        is left at 0. The clock then never moves again in this game."""
        if not self.clock or self.clock["since"] is None:
            return
        view = self.clock_view()
        self.clock["left"] = [max(0, view["p1"]), max(0, view["p2"])]
        if flagged:
            self.clock["left"][int(flagged[1]) - 1] = 0
        self.clock["since"] = None

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
        """Ends the game off the rules: `result` for `reason` (FORFEIT leaves the loser's
        clock at 0), `loser_side` "p1", "p2" or None (a draw). The clock stops as it stands."""
        self.stop_clock(loser_side if reason == FORFEIT else None)
        self.adjudged = {"result": result, "reason": reason, "detail": detail,
                         "loser": self.player_name(loser_side) if loser_side else None}
        self.hint = None
        self.changed()

    def player_name(self, side):
        return self.config.engine_name if self.players[side] == "engine" else "person"

    def playable(self, token):
        """The legal move `token` names (its entry of the referee's legal moves); BoardError
        with the referee's reason otherwise. Changes nothing."""
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
        return entry

    def play(self, token, ms=None):
        """Plays `token` if the referee says it is legal; BoardError (nothing changed)
        otherwise. `ms`: the time used (else measured from the clock)."""
        entry = self.playable(token)
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
        self.hint = None
        self.changed()
        if len(self.moves) >= MAX_GAME_PLIES and not self.over():
            self.adjudge("draw", MAX_PLIES, "%d plies played" % MAX_GAME_PLIES, None)
        return entry

    def take_back(self, count):
        self.stop_search()
        check_int(count, "count", 1, max(1, len(self.moves)))
        if count > len(self.moves):
            raise BoardError("there is no move to take back")
        del self.moves[len(self.moves) - count:]
        self.adjudged = self.evaluation = self.hint = None
        # The positions still played keep their evaluations.
        self.evaluations = {ply: view for ply, view in self.evaluations.items()
                            if ply <= len(self.moves)}
        if self.clock:
            tc = self.limits.get("tc")
            self.clock["left"] = list(self.moves[-1]["clock"]) if self.moves and \
                self.moves[-1]["clock"] else [tc[0], tc[0]]
            self.clock["since"] = time.monotonic() if self.moves else None
        self.changed()

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
