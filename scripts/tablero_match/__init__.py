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

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
# The release build of tablero: the default referee and the default binary of the scripts.
DEFAULT_BINARY = REPO / "target" / "release" / "tablero"


class UsageError(Exception):
    """Bad command-line input or unusable files: reported as `error: …`, exit status 2."""
