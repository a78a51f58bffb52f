#!/usr/bin/env python3
"""A web board for tablero's games that knows no rules: `python3 scripts/board.py` prints an
address; a browser opening it plays Cross-Jack, JC Shock and Crossings against an engine, shows
engine games and analyses positions. `--help` tells every option.

A tablero process per page session is the referee; the engine is any UCI/UGI engine. Engine
processes end with their session and with the server; an idle session is ended after
--idle-timeout; --max-sessions bounds the sessions running at once. Python 3.8+ standard
library only. The code is the package tablero_board beside this file (the page's files are in
scripts/board/); it drives engines and referees through tablero_match.
"""

import sys

from tablero_board.cli import main

if __name__ == "__main__":
    sys.exit(main())
