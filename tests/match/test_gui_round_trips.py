#!/usr/bin/env python3
"""scripts/gui_round_trips.py: it plays a short random game of each game, finds `query turn`
equal to the single queries at every ply, and prints one table row per game with one round
trip a ply for `query turn` and more for the single queries.

    PYTHONPATH=scripts python3 tests/match/test_gui_round_trips.py

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import subprocess
import sys
import unittest

from match_module import REPO, TABLERO

SCRIPT = REPO / "scripts" / "gui_round_trips.py"


class RoundTrips(unittest.TestCase):
    def test_one_round_trip_a_ply_answers_what_the_single_queries_do(self):
        done = subprocess.run([sys.executable, str(SCRIPT), "--tablero", str(TABLERO),
                               "--games", "1", "--seed", "3"],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = [line for line in done.stdout.splitlines()
                if line.startswith("| ") and "8x8" in line]
        self.assertEqual([row.split(" | ")[0] for row in rows],
                         ["| crossjack 8x8", "| jcshock 8x8", "| crossings 8x8"])
        for row in rows:
            cells = [cell.strip() for cell in row.strip("|").split("|")]
            self.assertGreater(float(cells[2]), 5.0, row)
            self.assertEqual(cells[4], "1", row)

    def test_bad_usage_is_an_error_line(self):
        for args, words in ((["--games", "0"], "--games must be at least 1"),
                            (["--tablero", "/nonexistent/tablero"], "cannot start")):
            done = subprocess.run([sys.executable, str(SCRIPT)] + args, capture_output=True,
                                  text=True, timeout=30)
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertIn("error: " + words, done.stderr)
            self.assertNotIn("Traceback", done.stderr)

    def test_help(self):
        done = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True,
                              text=True, timeout=30)
        self.assertEqual(done.returncode, 0)
        self.assertIn("query turn", done.stdout)


if __name__ == "__main__":
    unittest.main()
