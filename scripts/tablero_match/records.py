"""Game records: one JSON line per game (the match settings, players, opening, every move with
its time in ms, result, reason, detail), written as games end, read back by `merge` and
`replay`, and replayed through the referee to check them."""

import json
from pathlib import Path

from . import UsageError
from .adjudication import PROVEN, SCORE_DRAW, SCORE_RESIGN, proven_verdict

# Reasons a game ends, as written in records and summaries.
RULES = "rules"
MAX_PLIES = "max plies"
ILLEGAL = "illegal move"
UNPARSABLE = "unparsable answer"
CRASH = "crash"
TIMEOUT = "timeout"
FORFEIT = "time forfeit"
SETUP = "setup error"
REASONS = (RULES, PROVEN, SCORE_DRAW, SCORE_RESIGN, MAX_PLIES, ILLEGAL, UNPARSABLE, CRASH,
           TIMEOUT, FORFEIT, SETUP)


def check_new_records(path):
    """UsageError if `path` holds records already: a match never overwrites games."""
    if Path(path).exists() and Path(path).stat().st_size:
        raise UsageError("--records %s exists; remove it or choose another name" % path)


def read_resumed(path, header, scheduled_ids):
    """The records an interrupted run of the match `header` wrote to `path` (none if the file
    does not exist). UsageError naming the line of a record cut short, corrupt, of another
    match, outside the schedule `scheduled_ids` or there twice: such a file is not resumed."""
    try:
        text = Path(path).read_text()
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError("--records %s: %s" % (path, getattr(e, "strerror", None) or e))
    expected = json.loads(json.dumps(header))
    records, seen = [], set()
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = "--records %s line %d" % (path, number)
        if number == len(lines):
            raise UsageError("%s: cut short (no line break after it); remove that line to "
                             "resume" % where)
        record = parse_record(line, where)
        if record["match"] != expected:
            keys = sorted(k for k in set(expected) | set(record["match"])
                          if expected.get(k) != record["match"].get(k))
            raise UsageError("%s: a game of another match (settings differ: %s)" % (
                where, ", ".join(keys)))
        if record["id"] not in scheduled_ids or record["id"] in seen:
            raise UsageError("%s: game %s is %s" % (where, record["id"], "there twice"
                             if record["id"] in seen else "not in this run's schedule"))
        seen.add(record["id"])
        records.append(record)
    return records


def parse_record(line, where):
    """One records line as a dict with every key a game record has; UsageError naming
    `where` if it is not one."""
    try:
        record = json.loads(line)
        complete = isinstance(record, dict) and all(
            key in record for key in ("id", "pair", "p1", "p2", "opening", "moves", "result",
                                      "reason", "match"))
    except ValueError:
        complete = False
    if not complete:
        raise UsageError("%s: not a complete game record (corrupt or cut short)" % where)
    return record


def append_record(file, record):
    """Writes one record as a JSON line and flushes it, so that an interrupted match keeps
    every finished game."""
    file.write(json.dumps(record) + "\n")
    file.flush()


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
        # A game adjudicated or abandoned while it was still in play.
        return ["game %d: adjudicated (%s) after the game had ended (%s)" % (
            record["id"], record["reason"], state.result)]
    if record["reason"] == MAX_PLIES and "max_plies" in record["match"] and \
            len(record["moves"]) != record["match"]["max_plies"]:
        return ["game %d: max plies draw after %d plies" % (record["id"], len(record["moves"]))]
    if record["reason"] == PROVEN:
        return proof_problems(referee, record, opening["fen"], moves, state.p1turn)
    return []


def proof_problems(referee, record, fen, moves, p1_to_move):
    """What is wrong with a game adjudicated by a proven result: solved again within its
    match's budget, the position must have the recorded result."""
    if "adjudicate" not in record["match"]:
        return []  # a game from PGN: no budget to solve it with
    budget = (record["match"]["adjudicate"] or {}).get("proven")
    if not budget:
        return ["game %d: adjudicated as proven in a match without --adjudicate proven"
                % record["id"]]
    value, text = referee.solve(fen, moves, budget["nodes"], budget["movetime"])
    verdict = proven_verdict(value, text, p1_to_move)
    if verdict is None or verdict[0] != record["result"]:
        return ["game %d: recorded %s as proven, the referee's solve says %s" % (
            record["id"], record["result"], text)]
    return []



def first_mover_is_p1(opening, referee=None, cache=None):
    """True if player 1 makes the first recorded move of a game with this `opening` (a
    record's), False if player 2; None if unknown (a position string and no referee). The
    games of tablero alternate strictly, so the movers of the other moves follow. `cache` (a
    dict) keeps the referee's answers by opening."""
    if opening["fen"] is None:
        return len(opening["moves"]) % 2 == 0
    if referee is None:
        return None
    key = (opening["fen"], tuple(opening["moves"]))
    cache = {} if cache is None else cache
    if key not in cache:
        cache[key] = referee.state(opening["fen"], list(opening["moves"])).p1turn
    return cache[key]
