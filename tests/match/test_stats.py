#!/usr/bin/env python3
"""match.py's statistics (scripts/tablero_match/stats.py) against values computed by hand (each
computation is in the comments).

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_stats.py [Class[.test_name]]

cargo test runs it through tests/integration/match_runner.rs with the test build as TABLERO.
"""

import math
import unittest

from tablero_match import stats


def game(game_id, pair, p1, p2, result):
    return {"id": game_id, "pair": pair, "p1": p1, "p2": p2, "result": result}


class EloFromScore(unittest.TestCase):
    def test_score_of_seventy_percent_is_147_elo(self):
        # Elo = -400 log10(1/0.7 - 1) = -400 log10(3/7) = 400 * 0.367977 = 147.19
        self.assertAlmostEqual(stats.score_to_elo(0.7), 147.1907, places=3)

    def test_elo_and_score_are_inverse(self):
        # score(10) = 1 / (1 + 10^(-10/400)) = 1 / (1 + 0.944061) = 0.514387
        self.assertAlmostEqual(stats.elo_to_score(10.0), 0.5143872, places=6)
        self.assertAlmostEqual(stats.score_to_elo(stats.elo_to_score(-250.0)), -250.0)

    def test_a_perfect_score_is_infinite(self):
        self.assertEqual(stats.score_to_elo(1.0), math.inf)
        self.assertEqual(stats.score_to_elo(0.0), -math.inf)


class TrinomialInterval(unittest.TestCase):
    # W-D-L 6-2-2 over N = 10 games:
    #   mean     = (6 * 1 + 2 * 0.5 + 2 * 0) / 10 = 0.7
    #   variance = (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10 = (0.54 + 0.08 + 0.98) / 10 = 0.16
    #   error    = sqrt(0.16 / 10) = 0.4 / 3.162278 = 0.126491
    #   95%      = 0.7 -/+ 1.959964 * 0.126491 = 0.7 -/+ 0.247918 = [0.452082, 0.947918]
    #   Elo      = 147.19 in [-400 log10(1/0.452082 - 1), -400 log10(1/0.947918 - 1)]
    #            = [-400 * 0.083498, -400 * -1.260083] = [-33.40, +504.03]
    #   LOS      = Phi((0.7 - 0.5) / 0.126491) = Phi(1.581139) = 0.943077
    def test_mean_and_error(self):
        mean, error = stats.trinomial_estimate(6, 2, 2)
        self.assertAlmostEqual(mean, 0.7)
        self.assertAlmostEqual(error, 0.1264911, places=6)

    def test_elo_interval(self):
        elo, low, high = stats.elo_interval(*stats.trinomial_estimate(6, 2, 2))
        self.assertAlmostEqual(elo, 147.19, places=2)
        self.assertAlmostEqual(low, -33.40, places=2)
        self.assertAlmostEqual(high, 504.03, places=2)

    def test_likelihood_of_superiority(self):
        los = stats.likelihood_of_superiority(*stats.trinomial_estimate(6, 2, 2))
        self.assertAlmostEqual(los, 0.943077, places=5)

    def test_los_without_spread_is_certain(self):
        self.assertEqual(stats.likelihood_of_superiority(0.75, 0.0), 1.0)
        self.assertEqual(stats.likelihood_of_superiority(0.5, 0.0), 0.5)


class PentanomialInterval(unittest.TestCase):
    # Pairs [LL, LD, DD+WL, WD, WW] = [1, 1, 3, 3, 2], N = 10 pairs, pair scores 0 .. 1:
    #   mean     = (0 + 0.25 + 3 * 0.5 + 3 * 0.75 + 2 * 1) / 10 = 6 / 10 = 0.6
    #   variance = (0.6^2 + 0.35^2 + 3 * 0.1^2 + 3 * 0.15^2 + 2 * 0.4^2) / 10
    #            = (0.36 + 0.1225 + 0.03 + 0.0675 + 0.32) / 10 = 0.09
    #   error    = sqrt(0.09 / 10) = 0.094868
    #   Elo      = 400 log10(0.6 / 0.4) = 400 * 0.176091 = 70.44
    #   95%      = 0.6 -/+ 1.959964 * 0.094868 = [0.414060, 0.785940] -> [-60.31, +225.94]
    #   LOS      = Phi(0.1 / 0.094868) = Phi(1.054093) = 0.854080
    penta = [1, 1, 3, 3, 2]

    def test_mean_and_error(self):
        mean, error = stats.pentanomial_estimate(self.penta)
        self.assertAlmostEqual(mean, 0.6)
        self.assertAlmostEqual(error, 0.0948683, places=6)

    def test_elo_interval_and_los(self):
        mean, error = stats.pentanomial_estimate(self.penta)
        elo, low, high = stats.elo_interval(mean, error)
        self.assertAlmostEqual(elo, 70.44, places=2)
        self.assertAlmostEqual(low, -60.31, places=2)
        self.assertAlmostEqual(high, 225.94, places=2)
        self.assertAlmostEqual(stats.likelihood_of_superiority(mean, error), 0.854080, places=5)


class PairsFromRecords(unittest.TestCase):
    # From a's view: pair 0 W+W = 2 points (WW), pair 1 W+L = 1 (DD+WL), pair 2 D+D = 1 (DD+WL),
    # pair 3 L+D = 0.5 (LD), pair 4 L+L = 0 (LL), pair 5 has one game only (unpaired).
    records = [
        game(0, 0, "a", "b", "p1win"), game(1, 0, "b", "a", "p2win"),
        game(2, 1, "a", "b", "p1win"), game(3, 1, "b", "a", "p1win"),
        game(4, 2, "a", "b", "draw"), game(5, 2, "b", "a", "draw"),
        game(6, 3, "a", "b", "p2win"), game(7, 3, "b", "a", "draw"),
        game(8, 4, "a", "b", "p2win"), game(9, 4, "b", "a", "p1win"),
        game(10, 5, "a", "b", "p1win"),
    ]

    def test_pentanomial_counts_of_complete_pairs(self):
        tally = stats.Tally.of("a", "b", self.records)
        self.assertEqual(tally.penta, [1, 1, 2, 0, 1])
        self.assertEqual(tally.unpaired, 1)

    def test_wins_draws_losses_add_up(self):
        tally = stats.Tally.of("a", "b", self.records)
        # wins: games 0, 1, 2, 10; draws: 4, 5, 7; losses: 3, 6, 8, 9
        self.assertEqual((tally.wins, tally.draws, tally.losses), (4, 3, 4))
        # as player 1 (even ids): wins 0, 2, 10; draw 4; losses 6, 8
        self.assertEqual(tally.first_as_p1, [3, 1, 2])

    def test_an_unpaired_game_falls_back_to_the_trinomial_model(self):
        self.assertEqual(stats.Tally.of("a", "b", self.records).estimate()[2], "trinomial")
        paired = stats.Tally.of("a", "b", self.records[:-1])
        self.assertEqual(paired.estimate()[2], "pentanomial")


class SequentialTest(unittest.TestCase):
    def test_bounds_at_five_percent(self):
        # ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = +2.944439
        lower, upper = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lower, -2.944439, places=6)
        self.assertAlmostEqual(upper, 2.944439, places=6)

    def test_llr_of_two_outcomes_around_even(self):
        # 100 pairs, half LD (0.25), half WD (0.75): mean 0.5. With two outcomes the closest
        # distribution with mean s is p(0.75) = (s - 0.25) / 0.5, p(0.25) = (0.75 - s) / 0.5.
        #   H0: s0 = score(0) = 0.5           -> p0 = (0.5, 0.5)
        #   H1: s1 = score(10) = 0.514387     -> p1 = (0.471226, 0.528774)
        #   LLR = 100 * (0.5 ln(0.471226 / 0.5) + 0.5 ln(0.528774 / 0.5))
        #       = 50 ln(0.942451 * 1.057549) = 50 ln(0.996688) = -0.165868
        probs = [0.0, 0.5, 0.0, 0.5, 0.0]
        llr = stats.log_likelihood_ratio(stats.PENTA_SCORES, probs, 100, 0.5,
                                         stats.elo_to_score(10.0))
        self.assertAlmostEqual(llr, -0.165868, places=5)

    def test_llr_of_two_outcomes_for_a_stronger_engine(self):
        # 40 pairs, half DD (0.5), half WW (1.0): mean 0.75, Elo +190.8.
        #   s0 = score(100) = 0.640065 -> p0(1.0) = (s0 - 0.5) / 0.5 = 0.280130, p0(0.5) = 0.719870
        #   s1 = score(200) = 0.759747 -> p1(1.0) = 0.519494, p1(0.5) = 0.480506
        #   LLR = 40 * 0.5 * (ln(0.480506 / 0.719870) + ln(0.519494 / 0.280130))
        #       = 20 * (ln 0.667493 + ln 1.854474) = 20 ln 1.237849 = 4.267412
        probs = [0.0, 0.0, 0.5, 0.0, 0.5]
        llr = stats.log_likelihood_ratio(stats.PENTA_SCORES, probs, 40,
                                         stats.elo_to_score(100.0), stats.elo_to_score(200.0))
        self.assertAlmostEqual(llr, 4.267412, places=5)
        self.assertEqual(stats.sprt_decision(llr, stats.sprt_bounds(0.05, 0.05)), "H1 accepted")

    def test_closest_distribution_has_the_asked_mean(self):
        probs = [0.05, 0.2, 0.45, 0.2, 0.1]
        p = stats.distribution_with_mean(stats.PENTA_SCORES, probs, 0.56)
        self.assertAlmostEqual(sum(p), 1.0, places=12)
        self.assertAlmostEqual(sum(a * q for a, q in zip(stats.PENTA_SCORES, p)), 0.56, places=12)

    def test_counts_are_regularized_like_fastchess(self):
        # Empty cells count 1e-3 so that H0 and H1 keep every outcome possible; the LLR of
        # [0, 50, 0, 50, 0] is then the two-outcome value above up to that pseudo-count.
        self.assertEqual(stats.regularized([0, 50, 0, 50, 0]), [1e-3, 50, 1e-3, 50, 1e-3])
        self.assertAlmostEqual(stats.sprt_llr([0, 50, 0, 50, 0], 0.0, 10.0), -0.165868, places=3)

    def test_llr_agrees_with_the_normal_approximation(self):
        # Near the hypotheses, LLR ~ n (s1 - s0) (2 mean - s0 - s1) / (2 variance).
        # [100, 400, 1000, 400, 100] pairs (n = 2000) are symmetric: mean 0.5, variance
        # (2 * 100 * 0.5^2 + 2 * 400 * 0.25^2) / 2000 = (50 + 50) / 2000 = 0.05;
        # s0 = 0.5, s1 = 0.514387: 2000 * 0.014387 * (1 - 1.014387) / 0.1
        # = -20000 * 0.014387^2 = -4.1398
        llr = stats.sprt_llr([100, 400, 1000, 400, 100], 0.0, 10.0)
        self.assertAlmostEqual(llr, -4.1398, delta=0.02)

    def test_symmetric_hypotheses_around_the_mean_balance(self):
        # Mean 0.5 lies halfway between score(-10) and score(+10): no evidence either way.
        self.assertAlmostEqual(stats.sprt_llr([100, 400, 1000, 400, 100], -10.0, 10.0), 0.0)

    def test_no_pairs_no_evidence(self):
        self.assertEqual(stats.sprt_llr([0, 0, 0, 0, 0], 0.0, 10.0), 0.0)


if __name__ == "__main__":
    unittest.main()
