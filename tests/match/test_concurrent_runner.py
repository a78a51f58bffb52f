"""Tests of ConcurrentRunner (tests/match/match_module.py), the runner of the slow test files
here: on small suites built in memory, its result and report are unittest's (an unexpected
success fails the run, skips and expected failures do not, each outcome has its letter), and
a class's fixtures run once per test."""

import io
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from match_module import ConcurrentRunner  # noqa: E402


def run(*cases):
    """Runs a suite of the given test cases with ConcurrentRunner; its result and report."""
    report = io.StringIO()
    result = ConcurrentRunner(workers=2, stream=report).run(unittest.TestSuite(cases))
    return result, report.getvalue()


class Outcomes(unittest.TestCase):
    """Test cases of every outcome; run only by the tests below, never found by unittest."""

    def test_passes(self):
        pass

    def test_fails(self):
        self.fail("a failure")

    def test_errs(self):
        raise RuntimeError("an error")

    @unittest.skip("a reason")
    def test_skipped(self):
        pass

    @unittest.expectedFailure
    def test_fails_as_expected(self):
        self.fail("expected")

    @unittest.expectedFailure
    def test_passes_unexpectedly(self):
        pass


class Fixtures(unittest.TestCase):
    set_up = []

    @classmethod
    def setUpClass(cls):
        cls.set_up.append(cls)

    def test_one(self):
        pass

    def test_two(self):
        pass


class ConcurrentRunnerResult(unittest.TestCase):
    def test_an_unexpected_success_fails_the_run(self):
        result, report = run(Outcomes("test_passes"), Outcomes("test_passes_unexpectedly"))
        self.assertFalse(result.wasSuccessful())
        self.assertEqual((result.testsRun, len(result.unexpectedSuccesses)), (2, 1))
        self.assertTrue(report.startswith(".u\n"), report)
        self.assertIn("UNEXPECTED SUCCESS: test_passes_unexpectedly", report)
        self.assertIn("FAILED (unexpected successes=1)", report)

    def test_skips_and_expected_failures_pass_and_are_counted(self):
        result, report = run(Outcomes("test_passes"), Outcomes("test_skipped"),
                             Outcomes("test_fails_as_expected"))
        self.assertTrue(result.wasSuccessful())
        self.assertEqual((result.testsRun, len(result.skipped),
                          len(result.expectedFailures)), (3, 1, 1))
        self.assertTrue(report.startswith(".sx\n"), report)
        self.assertIn("OK (skipped=1, expected failures=1)", report)

    def test_failures_and_errors_are_reported_in_order(self):
        result, report = run(Outcomes("test_fails"), Outcomes("test_errs"),
                             Outcomes("test_passes"))
        self.assertFalse(result.wasSuccessful())
        self.assertEqual((len(result.failures), len(result.errors)), (1, 1))
        self.assertTrue(report.startswith("FE.\n"), report)
        self.assertIn("AssertionError: a failure", report)
        self.assertIn("RuntimeError: an error", report)
        self.assertIn("FAILED (failures=1, errors=1)", report)

    def test_class_fixtures_run_once_per_test(self):
        Fixtures.set_up.clear()
        result, _ = run(Fixtures("test_one"), Fixtures("test_two"))
        self.assertTrue(result.wasSuccessful())
        self.assertEqual(len(Fixtures.set_up), 2)


if __name__ == "__main__":
    unittest.main(defaultTest="ConcurrentRunnerResult")
