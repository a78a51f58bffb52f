"""The command line of scripts/board.py: options, the referee's catalogue checked against
--game and --size, the server started and stopped (Ctrl-C or SIGTERM end every process)."""

import argparse
import shlex
import signal
import sys
from pathlib import Path

from tablero_match import DEFAULT_BINARY
from tablero_match.referee import RefereeFailure

from .checks import BoardError, normal_size
from .lessons import add_titles
from .referee import catalogue, start_referee
from .server import BoardServer
from .session import Config
from .sessions import Sessions


def parser():
    p = argparse.ArgumentParser(
        prog="board.py",
        description="A web board for tablero's games (Cross-Jack, JC Shock, Crossings): it "
                    "prints an address; open it in a browser to play against an engine, "
                    "watch engine games, play another person or analyse. A tablero process "
                    "per page is the referee; the engine is any UCI/UGI engine.",
        epilog="Example: python3 scripts/board.py --game crossings --port 8800. Stop with "
               "Ctrl-C: every engine process ends with the server.")
    p.add_argument("--engine", default=str(DEFAULT_BINARY), metavar="CMD",
                   help="the engine's command, split like a shell command (default: "
                        "%(default)s)")
    p.add_argument("--proto", choices=("uci", "ugi"), default="uci",
                   help="the engine's dialect (default uci)")
    p.add_argument("--referee", default=str(DEFAULT_BINARY), metavar="TABLERO",
                   help="the tablero binary that judges (default: %(default)s)")
    p.add_argument("--port", type=int, default=8800,
                   help="port to listen on; 0 picks a free one (default 8800)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--game", help="the game a new page starts with (default: the "
                                  "referee's first, crossjack)")
    p.add_argument("--size", help="its board size, WxH or N (default: the game's default)")
    p.add_argument("--max-sessions", type=int, default=4, metavar="N",
                   help="pages served at once, each with a referee and an engine process "
                        "(default 4); the next page is asked to wait")
    p.add_argument("--idle-timeout", type=float, default=60.0, metavar="S",
                   help="seconds without a request from its page before a session and its "
                        "processes end (default 60); an open page keeps asking for news "
                        "every few seconds, so what times out is a page that was closed or "
                        "killed")
    p.add_argument("--engine-log", metavar="FILE",
                   help="append the engines' stderr to FILE (default: this terminal)")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    if args.max_sessions < 1 or not args.idle_timeout > 0:
        parser().error("--max-sessions must be at least 1 and --idle-timeout positive")
    if not 0 <= args.port <= 65535:
        parser().error("--port must be in 0..65535")
    try:
        engine_argv = shlex.split(args.engine)
    except ValueError as e:
        parser().error("--engine: %s" % e)
    if not engine_argv:
        parser().error("--engine is empty")
    if not Path(args.referee).is_file():
        print("error: referee %s not found (build it: cargo build --release, or give "
              "--referee)" % args.referee, file=sys.stderr)
        return 2
    config = Config([args.referee], engine_argv, args.proto, args.game, args.size,
                    args.max_sessions, args.idle_timeout, args.engine_log)
    try:
        probe = start_referee(config.referee_argv)
        try:
            config.games = catalogue(probe)
        finally:
            probe.close()
        add_titles(config.games)
    except RefereeFailure as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    if args.game and args.game not in config.games:
        print("error: --game %s: the referee plays %s" % (args.game, ", ".join(config.games)),
              file=sys.stderr)
        return 2
    if args.size:
        game = args.game or next(iter(config.games))
        try:
            size = normal_size(args.size)
        except BoardError as e:
            print("error: --size: %s" % e, file=sys.stderr)
            return 2
        if size not in config.games[game]["sizes"]:
            print("error: --size %s: %s has no such board" % (args.size, game),
                  file=sys.stderr)
            return 2
        config.size = size
    sessions = Sessions(config)
    try:
        server = BoardServer((args.host, args.port), sessions)
    except OSError as e:
        print("error: cannot listen on %s:%d: %s" % (args.host, args.port, e.strerror),
              file=sys.stderr)
        return 2
    host, port = server.server_address[:2]
    shown = "[%s]" % host if ":" in host else host
    print("tablero board: http://%s:%d/  (Ctrl-C stops it)" % (shown, port), flush=True)

    def terminate(signum, frame):
        raise KeyboardInterrupt()
    signal.signal(signal.SIGTERM, terminate)
    sessions.start_reaper()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        sessions.close_all()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
