#!/usr/bin/env python3
"""Misbehaving engines lose their games with the right reason, and the match completes: an
illegal move, a crash (the engine is restarted for every next game), no answer at all, and an
answer after the clock ran out. The engines are the scripts beside this file: tablero behind a
proxy that misbehaves at its Nth `go`. A referee that answers a query with an error line
instead of a response fails with RefereeFailure.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_misbehaving.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import re
import tempfile
import unittest
from pathlib import Path

from match_module import ConcurrentRunner, TABLERO, misbehaving, read_records, run_match
from tablero_match.referee import ERROR, RESPONSE, Referee, RefereeFailure


class Misbehaviour(unittest.TestCase):
    def play(self, script, nth, games, *limits):
        """Plays `script` against tablero (Cross-Jack 6x6); returns (records, the script
        engine's log text, stdout)."""
        with tempfile.TemporaryDirectory() as tmp:
            done = run_match("--engine", "cmd=%s" % misbehaving(script, nth), "name=bad",
                             "--engine", "cmd=%s" % TABLERO, "name=good",
                             "--game", "crossjack", "--size", "6", "--games", games,
                             "--random-plies", 2, "--records", "games.jsonl", *limits, cwd=tmp)
            self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
            records = read_records(Path(tmp) / "games.jsonl")
            log = (Path(tmp) / "match-logs" / "bad.log").read_text()
            replay = run_match("replay", "--referee", TABLERO, "games.jsonl", cwd=tmp)
        self.assertEqual(replay.returncode, 0, replay.stdout)
        self.assertEqual(len(records), games, "the match completes")
        self.assertIn("Games: %d of %d scheduled" % (games, games), done.stdout)
        return records, log, done.stdout

    def check_every_game_lost_by(self, records, reason, detail_pattern):
        for record in records:
            self.assertEqual(record["reason"], reason, record)
            self.assertEqual(record["loser"], "bad")
            self.assertEqual(record["result"], "p2win" if record["p1"] == "bad" else "p1win")
            self.assertRegex(record["detail"], detail_pattern)

    def test_an_illegal_move_loses_with_the_referees_reason(self):
        records, _, stdout = self.play("illegal_move.py", 3, 2, "--depth", 1)
        # The proxy repeats the opponent's last move: a square already ticked.
        self.check_every_game_lost_by(records, "illegal move", r"^'[a-f][1-6]': [a-f][1-6]: "
                                      r"square is occupied$")
        self.assertIn("bad lost 2 by adjudication (illegal move 2)", stdout)

    def test_a_crash_loses_and_the_engine_is_restarted_for_the_next_game(self):
        records, log, _ = self.play("crash.py", 2, 4, "--depth", 1, "--concurrency", 1)
        self.check_every_game_lost_by(records, "crash", r"exited with status 3$")
        self.assertTrue(all(len(r["moves"]) >= 2 for r in records), "crashed mid-game")
        # one start to check the engine before the match, then a fresh process per game
        self.assertEqual(len(re.findall(r"^--- .* start bad: ", log, re.M)), 1 + 4)

    def test_no_answer_without_a_clock_loses_on_timeout(self):
        records, _, _ = self.play("silent.py", 3, 2, "--depth", 1, "--timeout", 0.5)
        self.check_every_game_lost_by(records, "timeout", r"no bestmove within 0.5 s")

    def test_no_answer_with_a_clock_is_a_time_forfeit(self):
        records, _, _ = self.play("silent.py", 3, 2, "--tc", "0.3+0.03")
        self.check_every_game_lost_by(records, "time forfeit", r"^no bestmove at all")

    def test_an_answer_after_the_clock_ran_out_is_a_time_forfeit(self):
        records, _, _ = self.play("late.py", 3, 2, "--tc", "0.3+0.03")
        for record in records:
            used, left = map(int, re.match(r"bestmove after (\d+) ms with (-?\d+) ms left",
                                           record["detail"]).groups())
            self.assertGreater(used, left + 50)
        self.check_every_game_lost_by(records, "time forfeit", r"\(margin 50 ms\)$")


class MisbehavingReferee(unittest.TestCase):
    def referee(self, answers):
        """A Referee without a process whose every exchange reads `answers`."""
        referee = Referee.__new__(Referee)
        referee.exchange = lambda lines: answers
        return referee

    def test_a_query_answered_by_an_error_is_a_referee_failure(self):
        refused = (ERROR, "query: expected gameover, p1turn, ..., found 'fen'")
        calls = [("start_fen", (), [refused]),
                 ("check_position", ("3/3/3 x", []), [(RESPONSE, "3/3/3 x"), refused]),
                 ("state", ("3/3/3 x", []), [(RESPONSE, "none"), (RESPONSE, "true"), refused]),
                 ("why_illegal", ("3/3/3 x", [], "a1"), [refused])]
        for name, args, answers in calls:
            with self.assertRaises(RefereeFailure, msg=name) as caught:
                getattr(self.referee(answers), name)(*args)
            self.assertIn("queries with a response: query: expected", str(caught.exception))
        fen = self.referee([(RESPONSE, "3/3/3 x")]).start_fen()
        self.assertEqual(fen, "3/3/3 x")


if __name__ == "__main__":
    unittest.main(testRunner=ConcurrentRunner())
