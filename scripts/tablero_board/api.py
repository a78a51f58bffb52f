"""The JSON API: one function per request, each given the session (locked) and the request's
data, returning what the reply adds to `ok`. `open`, `close`, `ping` and `poll` are answered by
the server itself (tablero_board.server)."""

import json
import time

from .checks import BoardError, check_delay, check_levels, check_limits, check_players, \
    check_token, need
from .lessons import api_lesson


def api_state(session, data):
    session.check_flag()
    return session.state()


def api_new(session, data):
    game = need(data, "game", str, session.game)
    size = need(data, "size", str)
    players = check_players(data["players"]) if data.get("players") is not None else None
    limits = check_limits(data["limits"]) if data.get("limits") is not None else None
    levels = check_levels(data["levels"]) if data.get("levels") is not None else None
    delay = check_delay(data["delay"]) if data.get("delay") is not None else None
    session.new_game(game, size, players, limits, levels, delay)
    return session.state()


def api_move(session, data):
    move = check_token(need(data, "move", str, required=True))
    side = "p%d" % (session.side_to_move() + 1)
    if not session.over() and session.players[side] == "engine":
        raise BoardError("it is the engine's move (%s plays %s)" % (
            session.config.engine_name, session.cached["board"]["names"].get(side, side)))
    session.playable(move)      # a refused move leaves an analysis or a hint running
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
    """Stops the engine: its own move is played at once with its best move so far (a hint's
    search gives its hint so far); an analysis just stops."""
    session.stop_search(move_now=True)
    return session.state()


def api_takeback(session, data):
    session.take_back(need(data, "count", int, 1))
    return session.state()


def api_players(session, data):
    """Sets the seats (`players`), and `limits` and `delay` (ms before each engine move when
    both seats are engines) if given; every value is checked before any is set."""
    players = check_players(data.get("players"))
    limits = check_limits(data["limits"]) if data.get("limits") is not None else None
    delay = check_delay(data["delay"]) if data.get("delay") is not None else None
    session.players = players
    if limits is not None:
        session.limits = limits
        if not session.moves:
            session.reset_clock()
    if delay is not None:
        session.delay = delay
    session.changed()
    return session.state()


def api_levels(session, data):
    session.set_levels(check_levels(data.get("levels")))
    return session.state()


def api_options(session, data):
    session.set_options(data.get("options"))
    return session.state()


def api_after(session, data):
    fen = session.preview(need(data, "ply", int, len(session.moves)),
                          need(data, "moves", list, required=True))
    return {"fen": fen}


def api_hint(session, data):
    """Starts the engine's search for a hint; the state's `hint` carries it when done."""
    session.ask_hint()
    return session.state()


def api_resign(session, data):
    """The person to move (or the only person's seat) resigns."""
    session.resign()
    return session.state()


def api_draw(session, data):
    """A person's draw offer: the reply's `draw` says whether it was accepted, and the
    engine's wdl from its own view."""
    draw = session.offer_draw()
    return dict(session.state(), draw=draw)


def api_save(session, data):
    record = session.record()
    name = "%s-%s.jsonl" % (session.game, time.strftime("%Y%m%d-%H%M%S"))
    return {"record": json.dumps(record) + "\n", "filename": name}


def api_load(session, data):
    session.load(need(data, "text", str, required=True), need(data, "id", int))
    return session.state()


API = {"state": api_state, "new": api_new, "move": api_move, "go": api_go,
       "analyse": api_analyse, "stop": api_stop, "takeback": api_takeback,
       "players": api_players, "levels": api_levels, "options": api_options, "after": api_after,
       "save": api_save, "load": api_load, "hint": api_hint, "resign": api_resign,
       "draw": api_draw, "lesson": api_lesson}


