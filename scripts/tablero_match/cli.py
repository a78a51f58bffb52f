"""The command line of scripts/match.py: `match.py [options]` plays a match, `match.py merge`
prints the summary of several shards' records, `match.py replay` checks records through the
referee. Errors in the input are reported as `error: …` with exit status 2."""

import argparse
import os
import signal
import sys
from pathlib import Path

from . import DEFAULT_BINARY, UsageError
from .adjudication import parse_adjudication
from .engine import EngineError
from .pgn import PgnWriter, check_new_pgn, is_pgn, pgn_record, read_pgn, game_id_of_round
from .play import play_match
from .records import append_record, check_new_records, read_records, read_resumed, \
    replay_problems
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
  engines play a match; three or more a round robin (--games per pairing), or with
  --gauntlet the first engine against each of the others, no other pairings (--games per
  pairing; the summary adds the first engine's total against the field).

judging:
  The referee (tablero, --referee) replays every game: an engine's move must be one of its
  legal moves, and its 'query result' ends the game. An engine loses a game for an illegal
  move, a bestmove without a move, a crash, a setup error, no bestmove within its clock +
  --margin or --movetime + --margin (time forfeit), or within --timeout when no time limit
  applies (timeout); the engine is then restarted for its next game. --max-plies ends a game
  as a draw. Engine stderr goes to <log-dir>/<name>.log, the referee's to referee.log.

adjudication (--adjudicate KIND KEY=VALUE ... [KIND KEY=VALUE ...], as fastchess's -draw
  and -resign; each kind at most once):
  draw movenumber=N movecount=N score=CP
      a draw once the last movecount moves of each side all scored within +-score cp (the
      score of the engine's last info line before bestmove; a move without a cp score breaks
      the run), after at least movenumber moves of each side since the opening (default 0)
  resign movecount=N score=CP [twosided=true|false]
      the engine that just moved loses once its last movecount moves all scored -score cp or
      less (or a mate against it); twosided=true (default false) also needs its opponent's
      last movecount moves at +score or more
  proven [nodes=N] [movetime=MS]
      before every move the referee solves the position ('solve', protocol.md) within
      nodes (default 20000) and movetime (default none; Crossings' endgame tables are built
      once per referee outside the node count); a proven win, loss or draw ends the game
      with that result. The solve sees no game history (repetitions before it do not count)
  Recorded as the reason 'score draw', 'score resign' (the resigning engine as the loser)
  or 'proven', with a detail; counted apart in the summary's endings.

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
  players and each one's 'id name' (p1_id, p2_id), start time, opening, every move with its
  time in ms, result, reason, detail. 'match.py replay FILE...' replays records (or PGN)
  through the referee and checks them; 'match.py merge FILE...' prints the summary of
  several shards' records (SPRT included). --shard i/n plays units u with u mod n = i-1 of
  the schedule; every shard must be given the same other options.

PGN:
  --pgn FILE writes every game as standard PGN as it ends (a new file; with --resume it
  appends): the seven tag roster (White = player 1, Black = player 2), Time,
  WhiteEngine/BlackEngine (the engines' 'id name'), Variant, SetUp and FEN (a tablero
  position string) when the game does not start from the start position at the default
  size, Termination (normal, adjudication, rules infraction, time forfeit, abandoned),
  PlyCount, TimeControl; moves in the engines' notation, opening moves marked {book}, the
  engines' moves with {score/depth seconds}, and the reason the game ended as its last
  comment. Ordo and BayesElo rate it; 'match.py replay' checks it.

resume:
  --resume continues an interrupted run: run it again with the same options and --resume.
  The schedule is recomputed, the games of --records FILE are read back and not played
  again; new games are appended (nothing written is rewritten). A records file cut short
  or corrupt, or holding games of other settings, is refused with its line. The --pgn file
  is completed with the finished games it lacks, then appended to. Without the records
  file the run starts from the beginning.

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
        description="Plays engine-vs-engine matches (two engines), round robins (three or "
                    "more) or gauntlets (--gauntlet) in tablero's games; a tablero referee "
                    "judges every move. Other "
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
    parser.add_argument("--gauntlet", action="store_true",
                        help="the first engine plays each of the others (--games per "
                        "pairing); no other pairings")
    parser.add_argument("--adjudicate", action="append", nargs="+", metavar="WORD",
                        default=[], help="end games by agreed scores or a proven result: "
                        "draw movenumber=N movecount=N score=CP, resign movecount=N score=CP "
                        "[twosided=true], proven [nodes=N] [movetime=MS] (see below)")
    parser.add_argument("--records", metavar="FILE",
                        help="write one JSON line per game to FILE (must not exist yet or "
                        "be empty, except with --resume)")
    parser.add_argument("--pgn", metavar="FILE",
                        help="write every game as PGN to FILE (must not exist yet, except "
                        "with --resume)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the interrupted run of these options from its "
                        "--records FILE (see below)")
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


def check_engines(args):
    """The EngineSpecs of the command line; UsageError for a bad set of engines."""
    limits = {key: parse_limit(key, getattr(args, key), "--" + key)
              for key in LIMIT_KEYS if getattr(args, key) is not None}
    specs = [EngineSpec.parse(words, args.each, limits) for words in args.engine]
    names = [s.name for s in specs]
    if len(specs) < 2:
        raise UsageError("give at least two engines (--engine … --engine …)")
    if len(set(names)) != len(names):
        raise UsageError("engine names must differ (name=…): %s" % ", ".join(names))
    if args.gauntlet and len(specs) < 3:
        print("warning: --gauntlet with two engines is a plain match", file=sys.stderr)
    return specs


def check_outputs(args):
    """UsageError if an output file would be overwritten: without --resume, --records and
    --pgn must be new; --resume needs --records."""
    if args.resume and not args.records:
        raise UsageError("--resume needs the --records FILE of the interrupted run")
    if args.records and not args.resume:
        check_new_records(args.records)
    if args.pgn and not args.resume:
        check_new_pgn(args.pgn)
    if args.pgn and args.records and Path(args.pgn).resolve() == Path(args.records).resolve():
        raise UsageError("--pgn and --records must be different files")
    for option, path in (("--records", args.records), ("--pgn", args.pgn)):
        if path:
            check_writable(option, path)


def check_writable(option, path):
    """UsageError unless a file can be appended to at `path` (its folder exists and is
    writable; the file, if it exists, is a writable file)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.exists():
        usable = target.is_file() and os.access(target, os.W_OK)
    else:
        usable = folder.is_dir() and os.access(folder, os.W_OK)
    if not usable:
        raise UsageError("%s %s: cannot write there" % (option, path))


def match_header(args, specs, sprt, adjudication):
    """The match settings written into every record (a resumed run must have the same)."""
    return {"game": args.game, "size": args.size, "engines": [s.to_json() for s in specs],
            "games": args.games, "margin": args.margin, "timeout": args.timeout,
            "max_plies": args.max_plies,
            "openings": args.openings, "shuffle_openings": args.shuffle_openings,
            "random_plies": args.random_plies, "seed": args.seed, "sprt": sprt,
            "gauntlet": args.gauntlet, "adjudicate": adjudication or None}


def prepare_schedule(args, specs, shard, log_dir):
    """(units, openings, PGN context): checks the engines, draws the openings and, for
    --pgn, finds the start position at the default size and who moves first from each
    opening. The referee of the setup is closed again."""
    referee = Referee(args.referee, args.game, args.size, log_dir)
    try:
        preflight(specs, args.game, args.size, log_dir)
        units = schedule_units(len(specs), args.games, shard, args.gauntlet)
        openings = build_openings(referee, units, args.openings, args.shuffle_openings,
                                  args.random_plies, args.seed)
        if not args.openings and not args.random_plies:
            print("warning: every game starts from the start position; deterministic engines "
                  "repeat the same pair of games (use --openings or --random-plies)",
                  file=sys.stderr)
        context = pgn_context(args, referee, openings, log_dir) if args.pgn else None
    finally:
        referee.close()
    return units, openings, context


def pgn_context(args, referee, openings, log_dir):
    """(start position string at the default size, {opening position string: whether player
    1 moves first from it}) for the PGN writer."""
    first_movers = {o.fen: referee.state(o.fen, []).p1turn for o in openings.values()}
    if not args.size:
        return referee.start_fen(), first_movers
    default = Referee(args.referee, args.game, None, log_dir)
    try:
        return default.start_fen(), first_movers
    finally:
        default.close()


def open_outputs(args, header, jobs, context):
    """(sinks, previous records, files to close): the records and PGN files opened for
    appending, after reading back the games a resumed run had finished (and completing the
    PGN file with those it lacks)."""
    previous = []
    if args.resume:
        previous = read_resumed(args.records, header, {job.id for job in jobs})
        if not previous:
            print("note: --resume: no games in %s yet; starting from the first game"
                  % args.records, file=sys.stderr)
    pgn_missing = missing_from_pgn(args.pgn, previous) if args.pgn and args.resume else []
    sinks, files = [], []
    if args.records:
        records_file = open(args.records, "a")
        files.append(records_file)
        sinks.append(lambda record: append_record(records_file, record))
    if args.pgn:
        writer = PgnWriter(args.pgn, *context)
        files.append(writer)
        for record in pgn_missing:
            writer.write(record)
        sinks.append(writer.write)
    return sinks, previous, files


def missing_from_pgn(path, previous):
    """The records of `previous` (a resumed run's) that the PGN file `path` lacks, in game
    order. UsageError if the file is cut short or not PGN, or holds a game the records do
    not."""
    if not Path(path).exists():
        return sorted(previous, key=lambda r: r["id"])
    known = {r["id"] for r in previous}
    written = set()
    for game in read_pgn(path):
        game_id = game_id_of_round(game.tags.get("Round"))
        if game_id not in known or game_id in written:
            raise UsageError("--pgn %s line %d: a game (Round %s) that is not among the "
                             "finished games of --records, or there twice" % (
                                 path, game.line, game.tags.get("Round")))
        written.add(game_id)
    return sorted((r for r in previous if r["id"] not in written), key=lambda r: r["id"])


def run_match(argv):
    """`match.py [options]`: checks the setup, plays the match (or what a resumed run has
    left), prints its summary; returns the exit status."""
    args = match_parser().parse_args(argv)
    check_match_args(args)
    specs = check_engines(args)
    sprt = parse_sprt(args.sprt) if args.sprt is not None else None
    if sprt and len(specs) != 2:
        raise UsageError("--sprt needs exactly two engines")
    adjudication = parse_adjudication(args.adjudicate)
    shard = parse_shard(args.shard) if args.shard else None
    check_outputs(args)
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    units, openings, context = prepare_schedule(args, specs, shard, log_dir)
    header = match_header(args, specs, sprt, adjudication)
    jobs = schedule_jobs(units, openings)
    sinks, previous, files = open_outputs(args, header, jobs, context)
    done = {record["id"] for record in previous}
    settings = Settings(specs, args.game, args.size, args.margin, args.timeout, args.max_plies,
                        args.referee, log_dir, header, adjudication)
    try:
        return play_match(settings, [job for job in jobs if job.id not in done],
                          args.concurrency, args.quiet, sprt, sinks, shard, previous)
    finally:
        for file in files:
            file.close()


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
    """`match.py replay FILE…`: replays records or PGN through the referee; 1 if any is
    wrong."""
    parser = argparse.ArgumentParser(
        prog="match.py replay",
        description="Replays every game of records files (JSON lines) or PGN files (as --pgn "
                    "writes them: the Variant tag names the game, FEN the start) through the "
                    "referee: every move must be legal, games ended by the rules (PGN: "
                    "Termination normal) must have the recorded result, adjudicated games "
                    "must still have been in play, and a record's proven result is solved "
                    "again within its match's budget. Exit status 1 otherwise.")
    parser.add_argument("records", nargs="+", metavar="FILE",
                        help="records files (JSON lines) or PGN files (told apart by their "
                        "first character)")
    parser.add_argument("--referee", default=str(DEFAULT_BINARY),
                        help="tablero binary (default: %(default)s)")
    parser.add_argument("--log-dir", default=DEFAULT_LOG_DIR,
                        help="directory of the referee's stderr log (default %(default)s in the "
                        "current directory; the repository's .gitignore ignores /%(default)s/)")
    args = parser.parse_args(argv)
    pgn_paths = [path for path in args.records if is_pgn(path)]
    record_paths = [path for path in args.records if path not in pgn_paths]
    batches = []  # (game, size, records) replayed by one referee each
    if record_paths:
        header, records = read_records(record_paths)
        batches.append((header["game"], header["size"], records))
    for path in pgn_paths:
        batches += pgn_batches(path)
    if not Path(args.referee).is_file():
        raise UsageError("referee %s not found" % args.referee)
    Path(args.log_dir).mkdir(parents=True, exist_ok=True)
    problems, games, plies = [], 0, 0
    for game, size, records in batches:
        problems += replay_batch(args, game, size, records)
        games += len(records)
        plies += sum(len(r["moves"]) for r in records)
    for problem in problems:
        print(problem)
    print("%d games, %d plies replayed: %s" % (
        games, plies, "%d problems" % len(problems) if problems else "all consistent"))
    return 1 if problems else 0


def pgn_batches(path):
    """The games of a PGN file as (game, None, records) batches, one per Variant. UsageError
    for a game without a Variant tag."""
    by_variant = {}
    for index, game in enumerate(read_pgn(path)):
        variant = game.tags.get("Variant")
        if not variant:
            raise UsageError("%s line %d: a game without a Variant tag" % (path, game.line))
        by_variant.setdefault(variant, []).append((index, game))
    if not by_variant:
        raise UsageError("no games in %s" % path)
    return [(variant, None, [pgn_record(game, index, None) for index, game in games])
            for variant, games in by_variant.items()]


def replay_batch(args, game, size, records):
    """The problems of replaying `records` of one game and size through a fresh referee
    (a record whose start is None starts from its start position)."""
    referee = Referee(args.referee, game, size, args.log_dir)
    try:
        start = referee.start_fen()
        for record in records:
            if record["opening"]["fen"] is None:
                record["opening"]["fen"] = start
        return [p for record in records for p in replay_problems(referee, record)]
    finally:
        referee.close()


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

