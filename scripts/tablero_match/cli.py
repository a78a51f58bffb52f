"""The command line of scripts/match.py: `match.py [options]` plays a match, `match.py merge`
prints the summary of several shards' records, `match.py replay` checks records through the
referee. Errors in the input are reported as `error: …` with exit status 2."""

import argparse
import os
import signal
import sys
from pathlib import Path

from . import DEFAULT_BINARY, UsageError
from .engine import EngineError
from .play import play_match
from .records import check_new_records, read_records, replay_problems
from .referee import Referee, RefereeFailure
from .schedule import build_openings, schedule_jobs, schedule_units, scheduled_games
from .settings import LIMIT_KEYS, EngineSpec, Settings, parse_limit, parse_shard, parse_sprt
from .summary import summary_lines

# tablero skips input lines longer than 65536 bytes; a game's `position` line must fit.
MAX_PLIES_LIMIT = 10000
# Engine and referee stderr logs, relative to the working directory; /match-logs/ (the
# repository root's) is in .gitignore.
DEFAULT_LOG_DIR = "match-logs"

MATCH_EPILOG = """\
engines:
  --engine takes key=value words: cmd= (required; split like a shell command), name= (default:
  the program's file name; must be unique), proto=uci|ugi (default uci), dir= (working
  directory), option.<Name>=<value> (sent as 'setoption name <Name> value <value>', e.g.
  option.Hash=64; after UCI_Variant and Size), and its own limits tc=, movetime=, depth=,
  nodes= (over --tc, --movetime, --depth, --nodes). --each adds words to every engine. Two
  engines play a match; three or more a round robin (--games per pairing).

judging:
  The referee (tablero, --referee) replays every game: an engine's move must be one of its
  legal moves, and its 'query result' ends the game. An engine loses a game for an illegal
  move, a bestmove without a move, a crash, a setup error, no bestmove within its clock +
  --margin or --movetime + --margin (time forfeit), or within --timeout when no time limit
  applies (timeout); the engine is then restarted for its next game. --max-plies ends a game
  as a draw. Engine stderr goes to <log-dir>/<name>.log, the referee's to referee.log.

openings:
  --openings FILE has one opening a line: '<board> <side> [moves m1 m2 ...]' (a position
  string), 'startpos [moves ...]' or 'm1 m2 ...' (moves from the start position); blank and
  '#' lines are skipped. Opening p of the schedule is line p mod (number of lines), in file
  order (--shuffle-openings: shuffled with --seed). --random-plies N adds N random legal moves
  drawn by the referee with a generator seeded by --seed and the pair number. Each opening is
  played twice, colours swapped (a pair).

statistics:
  From the first engine's view (per pairing): W-D-L, score, logistic Elo difference with a 95%
  interval and LOS from the pentanomial distribution of pairs (trinomial if some game lacks its
  pair). --sprt stops the match once the log-likelihood ratio of H1 (Elo = elo1) against H0
  (Elo = elo0), from the pentanomial pair counts, leaves Wald's bounds; started pairs finish.
  elo0 and elo1 are logistic Elo (as fastchess's model=logistic; fastchess's default and
  OpenBench use normalized Elo, whose numbers are not comparable).

records and shards:
  --records FILE writes one JSON line per game: the match settings, engines and options,
  players, opening, every move with its time in ms, result, reason, detail. 'match.py replay
  FILE...' replays records through the referee and checks them; 'match.py merge FILE...'
  prints the summary of several shards' records (SPRT included). --shard i/n plays units
  u with u mod n = i-1 of the schedule; every shard must be given the same other options.

examples:
  scripts/match.py --game crossings --tc 10+0.1 --games 200 --random-plies 4 \\
      --engine cmd=target/release/tablero name=new --engine cmd=old/tablero name=old \\
      --sprt elo0=0 elo1=10 --records new-vs-old.jsonl
  scripts/match.py --game jcshock --size 9 --depth 3 --games 20 \\
      --engine cmd=target/release/tablero name=h64 option.Hash=64 \\
      --engine cmd=target/release/tablero name=h1 option.Hash=1
"""


def match_parser():
    parser = argparse.ArgumentParser(
        prog="match.py", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Plays engine-vs-engine matches (two engines) or round robins (three or "
                    "more) in tablero's games; a tablero referee judges every move. Other "
                    "commands: 'match.py merge --help', 'match.py replay --help'.",
        epilog=MATCH_EPILOG)
    parser.add_argument("--engine", action="append", nargs="+", metavar="KEY=VALUE",
                        required=True, help="an engine: cmd=… [name=…] [proto=uci|ugi] "
                        "[dir=…] [option.<Name>=<value> …]; repeat for each engine")
    parser.add_argument("--each", nargs="+", metavar="KEY=VALUE", default=[],
                        help="words added to every --engine (an engine's own words win)")
    parser.add_argument("--game", default="crossjack",
                        help="game (the referee's UCI_Variant: crossjack, jcshock, crossings); "
                        "default crossjack")
    parser.add_argument("--size", help="board size WxH or N, sent as the Size option to the "
                        "engines and the referee (default: their default size)")
    parser.add_argument("--referee", default=str(DEFAULT_BINARY),
                        help="tablero binary that judges the games (default: %(default)s)")
    time_group = parser.add_argument_group(
        "time and search limits (at least one, here or per engine with tc=, movetime=, "
        "depth=, nodes=; all given apply)")
    time_group.add_argument("--tc", help="clock: seconds+increment per side, e.g. 10+0.1")
    time_group.add_argument("--movetime", metavar="MS", help="fixed time per move")
    time_group.add_argument("--depth", help="search depth per move (go depth)")
    time_group.add_argument("--nodes", help="nodes per move (go nodes)")
    time_group.add_argument("--margin", type=int, default=50, metavar="MS",
                            help="time an answer may come after the clock or movetime ran out "
                            "(default 50)")
    time_group.add_argument("--timeout", type=float, default=60.0, metavar="S",
                            help="seconds to wait for a bestmove when no clock or movetime "
                            "applies (default 60)")
    parser.add_argument("--games", type=int, default=2,
                        help="games per pairing of engines, even (default 2)")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1,
                        help="games played at once, each with its own engine and referee "
                        "processes (default: cores, %(default)s here)")
    parser.add_argument("--openings", metavar="FILE", help="openings file (see below)")
    parser.add_argument("--shuffle-openings", action="store_true",
                        help="use the file's openings in an order shuffled with --seed")
    parser.add_argument("--random-plies", type=int, default=0, metavar="N",
                        help="random plies after the opening, drawn by the referee")
    parser.add_argument("--seed", default="1", help="seed of openings choice (default 1)")
    parser.add_argument("--max-plies", type=int, default=1000,
                        help="plies after the opening before the game is adjudicated a draw "
                        "(default 1000, at most %d)" % MAX_PLIES_LIMIT)
    parser.add_argument("--sprt", nargs="*", metavar="KEY=VALUE",
                        help="sequential test: elo0=0 elo1=10 alpha=0.05 beta=0.05 (the "
                        "defaults of keys not given); two engines only; a shard does not stop, "
                        "'merge' decides")
    parser.add_argument("--records", metavar="FILE",
                        help="write one JSON line per game to FILE (must not exist yet)")
    parser.add_argument("--shard", metavar="i/n", help="play the i-th of n slices of the "
                        "schedule (1 <= i <= n)")
    parser.add_argument("--log-dir", default=DEFAULT_LOG_DIR,
                        help="directory of the engines' and the referee's stderr logs "
                        "(default %(default)s in the current directory; the repository's "
                        ".gitignore ignores /%(default)s/)")
    parser.add_argument("--quiet", action="store_true", help="no progress line per game")
    return parser


def check_match_args(args):
    """UsageError for values out of range and a missing referee."""
    if args.games < 2 or args.games % 2:
        raise UsageError("--games must be even and at least 2: each opening is played twice "
                         "with colours swapped")
    if args.concurrency < 1:
        raise UsageError("--concurrency must be at least 1")
    if not 1 <= args.max_plies <= MAX_PLIES_LIMIT:
        raise UsageError("--max-plies must be in 1..%d" % MAX_PLIES_LIMIT)
    if args.random_plies < 0:
        raise UsageError("--random-plies may not be negative")
    if args.margin < 0 or not args.timeout > 0:
        raise UsageError("--margin may not be negative and --timeout must be positive")
    if not Path(args.referee).is_file():
        raise UsageError("referee %s not found: build it (cargo build --release) or give "
                         "--referee PATH" % args.referee)


def preflight(specs, game, size, log_dir):
    """Starts every engine once: a wrong command, protocol or option stops the match before
    any game. Warns about options an engine does not advertise."""
    for spec in specs:
        engine = spec.engine(log_dir)
        try:
            engine.start(spec.setup(game, size))
        except EngineError as e:
            engine.kill()
            raise UsageError("engine %s (%s): %s (stderr in %s)" % (
                spec.name, spec.cmd, e, engine.log))
        for option, _ in spec.options:
            if option.lower() not in engine.advertised:
                print("warning: engine %s does not advertise option %s" % (spec.name, option),
                      file=sys.stderr)
        engine.quit()


def run_match(argv):
    """`match.py [options]`: checks the setup, plays the match, prints its summary; returns
    the exit status."""
    args = match_parser().parse_args(argv)
    check_match_args(args)
    limits = {key: parse_limit(key, getattr(args, key), "--" + key)
              for key in LIMIT_KEYS if getattr(args, key) is not None}
    specs = [EngineSpec.parse(words, args.each, limits) for words in args.engine]
    names = [s.name for s in specs]
    if len(specs) < 2:
        raise UsageError("give at least two engines (--engine … --engine …)")
    if len(set(names)) != len(names):
        raise UsageError("engine names must differ (name=…): %s" % ", ".join(names))
    sprt = parse_sprt(args.sprt) if args.sprt is not None else None
    if sprt and len(specs) != 2:
        raise UsageError("--sprt needs exactly two engines")
    shard = parse_shard(args.shard) if args.shard else None
    records_file = None
    if args.records:
        check_new_records(args.records)
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)

    referee = Referee(args.referee, args.game, args.size, log_dir)
    try:
        preflight(specs, args.game, args.size, log_dir)
        units = schedule_units(len(specs), args.games, shard)
        openings = build_openings(referee, units, args.openings, args.shuffle_openings,
                                  args.random_plies, args.seed)
        if not args.openings and not args.random_plies:
            print("warning: every game starts from the start position; deterministic engines "
                  "repeat the same pair of games (use --openings or --random-plies)",
                  file=sys.stderr)
    finally:
        referee.close()
    header = {"game": args.game, "size": args.size, "engines": [s.to_json() for s in specs],
              "games": args.games, "margin": args.margin, "timeout": args.timeout,
              "max_plies": args.max_plies,
              "openings": args.openings, "shuffle_openings": args.shuffle_openings,
              "random_plies": args.random_plies, "seed": args.seed, "sprt": sprt}
    jobs = schedule_jobs(units, openings)
    settings = Settings(specs, args.game, args.size, args.margin, args.timeout, args.max_plies,
                        args.referee, log_dir, header)
    if args.records:
        records_file = open(args.records, "w")
    try:
        return play_match(settings, jobs, args.concurrency, args.quiet, sprt, records_file,
                          shard)
    finally:
        if records_file:
            records_file.close()


def run_merge(argv):
    """`match.py merge FILE…`: the summary of several shards' records."""
    parser = argparse.ArgumentParser(
        prog="match.py merge",
        description="Prints the summary of the records of one match played in shards "
                    "(--shard i/n), SPRT included: the same summary the unsharded match prints.")
    parser.add_argument("records", nargs="+", metavar="FILE", help="records files (JSON lines)")
    args = parser.parse_args(argv)
    header, records = read_records(args.records)
    for line in summary_lines(header, records):
        print(line)
    missing = scheduled_games(header) - len(records)
    if missing:
        print("note: %d scheduled games are not in these records (a shard missing or stopped "
              "early)" % missing)
    return 0


def run_replay(argv):
    """`match.py replay FILE…`: replays records through the referee; 1 if any is wrong."""
    parser = argparse.ArgumentParser(
        prog="match.py replay",
        description="Replays every game of records files through the referee: every move must "
                    "be legal, games ended by the rules must have the recorded result, and "
                    "adjudicated games must still have been in play. Exit status 1 otherwise.")
    parser.add_argument("records", nargs="+", metavar="FILE", help="records files (JSON lines)")
    parser.add_argument("--referee", default=str(DEFAULT_BINARY),
                        help="tablero binary (default: %(default)s)")
    parser.add_argument("--log-dir", default=DEFAULT_LOG_DIR,
                        help="directory of the referee's stderr log (default %(default)s in the "
                        "current directory; the repository's .gitignore ignores /%(default)s/)")
    args = parser.parse_args(argv)
    header, records = read_records(args.records)
    if not Path(args.referee).is_file():
        raise UsageError("referee %s not found" % args.referee)
    Path(args.log_dir).mkdir(parents=True, exist_ok=True)
    referee = Referee(args.referee, header["game"], header["size"], args.log_dir)
    try:
        problems = [p for record in records for p in replay_problems(referee, record)]
    finally:
        referee.close()
    for problem in problems:
        print(problem)
    plies = sum(len(r["moves"]) for r in records)
    print("%d games, %d plies replayed: %s" % (
        len(records), plies, "%d problems" % len(problems) if problems else "all consistent"))
    return 1 if problems else 0


def main(argv):
    """Runs the command of `argv` (the arguments after the program name); returns the exit
    status."""
    commands = {"merge": run_merge, "replay": run_replay}
    try:
        if argv and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        return run_match(argv)
    except (UsageError, RefereeFailure) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2


def terminate_on_sigterm():
    """A batch system's SIGTERM (Slurm at its time limit) ends the match like Ctrl-C: the
    processes are killed and the summary of the finished games printed."""
    def handler(signum, frame):
        raise KeyboardInterrupt()
    signal.signal(signal.SIGTERM, handler)

