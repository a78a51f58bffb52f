#!/usr/bin/env python3
"""A short match per game between two tablero configurations (depth 2 with Hash 8 against
depth 1 with Hash 1): the records replay legally through a separate tablero and the summary
adds up. The records keep each move's last reported score and wdl.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_games.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import re
import sys
import tempfile
import unittest
from pathlib import Path

from match_module import ConcurrentRunner, HERE, TABLERO, Tablero, read_records, run_match, \
    summary_of
from tablero_match.engine import parse_evaluation

ENGINES = ["--engine", "cmd=%s" % TABLERO, "name=deep", "depth=2", "option.Hash=8",
           "--engine", "cmd=%s" % TABLERO, "name=shallow", "depth=1", "option.Hash=1"]


class ShortMatch(unittest.TestCase):
    def play(self, game, *extra):
        with tempfile.TemporaryDirectory() as tmp:
            done = run_match(*ENGINES, "--game", game, "--games", 4, "--random-plies", 2,
                             "--concurrency", 2, "--records", "games.jsonl", *extra, cwd=tmp)
            self.assertEqual(done.returncode, 0, done.stderr)
            records = read_records(Path(tmp) / "games.jsonl")
            replay = run_match("replay", "--referee", TABLERO, "games.jsonl", cwd=tmp)
            self.assertTrue((Path(tmp) / "match-logs" / "deep.log").is_file())
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        self.assertIn("all consistent", replay.stdout)
        return done.stdout, records

    def check_colours_swapped_per_opening(self, records):
        self.assertEqual([r["id"] for r in records], [0, 1, 2, 3])
        for first, second in (records[0:2], records[2:4]):
            self.assertEqual(first["pair"], second["pair"])
            self.assertEqual(first["opening"], second["opening"])
            self.assertEqual((first["p1"], first["p2"]), ("deep", "shallow"))
            self.assertEqual((second["p1"], second["p2"]), ("shallow", "deep"))
            self.assertEqual(len(first["opening"]["moves"]), 2)

    def check_replay(self, game, size, records):
        """Every move was legal when played; a game ended by the rules has that result."""
        board = Tablero(game, size)
        try:
            for record in records:
                fen, moves = record["opening"]["fen"], list(record["opening"]["moves"])
                for played in record["moves"]:
                    legal = board.ask(
                        "position fen %s moves %s" % (fen, " ".join(moves)), "query moves")
                    self.assertEqual(len(legal), 1, legal)  # no error line before it
                    self.assertIn(played["move"], legal[0].split()[1:])
                    self.assertGreaterEqual(played["ms"], 0)
                    moves.append(played["move"])
                result = board.ask("position fen %s moves %s" % (fen, " ".join(moves)),
                                   "query result")
                self.assertEqual(len(result), 1, result)
                if record["reason"] == "rules":
                    self.assertEqual(result[0], "response " + record["result"])
                else:
                    self.assertEqual(record["reason"], "max plies")
                    self.assertEqual(record["result"], "draw")
                    self.assertEqual(result[0], "response none")
        finally:
            board.close()

    def check_summary(self, stdout, records):
        """W-D-L, score and pair counts of the summary are those of the records."""
        points = [1.0 if r["result"] == ("p1win" if r["p1"] == "deep" else "p2win")
                  else 0.5 if r["result"] == "draw" else 0.0 for r in records]
        wins, draws, losses = points.count(1.0), points.count(0.5), points.count(0.0)
        summary = "\n".join(summary_of(stdout))
        self.assertIn("Games: 4 of 4 scheduled", summary)
        self.assertIn("deep vs shallow: %d-%d-%d (W-D-L of deep), score %.1f%%"
                      % (wins, draws, losses, 100 * (wins + draws / 2) / 4), summary)
        penta = [0] * 5
        for k in (0, 2):
            penta[int(2 * (points[k] + points[k + 1]))] += 1
        self.assertIn("pairs 2: LL %d, LD %d, DD+WL %d, WD %d, WW %d" % tuple(penta), summary)
        endings = re.search(r"Endings: (.*)", summary).group(1)
        self.assertEqual(sum(int(n) for n in re.findall(r"\d+", endings)), 4)
        self.assertEqual(len(re.findall(r"^\[\d/4\] game \d", stdout, re.M)), 4)

    def test_crossjack(self):
        stdout, records = self.play("crossjack", "--size", "6x5")
        self.check_colours_swapped_per_opening(records)
        self.check_replay("crossjack", "6x5", records)
        self.check_summary(stdout, records)

    def test_jcshock(self):
        stdout, records = self.play("jcshock", "--size", "5")
        self.check_colours_swapped_per_opening(records)
        self.check_replay("jcshock", "5", records)
        self.check_summary(stdout, records)

    def test_crossings(self):
        stdout, records = self.play("crossings", "--max-plies", 30)
        self.check_colours_swapped_per_opening(records)
        self.check_replay("crossings", None, records)
        self.check_summary(stdout, records)
        self.assertTrue(all(len(r["moves"]) <= 30 for r in records))


class Evaluations(unittest.TestCase):
    def test_the_score_words_wdl_and_depth_of_an_info_line(self):
        cases = {
            "info depth 5 seldepth 7 score cp 34 wdl 520 300 180 nodes 9 pv a1":
                {"score": "cp 34", "wdl": [520, 300, 180], "depth": 5},
            "info depth 5 score mate -3 nodes 9": {"score": "mate -3", "depth": 5},
            "info depth 6 score cp 12 wdl 400 300 300 lowerbound nodes 9":
                {"score": "cp 12", "wdl": [400, 300, 300], "depth": 6},
            "info depth 5 score upperbound cp -8": {"score": "cp -8", "depth": 5},
            "info depth 5 multipv 1 score cp 1": {"score": "cp 1", "depth": 5},
            "info score cp 1 nodes 4": {"score": "cp 1"},
            "info depth 5 multipv 2 score cp 1": None,
            "info depth 5 nodes 100 pv a1": None,
            "info string score cp 3": None,
            "info depth 2 score cp 3 wdl 1 2": {"score": "cp 3", "depth": 2},
            "bestmove a1": None,
        }
        for line, expected in cases.items():
            self.assertEqual(parse_evaluation(line), expected, line)

    def test_records_keep_the_last_score_before_bestmove(self):
        """scored_engine.py prints, in a cycle of three moves: a score with wdl (its Skill
        Level as cp), a mate score after a cp score, nothing. Its Skill Level also shows that
        an option name with a space reaches the engine."""
        engine = "cmd=%s %s %s" % (sys.executable, HERE / "scored_engine.py", TABLERO)
        with tempfile.TemporaryDirectory() as tmp:
            done = run_match("--engine", engine, "name=five", "option.Skill Level=5",
                             "--engine", engine, "name=twelve", "option.Skill Level=12",
                             "--game", "crossings", "--nodes", 1, "--games", 2,
                             "--max-plies", 14, "--random-plies", 2, "--concurrency", 1,
                             "--records", "games.jsonl", cwd=tmp)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertNotIn("does not advertise", done.stderr)
            records = read_records(Path(tmp) / "games.jsonl")
            replay = run_match("replay", "--referee", TABLERO, "games.jsonl", cwd=tmp)
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        levels, gos = {"five": 5, "twelve": 12}, {"five": 0, "twelve": 0}
        for record in records:
            for ply, move in enumerate(record["moves"]):
                mover = record["p1" if ply % 2 == 0 else "p2"]
                gos[mover] += 1
                expected = [{}, {"score": "cp %d" % levels[mover], "wdl": [520, 300, 180],
                                 "depth": 3},
                            {"score": "mate -3", "depth": 2}][gos[mover] % 3]
                self.assertEqual({k: v for k, v in move.items() if k not in ("move", "ms")},
                                 expected, (record["id"], ply))
        self.assertGreater(min(gos.values()), 3)


if __name__ == "__main__":
    unittest.main(testRunner=ConcurrentRunner())
