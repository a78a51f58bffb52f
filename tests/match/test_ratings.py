#!/usr/bin/env python3
"""The rating fit of scripts/tablero_match/ratings.py: ratings of synthetic games drawn from
known ratings come back within their errors, the anchor is 0, errors shrink with more games,
a two-player fit equals the closed form.

    PYTHONPATH=scripts python3 tests/match/test_ratings.py
"""

import math
import random
import unittest

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


if __name__ == "__main__":
    unittest.main()
