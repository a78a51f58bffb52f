"""A web board for tablero's games that knows no rules (Python 3.8+ standard library only).

`python3 scripts/board.py` prints an address; a browser opening it plays Cross-Jack, JC Shock
and Crossings against an engine, shows engine games and analyses positions. The page
(scripts/board/: index.html, board.css, board.js) draws what `query board` and the position
string say and offers the legal moves of `query turn`, clicked as their effects name them. The
server is a thin JSON API over two processes per page session, both driven through
tablero_match:

- the referee, a tablero process that alone knows the rules: the legal moves and what each
  does, the result and why (tablero_match.referee's client, as in scripts/match.py);
- the engine (`--engine`, default tablero), any engine speaking UCI or UGI
  (tablero_match.engine): it plays moves and analyses positions; its moves are checked by the
  referee like a person's.

Modules, one concept each:

    checks    validation of request values (BoardError) and of engine option values
    referee   the referee's answers parsed for the page, the catalogue of its games
    session   one page's session: its game, moves, clock, judged state and events
    search    the engine of a session: starting it, its searches (`go`), its options, the
              seats' strength levels and evaluations from player 1's view (wdl)
    offers    a person's hint, resignation and draw offer
    records   saving a game as a scripts/match.py record and loading one back
    sessions  the running sessions: at most --max-sessions, idle ones reaped
    api       one function per JSON request
    server    the HTTP server: static page files, the JSON API, Host and body checks
    cli       the command line of scripts/board.py

Every request is validated (sizes, JSON shapes, single tokens without control characters), a
bad move, option or record is refused with a message and changes nothing. Engine processes
end with their session and with the server. Run from scripts/ (as `python3 scripts/board.py`
does) or with PYTHONPATH=scripts.
"""

# Request limits.
MAX_BODY = 1 << 20            # bytes of one request (a record file fits)
MAX_GAME_PLIES = 2000         # moves of one game (a `position` line stays far below 64 KiB)
MAX_PREVIEW = 128             # moves of a previewed line
MAX_EVENTS = 400              # engine lines a session keeps for its page
POLL_WAIT = 8.0               # seconds a poll waits for something new
REQUEST_PATIENCE = 60.0       # seconds a connection may be silent, mid-request or between
STOP_PATIENCE = 3.0           # seconds from `stop` to `bestmove` before the engine is killed
ENGINE_GRACE = 2.0            # seconds past its time an engine's move is awaited
UNTIMED_PATIENCE = 120.0      # seconds for a move without a time limit (depth, nodes)
CLOCK_MARGIN_MS = 100         # an engine's move may come this late on its clock
HINT_MS = 3000                # the longest search for a hint (ms)
HINT_MIN_MS = 100             # the shortest search for a hint on a clock (ms)
DRAW_MS = 500                 # the engine's look at the position when offered a draw (ms)
MAX_DELAY_MS = 10000          # the longest pause before an engine's move (engine vs engine)
