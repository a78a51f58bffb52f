"""Engine matches and engine driving for tablero's scripts (Python 3.8+ standard library only).

Modules, one concept each:

    engine    an engine subprocess: start, send, read lines with deadlines, UCI/UGI set-up, quit
    referee   the tablero process that judges every move and every result: the one client of
              it, shared with the web board (tablero_board)
    settings  what a match is told: engine specs, limits and `go` lines, SPRT and shard values
    schedule  pairings (all, or a gauntlet's), openings (files, random plies), shards, the order
              games are handed out
    stats     W-D-L, Elo, pentanomial and trinomial estimates, LOS, SPRT
    play      workers that play the scheduled games and adjudicate misbehaving engines
    adjudication  --adjudicate: games ended by agreed scores or a result the referee proves
    records   the JSON-lines game records: writing, reading (also to resume), replaying
    pgn       the games as standard PGN: written as they end, read back by replay
    ratings   logistic Elo ratings of many players fitted from all their games (calibrate_levels)
    summary   the summary and progress lines printed from the records
    cli       the command line of scripts/match.py (match, merge, replay)

`scripts/match.py` is the command-line entry point; `measure_protocol.py`, `score_stability.py`
and `time_to_depth.py` drive tablero through `engine`. Run from scripts/ (as `python3
scripts/match.py` does: Python puts a script's folder on its path) or with PYTHONPATH=scripts.
"""

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def find_binary(top=REPO, path=None):
    """The tablero binary the scripts run when not told which (the default referee, engine
    and binary): the first found of the release build of the checkout `top`
    (target/release/tablero), the binary at the top of a release archive (`top`/tablero, as
    scripts/release.py lays it out), and `tablero` on the PATH (`path`, default $PATH), where
    `cargo install --path .` puts it. The checkout's build wins over an installed one, being
    built from the scripts' own sources. With none of them, the release build's path, so
    that an error names what to build."""
    build = top / "target" / "release" / "tablero"
    for candidate in (build, top / "tablero"):
        if candidate.is_file():
            return candidate
    installed = shutil.which("tablero", path=path)
    return Path(installed) if installed else build


DEFAULT_BINARY = find_binary()


class UsageError(Exception):
    """Bad command-line input or unusable files: reported as `error: …`, exit status 2."""
