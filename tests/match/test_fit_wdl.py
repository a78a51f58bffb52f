#!/usr/bin/env python3
"""scripts/fit_wdl.py: the model fit recovers a and b of synthetic outcomes, the positions of
records are read from the mover's view, and the decile table of `check` adds up.

    PYTHONPATH=scripts python3 tests/match/test_fit_wdl.py
"""

import contextlib
import io
import json
import random
import tempfile
import unittest
from collections import Counter
from pathlib import Path

import fit_wdl


def synthetic_samples(a, b, count, seed=3):
    """Counter of (cp, points): cp uniform in -600..600, outcomes drawn from the model."""
    rng = random.Random(seed)
    samples = Counter()
    for _ in range(count):
        cp = rng.randint(-600, 600)
        win, draw, _ = fit_wdl.model_wdl(cp, a, b)
        x = rng.random()
        samples[(cp, 1.0 if x < win else 0.5 if x < win + draw else 0.0)] += 1
    return samples


def record(game_id, result, moves, reason="rules", opening_moves=("a1", "b2")):
    """A match.py record from the start position after `opening_moves`."""
    return {"match": {"game": "crossings", "size": None}, "id": game_id, "p1": "x", "p2": "y",
            "opening": {"fen": None, "moves": list(opening_moves), "source": "test"},
            "moves": moves, "result": result, "reason": reason}


class Fit(unittest.TestCase):
    def test_the_fit_recovers_a_and_b(self):
        for a, b in ((80.0, 120.0), (0.0, 200.0), (250.0, 60.0)):
            fitted_a, fitted_b, ll = fit_wdl.fit_model(synthetic_samples(a, b, 20000))
            self.assertLess(abs(fitted_a - a), 0.1 * a + 8.0, (a, b, fitted_a))
            self.assertLess(abs(fitted_b - b), 0.1 * b, (a, b, fitted_b))
            self.assertLess(ll, 0.0)
            # the maximum: the true values are no more likely
            samples = synthetic_samples(a, b, 20000)
            self.assertGreaterEqual(ll, fit_wdl.log_likelihood(samples, a, b) - 1e-6)

    def test_model_probabilities(self):
        win, draw, loss = fit_wdl.model_wdl(0, 100.0, 50.0)
        self.assertAlmostEqual(win, loss)
        self.assertAlmostEqual(win + draw + loss, 1.0)
        self.assertEqual(fit_wdl.model_wdl(37, 0.0, 90.0)[1], 0.0)
        self.assertGreater(fit_wdl.model_wdl(300, 100.0, 50.0)[0], 0.95)


class Positions(unittest.TestCase):
    def test_scored_moves_from_the_movers_view(self):
        moves = [{"move": "m", "ms": 1, "score": "cp 30", "wdl": [500, 300, 200]},
                 {"move": "m", "ms": 1, "score": "cp -40"},
                 {"move": "m", "ms": 1},
                 {"move": "m", "ms": 1, "score": "mate 2", "wdl": [1000, 0, 0]}]
        records = [record(0, "p1win", moves), record(1, "draw", moves[:2]),
                   record(2, "p2win", moves, reason="time forfeit"),
                   record(3, "p2win", moves[:2], opening_moves=("a1",))]
        found = fit_wdl.positions(records)
        self.assertEqual([(p["cp"], p["points"], p["ply"]) for p in found], [
            (30, 1.0, 2), (-40, 0.0, 2 + 1), (None, 0.0, 2 + 3),
            (30, 0.5, 2), (-40, 0.5, 3),
            (30, 1.0, 1), (-40, 0.0, 2)])  # after one opening move player 2 moves first
        self.assertEqual(found[0]["wdl"], [500, 300, 200])
        self.assertIsNone(found[1]["wdl"])
        self.assertEqual([p["p1"] for p in found], [True, False, False, True, False, False, True])
        self.assertEqual(len(fit_wdl.positions(records, plies_from=3)), 3)

    def test_commands_on_records_files(self):
        rng = random.Random(5)
        lines = []
        for game_id in range(300):
            cp = rng.randint(-300, 300)
            win, draw, _ = fit_wdl.model_wdl(cp, 60.0, 100.0)
            x = rng.random()
            result = "p1win" if x < win else "draw" if x < win + draw else "p2win"
            w = int(round(1000 * win))
            move = {"move": "m", "ms": 1, "score": "cp %d" % cp, "wdl": [w, 0, 1000 - w]}
            lines.append(json.dumps(record(game_id, result, [move])))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "games.jsonl"
            path.write_text("\n".join(lines) + "\n")
            outputs = []
            for command in (["fit"], ["check"], ["check", "--model", "60,100"]):
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    status = fit_wdl.main(command + [str(path), "--referee",
                                                     str(Path(tmp) / "none")])
                outputs.append((status, out.getvalue()))
        self.assertEqual(outputs[0][0], 0)
        self.assertIn("positions 300", outputs[0][1])
        self.assertRegex(outputs[0][1], r"a = [\d.]+, b = [\d.]+")
        self.assertIn("| predicted win | positions |", outputs[1][1])
        self.assertIn("predicted by the model a = 60, b = 100: 300 positions", outputs[2][1])


class Check(unittest.TestCase):
    def test_the_decile_table(self):
        rows = [(0.05, 0.5, 0.0), (0.15, 0.2, 1.0), (0.19, 0.0, 0.5), (0.95, 0.05, 1.0),
                (1.0, 0.0, 1.0)]
        table = fit_wdl.decile_rows(rows)
        self.assertEqual(len(table), 10)
        self.assertEqual(table[0], (0, 1, 0.05, 0.0, 0.3, 0.0))
        decile, n, win, won, score, scored = table[1]
        self.assertEqual((decile, n, won, scored), (1, 2, 0.5, 0.75))
        self.assertAlmostEqual(win, 0.17)
        self.assertAlmostEqual(score, (0.25 + 0.19) / 2)
        self.assertEqual(table[5][1:], (0, None, None, None, None))
        self.assertEqual(table[9][:2], (9, 2))
        self.assertAlmostEqual(table[9][2], 0.975)
        self.assertAlmostEqual(table[9][5], 1.0)
        flags = fit_wdl.decile_flags(table)
        self.assertIn("0-10%: score observed 0.0%, predicted 30.0% (-30.0 points, 1 positions)",
                      flags)
        self.assertIn("10-20%: win share observed 50.0%, predicted 17.0% (+33.0 points, "
                      "2 positions)", flags)
        self.assertFalse(any(flag.startswith("90-100%: win") for flag in flags))
        lines = fit_wdl.decile_table(table)
        self.assertIn("| 50-60% | 0 | - | - | - | - | - | - |", lines)
        self.assertIn("| 0-10% | 1 | 5.0 | 0.0 | -5.0 | 30.0 | 0.0 | -30.0 |", lines)

    def test_predictions_from_wdl_or_model(self):
        found = [{"cp": 20, "wdl": [600, 300, 100], "points": 1.0},
                 {"cp": None, "wdl": [1000, 0, 0], "points": 1.0},
                 {"cp": -20, "wdl": None, "points": 0.0}]
        self.assertEqual(fit_wdl.predictions(found), [(0.6, 0.3, 1.0), (1.0, 0.0, 1.0)])
        modelled = fit_wdl.predictions(found, (50.0, 100.0))
        self.assertEqual([points for _, _, points in modelled], [1.0, 0.0])
        self.assertAlmostEqual(modelled[0][0], fit_wdl.model_wdl(20, 50.0, 100.0)[0])

    def test_each_player_to_move_may_have_its_own_model(self):
        found = [{"cp": 20, "wdl": None, "points": 1.0, "p1": True},
                 {"cp": 20, "wdl": None, "points": 0.0, "p1": False}]
        model = fit_wdl.parse_model("0,40/0,80")
        self.assertEqual(model, ((0.0, 40.0), (0.0, 80.0)))
        first, second = fit_wdl.predictions(found, model)
        self.assertAlmostEqual(first[0], fit_wdl.model_wdl(20, 0.0, 40.0)[0])
        self.assertAlmostEqual(second[0], fit_wdl.model_wdl(20, 0.0, 80.0)[0])
        self.assertEqual(fit_wdl.parse_model("5,60"), (5.0, 60.0))
        self.assertEqual(fit_wdl.parse_model("30,-10,90/0,0,80"),
                         ((30.0, -10.0, 90.0), (0.0, 0.0, 80.0)))
        with self.assertRaises(fit_wdl.UsageError):
            fit_wdl.parse_model("-30,10,90")  # margins summing below 0

    def test_a_curve_with_margins_of_its_own_is_recovered(self):
        rng = random.Random(9)
        samples = Counter()
        for _ in range(20000):
            cp = rng.randint(-500, 500)
            win, draw, _ = fit_wdl.model_wdl(cp, 60.0, 90.0, -30.0)
            x = rng.random()
            samples[(cp, 1.0 if x < win else 0.5 if x < win + draw else 0.0)] += 1
        win_margin, loss_margin, b, _ = fit_wdl.fit_curve(samples)
        self.assertAlmostEqual(win_margin, 60.0, delta=10.0)
        self.assertAlmostEqual(loss_margin, -30.0, delta=10.0)
        self.assertAlmostEqual(b, 90.0, delta=10.0)
        for bad in ("5", "1,2/3,4/5,6", "-1,50", "a,b"):
            with self.assertRaises(fit_wdl.UsageError):
                fit_wdl.parse_model(bad)


class Measured(unittest.TestCase):
    def test_isotonic_pools_what_runs_the_wrong_way(self):
        blocks = fit_wdl.isotonic([(0, 0.0, 1), (10, 1.0, 1), (20, 0.0, 1), (30, 1.0, 1)])
        self.assertEqual([(x, y) for x, y, _ in blocks], [(0, 0.0), (15, 0.5), (30, 1.0)])
        falling = fit_wdl.isotonic([(0, 1.0, 2), (10, 0.0, 1), (20, 1.0, 1)], rising=False)
        self.assertEqual([(x, y) for x, y, _ in falling], [(0, 1.0), (15, 0.5)])

    def test_the_engines_rule_between_points(self):
        # The same curve and answers as the engine's MeasuredCurve unit tests.
        wins = [[-100, 100], [0, 400], [0, 600], [100, 900]]
        losses = [[-100, 850], [100, 50]]
        curve = {"wins": wins, "losses": losses}
        self.assertEqual(fit_wdl.between_points(wins, -50), 250)
        self.assertEqual(fit_wdl.between_points(wins, 0), 600)
        self.assertEqual(fit_wdl.between_points(wins, -1), 397)
        self.assertEqual(fit_wdl.between_points(wins, -5000), 100)
        self.assertEqual(fit_wdl.between_points(wins, 5000), 900)
        win, draw, loss = fit_wdl.measured_wdl(curve, -25)
        self.assertEqual((round(1000 * win), round(1000 * loss)), (325, 550))
        self.assertAlmostEqual(win + draw + loss, 1.0)

    def test_a_measured_curve_follows_outcomes_no_logistic_fits(self):
        # Scores just below 0 win more often than scores just above: the fit pools them.
        samples = Counter()
        for cp, won, games in ((-200, 0, 50), (-20, 1, 30), (-20, 0, 10), (20, 1, 10),
                               (20, 0, 30), (200, 1, 50)):
            samples[(cp, 1.0 if won else 0.0)] += games
        curve = fit_wdl.measured_curve(samples)
        # Equal neighbours pool too, so each point sits at its block's mean score.
        self.assertEqual(curve["wins"], [[-170, 0], [0, 500], [170, 1000]])
        self.assertEqual(curve["losses"], [[-170, 1000], [0, 500], [170, 0]])

    def test_fit_writes_a_model_check_reads_back(self):
        lines = []
        for game_id in range(40):
            result = "p1win" if game_id % 2 else "p2win"
            moves = [{"move": "m", "ms": 1, "score": "cp %d" % (30 if game_id % 2 else -30),
                      "depth": depth} for depth in (4, 4, 5, 5)]
            lines.append(json.dumps(record(game_id, result, moves)))
        with tempfile.TemporaryDirectory() as tmp:
            path, model = Path(tmp) / "games.jsonl", Path(tmp) / "model.json"
            path.write_text("\n".join(lines) + "\n")
            referee = ["--referee", str(Path(tmp) / "none")]
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                fitted = fit_wdl.main(["fit", str(path), "--measured", str(model)] + referee)
                checked = fit_wdl.main(["check", str(path), "--measured", str(model)] +
                                       referee)
            self.assertEqual((fitted, checked), (0, 0), out.getvalue())
            self.assertIn("WdlCurve::Measured(MeasuredCurve {", out.getvalue())
            self.assertIn("predicted by the measured model of", out.getvalue())
            model.write_text("{\"p1\": [{\"wins\": [[1]]}]}")
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                status = fit_wdl.main(["check", str(path), "--measured", str(model)] + referee)
            self.assertEqual(status, 2)
            self.assertIn("not a model written by fit --measured", err.getvalue())


if __name__ == "__main__":
    unittest.main()
