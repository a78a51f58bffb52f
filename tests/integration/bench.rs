//! `bench`: fixed positions of every game searched to a fixed depth. Its node count is a
//! signature (the same binary counts the same every run), it is the sum of the per-position
//! counts, each count is what `go depth` counts from an empty table, and neither the command
//! line nor the protocol command disturbs anything else.

use crate::common;

use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use common::engine::Engine;

use tablero::bench::{self, BenchError, BenchOptions};
use tablero::games::{GameKind, SearchStyle, Status};
use tablero::protocol::report;
use tablero::search::{Limits, SearchThreads, TranspositionTable};
use tablero::session::{AnyGame, SearchOrder};

/// Deep enough that the table and move ordering matter, shallow enough to be quick.
const TEST_DEPTH: u32 = 4;

/// A bench to `depth` in this process: its report and the lines it wrote.
fn run_bench(depth: u32) -> (bench::BenchReport, Vec<String>) {
    let options = BenchOptions {
        depth: Some(depth),
        ..BenchOptions::default()
    };
    let never = AtomicBool::new(false);
    let mut lines = Vec::new();
    let report = report::run_bench(&options, &never, &mut |line| lines.push(line.to_string()))
        .expect("every bench position is searched");
    lines.extend(report::bench_summary(&report));
    (report, lines)
}

/// The number after `key` in `line`.
fn value(line: &str, key: &str) -> Option<u64> {
    let mut words = line.split_ascii_whitespace();
    words.find(|&w| w == key)?;
    words.next()?.parse().ok()
}

/// The number after the colon of the summary line starting with `label`.
fn summary_value(lines: &[String], label: &str) -> u64 {
    let line = lines
        .iter()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no '{label}' line in {lines:?}"));
    let (_, number) = line.split_once(':').expect("<label> : <number>");
    number.trim().parse().expect("a number")
}

fn is_position_line(line: &str) -> bool {
    line.starts_with("info string bench ") && line.contains(" fen ")
}

fn is_game_line(line: &str) -> bool {
    line.starts_with("info string bench ") && line.contains(" total ")
}

/// Every line with its time-dependent figures (`time`, `nps`, the time and speed totals)
/// taken out: what must be the same on every run.
fn without_times(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| !l.starts_with("Total time") && !l.starts_with("Nodes/second"))
        .map(|line| {
            let mut kept = Vec::new();
            let mut words = line.split_ascii_whitespace();
            while let Some(word) = words.next() {
                if word == "time" || word == "nps" {
                    words.next();
                } else {
                    kept.push(word);
                }
            }
            kept.join(" ")
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The positions
// ---------------------------------------------------------------------------------------

#[test]
fn every_bench_position_parses_and_is_in_play() {
    let mut count = 0;
    for (game, number, fen) in bench::positions() {
        let position = bench::load(game, number, fen)
            .unwrap_or_else(|e| panic!("{game} position {number}: {e}"));
        assert_eq!(position.status(), Status::InPlay, "{game} {number} {fen}");
        assert_eq!(
            position.fen(),
            fen,
            "{game} {number}: written as the game writes it"
        );
        count += 1;
    }
    assert_eq!(
        count,
        GameKind::ALL
            .iter()
            .map(|g| g.bench().positions.len())
            .sum::<usize>()
    );
}

#[test]
fn every_game_benches_its_start_and_positions_of_play() {
    for game in GameKind::ALL {
        let set = game.bench();
        let start = AnyGame::start(game, game.default_size()).expect("a start position");
        assert_eq!(set.positions.first(), Some(&start.fen().as_str()), "{game}");
        assert!(
            set.positions.len() >= 5,
            "{game}: the start, midgames and an endgame"
        );
        assert!(set.depth >= 1, "{game}");
    }
}

// ---------------------------------------------------------------------------------------
// The count
// ---------------------------------------------------------------------------------------

#[test]
fn the_node_count_is_the_same_every_run() {
    let (first, first_lines) = run_bench(TEST_DEPTH);
    let (second, second_lines) = run_bench(TEST_DEPTH);
    assert!(first.nodes() > 0);
    assert_eq!(first.nodes(), second.nodes());
    let counts = |r: &bench::BenchReport| r.positions.iter().map(|p| p.nodes).collect::<Vec<_>>();
    assert_eq!(counts(&first), counts(&second));
    assert_eq!(without_times(&first_lines), without_times(&second_lines));
}

#[test]
fn the_total_is_the_sum_of_the_positions_and_each_game_of_its_own() {
    let (report, lines) = run_bench(TEST_DEPTH);
    let positions: Vec<&String> = lines.iter().filter(|l| is_position_line(l)).collect();
    assert_eq!(positions.len(), bench::positions().count(), "{lines:?}");
    let printed: Vec<u64> = positions
        .iter()
        .map(|l| value(l, "nodes").expect("nodes"))
        .collect();
    let reported: Vec<u64> = report.positions.iter().map(|p| p.nodes).collect();
    assert_eq!(printed, reported);
    assert!(printed.iter().all(|&n| n > 0), "{lines:?}");
    assert_eq!(
        summary_value(&lines, "Nodes searched"),
        printed.iter().sum::<u64>()
    );
    for game in GameKind::ALL {
        let prefix = format!("info string bench {game} ");
        let own: u64 = positions
            .iter()
            .filter(|l| l.starts_with(&prefix))
            .map(|l| value(l, "nodes").expect("nodes"))
            .sum();
        let total = lines
            .iter()
            .find(|l| is_game_line(l) && l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no {game} total in {lines:?}"));
        assert_eq!(value(total, "nodes"), Some(own), "{total}");
    }
}

/// What a bench line tells of one position.
#[derive(Debug)]
struct Counted {
    fen: &'static str,
    depth: u64,
    nodes: u64,
}

/// The bench's Cross-Jack positions to `depth`: the bench is stopped once the game's total is
/// written, which makes deep searches of Cross-Jack cheap.
fn crossjack_bench(depth: Option<u32>) -> (Vec<Counted>, Vec<String>) {
    let stop = AtomicBool::new(false);
    let mut lines = Vec::new();
    let options = BenchOptions {
        depth,
        ..BenchOptions::default()
    };
    let outcome = report::run_bench(&options, &stop, &mut |line| {
        lines.push(line.to_string());
        if is_game_line(line) {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert!(matches!(outcome, Err(BenchError::Stopped)), "{outcome:?}");
    let counted = GameKind::CrossJack
        .bench()
        .positions
        .iter()
        .zip(lines.iter().filter(|l| is_position_line(l)))
        .map(|(&fen, line)| Counted {
            fen,
            depth: value(line, "depth").expect("depth"),
            nodes: value(line, "nodes").expect("nodes"),
        })
        .collect();
    (counted, lines)
}

#[test]
fn every_position_counts_what_a_search_from_an_empty_table_counts() {
    // Deep enough that the start's search stores the root of the next position.
    let depth = 6;
    let (results, lines) = crossjack_bench(Some(depth));
    assert_eq!(
        results.len(),
        GameKind::CrossJack.bench().positions.len(),
        "{lines:?}"
    );
    let order = SearchOrder {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..SearchOrder::default()
    };
    let never = AtomicBool::new(false);
    for result in results {
        let mut position =
            AnyGame::from_fen(GameKind::CrossJack, result.fen).expect("a bench position");
        let mut tt = TranspositionTable::new(bench::DEFAULT_HASH_MB);
        let mut nodes = 0;
        position.search(
            &order,
            &mut tt,
            &mut SearchThreads::new(),
            &never,
            &mut |info| nodes = info.nodes,
        );
        assert_eq!(result.nodes, nodes, "{result:?}");
    }
}

/// The depths `lines` report, by position.
fn depths(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter(|l| is_position_line(l))
        .map(|l| value(l, "depth").expect("depth"))
        .collect()
}

#[test]
fn each_position_is_searched_to_the_depth_asked() {
    let (_, lines) = run_bench(2);
    // Playout searches read the depth as an amount of playouts and report their line's length.
    let lines: Vec<String> = lines
        .into_iter()
        .filter(|l| {
            GameKind::ALL
                .iter()
                .filter(|k| matches!(k.search_style(), SearchStyle::Playouts(_)))
                .all(|k| !l.contains(&format!("bench {k} ")))
        })
        .collect();
    let depths = depths(&lines);
    // A search may prove a position's result before the depth asked, never go past it.
    assert!(depths.iter().all(|&d| (1..=2).contains(&d)), "{lines:?}");
    let starts = lines
        .iter()
        .filter(|l| l.contains(" 1/") && is_position_line(l));
    assert!(starts.map(|l| value(l, "depth")).all(|d| d == Some(2)));
}

#[test]
fn without_a_depth_each_game_is_searched_to_its_own() {
    let own = GameKind::CrossJack.bench();
    let (results, lines) = crossjack_bench(None);
    assert_eq!(results.len(), own.positions.len(), "{lines:?}");
    assert_eq!(results[0].depth, u64::from(own.depth), "the start");
    assert!(results.iter().all(|r| r.depth <= u64::from(own.depth)));
}

// ---------------------------------------------------------------------------------------
// The binary: command line and protocol
// ---------------------------------------------------------------------------------------

fn tablero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The bench's lines, up to its last.
fn bench_lines(engine: &mut Engine, command: &str) -> Vec<String> {
    engine.send(command);
    engine.lines_until(|l| l.starts_with("Nodes/second"))
}

/// The nodes of each depth of `go depth <depth>`.
fn search_nodes(engine: &mut Engine, depth: u32) -> Vec<u64> {
    engine.send(&format!("go depth {depth}"));
    engine
        .lines_until(|l| l.starts_with("bestmove"))
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| value(l, "nodes"))
        .collect()
}

#[test]
fn the_command_line_prints_what_the_protocol_answers() {
    let output = tablero(&["bench", "--depth", "2"]);
    assert!(output.status.success(), "{output:?}");
    let printed: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(String::from)
        .collect();
    let mut engine = Engine::start(&[]);
    let answered = bench_lines(&mut engine, "bench depth 2");
    assert_eq!(without_times(&printed), without_times(&answered));
    let (_, in_process) = run_bench(2);
    assert_eq!(without_times(&printed), without_times(&in_process));
    for label in [
        "Total time (ms) : ",
        "Nodes searched  : ",
        "Nodes/second    : ",
    ] {
        assert!(printed.iter().any(|l| l.starts_with(label)), "{label}");
    }
}

#[test]
fn the_command_line_refuses_a_bad_depth_or_table_size() {
    for args in [
        ["bench", "--depth", "0"],
        ["bench", "--hash", "0"],
        ["bench", "--hash", "1025"],
    ] {
        let output = tablero(&args);
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(args[1]), "{args:?}: {error}");
    }
}

#[test]
fn a_bench_position_counts_what_go_depth_counts_from_an_empty_table() {
    // The engine's default Hash is the bench's table size.
    let mut engine = Engine::start(&[]);
    let lines = bench_lines(&mut engine, "bench depth 3");
    for (game, number, fen) in [
        (
            GameKind::CrossJack,
            3,
            GameKind::CrossJack.bench().positions[2],
        ),
        (GameKind::JcShock, 2, GameKind::JcShock.bench().positions[1]),
        (
            GameKind::Crossings,
            4,
            GameKind::Crossings.bench().positions[3],
        ),
    ] {
        let prefix = format!("info string bench {game} {number}/");
        let line = lines
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no {prefix} line in {lines:?}"));
        assert!(line.ends_with(&format!(" fen {fen}")), "{line}");
        engine.send(&format!("setoption name UCI_Variant value {game}"));
        engine.send("ucinewgame");
        engine.send(&format!("position fen {fen}"));
        assert_eq!(
            search_nodes(&mut engine, 3).last().copied(),
            value(line, "nodes"),
            "{line}"
        );
    }
}

#[test]
fn bench_is_refused_while_a_search_runs() {
    let mut engine = Engine::start(&[]);
    engine.send("go infinite");
    engine.send("bench");
    let refusal = engine.lines_until(|l| l.starts_with("info string"));
    assert_eq!(
        refusal.last().map(String::as_str),
        Some("info string error: bench: a search is running; send 'stop' first")
    );
    engine.send("stop");
    let answer = engine.lines_until(|l| l.starts_with("bestmove"));
    assert!(!answer.iter().any(|l| l.contains("bench")), "{answer:?}");
}

#[test]
fn stop_ends_a_bench_without_a_count() {
    let mut engine = Engine::start(&[]);
    // The first position alone takes far longer than this test waits.
    engine.send("bench depth 60");
    thread::sleep(Duration::from_millis(50));
    engine.send("stop");
    assert_eq!(
        engine.lines_until(|_| true),
        ["info string bench stopped before it finished: no count"]
    );
    assert_eq!(engine.ask("isready"), "readyok");
}

#[test]
fn bench_leaves_the_game_the_options_and_the_table_as_they_were() {
    // Cross-Jack: an alpha-beta game, whose reported node counts show the table's effect
    // (JC Shock's counts are mostly its playouts', which no table changes).
    let setup = [
        "setoption name UCI_Variant value crossjack",
        "setoption name Size value 6",
        "setoption name Hash value 1",
        "position startpos moves a6 a1 b6",
    ];
    let mut benched = Engine::start(&[]);
    let mut untouched = Engine::start(&[]);
    let mut fresh = Engine::start(&[]);
    for engine in [&mut benched, &mut untouched, &mut fresh] {
        for line in setup {
            engine.send(line);
        }
    }
    let warm_up = search_nodes(&mut benched, 4);
    assert_eq!(search_nodes(&mut untouched, 4), warm_up);
    let fen = benched.ask("query fen");

    let lines = bench_lines(&mut benched, "bench depth 2");
    // The bench's own 16 MB table: Hash 1 changes nothing in its count.
    assert_eq!(
        summary_value(&lines, "Nodes searched"),
        run_bench(2).0.nodes()
    );

    assert_eq!(benched.ask("query fen"), fen);
    benched.send("d");
    let diagram = benched.lines_until(|l| l.starts_with("Legal moves"));
    assert!(
        diagram.contains(&"Game: crossjack 6x6".to_string()),
        "{diagram:?}"
    );
    // The table of the first search is still there: the second search counts as it does
    // without a bench in between, and not as it does from an empty table.
    let after = search_nodes(&mut benched, 5);
    assert_eq!(after, search_nodes(&mut untouched, 5));
    assert_ne!(after, search_nodes(&mut fresh, 5));
}
