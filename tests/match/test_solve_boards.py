#!/usr/bin/env python3
"""scripts/solve_boards.py solves the start position on each board it is given and prints one
Markdown row per board: the rows agree with `tablero solve` itself, a board not finished in
time is reported as unsolved, and bad usage exits 2.

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_solve_boards.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import importlib.util
import subprocess
import unittest

from match_module import ConcurrentRunner, REPO, TABLERO

SCRIPT = REPO / "scripts" / "solve_boards.py"


def solve_boards(*args):
    return subprocess.run(["python3", str(SCRIPT), "--binary", str(TABLERO), "--hash", "4"]
                          + [str(a) for a in args], capture_output=True, text=True, timeout=120)


def direct_answer(game, size):
    done = subprocess.run([str(TABLERO), "solve", "--game", game, "--size", size, "--hash", "4"],
                          capture_output=True, text=True, timeout=60)
    return done.stdout.strip().splitlines()[-1]


class SolveBoards(unittest.TestCase):
    def test_each_row_is_the_solvers_answer(self):
        done = solve_boards("--boards", "3x3,4x3")
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = done.stdout.strip().splitlines()
        self.assertEqual(len(rows), 4)
        self.assertTrue(rows[2].startswith("| 3×3 | draw | a3, b3, c3 | "), rows[2])
        self.assertTrue(rows[3].startswith("| 4×3 | win distance 7 | a3, b3, c3, d3 | "), rows[3])
        answer = direct_answer("crossjack", "4x3")
        nodes = answer.split(" nodes ")[1].split()[0]
        self.assertIn("| {:,} |".format(int(nodes)), rows[3])
        self.assertIn("`tablero solve --game crossjack --size 4x3 --hash 4`", rows[3])

    def test_every_board_up_to_an_area_smallest_first(self):
        done = solve_boards("--max-area", "12")
        boards = [row.split(" | ")[0][2:] for row in done.stdout.splitlines()[2:]]
        self.assertEqual(boards, ["3×3", "3×4", "4×3"])

    def test_jc_shock_boards_are_named_by_their_width(self):
        done = solve_boards("--game", "jcshock", "--boards", "4")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("`tablero solve --game jcshock --size 4 --hash 4`", done.stdout)
        self.assertIn("| 4×4 | draw |", done.stdout)

    def test_a_board_not_finished_in_time_is_unsolved(self):
        done = solve_boards("--boards", "9x5", "--seconds", "1")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("| 9×5 | unsolved (stopped, 0/9 root moves proven) | — |", done.stdout)

    def test_a_margin_is_shown_with_the_value(self):
        spec = importlib.util.spec_from_file_location("solve_boards", SCRIPT)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        line = ("solve value win distance 12 margin 1 length 5 moves e2 nodes 745130 time 144 "
                "hashfull 88 memory 64")
        answer = module.ANSWER.match(line).groupdict()
        self.assertEqual(module.value_words(answer), "win distance 12, margin 1 length 5")
        self.assertEqual(answer["moves"], "e2")

    def test_threads_are_passed_on_and_shown_in_the_command(self):
        done = solve_boards("--boards", "4x3", "--threads", "2")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("| 4×3 | win distance 7 | a3, b3, c3, d3 |", done.stdout)
        self.assertIn("`tablero solve --game crossjack --size 4x3 --hash 4 --threads 2`",
                      done.stdout)

    def test_bad_usage_exits_2(self):
        self.assertEqual(solve_boards("--boards", "nine").returncode, 2)
        self.assertEqual(solve_boards("--seconds", "-1").returncode, 2)
        self.assertEqual(solve_boards("--threads", "0").returncode, 2)

    def test_a_board_the_game_refuses_fails_with_the_engines_error(self):
        done = solve_boards("--boards", "2x2")
        self.assertEqual(done.returncode, 1)
        self.assertIn("does not support a 2x2 board", done.stderr)


if __name__ == "__main__":
    unittest.main(testRunner=ConcurrentRunner())
