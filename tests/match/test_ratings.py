#!/usr/bin/env python3
"""The rating fit of scripts/tablero_match/ratings.py: ratings of synthetic games drawn from
known ratings come back within their errors, the anchor is 0, errors shrink with more games,
a two-player fit equals the closed form. scripts/calibrate_levels.py: its schedule, its
engines' words and its report of records (--fit-only).

    PYTHONPATH=scripts python3 tests/match/test_ratings.py
"""

import contextlib
import io
import json
import math
import random
import tempfile
import unittest
from pathlib import Path

import calibrate_levels

from tablero_match.ratings import ELO_UNIT, RatingError, fit_ratings, game_points, tally
from tablero_match.stats import score_to_elo

TRUE = {"anchor": 0.0, "b": 150.0, "c": -120.0, "d": 420.0, "e": 300.0}
PAIRINGS = [("anchor", "b"), ("anchor", "c"), ("b", "d"), ("b", "e"), ("d", "e"), ("c", "b")]


def synthetic_games(games_per_pairing, seed=1, draw_rate=0.3):
    """Games of PAIRINGS drawn from TRUE ratings: a draws with probability min(draw_rate,
    2 min(E, 1 - E)) and otherwise wins so that its expected score is E."""
    rng = random.Random(seed)
    games = []
    for a, b in PAIRINGS:
        expected = 1.0 / (1.0 + 10.0 ** ((TRUE[b] - TRUE[a]) / 400.0))
        draw = min(draw_rate, 2.0 * min(expected, 1.0 - expected))
        win = expected - draw / 2.0
        for _ in range(games_per_pairing):
            x = rng.random()
            games.append((a, b, 1.0 if x < win else 0.5 if x < win + draw else 0.0))
    return games


class Ratings(unittest.TestCase):
    def test_synthetic_ratings_come_back_within_their_errors(self):
        ratings = fit_ratings(synthetic_games(2000), "anchor")
        self.assertEqual(ratings["anchor"], (0.0, 0.0))
        for name, elo in TRUE.items():
            fitted, error = ratings[name]
            self.assertLess(abs(fitted - elo), 4.0 * error + 1e-9, name)
            if name != "anchor":
                self.assertLess(error, 25.0, name)

    def test_errors_shrink_with_more_games(self):
        few = fit_ratings(synthetic_games(200), "anchor")
        many = fit_ratings(synthetic_games(3200), "anchor")
        for name in TRUE:
            if name != "anchor":
                # sixteen times the games: about a quarter of the error
                self.assertLess(many[name][1], 0.35 * few[name][1], name)
                self.assertGreater(many[name][1], 0.15 * few[name][1], name)

    def test_two_players_equal_the_closed_form(self):
        games = [("x", "y", 1.0)] * 13 + [("y", "x", 0.5)] * 4 + [("y", "x", 1.0)] * 3
        ratings = fit_ratings(games, "y")
        score = 15.0 / 20.0
        self.assertAlmostEqual(ratings["x"][0], score_to_elo(score), places=6)
        self.assertAlmostEqual(ratings["x"][1],
                               1.0 / math.sqrt(20 * score * (1 - score)) / ELO_UNIT, places=6)
        # the other anchor: the same difference, the other sign
        self.assertAlmostEqual(fit_ratings(games, "x")["y"][0], -score_to_elo(score), places=6)

    def test_a_perfect_score_needs_prior_draws(self):
        games = [("x", "y", 1.0)] * 10 + [("y", "z", 0.5)] * 2
        with self.assertRaises(RatingError):
            fit_ratings(games, "y")
        ratings = fit_ratings(games, "y", prior_draws=1.0)
        self.assertAlmostEqual(ratings["x"][0], score_to_elo(10.5 / 11), places=6)
        self.assertAlmostEqual(ratings["z"][0], 0.0, places=6)

    def test_unlinked_players_and_a_missing_anchor_are_refused(self):
        games = [("x", "y", 1.0), ("x", "y", 0.0), ("u", "v", 0.5)]
        with self.assertRaises(RatingError):
            fit_ratings(games, "x")
        with self.assertRaises(RatingError):
            fit_ratings(games, "w")

    def test_tally_and_record_points(self):
        self.assertEqual(tally([("b", "a", 1.0), ("a", "b", 0.5)]), {("a", "b"): [0.5, 2]})
        record = {"p1": "l3", "p2": "l4", "result": "p2win"}
        self.assertEqual(game_points(record), ("l3", "l4", 0.0))


def level_records(directory, a, b, points_of_a, ms=(3, 5)):
    """A records file of match.py's form in `directory`: a against b, colours swapped pair by
    pair, a scoring `points_of_a` (1, 0.5 or 0 per game); a's moves take ms[0], b's ms[1]."""
    header = {"game": "crossings", "engines": [{"name": a}, {"name": b}]}
    lines = []
    for number, points in enumerate(points_of_a):
        p1, p2 = (a, b) if number % 2 == 0 else (b, a)
        p1_points = points if p1 == a else 1.0 - points
        result = {1.0: "p1win", 0.5: "draw", 0.0: "p2win"}[p1_points]
        times = (ms[0], ms[1]) if p1 == a else (ms[1], ms[0])
        moves = [{"move": "x", "ms": times[ply % 2]} for ply in range(5)]
        lines.append(json.dumps({"match": header, "id": number, "pair": number // 2, "p1": p1,
                                 "p2": p2, "opening": {"fen": None, "moves": ["m", "n"],
                                                       "source": "random"},
                                 "moves": moves, "result": result, "reason": "rules"}))
    Path(directory, "%s-vs-%s.jsonl" % (a, b)).write_text("\n".join(lines) + "\n")


class Calibration(unittest.TestCase):
    def test_the_default_schedule(self):
        pairs = calibrate_levels.default_pairs()
        self.assertEqual(len(pairs), len(set(pairs)))
        self.assertIn(("L0", "L1"), pairs)
        self.assertIn(("L18", "L20"), pairs)
        self.assertIn(("random", "greedy"), pairs)
        self.assertIn(("greedy", "L10"), pairs)
        self.assertNotIn(("greedy", "L11"), pairs)
        self.assertEqual(len(pairs), 20 + 19 + 4 + 11)

    def test_gauntlets_add_greedy_against_every_level_and_full_strength_against_every_third(self):
        pairs = calibrate_levels.default_pairs(gauntlets=True)
        self.assertEqual(len(pairs), len(set(pairs)))
        self.assertTrue(set(calibrate_levels.default_pairs()) < set(pairs))
        self.assertIn(("greedy", "L20"), pairs)
        self.assertIn(("L15", "L20"), pairs)
        self.assertNotIn(("L1", "L20"), pairs)
        self.assertEqual(len(pairs), 20 + 19 + 4 + 21 + 6)

    def test_a_bad_anchor_is_refused_before_any_game(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "levels"
            with contextlib.redirect_stderr(io.StringIO()) as err:
                status = calibrate_levels.main(["--anchor", "nobody=3", "--out", str(out)])
            self.assertEqual(status, 2)
            self.assertIn("--anchor", err.getvalue())
            self.assertFalse(out.exists())

    def test_the_anchor_is_a_player_and_a_number(self):
        self.assertEqual(calibrate_levels.parse_anchor("greedy=1000"), ("greedy", 1000.0))
        self.assertEqual(calibrate_levels.parse_anchor("L3=-50"), ("L3", -50.0))
        for bad in ("greedy", "nobody=3", "greedy=strong"):
            with self.assertRaises(calibrate_levels.UsageError):
                calibrate_levels.parse_anchor(bad)

    def test_engine_words_of_the_players(self):
        args = calibrate_levels.parser().parse_args(["--binary", "t", "--movetime", "900",
                                                     "--full-nodes", "77"])
        self.assertEqual(calibrate_levels.engine_words("L3", args),
                         ["cmd=t", "name=L3", "option.Skill Level=3", "movetime=900"])
        self.assertEqual(calibrate_levels.engine_words("L20", args),
                         ["cmd=t", "name=L20", "option.Skill Level=20", "nodes=77"])
        self.assertEqual(calibrate_levels.engine_words("random", args),
                         ["cmd=t", "name=random", "option.Strategy=random", "movetime=900"])
        self.assertEqual(calibrate_levels.label_of("L19", (100.0, 2000.0)), 2000.0)
        self.assertEqual(calibrate_levels.label_of("L1", (100.0, 2000.0)), 200.0)
        self.assertIsNone(calibrate_levels.label_of("L20", (100.0, 2000.0)))

    def test_fit_only_reports_the_records(self):
        with tempfile.TemporaryDirectory() as tmp:
            level_records(tmp, "random", "L0", [0.0, 0.5, 0.0, 1.0, 0.0, 0.0])
            level_records(tmp, "L0", "L2", [0.0, 0.0, 0.5, 0.0])
            level_records(tmp, "L1", "L2", [1.0, 0.0])
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = calibrate_levels.main(["--fit-only", "--out", tmp, "--binary",
                                                str(Path(tmp) / "none"), "--game", "crossings",
                                                "--anchor", "random=0",
                                                "--json", str(Path(tmp) / "fit.json")])
            fit = json.loads(Path(tmp, "fit.json").read_text())
        text = out.getvalue()
        self.assertEqual(status, 0, text)
        expected = fit_ratings([("random", "L0", p) for p in [0.0, 0.5, 0.0, 1.0, 0.0, 0.0]] +
                               [("L0", "L2", p) for p in [0.0, 0.0, 0.5, 0.0]] +
                               [("L1", "L2", p) for p in [1.0, 0.0]], "random", 0.5)
        for player, (elo, error) in expected.items():
            self.assertAlmostEqual(fit["players"][player]["elo"], elo, places=6)
            self.assertAlmostEqual(fit["players"][player]["ci95"], 1.959963984540054 * error,
                                   places=6)
        # L0: 4.5 of 6 points against random, 0.5 of 4 against L2; 15 moves of 5 ms as the
        # second player of its first file, 15 moves of 3 ms as the first of its second
        self.assertIn("| L0 | - | %+.0f | ±%.0f | 10 | 50.0%% | 4 |" % (
            expected["L0"][0], 1.959963984540054 * expected["L0"][1]), text)
        self.assertIn("| random | - | +0 | ±0 | 6 | 25.0% | 3 |", text)
        self.assertIn("| L2 | 50.0% (2) | 87.5% (4) |", text)
        self.assertIn("| L1 | - | - |", text)
        self.assertEqual(fit["flags"], [])

    def test_the_default_anchor_puts_greedy_at_1000(self):
        with tempfile.TemporaryDirectory() as tmp:
            level_records(tmp, "greedy", "L0", [1.0, 0.5, 1.0, 0.0])
            with contextlib.redirect_stdout(io.StringIO()):
                calibrate_levels.main(["--fit-only", "--out", tmp, "--binary",
                                       str(Path(tmp) / "none"), "--json",
                                       str(Path(tmp) / "fit.json")])
            fit = json.loads(Path(tmp, "fit.json").read_text())
        expected = fit_ratings([("greedy", "L0", p) for p in [1.0, 0.5, 1.0, 0.0]], "greedy", 0.5)
        self.assertEqual(fit["anchor"], {"player": "greedy", "elo": 1000.0})
        self.assertEqual(fit["players"]["greedy"]["elo"], 1000.0)
        self.assertAlmostEqual(fit["players"]["L0"]["elo"], 1000.0 + expected["L0"][0], places=6)

    def test_a_level_too_close_to_the_one_two_below_is_flagged(self):
        with tempfile.TemporaryDirectory() as tmp:
            level_records(tmp, "random", "L1", [0.0, 0.0, 0.5, 0.0])
            level_records(tmp, "L1", "L3", [0.5, 0.0, 1.0, 0.5])
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = calibrate_levels.main(["--fit-only", "--out", tmp, "--binary",
                                                str(Path(tmp) / "none"), "--anchor", "random=0"])
        self.assertEqual(status, 1)
        self.assertIn("- L3 scores 50.0% against L1 (4 games), below 60%", out.getvalue())


if __name__ == "__main__":
    unittest.main()
