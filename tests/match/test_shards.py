#!/usr/bin/env python3
"""A match split in two shards run at the same time merges to the unsharded summary, SPRT
included; merge refuses records that do not belong together.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_shards.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from match_module import SCRIPT, TABLERO, read_records, run_match, summary_of

# Fixed depths make tablero deterministic, so the shards play exactly the unsharded games.
MATCH = ["--engine", "cmd=%s" % TABLERO, "name=deep", "depth=2",
         "--engine", "cmd=%s" % TABLERO, "name=shallow", "depth=1",
         "--game", "crossjack", "--size", "6", "--games", 8, "--random-plies", 3, "--seed", 7,
         "--sprt", "elo0=0", "elo1=10", "--concurrency", 1, "--quiet", "--referee", TABLERO]


def without_times(record):
    """A record without what depends on the clock: move times and the start time."""
    return dict(record, moves=[m["move"] for m in record["moves"]], started=None)


class Shards(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        here = cls.tmp.name
        shards = [subprocess.Popen([sys.executable, str(SCRIPT)] + [str(a) for a in MATCH]
                                   + ["--shard", "%d/2" % i, "--records", "shard%d.jsonl" % i],
                                   cwd=here, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True) for i in (1, 2)]
        cls.whole = run_match(*MATCH, "--records", "whole.jsonl", cwd=here)
        cls.shard_runs = [shard.communicate(timeout=120) + (shard.returncode,) for shard in shards]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def path(self, name):
        return Path(self.tmp.name) / name

    def test_every_run_succeeds(self):
        self.assertEqual(self.whole.returncode, 0, self.whole.stderr)
        for out, err, code in self.shard_runs:
            self.assertEqual(code, 0, err)

    def test_shards_split_the_pairs(self):
        first = read_records(self.path("shard1.jsonl"))
        second = read_records(self.path("shard2.jsonl"))
        self.assertEqual(sorted({r["pair"] for r in first}), [0, 2])
        self.assertEqual(sorted({r["pair"] for r in second}), [1, 3])
        self.assertEqual(sorted(r["id"] for r in first + second), list(range(8)))

    def test_shards_play_the_unsharded_games(self):
        merged = read_records(self.path("shard1.jsonl")) + read_records(self.path("shard2.jsonl"))
        merged.sort(key=lambda r: r["id"])
        whole = read_records(self.path("whole.jsonl"))
        self.assertEqual([without_times(r) for r in merged], [without_times(r) for r in whole])

    def test_merge_prints_the_unsharded_summary(self):
        merged = run_match("merge", "shard2.jsonl", "shard1.jsonl", cwd=self.tmp.name)
        self.assertEqual(merged.returncode, 0, merged.stderr)
        self.assertEqual(merged.stdout.splitlines(), summary_of(self.whole.stdout))
        self.assertIn("SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05", merged.stdout)
        self.assertIn("pairs 4:", merged.stdout)

    def test_a_missing_shard_is_noted(self):
        merged = run_match("merge", "shard1.jsonl", cwd=self.tmp.name)
        self.assertIn("Games: 4 of 8 scheduled", merged.stdout)
        self.assertIn("note: 4 scheduled games are not in these records", merged.stdout)

    def test_merge_refuses_a_game_twice(self):
        merged = run_match("merge", "shard1.jsonl", "shard1.jsonl", cwd=self.tmp.name)
        self.assertEqual(merged.returncode, 2)
        self.assertIn("game 0 is also in shard1.jsonl line 1", merged.stderr)

    def test_merge_refuses_records_of_another_match(self):
        lines = self.path("shard2.jsonl").read_text().splitlines()
        other = json.loads(lines[0])
        other["match"]["seed"] = "8"
        self.path("other.jsonl").write_text(json.dumps(other) + "\n")
        merged = run_match("merge", "shard1.jsonl", "other.jsonl", cwd=self.tmp.name)
        self.assertEqual(merged.returncode, 2)
        self.assertIn("a game of another match (settings differ: seed)", merged.stderr)


if __name__ == "__main__":
    unittest.main()
