"""Game records: one JSON line per game (the match settings, players, opening, every move with
its time in ms, result, reason, detail), written as games end, read back by `merge` and
`replay`, and replayed through the referee to check them."""

import json
from pathlib import Path

from . import UsageError

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


def check_new_records(path):
    """UsageError if `path` holds records already: a match never overwrites games."""
    if Path(path).exists() and Path(path).stat().st_size:
        raise UsageError("--records %s exists; remove it or choose another name" % path)


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
        return ["game %d: adjudicated (%s) after the game had ended (%s)" % (
            record["id"], record["reason"], state.result)]
    if record["reason"] == MAX_PLIES and len(record["moves"]) != record["match"]["max_plies"]:
        return ["game %d: max plies draw after %d plies" % (record["id"], len(record["moves"]))]
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
