"""A board game as a record of scripts/match.py's JSON-lines format (tablero_match.records):
saved from a session, and a record checked, replayed through the referee and loaded back; a
bad record is refused and changes nothing."""

import json
import shlex

from tablero_match.engine import position_command
from tablero_match.records import RULES

from . import CLOCK_MARGIN_MS, MAX_GAME_PLIES, UNTIMED_PATIENCE
from .checks import BoardError, check_fen, check_int, check_token, normal_size
from .referee import parse_board, parse_effects

# The reason of a record saved before its game ended.
UNFINISHED = "unfinished"


class GameRecords:
    """The records part of a Session (whose base class this is): its game saved as a record,
    a record loaded as its game."""

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
        errors = self.referee.select(game, size)
        error = errors[0] if errors else None
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
        self.adjudged = self.evaluation = self.hint = None
        self.evaluations = {}
        if result == "none" and reason not in (None, RULES, UNFINISHED) and \
                record.get("result") in ("p1win", "p2win", "draw"):
            self.adjudged = {"result": record["result"], "reason": reason,
                             "detail": str(record.get("detail") or "")[:200],
                             "loser": record.get("loser")}
        self.clock = None
        self.ensure_engine()
        self.changed()


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


