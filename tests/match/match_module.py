"""Shared by the tests of scripts/match.py: the paths of the repository, the tablero binary under
test, the misbehaving engines beside this file, a match run as a command and its records."""

import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SCRIPT = REPO / "scripts" / "match.py"

# cargo test passes the binary it built (CARGO_BIN_EXE_tablero) as TABLERO.
TABLERO = os.environ.get("TABLERO") or str(REPO / "target" / "release" / "tablero")


def misbehaving(script, nth=3):
    """The cmd= of a test engine of this directory that misbehaves at its `nth` go."""
    return "%s %s %s %d" % (sys.executable, HERE / script, TABLERO, nth)


def run_match(*args, cwd):
    """Runs scripts/match.py with `args`; returns the finished process (text output). A match
    without --referee is judged by TABLERO, so the tests never need a release build."""
    args = [str(a) for a in args]
    if args and args[0] not in ("merge", "replay") and "--referee" not in args:
        args += ["--referee", TABLERO]
    return subprocess.run([sys.executable, str(SCRIPT)] + args, cwd=cwd,
                          capture_output=True, text=True, timeout=120)


class InScratchDirectory(unittest.TestCase):
    """A test case run in a temporary directory of its own (`self.dir`), removed after it."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def run_here(self, *args):
        """scripts/match.py with `args`, run in the test's directory."""
        return run_match(*args, cwd=self.dir)


def read_records(path):
    """The game records of a --records file, by game id."""
    import json
    with open(path) as lines:
        return sorted((json.loads(line) for line in lines), key=lambda r: r["id"])


def summary_of(stdout):
    """The summary block of a match's output: from 'Games:' up to the 'Time:' line."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Games: "))
    return [line for line in lines[start:] if not line.startswith("Time: ")]


class Tablero:
    """A tablero session for checking records independently of match.py's referee."""

    def __init__(self, game, size=None):
        self.proc = subprocess.Popen([TABLERO], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("setoption name UCI_Variant value %s" % game)
        if size:
            self.send("setoption name Size value %s" % size)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, *lines):
        """Sends lines, the last a query; returns every line up to its `response`."""
        for line in lines:
            self.send(line)
        answer = []
        while True:
            line = self.proc.stdout.readline().rstrip("\n")
            answer.append(line)
            if line == "response" or line.startswith("response "):
                return answer

    def close(self):
        self.proc.communicate("quit\n", timeout=5)


class ConcurrentRunner:
    """A unittest runner that runs up to `workers` tests at once, each in a thread of its own:
    the tests here wait on child processes (matches, stalling engines, scripts) more than on
    Python, so they overlap. Each test runs in a suite of its own, so a class's setUpClass and
    tearDownClass run once per test of the class, not once per class. Each test keeps its own
    setUp, tearDown and temporary directory. The outcome is unittest's: a report of the same
    letters (. F E s x u), the same error listing and summary line, and a result that fails
    on a failure, an error or an unexpected success (TestResult.wasSuccessful)."""

    def __init__(self, workers=3, stream=None):
        self.workers = workers
        self.stream = stream

    def run(self, suite):
        import concurrent.futures
        import time

        def flat(tests):
            for test in tests:
                if isinstance(test, unittest.TestSuite):
                    yield from flat(test)
                else:
                    yield test

        def run_one(test):
            result = Recording()
            unittest.TestSuite([test]).run(result)
            return result.calls

        stream = Stream(self.stream or sys.stderr)
        total = unittest.TextTestResult(stream, True, 1)
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(self.workers) as pool:
            for calls in pool.map(run_one, list(flat(suite))):
                # The test's outcome told again to the one TextTestResult, in this thread: it
                # writes the test's letter and keeps its failures, errors, skips, expected
                # failures and unexpected successes.
                for name, args in calls:
                    getattr(total, name)(*args)
        stream.writeln()
        total.printErrors()
        stream.writeln(total.separator2)
        stream.writeln("Ran %d tests in %.3fs with up to %d at once\n" % (
            total.testsRun, time.monotonic() - started, self.workers))
        infos = []
        if not total.wasSuccessful():
            infos += ["%s=%d" % (name, len(found)) for name, found in (
                ("failures", total.failures), ("errors", total.errors)) if found]
        infos += ["%s=%d" % (name, len(found)) for name, found in (
            ("skipped", total.skipped), ("expected failures", total.expectedFailures),
            ("unexpected successes", total.unexpectedSuccesses)) if found]
        stream.writeln(("OK" if total.wasSuccessful() else "FAILED") +
                       (" (%s)" % ", ".join(infos) if infos else ""))
        return total


class Stream:
    """A text stream with the writeln that unittest.TextTestResult writes its report with."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        self.stream.write(text)

    def flush(self):
        self.stream.flush()

    def writeln(self, text=""):
        self.stream.write(text + "\n")


class Recording(unittest.TestResult):
    """A TestResult that also keeps every call a test's run made on it (start, stop, each
    outcome), for ConcurrentRunner to tell them again to its shared result."""

    def __init__(self):
        super().__init__()
        self.calls = []


def _recorded(name):
    def method(self, *args):
        self.calls.append((name, args))
        return getattr(unittest.TestResult, name)(self, *args)
    return method


for _name in ("startTest", "stopTest", "addSuccess", "addFailure", "addError", "addSkip",
              "addExpectedFailure", "addUnexpectedSuccess", "addSubTest", "addDuration"):
    if hasattr(unittest.TestResult, _name):  # addDuration: Python 3.12 and later
        setattr(Recording, _name, _recorded(_name))
