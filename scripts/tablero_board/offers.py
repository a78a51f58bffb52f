"""A person's requests beyond moves: a hint (the engine's move for the side to move, shown,
never played), resigning, and offering a draw (agreed at once between two people; against
the engine, accepted when the engine's own win-draw-loss estimate says the game is drawn or
lost for it)."""

from . import DRAW_MS, ENGINE_GRACE, HINT_MIN_MS, HINT_MS, STOP_PATIENCE, UNTIMED_PATIENCE
from .checks import FULL_STRENGTH, BoardError
from .search import Search

RESIGNATION = "resignation"
AGREEMENT = "agreement"
SIDES = ("p1", "p2")


def other(side):
    """'p1' → 'p2' and back."""
    return "p2" if side == "p1" else "p1"


def accepts_draw(wdl):
    """Whether an engine whose estimate is `wdl` ([win, draw, loss] per mille from its own
    view, or None) accepts a draw: its expected score win + draw / 2 is at most one half."""
    return wdl is not None and 2 * wdl[0] + wdl[1] <= 1000


class Offers:
    """The hint, resignation and draw offer of a Session (whose base class this is)."""

    def people(self):
        """The seats a person plays, player 1's first."""
        return [side for side in SIDES if self.players[side] == "person"]

    def refuse_if_over(self):
        """BoardError if the game is over (a flag that fell is noticed first)."""
        self.check_flag()
        if self.over():
            raise BoardError("the game is over")

    # --- hint

    def ask_hint(self):
        """Starts the engine's search for a hint for the person to move (at full strength,
        the session's move time capped at HINT_MS); the state's `hint` carries its move when
        it is done. Refused when the game is over, on the engine's turn or while the engine
        searches for its own move."""
        self.refuse_if_over()
        side = "p%d" % (self.side_to_move() + 1)
        if self.players[side] != "person":
            raise BoardError("a hint is for a person's turn; it is the engine's move")
        if self.search and self.search.kind == "move":
            raise BoardError("the engine is thinking about its move; ask for a hint after it")
        if self.search and self.search.kind == "hint":
            raise BoardError("the engine is already looking for a hint")
        if self.hint and self.hint["ply"] == len(self.moves):
            return
        self.engine_ready()
        self.stop_search()
        go, patience = self.hint_command()
        self.search = Search(self, "hint", len(self.moves), go, patience, None,
                             self.level_lines(FULL_STRENGTH))
        self.changed()
        self.search.start()

    def hint_command(self):
        """The `go` of a hint and the patience for its answer (s): the session's move time,
        at most HINT_MS; on a clock the time an engine would spend (a thirtieth of the time
        left plus the increment) within HINT_MIN_MS..HINT_MS; a depth or node limit with
        HINT_MS as its time limit."""
        limits, ms = self.limits, HINT_MS
        if "movetime" in limits:
            ms = min(limits["movetime"], HINT_MS)
        elif "tc" in limits and self.clock:
            view = self.clock_view()
            left = max(0, view["p%d" % (self.side_to_move() + 1)])
            ms = max(HINT_MIN_MS, min(HINT_MS, left // 30 + view["inc"]))
        elif "depth" in limits or "nodes" in limits:
            key = "depth" if "depth" in limits else "nodes"
            return "go %s %d movetime %d" % (key, limits[key], HINT_MS), UNTIMED_PATIENCE
        return "go movetime %d" % ms, ms / 1000.0 + ENGINE_GRACE

    def take_hint(self, search):
        """A hint search's `bestmove` as the state's hint, {ply, move, ops}, if it is legal
        in the position still on the board."""
        if search.ply != len(self.moves) or self.over():
            return
        entry = next((e for e in self.cached["legal"]
                      if search.token and e["move"].lower() == search.token.lower()), None)
        if entry is None:
            self.push({"type": "error", "text": "the engine's hint %s is not a legal move" %
                       (search.token or "(none)")})
            return
        self.hint = {"ply": search.ply, "move": entry["move"], "ops": entry["ops"]}

    # --- resignation

    def resign(self):
        """The person to move resigns, or the only person's seat: the opponent wins by
        resignation. Refused when the game is over or no seat is a person's."""
        self.refuse_if_over()
        people = self.people()
        if not people:
            raise BoardError("both seats are the engine's: there is nobody to resign")
        side = "p%d" % (self.side_to_move() + 1)
        side = side if side in people else people[0]
        self.stop_search()
        self.adjudge(other(side) + "win", RESIGNATION, "%s resigned" % self.seat_name(side),
                     side)

    def seat_name(self, side):
        """The name of `side` the page shows (from the referee's board description)."""
        return self.cached["board"]["names"].get(side, side) if self.cached else side

    # --- draw offer

    def offer_draw(self):
        """A person's draw offer, as {accepted, wdl}: agreed at once between two people;
        against the engine, answered by its own estimate of the position (`wdl` from its
        view, None if it gives none: declined). An accepted offer ends the game drawn by
        agreement. Refused when the game is over, between two engines, or while the engine
        searches for its own move."""
        self.refuse_if_over()
        people = self.people()
        if not people:
            raise BoardError("both seats are the engine's: there is nobody to offer a draw")
        if len(people) == 2:
            self.stop_search()
            self.adjudge("draw", AGREEMENT, "draw agreed", None)
            return {"accepted": True, "wdl": None}
        if self.search and self.search.kind == "move":
            raise BoardError("the engine is thinking about its move; offer the draw after it")
        self.engine_ready()
        self.stop_search()
        engine_side = other(people[0])
        wdl = self.engine_estimate(engine_side)
        accepted = accepts_draw(wdl)
        if accepted:
            self.adjudge("draw", AGREEMENT, "%s accepted a draw" % self.config.engine_name,
                         None)
        return {"accepted": accepted, "wdl": wdl}

    def engine_estimate(self, side):
        """The engine's [win, draw, loss] for `side` ("p1", "p2") after a short search of the
        position at full strength (DRAW_MS), or None if it gives no wdl. BoardError 409 if the
        engine fails."""
        patience = DRAW_MS / 1000.0 + ENGINE_GRACE
        search = Search(self, "draw", len(self.moves), "go movetime %d" % DRAW_MS, patience,
                        None, self.level_lines(FULL_STRENGTH), collect=True)
        search.start()
        search.join(patience + STOP_PATIENCE)
        if search.is_alive():   # past its own deadline: the engine is ended
            self.engine.kill()
            search.failure = search.failure or "the engine gave no answer"
        if search.failure:
            self.engine_error = search.failure
            raise BoardError(self.engine_error, 409)
        wdl = (search.last or {}).get("wdl")
        if wdl is None or len(wdl) != 3:
            return None
        return wdl if "p%d" % (search.mover + 1) == side else wdl[::-1]
