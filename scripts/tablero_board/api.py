"""The JSON API: one function per request, each given the session (locked) and the request's
data, returning what the reply adds to `ok`. `open`, `close`, `ping` and `poll` are answered by
the server itself (tablero_board.server)."""

import json
import time

from .checks import BoardError, check_levels, check_limits, check_players, check_token, need
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
    session.new_game(game, size, players, limits, levels)
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
       "save": api_save, "load": api_load, "lesson": api_lesson}


