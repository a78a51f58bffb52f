#!/usr/bin/env python3
"""The command line of scripts/match.py: help, refused setups, openings files, UGI engines,
round robins, SPRT stops, and replay catching a tampered record.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_usage.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import json
import re
import unittest
from pathlib import Path

from match_module import ConcurrentRunner, TABLERO, InScratchDirectory, read_records

TWO = ["--engine", "cmd=%s" % TABLERO, "name=a", "--engine", "cmd=%s" % TABLERO, "name=b"]


class Usage(InScratchDirectory):
    def test_help_names_every_option_and_command(self):
        text = self.run_here("--help").stdout
        for word in ("--engine", "cmd=", "name=", "proto=uci|ugi", "option.<Name>", "--each",
                     "--game", "--size", "--referee", "--tc", "--movetime", "--depth",
                     "--nodes", "--margin", "--timeout", "--games", "--concurrency",
                     "--openings", "--random-plies", "--seed", "--max-plies", "--sprt",
                     "--records", "--shard", "--log-dir", "merge", "replay", "pentanomial",
                     "logistic Elo"):
            self.assertIn(word, text)
        self.assertNotIn("%%", text)
        self.assertIn("--referee", self.run_here("replay", "--help").stdout)
        self.assertIn("shards", self.run_here("merge", "--help").stdout)

    def test_an_unknown_engine_option_stops_the_match_before_any_game(self):
        done = self.run_here(*TWO, "--each", "option.Nonsense=1", "--depth", 1,
                             "--records", "r.jsonl")
        self.assertEqual(done.returncode, 2)
        self.assertIn("unknown option 'Nonsense'", done.stderr)
        self.assertFalse((self.dir / "r.jsonl").exists())

    def test_an_engine_that_cannot_start_is_named(self):
        done = self.run_here("--engine", "cmd=./no-such-engine", "name=x",
                             "--engine", "cmd=%s" % TABLERO, "--depth", 1)
        self.assertEqual(done.returncode, 2)
        self.assertIn("engine x (./no-such-engine): cannot start ./no-such-engine", done.stderr)

    def test_a_game_the_referee_does_not_know_is_refused(self):
        done = self.run_here(*TWO, "--depth", 1, "--game", "chess")
        self.assertEqual(done.returncode, 2)
        self.assertIn("referee refused --game/--size: setoption: UCI_Variant 'chess'", done.stderr)

    def test_odd_game_counts_and_missing_limits_are_refused(self):
        odd = self.run_here(*TWO, "--depth", 1, "--games", 3)
        self.assertIn("--games must be even", odd.stderr)
        self.assertIn("engine a has no limit", self.run_here(*TWO).stderr)

    def test_openings_file_lines_are_played_in_order_each_twice(self):
        (self.dir / "book.txt").write_text(
            "# Cross-Jack 5x5 openings\n"
            "a5 b1 c5 d1\n"
            "\n"
            "startpos moves b5 b1\n"
            "x4/5/5/5/4o x moves c5\n")
        done = self.run_here(*TWO, "--depth", 1, "--game", "crossjack", "--size", 5,
                             "--games", 6, "--openings", "book.txt", "--records", "r.jsonl",
                             "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        openings = [(r["opening"]["fen"], r["opening"]["moves"], r["opening"]["source"])
                    for r in read_records(self.dir / "r.jsonl")]
        start = "5/5/5/5/5 x"
        expected = [(start, ["a5", "b1", "c5", "d1"], "book.txt:2"),
                    (start, ["b5", "b1"], "book.txt:4"),
                    ("x4/5/5/5/4o x", ["c5"], "book.txt:5")]
        self.assertEqual(openings, [e for e in expected for _ in (0, 1)])

    def test_a_bad_opening_is_refused_with_its_line(self):
        (self.dir / "book.txt").write_text("a5 b1\na5 a5\n")
        done = self.run_here(*TWO, "--depth", 1, "--size", 5, "--openings", "book.txt")
        self.assertEqual(done.returncode, 2)
        self.assertIn("book.txt line 2: move 2 'a5' in 'moves': a5: square is occupied",
                      done.stderr)

    def test_a_ugi_engine_gets_ugi_clocks_and_its_stderr_is_logged(self):
        done = self.run_here("--engine", "cmd=env RUST_LOG=debug %s" % TABLERO, "name=u",
                             "proto=ugi", "--engine", "cmd=%s" % TABLERO, "name=c",
                             "--tc", "2+0.02", "--size", 5, "--random-plies", 2)
        self.assertEqual(done.returncode, 0, done.stderr)
        log = (self.dir / "match-logs" / "u.log").read_text()
        self.assertIn("< ugi", log)
        self.assertIn("< uginewgame", log)
        self.assertRegex(log, r"< go p1time \d+ p1inc 20 p2time \d+ p2inc 20")

    def test_three_engines_play_a_round_robin(self):
        engines = []
        for depth in (1, 2, 3):
            engines += ["--engine", "cmd=%s" % TABLERO, "name=d%d" % depth, "depth=%d" % depth]
        done = self.run_here(*engines, "--game", "jcshock", "--size", 4, "--games", 2,
                             "--random-plies", 2, "--records", "r.jsonl", "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        records = read_records(self.dir / "r.jsonl")
        self.assertEqual(sorted({frozenset((r["p1"], r["p2"])) for r in records}, key=sorted),
                         sorted([frozenset(p) for p in (("d1", "d2"), ("d1", "d3"), ("d2", "d3"))],
                                key=sorted))
        self.assertIn("Games: 6 of 6 scheduled", done.stdout)
        standings = re.findall(r"^  (d\d) +(\d+\.\d) +(\d+) ", done.stdout, re.M)
        self.assertEqual(sorted(name for name, _, _ in standings), ["d1", "d2", "d3"])
        self.assertEqual(sum(float(points) for _, points, _ in standings), 6.0)
        self.assertTrue(all(games == "4" for _, _, games in standings))

    def test_sprt_stops_the_match_after_whole_pairs(self):
        done = self.run_here("--engine", "cmd=%s" % TABLERO, "name=d3", "depth=3",
                             "--engine", "cmd=%s" % TABLERO, "name=d1", "depth=1",
                             "--game", "jcshock", "--size", 6, "--games", 400,
                             "--random-plies", 3, "--sprt", "elo0=0", "elo1=150",
                             "--records", "r.jsonl", "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        llr = float(re.search(r"SPRT: H1 accepted \(LLR (-?\d+\.\d+)\)", done.stdout).group(1))
        self.assertGreaterEqual(llr, 2.94)
        records = read_records(self.dir / "r.jsonl")
        self.assertLess(len(records), 400)
        self.assertEqual(len(records) % 2, 0)
        self.assertNotIn("unpaired", done.stdout)
        self.assertRegex(done.stdout, r"SPRT elo0=0 elo1=150 .* LLR -?\d+\.\d+ \[")
        stop = re.search(r"^SPRT stopped the match after (\d+) games: H1 accepted \(LLR (\S+)\)",
                         done.stdout, re.M)
        self.assertIsNotNone(stop, done.stdout)
        self.assertLessEqual(int(stop.group(1)), len(records))
        self.assertEqual(float(stop.group(2)), llr)

    def test_replay_catches_a_tampered_record(self):
        done = self.run_here(*TWO, "--depth", 1, "--size", 5, "--random-plies", 2,
                             "--records", "r.jsonl")
        self.assertEqual(done.returncode, 0, done.stderr)
        record = json.loads((self.dir / "r.jsonl").read_text().splitlines()[0])
        record["moves"][1]["move"] = record["moves"][0]["move"]
        (self.dir / "bad.jsonl").write_text(json.dumps(record) + "\n")
        replay = self.run_here("replay", "--referee", TABLERO, "bad.jsonl")
        self.assertEqual(replay.returncode, 1)
        self.assertRegex(replay.stdout, r"game %d: move 4 '[a-e][1-5]' in 'moves': .*occupied"
                         % record["id"])

    def test_records_are_never_overwritten(self):
        (self.dir / "r.jsonl").write_text("{}\n")
        done = self.run_here(*TWO, "--depth", 1, "--records", "r.jsonl")
        self.assertEqual(done.returncode, 2)
        self.assertIn("--records r.jsonl exists", done.stderr)


if __name__ == "__main__":
    unittest.main(testRunner=ConcurrentRunner())
