"""Shared by the tests of scripts/match.py: the paths of the repository, the tablero binary under
test, the misbehaving engines beside this file, a match run as a command and its records."""

import os
import subprocess
import sys
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
    """A unittest runner that runs up to `workers` tests at once, each in a thread of its own
    (and in a suite of its own, so class fixtures still run): the tests here wait on child
    processes (matches, stalling engines, scripts) more than on Python, so they overlap. Each
    test keeps its own setUp, tearDown and temporary directory; the report is unittest's."""

    def __init__(self, workers=3):
        self.workers = workers

    def run(self, suite):
        import concurrent.futures
        import time
        import unittest

        def flat(tests):
            for test in tests:
                if isinstance(test, unittest.TestSuite):
                    yield from flat(test)
                else:
                    yield test

        def run_one(test):
            result = unittest.TestResult()
            unittest.TestSuite([test]).run(result)
            return result

        stream = unittest.runner._WritelnDecorator(sys.stderr)
        total = unittest.TextTestResult(stream, True, 1)
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(self.workers) as pool:
            for result in pool.map(run_one, list(flat(suite))):
                total.testsRun += result.testsRun
                total.failures += result.failures
                total.errors += result.errors
                total.skipped += result.skipped
                stream.write("F" if result.failures else "E" if result.errors else ".")
                stream.flush()
        stream.writeln()
        total.printErrors()
        stream.writeln(total.separator2)
        stream.writeln("Ran %d tests in %.3fs with up to %d at once\n" % (
            total.testsRun, time.monotonic() - started, self.workers))
        stream.writeln("OK" if total.wasSuccessful() else "FAILED (failures=%d, errors=%d)" % (
            len(total.failures), len(total.errors)))
        return total
