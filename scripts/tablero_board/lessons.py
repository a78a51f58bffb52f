"""How to play: the `lesson` request. The lesson of a game is text and positions only
(scripts/board/lessons/<game>.json); every diagram is drawn from the referee's answers for its
position (`query board`, `query fen`, `query moves`, `query effects`, `query end`), so the
page draws lessons the way it draws games, knowing no rules.

A lesson file is {"game", "title", "intro", "sections": [{"title", "topics", "text",
"diagrams": [{"caption", "fen", "move"?, "marks"?, "legal"?}]}]}: `topics` name what a
section teaches (goal, turn, end and the game's special rules), `text` is paragraphs separated
by newlines (`**…**` marks words to stress), `move` is one legal move of `fen` shown with its
effects and the position after it, `marks` are squares to point at, `legal` asks for the
squares the side to move may play to (the first operation's target of every legal move).
"""

import json
import threading
from pathlib import Path

from tablero_match.engine import position_command

from .checks import BoardError, need
from .referee import grid_of, parse_end, position_view

LESSON_DIR = Path(__file__).resolve().parent.parent / "board" / "lessons"
# The keys of `query board` a diagram needs (the size lists are long and of no use there).
BOARD_KEYS = ("width", "height", "game", "files", "ranks", "origin", "pieces", "names",
              "colours", "tomove", "wrap", "goals", "homes", "toplace", "pass")

_cache = {}
_cache_lock = threading.Lock()


def lesson_games():
    """The games that have a lesson file, sorted."""
    return sorted(p.stem for p in LESSON_DIR.glob("*.json"))


def load_lesson(game):
    """The lesson file of `game` as written (text and positions); BoardError if there is
    none."""
    if game not in lesson_games():
        raise BoardError("no lesson for the game '%s' (lessons: %s)" % (
            str(game)[:20], ", ".join(lesson_games())))
    with open(LESSON_DIR / (game + ".json"), encoding="utf-8") as f:
        return json.load(f)


def add_titles(games):
    """Gives each game of the catalogue `games` that has a lesson its lesson's `title` (the
    name players know it by, e.g. Cross-Jack), for the page's menus."""
    for game in lesson_games():
        if game in games:
            title = load_lesson(game).get("title")
            if isinstance(title, str) and title:
                games[game]["title"] = title


def squares_of(board):
    """Every square name of a parsed board description."""
    return {f + r for f in board["files"] for r in board["ranks"]}


def view(referee, fen, moves, what):
    """(position string, parsed board, `query turn` parsed) of the position `fen` + `moves`,
    from one exchange with the referee; BoardError 500 naming `what` if it refuses the
    position or does not answer."""
    error = referee.command(position_command(fen, moves))
    if error:
        raise BoardError("lesson %s: the referee refused it: %s" % (what, error), 500)
    answers, board, turn = position_view(referee, ["fen", "board"])
    if not answers[0][0] or board is None or turn is None:
        raise BoardError("lesson %s: the referee does not answer query fen, board and turn"
                         % what, 500)
    return answers[0][1], board, turn


def first_target(entry):
    """The square a move's clicks end on: its first effect's destination or placed square."""
    ops = entry["ops"]
    if not ops:
        return None
    return ops[0][-1] if ops[0][0] == "move" else ops[0][1]


def draw_diagram(referee, diagram, what):
    """One diagram of a lesson as the page draws it: its position string as the referee
    writes it, the board (`query board` parsed, with `grid`), the game's end if over, the
    marks, the legal targets if asked, and the shown move with its effects and the position
    after it (`after`: fen, grid, tomove, end). BoardError 500 if the referee refuses the
    position or the move."""
    fen = need(diagram, "fen", str, required=True)
    move = diagram.get("move")
    shown, parsed, turn = view(referee, fen, [], what)
    board = {key: parsed[key] for key in BOARD_KEYS}
    board["grid"] = grid_of(parsed)
    result = {"caption": diagram.get("caption", ""), "fen": shown, "board": board,
              "end": parse_end(turn["end"]), "marks": list(diagram.get("marks", []))}
    unknown = [m for m in result["marks"] if m not in squares_of(board)]
    if unknown:
        raise BoardError("lesson %s: marked squares not on the board: %s" % (
            what, ", ".join(unknown)), 500)
    if diagram.get("legal"):
        targets = []
        for target in map(first_target, turn["legal"]):
            if target and target not in targets:
                targets.append(target)
        result["legal"] = targets
    if move:
        entry = next((e for e in turn["legal"] if e["move"].lower() == move.lower()), None)
        if entry is None:
            raise BoardError("lesson %s: %s is not among the legal moves" % (what, move), 500)
        after_fen, after, after_turn = view(referee, fen, [entry["move"]], what)
        result.update(move=entry["move"], ops=entry["ops"], flags=entry["flags"],
                      after={"fen": after_fen, "grid": grid_of(after),
                             "tomove": after["tomove"], "end": parse_end(after_turn["end"])})
    return result


def draw_lesson(referee, game):
    """The lesson of `game` with every diagram drawn by `referee` (which is left on the
    lesson's game: the caller restores its own)."""
    lesson = load_lesson(game)
    errors = referee.select(game, None)
    if errors:
        raise BoardError("lesson %s: the referee refused the game: %s" % (game, errors[0]), 500)
    sections = []
    for i, section in enumerate(lesson["sections"]):
        diagrams = [draw_diagram(referee, d, "%s section %d diagram %d" % (game, i + 1, j + 1))
                    for j, d in enumerate(section.get("diagrams", []))]
        sections.append({"title": section["title"], "topics": section.get("topics", []),
                         "text": section["text"], "diagrams": diagrams})
    return {"game": game, "title": lesson.get("title", game), "intro": lesson.get("intro", ""),
            "sections": sections}


def api_lesson(session, data):
    """The `lesson` request {"game"}: the game's how-to-play sections with their diagrams
    drawn by the session's referee. The session's game is untouched: the referee is set back
    to the game's variant, size and position afterwards. Refused for a game without lesson."""
    game = need(data, "game", str, required=True)
    games = session.config.games or {}
    if game not in games or game not in lesson_games():
        raise BoardError("no lesson for the game '%s' (lessons: %s)" % (
            game[:20], ", ".join(g for g in lesson_games() if g in games)))
    key = (tuple(session.config.referee_argv), game)
    with _cache_lock:
        cached = _cache.get(key)
    if cached is not None:
        return cached
    session.ensure_referee()
    try:
        reply = draw_lesson(session.referee, game)
    finally:
        if session.game:
            session.referee.select(session.game, session.size)
            session.referee.command(session.position())
    with _cache_lock:
        _cache[key] = reply
    return reply
