"""Games as standard PGN (the export format of the PGN standard, section 8) that rating tools
(Ordo, BayesElo) and viewers read, written from the records as games end, and read back by
`replay`.

Tags: the seven tag roster (Event, Site, Date, Round, White = player 1, Black = player 2,
Result), then Time, WhiteType/BlackType, WhiteEngine/BlackEngine (the engines' `id name`),
Variant (the UCI_Variant name), SetUp and FEN (a tablero position string) when the game does
not start from the game's start position at its default size, Termination, PlyCount and
TimeControl. Moves are in the engine notation, numbered per move of player 1 (`1... m` when
player 2 makes the first move); opening moves carry `{book}`, the engines' moves
`{<score>/<depth> <seconds>s}` (the score in hundredths from the mover's view, `M<n>` a mate),
and the last comment before the result says why the game ended.
"""

import re
import textwrap
from pathlib import Path

from . import UsageError
from .adjudication import PROVEN, SCORE_DRAW, SCORE_RESIGN
from .records import CRASH, FORFEIT, ILLEGAL, MAX_PLIES, RULES, SETUP, TIMEOUT, UNPARSABLE
from .settings import Limits

RESULTS = {"p1win": "1-0", "p2win": "0-1", "draw": "1/2-1/2"}
# The standard Termination value of each reason a game ends for.
TERMINATION = {RULES: "normal", PROVEN: "adjudication", SCORE_DRAW: "adjudication",
               SCORE_RESIGN: "adjudication", MAX_PLIES: "adjudication",
               ILLEGAL: "rules infraction", UNPARSABLE: "rules infraction",
               CRASH: "abandoned", SETUP: "abandoned", TIMEOUT: "time forfeit",
               FORFEIT: "time forfeit"}
BOOK = "book"
LINE_WIDTH = 79


def quote(value):
    """A tag value between double quotes, with backslash and quote escaped."""
    return '"%s"' % str(value).replace("\\", "\\\\").replace('"', '\\"')


def comment(text):
    """A brace comment of `text` (a closing brace, which would end it, is made a bracket)."""
    return "{%s}" % text.replace("}", ")").replace("{", "(")


def time_control(header):
    """The TimeControl tag value: '<seconds>+<increment>' of the engines' common clock, '-'
    when no engine has a clock, '?' when they differ."""
    limits = [Limits.from_json(engine["limits"]) for engine in header["engines"]]
    clocks = {limit.tc for limit in limits}
    if len(clocks) != 1:
        return "?"
    clock = clocks.pop()
    if clock is None:
        return "-"
    return "%g+%g" % (clock[0] / 1000.0, clock[1] / 1000.0)


def move_comment(move):
    """`{+0.34/5 0.012s}`: the mover's score, depth and time of one played move."""
    words = (move.get("score") or "").split()
    score = ""
    if len(words) == 2 and words[0] == "cp" and re.fullmatch(r"-?\d+", words[1]):
        score = "%+.2f" % (int(words[1]) / 100.0)
    elif len(words) == 2 and words[0] == "mate" and re.fullmatch(r"-?\d+", words[1]):
        score = ("-M%s" if words[1].startswith("-") else "+M%s") % words[1].lstrip("-")
    if score and "depth" in move:
        score += "/%d" % move["depth"]
    seconds = "%.3fs" % (move.get("ms", 0) / 1000.0)
    return comment(score + " " + seconds if score else seconds)


def event_name(header):
    """The Event tag: the game and the kind of tournament."""
    engines = len(header["engines"])
    kind = "gauntlet" if header.get("gauntlet") else "match" if engines == 2 else "round robin"
    return "tablero %s %s" % (header["game"], kind)


def tags(record, default_start):
    """The (name, value) tags of a record's game; `default_start` is the position string of
    the game's start position at its default size."""
    header = record["match"]
    started = record.get("started") or ""
    date = started[:10].replace("-", ".") if started else "????.??.??"
    fen = record["opening"]["fen"]
    plies = len(record["opening"]["moves"]) + len(record["moves"])
    pairs = [("Event", event_name(header)), ("Site", "?"), ("Date", date),
             ("Round", "%d.%d" % (record["pair"] + 1, record["id"] % 2 + 1)),
             ("White", record["p1"]), ("Black", record["p2"]),
             ("Result", RESULTS[record["result"]])]
    if started:
        pairs.append(("Time", started[11:19]))
    pairs += [("WhiteType", "program"), ("BlackType", "program")]
    for side, tag in (("p1", "WhiteEngine"), ("p2", "BlackEngine")):
        if record.get(side + "_id"):
            pairs.append((tag, record[side + "_id"]))
    pairs.append(("Variant", header["game"]))
    if fen is not None and fen != default_start:
        pairs += [("SetUp", "1"), ("FEN", fen)]
    pairs += [("Termination", TERMINATION.get(record["reason"], "adjudication")),
              ("PlyCount", str(plies)), ("TimeControl", time_control(header))]
    return pairs


def movetext(record, p1_first):
    """The numbered moves of a record's game with their comments, the comment of the end and
    the result; `p1_first` tells whether player 1 makes the first move of the opening."""
    plies = [(m, comment(BOOK)) for m in record["opening"]["moves"]]
    plies += [(m["move"], move_comment(m)) for m in record["moves"]]
    tokens, number, p1_moves = [], 1, p1_first
    for move, note in plies:
        # Every move has a comment, so player 2's moves are numbered too ('3...').
        tokens += ["%d%s" % (number, "." if p1_moves else "..."), move, note]
        if not p1_moves:
            number += 1
        p1_moves = not p1_moves
    end = record["reason"] + (": " + record["detail"] if record.get("detail") else "")
    tokens += [comment(end), RESULTS[record["result"]]]
    return "\n".join(textwrap.wrap(" ".join(tokens), LINE_WIDTH, break_long_words=False,
                                   break_on_hyphens=False))


def game_pgn(record, default_start, p1_first):
    """One game as PGN text: tags, a blank line, the movetext, a blank line."""
    head = "".join("[%s %s]\n" % (name, quote(value))
                   for name, value in tags(record, default_start))
    return head + "\n" + movetext(record, p1_first) + "\n\n"


def game_id_of_round(text):
    """The game id a Round tag value 'p.k' names (2(p - 1) + k - 1), or None."""
    match = re.fullmatch(r"(\d+)\.([12])", text or "")
    if not match:
        return None
    return 2 * (int(match.group(1)) - 1) + int(match.group(2)) - 1


class PgnWriter:
    """Appends games to a PGN file as they end, flushed one by one."""

    def __init__(self, path, default_start, first_movers):
        """Opens `path` for appending; `default_start` is the game's start position string at
        its default size, `first_movers` maps each opening's position string to whether
        player 1 moves first from it."""
        self.file = open(path, "a")
        self.default_start, self.first_movers = default_start, first_movers

    def write(self, record):
        """Writes one record's game."""
        fen = record["opening"]["fen"]
        p1_first = self.first_movers.get(fen, True)
        self.file.write(game_pgn(record, self.default_start, p1_first))
        self.file.flush()

    def close(self):
        self.file.close()


def check_new_pgn(path):
    """UsageError if `path` exists: --pgn never overwrites a file (--resume appends)."""
    if Path(path).exists():
        raise UsageError("--pgn %s exists; remove it, choose another name, or --resume the "
                         "match it belongs to" % path)


class PgnGame:
    """A game read from PGN: its tags, moves (each with its comment or None), result and the
    line it starts on."""

    def __init__(self, line):
        self.line, self.tags, self.moves, self.result = line, {}, [], None
        self.end_comment = None


# One token of PGN: a tag pair, a brace comment, a rest-of-line comment, a variation
# bracket, a NAG, an escape line, or a symbol (move, move number, result).
TOKEN = re.compile(r'''
    (?P<space>\s+)
  | (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\\n]|\\.)*)"\s*\])
  | (?P<comment>\{[^}]*\})
  | (?P<line_comment>;[^\n]*)
  | (?P<open>\() | (?P<close>\))
  | (?P<nag>\$\d+)
  | (?P<symbol>[A-Za-z0-9_+#=:/.*?!-]+)
''', re.VERBOSE)
RESULT_TOKENS = {"1-0": "p1win", "0-1": "p2win", "1/2-1/2": "draw", "*": None}


def read_pgn(path):
    """The games of a PGN file. UsageError naming the line of anything that is not PGN, and
    of a last game cut short (no result)."""
    try:
        text = Path(path).read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError("%s: %s" % (path, getattr(e, "strerror", None) or e))
    games, game, depth, at, line = [], None, 0, 0, 1
    while at < len(text):
        if text[at] == "%" and (at == 0 or text[at - 1] == "\n"):
            end = text.find("\n", at)
            at = len(text) if end < 0 else end
            continue
        match = TOKEN.match(text, at)
        if not match and text[at] == "{":
            raise UsageError("%s line %d: a comment that is never closed (cut short?)"
                             % (path, line))
        if not match:
            raise UsageError("%s line %d: not PGN at '%s'" % (path, line, text[at:at + 20]
                                                              .split("\n")[0]))
        at = match.end()
        start_line, line = line, line + match.group(0).count("\n")
        kind = match.lastgroup if match.lastgroup not in ("name", "value") else "tag"
        if kind in ("space", "line_comment", "nag"):
            continue
        if kind == "open":
            depth += 1
            continue
        if kind == "close":
            depth -= 1
            if depth < 0:
                raise UsageError("%s line %d: ')' without '('" % (path, start_line))
            continue
        if depth:
            continue
        if game is None:
            game = PgnGame(start_line)
        game = read_token(path, start_line, kind, match, game, games)
    if depth or game is not None:
        raise UsageError("%s line %d: the game that starts there has no result (cut short?)"
                         % (path, game.line if game else line))
    return games


def read_token(path, line, kind, match, game, games):
    """Adds one token to `game`; returns the game being read (None after its result)."""
    if kind == "tag":
        if game.moves:
            raise UsageError("%s line %d: a tag after the moves of the game of line %d, which "
                             "has no result" % (path, line, game.line))
        value = re.sub(r"\\(.)", r"\1", match.group("value"))
        game.tags[match.group("name")] = value
        return game
    if kind == "comment":
        note = match.group("comment")[1:-1].strip()
        if game.moves and game.moves[-1][1] is None:
            game.moves[-1] = (game.moves[-1][0], note)
        else:
            game.end_comment = note
        return game
    symbol = match.group("symbol")
    if symbol in RESULT_TOKENS:
        game.result = RESULT_TOKENS[symbol]
        games.append(game)
        return None
    move = re.sub(r"^\d+\.+", "", symbol)
    if not move:
        return game
    if not re.fullmatch(r"[A-Za-z0-9]+[!?]*", move):
        raise UsageError("%s line %d: '%s' is not a move" % (path, line, symbol))
    game.end_comment = None
    game.moves.append((move.rstrip("!?"), None))
    return game


def pgn_record(game, index, start_fen):
    """A record (as `replay` checks them) of a PGN game: its FEN (or `start_fen`), leading
    `{book}` moves as the opening, the other moves as played; reason 'rules' when its
    Termination is normal, else the reason its last comment names (or 'adjudication')."""
    moves = [move for move, _ in game.moves]
    book = 0
    while book < len(game.moves) and game.moves[book][1] == BOOK:
        book += 1
    if game.result is None:
        reason = "unterminated"
    elif game.tags.get("Termination", "normal") == "normal":
        reason = RULES
    else:
        reason = (game.end_comment or "adjudication").split(":")[0]
    game_id = game_id_of_round(game.tags.get("Round"))
    return {"id": index if game_id is None else game_id, "pair": None,
            "p1": game.tags.get("White"), "p2": game.tags.get("Black"),
            "opening": {"fen": game.tags.get("FEN", start_fen), "moves": moves[:book],
                        "source": "pgn"},
            "moves": [{"move": move} for move in moves[book:]],
            "result": game.result or "*", "reason": reason, "detail": "", "loser": None,
            "match": {"game": game.tags.get("Variant")}}


def is_pgn(path):
    """True if the file's first non-blank character is not '{' (a records file's)."""
    try:
        with open(path) as stream:
            for line in stream:
                if line.strip():
                    return not line.lstrip().startswith("{")
    except (OSError, UnicodeDecodeError):
        return False
    return False
