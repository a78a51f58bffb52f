//! The command line (clap): global `--game`/`--size`, and the `perft`, `bench` and `solve`
//! subcommands.

use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use tablero::bench::{self, BenchOptions};
use tablero::games::{BoardSize, GameKind, PositionError};
use tablero::perft;
use tablero::protocol::options::{HASH_MB, THREADS};
use tablero::protocol::report;
use tablero::protocol::RunError;
use tablero::search::solve::SolveLimits;
use tablero::session::AnyGame;
use thiserror::Error;

/// The largest table `tablero solve --hash` takes, in MB.
const SOLVE_HASH_MB: u64 = 1 << 16;

/// tablero: an engine for the games `--game` lists. Without a subcommand it speaks
/// the UCI/UGI protocol on stdin/stdout.
#[derive(Debug, Parser)]
#[command(name = "tablero", version = tablero::VERSION, about)]
struct Cli {
    // Both value parsers are the types' `FromStr`; clap prints their typed error.
    #[arg(long, global = true, default_value_t = GameKind::CrossJack,
          value_parser = GameKind::from_str,
          help = format!("The game loaded at start: {}", GameKind::names_in_words()))]
    game: GameKind,
    /// Board size of the start position: WxH (e.g. 10x7) or N for N×N (e.g. 9).
    #[arg(long, global = true, value_parser = BoardSize::from_str)]
    size: Option<BoardSize>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Counts the leaves of the legal-move tree, split by root move.
    Perft {
        /// Start from this position string instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Plies to count (at most 1024).
        #[arg(value_parser = clap::value_parser!(u32).range(..=i64::from(perft::MAX_DEPTH)))]
        depth: u32,
    },
    /// Searches fixed positions of every game to a fixed depth (ignoring --game and --size)
    /// and prints the nodes, whose total is the binary's signature, and nodes per second.
    Bench {
        /// Depth for every position, instead of each game's own.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        depth: Option<u32>,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = bench::DEFAULT_HASH_MB as u64,
              value_parser = clap::value_parser!(u64).range(HASH_MB.0..=HASH_MB.1))]
        hash: u64,
    },
    /// Solves a position exactly: its value, distance, every move's value and the moves that
    /// keep it. Progress goes to stderr.
    Solve {
        /// Start from this position string instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the start position (or --fen) before solving.
        #[arg(long, num_args = 1.., value_delimiter = ' ')]
        moves: Vec<String>,
        /// The solver's table size in MB, up to 64 GiB (long solves need more than `Hash`);
        /// too much answers unsolved, reason `memory`.
        #[arg(long, default_value_t = 64,
              value_parser = clap::value_parser!(u64).range(HASH_MB.0..=SOLVE_HASH_MB))]
        hash: u64,
        /// Give up after about this many nodes.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Give up after this many seconds.
        #[arg(long)]
        seconds: Option<f64>,
        /// Threads: the one that reports and helpers sharing its table.
        #[arg(long, default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(THREADS.0..=THREADS.1))]
        threads: u64,
    },
}

/// Parses the command line and runs what it asks; the exit code says whether it worked.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => match tablero::protocol::run(cli.game, cli.size) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e @ RunError::Start(_)) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
            Err(e @ RunError::Io(_)) => {
                log::error!("{e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Perft { fen, depth }) => perft(cli.game, cli.size, fen.as_deref(), depth),
        Some(Command::Bench { depth, hash }) => bench(depth, hash),
        Some(Command::Solve {
            fen,
            moves,
            hash,
            nodes,
            seconds,
            threads,
        }) => {
            let limits = SolveLimits {
                nodes,
                time: seconds.map(|s| Duration::from_secs_f64(s.max(0.0))),
            };
            let table = SolveTable {
                hash_mb: hash as usize,
                threads: threads as usize,
            };
            solve(cli.game, cli.size, fen.as_deref(), &moves, table, limits)
        }
    }
}

/// The solver's table size and the threads that share it.
struct SolveTable {
    hash_mb: usize,
    threads: usize,
}

/// Solves the position and prints [`report::solve_report`]; progress on stderr. Exit status
/// 0 when the value is proven, 1 when the solve gave up, 2 when there is no position.
fn solve(
    kind: GameKind,
    size: Option<BoardSize>,
    fen: Option<&str>,
    moves: &[String],
    table: SolveTable,
    limits: SolveLimits,
) -> ExitCode {
    let game = match load(kind, size, fen) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let game = match game.after(moves) {
        Ok(game) => game,
        Err(bad) => {
            eprintln!(
                "error: move {} '{}' of --moves: {}",
                bad.index, bad.text, bad.error
            );
            return ExitCode::from(2);
        }
    };
    let never = AtomicBool::new(false);
    let solution = game.solve(
        table.hash_mb,
        table.threads,
        limits,
        &never,
        &mut |progress| {
            eprintln!("{}", report::solve_progress_line(progress));
        },
    );
    for line in report::solve_report(&solution) {
        println!("{line}");
    }
    if solution.value.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Prints what the protocol's `bench` answers, in the same lines ([`report`]).
fn bench(depth: Option<u32>, hash_mb: u64) -> ExitCode {
    let options = BenchOptions {
        depth,
        hash_mb: hash_mb as usize,
    };
    let never = AtomicBool::new(false);
    match report::run_bench(&options, &never, &mut |line| println!("{line}")) {
        Ok(bench) => {
            for line in report::bench_summary(&bench) {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn perft(kind: GameKind, size: Option<BoardSize>, fen: Option<&str>, depth: u32) -> ExitCode {
    let mut game = match load(kind, size, fen) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let never = AtomicBool::new(false);
    let divide = game.divide(depth, &never).unwrap_or_default();
    let time = started.elapsed();
    for line in report::perft_lines(&divide, depth) {
        println!("{line}");
    }
    let leaves = perft::total(&divide, depth);
    eprintln!("{}", report::perft_speed_line(leaves, time));
    ExitCode::SUCCESS
}

/// Why `perft` has no position to count from.
#[derive(Debug, Error)]
enum LoadError {
    /// The game refuses the start size or the position string.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// `--size` names another board than the position string's.
    #[error("--size {given} disagrees with the {actual} board of --fen")]
    SizeDisagrees {
        /// The size given with `--size`.
        given: BoardSize,
        /// The size of the position string.
        actual: BoardSize,
    },
}

/// The game to count from: the position string if given (a size given must match it), else
/// the start position.
fn load(kind: GameKind, size: Option<BoardSize>, fen: Option<&str>) -> Result<AnyGame, LoadError> {
    let Some(fen) = fen else {
        return Ok(AnyGame::start(kind, size.unwrap_or(kind.default_size()))?);
    };
    let game = AnyGame::from_fen(kind, fen)?;
    match size {
        Some(given) if given != game.size() => Err(LoadError::SizeDisagrees {
            given,
            actual: game.size(),
        }),
        _ => Ok(game),
    }
}
