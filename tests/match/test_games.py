#!/usr/bin/env python3
"""A short match per game between two tablero configurations (depth 2 with Hash 8 against
depth 1 with Hash 1): the records replay legally through a separate tablero and the summary
adds up.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_games.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import re
import tempfile
import unittest
from pathlib import Path

from match_module import ConcurrentRunner, TABLERO, Tablero, read_records, run_match, summary_of

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


if __name__ == "__main__":
    unittest.main(testRunner=ConcurrentRunner())
