#!/usr/bin/env python3
"""Engine-vs-engine matches for the games of tablero, refereed by tablero itself.

Python 3.8+ standard library only (nothing to install); POSIX (Linux, macOS): engine pipes
are read with select().

    scripts/match.py --engine cmd=A name=a --engine cmd=B name=b --game crossings --tc 10+0.1
    scripts/match.py merge records-*.jsonl      one summary from the records of several shards
    scripts/match.py replay records.jsonl       replays records (or PGN) through the referee

A separate tablero process (the referee) replays every game and alone decides whether a move
is legal and what the result is; an engine under test never judges itself. `--help` of each
command tells everything; scripts/README.md ("Matches: match.py") shows whole runs, also over
several machines.
The code is the package tablero_match beside this file.
"""

import sys

from tablero_match.cli import main, terminate_on_sigterm

if __name__ == "__main__":
    terminate_on_sigterm()
    sys.exit(main(sys.argv[1:]))
