"""The board's use of the referee (tablero_match.referee's client): starting one, the catalogue
of its games, and its answers to `query board`, `query effects` and `query end` parsed into
what the page draws."""

import shlex

from tablero_match.engine import EngineError
from tablero_match.referee import RESPONSE, RefereeClient, RefereeFailure


def start_referee(argv):
    """A referee process of `argv`, greeted so that it names its games; RefereeFailure if it
    does not start."""
    try:
        return RefereeClient(argv, ask_options=True)
    except EngineError as e:
        raise RefereeFailure("the referee %s did not start: %s" % (shlex.join(argv), e))


def split_pairs(words):
    """['a', '1', 'b', '2'] → {'a': '1', 'b': '2'} (a last key without value maps to '')."""
    return {words[i]: (words[i + 1] if i + 1 < len(words) else "")
            for i in range(0, len(words), 2)}


def listing(text):
    """'a1,b2' → ['a1', 'b2']; '-' or '' → []."""
    return [] if text in ("", "-") else text.split(",")


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
    listed = lambda key: listing(raw.get(key, "-"))  # noqa: E731
    board = {"raw": raw, "width": int(raw["width"]), "height": int(raw["height"]),
             "game": raw.get("game"), "files": listed("files"),
             "ranks": listed("ranks"), "origin": raw.get("origin", "bottom-left"),
             "pieces": [], "names": {"p1": raw.get("p1", "player 1"),
                                     "p2": raw.get("p2", "player 2")},
             "colours": {"p1": raw.get("p1colour", "white"), "p2": raw.get("p2colour", "black")},
             "tomove": raw.get("tomove"), "wrap": raw.get("wrap", "-"),
             "goals": player_map(raw.get("goals", "-"), int),
             "homes": player_map(raw.get("homes", "-"), row_range),
             "toplace": player_map(raw.get("toplace", "-"), int),
             "pass": None if raw.get("pass", "-") == "-" else raw["pass"],
             "size": raw.get("size"), "default": raw.get("default"), "sizes": listed("sizes"),
             "operations": operation_arities(raw.get("operations", "-"))}
    for entry in listed("pieces"):
        letter, player, kind = (entry.split(":") + ["", ""])[:3]
        board["pieces"].append({"letter": letter, "player": player, "kind": kind})
    return board


# The operations of `query effects` with their number of values, for a referee whose
# `query board` does not list them (`operations`).
OP_ARITY = {"move": 2, "place": 2, "remove": 1, "set": 2}


def operation_arities(text):
    """`query board`'s `operations` ('move:2,place:2,…') as {word: values}; OP_ARITY when
    the referee gives none."""
    arities = {}
    for item in listing(text):
        word, _, count = item.partition(":")
        if count.isdigit():
            arities[word] = int(count)
    return arities or dict(OP_ARITY)


def parse_effects(text, arities=None):
    """`query effects`' answer (after 'effects ') as {move, ops, flags, fields}: each op a
    list [kind, args…], read by `arities` (`query board`'s `operations`, OP_ARITY when not
    given); the fields after the ops as a dict."""
    arities = arities or OP_ARITY
    words = text.split()
    move, ops, fields, i = words[0], [], {}, 1
    while i < len(words) and words[i] in arities:
        arity = arities[words[i]]
        ops.append(words[i:i + 1 + arity])
        i += 1 + arity
    fields = split_pairs(words[i:])
    flags = [f for f in fields.get("flags", "").split(",") if f]
    return {"move": move, "ops": ops, "flags": flags, "fields": fields}


# The keys of `query end`'s details that list the deciding squares: Cross-Jack's goal
# squares, Crossings' unanswered crossings, JC Shock's deciding runs.
SQUARE_KEYS = ("square", "crossed", "runs")


def run_counts(text):
    """JC Shock's score list '4:1,3:0' → [[4, 1], [3, 0]] (length, count); [] if malformed."""
    try:
        return [[int(n) for n in part.split(":")] for part in listing(text)]
    except ValueError:
        return []


def parse_end(text):
    """`query end`'s answer (after 'end ') as None (in play) or {result, reason, details,
    squares, blockaded, scores, decided}: `details` every key after the reason as given;
    `squares` the deciding squares to mark (Cross-Jack's `square`, Crossings' `crossed`, JC
    Shock's `runs`, an older referee's JC Shock answer without `runs` giving none);
    `blockaded` Cross-Jack's blockaded sides (p1, p2); `scores` JC Shock's {p1, p2} lists of
    [length, count] and `decided` its deciding length (None on a draw or in other games)."""
    words = text.split()
    if not words or words == ["none"]:
        return None
    fields = split_pairs(words)
    details = {k: v for k, v in fields.items() if k not in ("result", "reason")}
    squares = [square for key in SQUARE_KEYS for square in listing(details.get(key, "-"))]
    scores = {side: run_counts(details[side + "score"]) for side in ("p1", "p2")
              if side + "score" in details}
    decided = details.get("decided", "-")
    return {"result": fields.get("result"), "reason": fields.get("reason"),
            "details": details, "squares": squares,
            "blockaded": listing(details.get("blockaded", "-")),
            "scores": scores or None, "decided": int(decided) if decided.isdigit() else None}


def adjudged_end(adjudged):
    """The `end` of a game ended off the rules (resignation, agreement, time, a crash), in
    parse_end's shape: its reason and detail, no squares."""
    return {"result": adjudged["result"], "reason": adjudged["reason"],
            "details": {"detail": adjudged["detail"]}, "squares": [], "blockaded": [],
            "scores": None, "decided": None}


def parse_turn(answers, arities=None):
    """`query turn`'s answers ((ok, text) each, as RefereeClient.exchange gives them, from the
    first) as {tomove, duty, toplace, end, legal}: `end` the `query end` text after 'end ',
    `legal` one parse_effects entry per legal move in `query moves` order. None when they are
    not a whole turn (an older referee without the query answers one error)."""
    facts = subject(answers[0], "turn") if answers else None
    if facts is None or not facts.startswith("tomove "):
        return None
    fields = split_pairs(facts.split())
    count = int(fields.get("moves", "-1")) if fields.get("moves", "").isdigit() else -1
    if count < 0 or len(answers) != count + 3 or answers[-1] != (True, "turn done"):
        return None
    end = subject(answers[1], "end")
    effects = [subject(answer, "effects") for answer in answers[2:2 + count]]
    if end is None or None in effects:
        return None
    return {"tomove": fields.get("tomove"), "duty": fields.get("duty"),
            "toplace": fields.get("toplace"), "end": end,
            "legal": [parse_effects(text, arities) for text in effects]}


def position_view(client, subjects):
    """One exchange about the referee's position: the answers (ok, text) to the one-line
    queries `subjects` (`board` among them), the board they describe (parse_board; None if
    not answered) and `query turn` read with that board's effect arities (parse_turn; None if
    not answered whole)."""
    lines = ["query " + name for name in subjects] + ["query turn"]
    answers = [(kind == RESPONSE, text) for kind, text in client.exchange(lines)]
    singles = answers[:len(subjects)]
    if len(singles) < len(subjects):
        return singles, None, None
    board_text = subject(singles[subjects.index("board")], "board")
    board = parse_board(board_text) if board_text is not None else None
    turn = parse_turn(answers[len(subjects):], board["operations"] if board else None)
    return singles, board, turn


def grid_of(board):
    """The pieces of a parsed board description (`query board`'s `placement`) as rows of
    piece letters ('' for an empty square), the top rank first."""
    letters = dict(item.split(":", 1) for item in listing(board["raw"].get("placement", "-")))
    return [[letters.get(f + r, "") for f in board["files"]] for r in reversed(board["ranks"])]


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
        errors = referee.select(game, None)
        if errors:
            raise RefereeFailure("the referee refused its own game %s: %s" % (game, errors[0]))
        board = subject(referee.queries(["board"])[0], "board")
        if board is None:
            raise RefereeFailure("the referee does not answer 'query board': build the "
                                 "current tablero (cargo build --release)")
        parsed = parse_board(board)
        games[game] = {"sizes": parsed["sizes"], "default": parsed["default"],
                       "names": parsed["names"]}
    if not games:
        raise RefereeFailure("the referee advertises no game (no UCI_Variant option)")
    return games

