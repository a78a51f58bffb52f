#!/usr/bin/env python3
"""scripts/perft.sh checks a vectors file against a binary: the repository's vectors pass with
tablero, a wrong count or a failing binary is reported and fails the run.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_perft_script.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import subprocess
import tempfile
import unittest
from pathlib import Path

from match_module import ConcurrentRunner, REPO, TABLERO

SCRIPT = REPO / "scripts" / "perft.sh"
VECTORS = REPO / "tests" / "vectors" / "perft.txt"


def perft_sh(*args):
    return subprocess.run(["bash", str(SCRIPT)] + [str(a) for a in args],
                          capture_output=True, text=True, timeout=120)


class PerftScript(unittest.TestCase):
    def test_the_repository_vectors_pass(self):
        done = perft_sh(TABLERO, VECTORS)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        vectors = [line for line in VECTORS.read_text().splitlines()
                   if line.strip() and not line.startswith("#")]
        depths = sum(len(line.split("|")[2].split()) for line in vectors)
        self.assertIn("all %d counts match" % depths, done.stdout)
        self.assertEqual(done.stdout.count("\nok "), depths - 1)  # first line has no \n before

    def test_a_wrong_count_fails_and_is_named(self):
        with tempfile.TemporaryDirectory() as tmp:
            vectors = Path(tmp) / "v.txt"
            vectors.write_text("# start positions\n"
                               "crossjack | 8/8/8/8/8/8/8/8 x | 8 64 449\n"
                               "jcshock | 4/4/4/4 o | 16\n")
            done = perft_sh(TABLERO, vectors)
        self.assertEqual(done.returncode, 1)
        self.assertIn("FAIL crossjack depth 3: expected 449, got 448", done.stdout)
        self.assertIn("ok   jcshock   depth 1", done.stdout)
        self.assertIn("1 of 4 counts differ", done.stdout)

    def test_max_depth_skips_the_deep_counts(self):
        done = perft_sh("--max-depth", 1, TABLERO, VECTORS)
        self.assertEqual(done.returncode, 0)
        self.assertNotIn("depth 2", done.stdout)

    def test_a_binary_that_refuses_the_position_fails(self):
        with tempfile.TemporaryDirectory() as tmp:
            vectors = Path(tmp) / "v.txt"
            vectors.write_text("crossjack | 8/8/8 q | 1\n")
            done = perft_sh(TABLERO, vectors)
        self.assertEqual(done.returncode, 1)
        self.assertIn("FAIL crossjack depth 1: the binary failed (status 2)", done.stdout)

    def test_bad_usage_exits_2(self):
        self.assertEqual(perft_sh().returncode, 2)
        self.assertEqual(perft_sh("/no/such/binary").returncode, 2)


if __name__ == "__main__":
    unittest.main(testRunner=ConcurrentRunner())
