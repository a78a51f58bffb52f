#!/usr/bin/env python3
"""Builds a release archive of tablero for this platform: the release binary, the documents
(README.md, protocol.md, LICENSE, CHANGELOG.md, docs/) and the web board and match runner
(scripts/board.py, scripts/match.py and their packages and page), in one folder named after
the binary's version and commit and the platform. Python 3 standard library only."""

import argparse
import os
import platform
import stat
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# What the archive holds besides the binary, relative to the repository; folders whole.
CONTENTS = (
    "README.md", "protocol.md", "LICENSE", "CHANGELOG.md", "docs",
    "scripts/README.md", "scripts/board.py", "scripts/match.py", "scripts/board",
    "scripts/tablero_board", "scripts/tablero_match",
)

# Names never archived: Python's caches and hidden files.
SKIPPED_DIRS = ("__pycache__",)
SKIPPED_SUFFIXES = (".pyc",)

# The binary's name in the archive: at its top, where tablero_match.find_binary looks.
BINARY_NAME = "tablero"

FORMATS = ("tar.gz", "zip")


class ReleaseError(Exception):
    """A release that cannot be made: reported as `error: …`, exit status 2."""


def parser():
    """The command line of release.py."""
    p = argparse.ArgumentParser(
        prog="release.py",
        description="Builds a release archive of tablero for this platform: the release "
                    "binary, README.md, protocol.md, LICENSE, CHANGELOG.md, docs/, the web "
                    "board (scripts/board.py) and the match runner (scripts/match.py) with "
                    "their packages, in a folder tablero-<version>-<commit>-<platform>/. "
                    "Never overwrites an archive; prints the archive and every file in it.",
        epilog="Example: cargo build --release && python3 scripts/release.py. Unpacked, "
               "the archive's scripts find its binary (scripts/board.py, scripts/match.py "
               "run from the folder).")
    p.add_argument("--binary", type=Path, default=REPO / "target" / "release" / "tablero",
                   help="the tablero binary to ship (default: %(default)s)")
    p.add_argument("--build", action="store_true",
                   help="run `cargo build --release` first (slow: link-time optimisation)")
    p.add_argument("--out", type=Path, default=REPO / "target" / "dist",
                   help="folder the archive is written to, made if missing "
                        "(default: %(default)s)")
    p.add_argument("--format", choices=FORMATS,
                   default="zip" if sys.platform == "win32" else "tar.gz",
                   help="archive format (default: zip on Windows, tar.gz elsewhere)")
    return p


def platform_name():
    """This platform as the archive names it: machine and system, e.g. `x86_64-linux`."""
    machine = platform.machine().lower() or "unknown"
    system = platform.system().lower() or sys.platform
    return "%s-%s" % (machine, system)


def binary_build(binary):
    """The version and commit the binary reports (`tablero --version`): ("0.2.0",
    "53ac644b2f99") or with a `-dirty` or `unknown` commit. ReleaseError if it does not run
    or answers otherwise."""
    try:
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True,
                             timeout=30)
    except OSError as e:
        raise ReleaseError("cannot run %s: %s (build it with `cargo build --release` or "
                           "pass --build)" % (binary, e))
    words = out.stdout.split()
    if out.returncode != 0 or len(words) != 3 or words[0] != "tablero" \
            or not (words[2].startswith("(") and words[2].endswith(")")):
        raise ReleaseError("%s --version answered %r, not `tablero <version> (<commit>)`"
                           % (binary, out.stdout.strip()))
    return words[1], words[2][1:-1]


def checkout_commit():
    """The first 12 hex digits of the checkout's commit, or None without git."""
    try:
        out = subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"],
                             capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    return out.stdout.strip()[:12] if out.returncode == 0 else None


def files(top=REPO):
    """Every file archived besides the binary, relative to `top`, sorted; ReleaseError for a
    missing one."""
    found = []
    for name in CONTENTS:
        path = top / name
        if path.is_file():
            found.append(Path(name))
        elif path.is_dir():
            for folder, dirs, names in os.walk(path):
                dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.startswith(".")]
                for file in names:
                    if not file.startswith(".") and not file.endswith(SKIPPED_SUFFIXES):
                        found.append((Path(folder) / file).relative_to(top))
        else:
            raise ReleaseError("%s is missing" % path)
    return sorted(found)


def is_executable(path):
    """Whether the file `path` is executable by its owner (a script run as a command)."""
    return bool(path.stat().st_mode & stat.S_IXUSR)


def write_tar(handle, members):
    """Writes a gzip-compressed tar of `members` ((archive name, source path, executable))
    to the open file `handle`."""
    with tarfile.open(fileobj=handle, mode="w:gz") as tar:
        for name, source, executable in members:
            info = tar.gettarinfo(str(source), arcname=name)
            info.mode = 0o755 if executable else 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with open(source, "rb") as data:
                tar.addfile(info, data)


def write_zip(handle, members):
    """Writes a zip of `members` ((archive name, source path, executable)) to the open file
    `handle`, the binary marked executable for unzip."""
    with zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, source, executable in members:
            info = zipfile.ZipInfo(name, time.localtime(source.stat().st_mtime)[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = ((0o755 if executable else 0o644) | stat.S_IFREG) << 16
            with open(source, "rb") as data:
                archive.writestr(info, data.read())


def release(binary, out, fmt):
    """Writes the archive of `binary` and the files into the folder `out`; returns its path
    and its members' names. ReleaseError if the archive exists already (it is left as it
    was) or something is missing."""
    version, commit = binary_build(binary)
    if commit.endswith("-dirty") or commit == "unknown":
        print("warning: the binary's commit is %s: its sources are not one commit's"
              % commit, file=sys.stderr)
    checkout = checkout_commit()
    if checkout and commit != "unknown" and not commit.startswith(checkout):
        print("warning: the binary is built from %s, the checkout is at %s: the documents "
              "may not match it" % (commit, checkout), file=sys.stderr)
    folder = "tablero-%s-%s-%s" % (version, commit, platform_name())
    members = [("%s/%s" % (folder, BINARY_NAME), Path(binary), True)]
    members += [("%s/%s" % (folder, name.as_posix()), REPO / name, is_executable(REPO / name))
                for name in files()]
    out.mkdir(parents=True, exist_ok=True)
    path = out / ("%s.%s" % (folder, fmt))
    try:
        handle = open(path, "xb")
    except FileExistsError:
        raise ReleaseError("%s exists: it is not overwritten" % path)
    try:
        with handle:
            (write_zip if fmt == "zip" else write_tar)(handle, members)
    except BaseException:
        path.unlink()
        raise
    return path, [name for name, _, _ in members]


def main(argv=None):
    """Runs release.py with `argv` (default: the command line); returns the exit status."""
    args = parser().parse_args(argv)
    try:
        if args.build:
            try:
                built = subprocess.run(["cargo", "build", "--release"], cwd=str(REPO))
            except OSError as e:
                raise ReleaseError("cannot run cargo: %s" % e)
            if built.returncode:
                raise ReleaseError("cargo build --release failed")
        path, names = release(args.binary, args.out, args.format)
    except ReleaseError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    print("wrote %s (%d files, %d bytes):" % (path, len(names), path.stat().st_size))
    for name in names:
        print("  %s" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
