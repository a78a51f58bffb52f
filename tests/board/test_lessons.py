#!/usr/bin/env python3
"""The board's how-to-play lessons (scripts/board/lessons/<game>.json, served by the `lesson`
request of tablero_board.lessons): every diagram's position is accepted by the engine, every
shown move is legal there, every marked square is on the board, each game teaches its goal,
a turn, its special rules and its end; the `lesson` request answers with the diagrams drawn
by the referee, refuses a game without lesson, and leaves the session's game as it was.

Run by hand from the repository (TABLERO defaults to target/release/tablero):

    PYTHONPATH=scripts python3 tests/board/test_lessons.py [Class[.test_name]]

cargo test runs it through tests/integration/board_page.rs with the test build as TABLERO.
"""

import json
import os
import unittest
from pathlib import Path

from tablero_board.lessons import LESSON_DIR, add_titles, draw_lesson, grid_of, lesson_games, \
    load_lesson
from tablero_board.referee import parse_board, start_referee
from tablero_board.server import STATIC_FILES
from test_board_server import WithServer

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
TABLERO = os.environ.get("TABLERO") or str(REPO / "target" / "release" / "tablero")

# What each game's lesson must teach: the goal, a turn, the special rules, the end.
TOPICS = {
    "crossjack": {"goal", "turn", "wrap", "blockade", "end"},
    "jcshock": {"goal", "turn", "pull", "score", "end"},
    "crossings": {"goal", "turn", "groups", "captures", "crossings", "locks", "end"},
}
# A newcomer reads one screen per game: the words of a lesson's texts and captions.
MAX_WORDS = 400


def words(lesson):
    """The number of words a reader reads in a lesson file."""
    texts = [lesson.get("intro", "")]
    for section in lesson["sections"]:
        texts += [section["title"], section["text"]]
        texts += [d.get("caption", "") for d in section.get("diagrams", [])]
    return sum(len(t.split()) for t in texts)


class LessonData(unittest.TestCase):
    """The lesson files checked against the engine directly, one query at a time."""

    @classmethod
    def setUpClass(cls):
        cls.referee = start_referee([TABLERO])

    @classmethod
    def tearDownClass(cls):
        cls.referee.close()

    def test_every_game_has_a_lesson_and_no_other(self):
        self.assertEqual(set(lesson_games()), set(TOPICS))
        self.assertEqual(set(lesson_games()), set(self.referee.variants()))

    def test_the_menus_name_each_game_as_its_lesson_does(self):
        games = {game: {} for game in self.referee.variants()}
        add_titles(games)
        self.assertEqual({game: entry["title"] for game, entry in games.items()},
                         {"crossjack": "Cross-Jack", "jcshock": "JC Shock",
                          "crossings": "Crossings"})

    def test_each_lesson_teaches_goal_turn_special_rules_and_end(self):
        for game, needed in TOPICS.items():
            lesson = load_lesson(game)
            self.assertEqual(lesson["game"], game)
            taught = {t for s in lesson["sections"] for t in s["topics"]}
            self.assertLessEqual(needed, taught, game)
            for section in lesson["sections"]:
                self.assertTrue(section["title"].strip() and section["text"].strip(), game)
            self.assertLessEqual(words(lesson), MAX_WORDS, game)

    def test_positions_moves_and_marks_agree_with_the_engine(self):
        shown = 0
        for game in TOPICS:
            self.assertEqual(self.referee.select(game, None), [])
            for section in load_lesson(game)["sections"]:
                for diagram in section.get("diagrams", []):
                    where = "%s, %s: %s" % (game, section["title"], diagram["fen"])
                    error = self.referee.command("position fen " + diagram["fen"])
                    self.assertIsNone(error, where)
                    (ok_fen, fen), (ok_moves, moves), (ok_board, board) = \
                        self.referee.queries(["fen", "moves", "board"])
                    self.assertTrue(ok_fen and ok_moves and ok_board, where)
                    # The position string is written as the engine writes it.
                    self.assertEqual(fen, diagram["fen"], where)
                    if "move" in diagram:
                        self.assertIn(diagram["move"], moves.split(), where)
                        shown += 1
                    parsed = parse_board(board[len("board "):])
                    squares = {f + r for f in parsed["files"] for r in parsed["ranks"]}
                    for mark in diagram.get("marks", []):
                        self.assertIn(mark, squares, where)
                    self.assertTrue(diagram.get("caption", "").strip(), where)
        self.assertGreaterEqual(shown, 12)

    def test_every_file_is_one_json_object(self):
        for path in LESSON_DIR.glob("*.json"):
            with open(path, encoding="utf-8") as f:
                self.assertIsInstance(json.load(f), dict, path.name)


class DrawnLessons(unittest.TestCase):
    """draw_lesson: each diagram as the page draws it, from the referee's answers."""

    @classmethod
    def setUpClass(cls):
        referee = start_referee([TABLERO])
        try:
            cls.lessons = {game: draw_lesson(referee, game) for game in TOPICS}
        finally:
            referee.close()

    def test_grids_fit_the_board_description(self):
        for game, lesson in self.lessons.items():
            for section in lesson["sections"]:
                for diagram in section["diagrams"]:
                    board = diagram["board"]
                    grids = [board["grid"]] + ([diagram["after"]["grid"]]
                                               if "after" in diagram else [])
                    for grid in grids:
                        self.assertEqual(len(grid), board["height"], game)
                        self.assertEqual({len(row) for row in grid}, {board["width"]}, game)
                        letters = {p["letter"] for p in board["pieces"]}
                        self.assertLessEqual({c for row in grid for c in row} - {""}, letters)
                    self.assertTrue(board["colours"]["p1"] and board["colours"]["p2"], game)
                    self.assertNotIn("sizes", board)

    def test_shown_moves_carry_their_effects(self):
        for game, lesson in self.lessons.items():
            for section in lesson["sections"]:
                for diagram in section["diagrams"]:
                    if "move" not in diagram:
                        self.assertNotIn("after", diagram)
                        continue
                    self.assertTrue(diagram["ops"], diagram["move"])
                    self.assertIn(diagram["ops"][0][0], ("place", "move"))
                    self.assertNotEqual(diagram["after"]["fen"], diagram["fen"])

    def test_the_special_rules_show_what_they_teach(self):
        found = {}
        for game, lesson in self.lessons.items():
            for section in lesson["sections"]:
                for diagram in section["diagrams"]:
                    for flag in diagram.get("flags", []):
                        found.setdefault(game, set()).add(flag)
                    end = diagram.get("after", {}).get("end") or diagram["end"]
                    if end:
                        found.setdefault(game, set()).add(end["reason"])
        self.assertLessEqual({"zone-row-reached", "blockade"}, found["crossjack"])
        self.assertIn("score", found["jcshock"])
        self.assertLessEqual({"capture", "crossing", "counter-crossing", "crossing-unanswered"},
                             found["crossings"])
        # The wrap: a legal target across the edge, the pull: pieces moved by a placement.
        wrap = [d for s in self.lessons["crossjack"]["sections"] if "wrap" in s["topics"]
                for d in s["diagrams"]]
        self.assertTrue(any("a5" in d.get("legal", []) and d.get("move") == "a5" for d in wrap))
        pull = [d for s in self.lessons["jcshock"]["sections"] if "pull" in s["topics"]
                for d in s["diagrams"]]
        self.assertTrue(all(any(op[0] == "move" for op in d["ops"]) for d in pull))

    def test_grid_of_places_the_pieces_of_the_placement_top_rank_first(self):
        referee = start_referee([TABLERO])
        try:
            for game, fen, grid in (
                    ("crossjack", "x11/12/12 o", [["x"] + [""] * 11, [""] * 12, [""] * 12]),
                    ("crossjack", "x2/3/3/3/3/3/3/3/3/3/3/2o x",
                     [["x", "", ""]] + [[""] * 3] * 10 + [["", "", "o"]]),
                    ("crossings", "R7/8/8/8/8/8/8/r1b5 r", [["R"] + [""] * 7] + [[""] * 8] * 6 +
                     [["r", "", "b", "", "", "", "", ""]])):
                referee.select(game, None)
                error = referee.command("position fen " + fen)
                self.assertIsNone(error, fen)
                board = parse_board(referee.queries(["board"])[0][1][len("board "):])
                self.assertEqual(grid_of(board), grid, fen)
        finally:
            referee.close()


class LessonRequest(WithServer, unittest.TestCase):
    """The `lesson` request through the HTTP server, beside a game in play."""

    def open(self, game):
        status, reply = self.server.api("open", game=game,
                                        players={"p1": "person", "p2": "person"})
        self.assertEqual(status, 200, reply)
        self.addCleanup(self.server.api, "close", session=reply["session"])
        return reply

    def test_every_game_answers_beside_another_game_in_play(self):
        state = self.open("crossings")
        sid = state["session"]
        status, state = self.server.api("move", session=sid, move="a1a3")
        self.assertEqual(status, 200, state)
        for game in TOPICS:
            status, reply = self.server.api("lesson", session=sid, game=game)
            self.assertEqual(status, 200, reply)
            self.assertTrue(reply["ok"])
            self.assertEqual(reply["game"], game)
            self.assertEqual(len(reply["sections"]), len(load_lesson(game)["sections"]))
            diagrams = [d for s in reply["sections"] for d in s["diagrams"]]
            self.assertTrue(diagrams and all(d["board"]["game"] == game for d in diagrams))
        # The session's game is as it was, and the referee still judges it.
        status, after = self.server.api("state", session=sid)
        self.assertEqual((after["game"], after["fen"], len(after["moves"])),
                         (state["game"], state["fen"], 1))
        status, refused = self.server.api("move", session=sid, move="a3a5")
        self.assertEqual(status, 400)
        self.assertIn("a3a5", refused["error"])
        status, moved = self.server.api("move", session=sid, move="a8a6")
        self.assertEqual(status, 200, moved)
        self.assertEqual(moved["fen"], "1bbbbbbb/1bbbbbbb/b7/b7/r7/r7/1rrrrrrr/1rrrrrrr r")

    def test_a_second_answer_is_the_same(self):
        sid = self.open("jcshock")["session"]
        first = self.server.api("lesson", session=sid, game="crossjack")
        second = self.server.api("lesson", session=sid, game="crossjack")
        self.assertEqual(first, second)

    def test_unknown_or_missing_games_are_refused(self):
        sid = self.open("crossjack")["session"]
        for data in ({"game": "chess"}, {}, {"game": 5}, {"game": ["crossjack"]},
                     {"game": "../crossjack"}, {"game": "crossjack\nquit"}):
            status, reply = self.server.api("lesson", session=sid, **data)
            self.assertEqual(status, 400, (data, reply))
            self.assertFalse(reply["ok"])
            self.assertTrue(reply["error"], data)
        status, reply = self.server.api("lesson", session=sid, game="chess")
        self.assertIn("no lesson for the game 'chess'", reply["error"])
        status, state = self.server.api("state", session=sid)
        self.assertEqual((status, state["game"], state["moves"]), (200, "crossjack", []))

    def test_the_page_files_are_served(self):
        for path, kind in (("/lessons.js", "text/javascript"), ("/lessons.css", "text/css")):
            self.assertIn(path, STATIC_FILES)
            status, body, response = self.server.request("GET", path)
            self.assertEqual(status, 200, path)
            self.assertTrue(response.getheader("Content-Type").startswith(kind), path)
            self.assertTrue(body, path)
            self.assertIn("script-src 'self'", response.getheader("Content-Security-Policy"))


if __name__ == "__main__":
    unittest.main()
