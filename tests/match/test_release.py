#!/usr/bin/env python3
"""scripts/release.py and the binary the scripts run by default: the archive's files and
layout, no archive overwritten, a binary that is not tablero refused, and the default binary
found in a checkout's release build, at the top of an unpacked archive, or on the PATH (in
that order).

Run by hand from the repository (the packages are in scripts/; TABLERO defaults to
target/release/tablero):

    PYTHONPATH=scripts python3 tests/match/test_release.py [Class[.test_name]]

cargo test runs it through tests/integration/version.rs with the test build as TABLERO.
"""

import os
import subprocess
import sys
import tarfile
import tempfile
import unittest
import zipfile
from pathlib import Path

from match_module import REPO, TABLERO, InScratchDirectory
from tablero_match import find_binary

SCRIPT = REPO / "scripts" / "release.py"

# Files every archive holds, below its folder (a few of each kind, not the whole list).
EXPECTED = ("tablero", "README.md", "protocol.md", "LICENSE", "CHANGELOG.md", "docs/rules.md",
            "scripts/board.py", "scripts/match.py", "scripts/README.md",
            "scripts/board/index.html", "scripts/board/lessons/crossings.json",
            "scripts/tablero_board/server.py", "scripts/tablero_match/__init__.py")


def release(*args):
    """Runs scripts/release.py with `args`; the finished process (text output)."""
    return subprocess.run([sys.executable, str(SCRIPT)] + [str(a) for a in args],
                          capture_output=True, text=True, timeout=120)


def executable(path):
    """Makes an empty executable file at `path`, its folders too."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("")
    path.chmod(0o755)


class Archive(InScratchDirectory):
    def setUp(self):
        super().setUp()
        self.out = self.dir

    def build(self, *args):
        """A release of TABLERO into the temporary folder: its path and its members."""
        done = release("--binary", TABLERO, "--out", self.out, *args)
        self.assertEqual(done.returncode, 0, done.stderr)
        first = done.stdout.splitlines()[0]
        self.assertTrue(first.startswith("wrote "), done.stdout)
        path = Path(first[len("wrote "):].split(" (")[0])
        members = [line.strip() for line in done.stdout.splitlines()[1:]]
        return path, members

    def version(self):
        """TABLERO's `--version` words after `tablero`: version and (commit)."""
        out = subprocess.run([TABLERO, "--version"], capture_output=True, text=True)
        return out.stdout.split()[1:]

    def test_help_names_every_option(self):
        done = release("--help")
        self.assertEqual(done.returncode, 0)
        for word in ("--binary", "--build", "--out", "--format", "overwrites"):
            self.assertIn(word, done.stdout)

    def test_tar_holds_the_binary_documents_board_and_runner_in_one_folder(self):
        path, members = self.build("--format", "tar.gz")
        version, commit = self.version()
        folder = "tablero-%s-%s-" % (version, commit.strip("()"))
        self.assertTrue(path.name.startswith(folder) and path.name.endswith(".tar.gz"),
                        path)
        top = path.name[:-len(".tar.gz")]
        with tarfile.open(path) as tar:
            names = tar.getnames()
            self.assertEqual(sorted(names), sorted(members))
            for name in EXPECTED:
                self.assertIn("%s/%s" % (top, name), names)
            self.assertEqual(tar.getmember(top + "/tablero").mode, 0o755)
            self.assertEqual(tar.getmember(top + "/LICENSE").mode, 0o644)
            with open(TABLERO, "rb") as binary:
                self.assertEqual(tar.extractfile(top + "/tablero").read(), binary.read())
        for name in names:
            self.assertTrue(name.startswith(top + "/"), name)
            self.assertNotIn("__pycache__", name)
            self.assertFalse(name.endswith(".pyc"), name)
            self.assertFalse(name.startswith(top + "/tests/"), name)

    def test_zip_marks_the_binary_executable(self):
        path, members = self.build("--format", "zip")
        top = path.name[:-len(".zip")]
        with zipfile.ZipFile(path) as archive:
            self.assertEqual(sorted(archive.namelist()), sorted(members))
            mode = archive.getinfo(top + "/tablero").external_attr >> 16
            self.assertEqual(mode & 0o777, 0o755)
            for name in EXPECTED:
                self.assertIn("%s/%s" % (top, name), archive.namelist())

    def test_an_existing_archive_is_not_overwritten(self):
        path, _ = self.build()
        before = path.read_bytes()
        done = release("--binary", TABLERO, "--out", self.out)
        self.assertEqual(done.returncode, 2)
        self.assertIn("not overwritten", done.stderr)
        self.assertEqual(done.stdout, "")
        self.assertEqual(path.read_bytes(), before)
        self.assertEqual(len(list(self.out.iterdir())), 1)

    def test_a_binary_that_is_not_tablero_is_refused(self):
        for binary in (sys.executable, self.out / "missing"):
            done = release("--binary", binary, "--out", self.out)
            self.assertEqual(done.returncode, 2, binary)
            self.assertTrue(done.stderr.startswith("error: "), done.stderr)
        self.assertEqual(list(self.out.iterdir()), [])

    def test_the_unpacked_scripts_run_the_archives_binary(self):
        path, _ = self.build()
        with tarfile.open(path) as tar:
            # The "data" filter where this Python has it (it warns without one).
            safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            tar.extractall(self.out / "x", **safe)
        top = self.out / "x" / path.name[:-len(".tar.gz")]
        env = dict(os.environ, PYTHONPATH=str(top / "scripts"), PATH=str(self.out / "none"),
                   PYTHONDONTWRITEBYTECODE="1")
        done = subprocess.run([sys.executable, "-c",
                               "import tablero_match; print(tablero_match.DEFAULT_BINARY)"],
                              env=env, capture_output=True, text=True, cwd=str(self.out))
        self.assertEqual(done.stdout.strip(), str(top / "tablero"), done.stderr)


class DefaultBinary(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.top = Path(self.tmp.name) / "top"
        self.bin = Path(self.tmp.name) / "bin"
        self.top.mkdir()
        self.bin.mkdir()

    def tearDown(self):
        self.tmp.cleanup()

    def test_the_checkout_build_then_the_archive_binary_then_the_path(self):
        build = self.top / "target" / "release" / "tablero"
        path = str(self.bin)
        self.assertEqual(find_binary(self.top, path), build, "none: the build's path")
        executable(self.bin / "tablero")
        self.assertEqual(find_binary(self.top, path), self.bin / "tablero")
        executable(self.top / "tablero")
        self.assertEqual(find_binary(self.top, path), self.top / "tablero")
        executable(build)
        self.assertEqual(find_binary(self.top, path), build)

    def test_a_folder_named_tablero_is_no_binary(self):
        (self.top / "tablero").mkdir()
        (self.bin / "tablero").mkdir()
        self.assertEqual(find_binary(self.top, str(self.bin)),
                         self.top / "target" / "release" / "tablero")


if __name__ == "__main__":
    unittest.main()
