//! What a GUI or a match manager relies on, end to end through the built binary: a stderr
//! that nobody reads never stalls the engine, and every `go` ends in exactly one `bestmove`
//! whatever its parameters, pondering included.

use crate::common;

use common::engine::{spawn_engine_logging, Engine, PATIENCE};

use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

// ---------------------------------------------------------------------------------------
// stderr
// ---------------------------------------------------------------------------------------

/// Sends `bad_lines` unknown commands then `isready` to an engine whose stderr is piped and
/// never read, and tells whether `readyok` came within `patience`. Input is written and
/// output read on threads of their own, so a stalled engine fails the test, not hangs it.
fn ready_after_bad_lines_with_stderr_unread(level: &str, bad_lines: usize) -> bool {
    let mut child = spawn_engine_logging(level, &[]);
    assert!(child.stderr.is_some(), "stderr is piped");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    let (ready_tx, ready) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line == "readyok" {
                let _ = ready_tx.send(());
                break;
            }
        }
    });
    thread::spawn(move || {
        let mut input = Vec::with_capacity(bad_lines * 16 + 16);
        for i in 0..bad_lines {
            let _ = writeln!(input, "bogus {i}");
        }
        input.extend_from_slice(b"isready\n");
        let _ = stdin.write_all(&input).and_then(|()| stdin.flush());
        // Kept open until the end: end of input would make the engine exit.
        thread::sleep(Duration::from_secs(120));
    });
    let answered = ready.recv_timeout(Duration::from_secs(60)).is_ok();
    let _ = child.kill();
    let _ = child.wait();
    answered
}

#[test]
fn an_unread_stderr_never_stalls_the_engine_at_the_default_log_level() {
    assert!(ready_after_bad_lines_with_stderr_unread("warn", 100_000));
}

#[test]
fn an_unread_stderr_never_stalls_the_engine_even_when_every_line_is_logged() {
    // At this level each bad line logs three records (the line read, the error, the answer
    // sent), over 200 bytes together. These lines so log many times the `QUEUE_RECORDS`
    // records the log's queue holds (src/logging.rs), and more than three times the 1 MiB a
    // pipe can grow to without privilege (the default of /proc/sys/fs/pipe-max-size).
    // A log written by the thread that reads the input would stall it long before the end.
    assert!(ready_after_bad_lines_with_stderr_unread("debug", 20_000));
}

#[test]
fn the_default_log_level_writes_nothing_to_stderr_for_bad_lines() {
    let mut engine = Engine::start_logging("warn", &[]);
    for _ in 0..10 {
        engine.send("bogus");
    }
    engine.send("go wtime -99999999999999999999");
    engine.send("isready");
    engine.lines_until(|l| l == "readyok");
    engine.send("quit");
    engine.exit_within(PATIENCE);
    thread::sleep(Duration::from_millis(50));
    assert_eq!(engine.stderr_text(), "");
}

// ---------------------------------------------------------------------------------------
// Every `go` ends in exactly one `bestmove`
// ---------------------------------------------------------------------------------------

fn engine_for(game: &str, size: &str) -> Engine {
    Engine::start(&["--game", game, "--size", size])
}

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

/// The move of a `bestmove` line.
fn move_of(bestmove: &str) -> String {
    bestmove
        .split_whitespace()
        .nth(1)
        .unwrap_or_else(|| panic!("no move in {bestmove:?}"))
        .to_string()
}

/// No second `bestmove` comes: the next answer to `isready` is `readyok`.
fn assert_no_more_bestmove(engine: &mut Engine) {
    engine.send("isready");
    let lines = engine.lines_until(|l| l == "readyok");
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{lines:?}");
}

/// A JC Shock 4x4 position where the side to move mates in 3 (c1 first).
const MATE_IN_THREE: &str = "position startpos moves d4 a3 d1 c2 a2 d4 d1 b4 c2";

#[test]
fn go_mate_ends_with_the_mate_found_without_stop() {
    let mut engine = engine_for("jcshock", "4");
    engine.send(MATE_IN_THREE);
    engine.send("go mate 3");
    let lines = engine.lines_until(is_bestmove);
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    assert!(last_info.contains(" score mate 3 "), "{lines:?}");
    assert_eq!(move_of(lines.last().expect("a bestmove")), "c1");
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn go_mate_without_such_a_mate_searches_on_until_stop() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go mate 3");
    thread::sleep(Duration::from_millis(300));
    assert!(!engine.pending_lines().iter().any(|l| is_bestmove(l)));
    engine.send("stop");
    engine.lines_until(is_bestmove);
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn searchmoves_restricts_the_root_in_every_game_for_every_strategy() {
    for (game, size) in [("crossjack", "8"), ("jcshock", "8"), ("crossings", "8")] {
        for strategy in ["search", "mcts", "greedy", "random"] {
            let mut engine = engine_for(game, size);
            engine.send(&format!("setoption name Strategy value {strategy}"));
            let moves = engine.legal_moves();
            // The last two moves in generation order: rarely what an open search picks.
            let allowed = &moves[moves.len() - 2..];
            engine.send(&format!(
                "go searchmoves {} {} nodes 3000",
                allowed[0], allowed[1]
            ));
            let best = move_of(engine.lines_until(is_bestmove).last().expect("bestmove"));
            assert!(allowed.contains(&best), "{game} {strategy}: {best}");
            engine.send(&format!("go searchmoves {} depth 1", allowed[0]));
            let best = move_of(engine.lines_until(is_bestmove).last().expect("bestmove"));
            assert_eq!(&best, &allowed[0], "{game} {strategy}");
            assert_no_more_bestmove(&mut engine);
        }
    }
}

#[test]
fn searchmoves_restricts_the_helper_threads_too() {
    for (game, size) in [("crossjack", "8"), ("jcshock", "8"), ("crossings", "8")] {
        let mut engine = engine_for(game, size);
        engine.send("setoption name Threads value 2");
        let moves = engine.legal_moves();
        let allowed = &moves[moves.len() - 2..];
        for limit in ["nodes 20000", "depth 4"] {
            engine.send(&format!(
                "go searchmoves {} {} {limit}",
                allowed[0], allowed[1]
            ));
            let best = move_of(engine.lines_until(is_bestmove).last().expect("bestmove"));
            assert!(allowed.contains(&best), "{game} {limit}: {best}");
        }
        assert_no_more_bestmove(&mut engine);
    }
}

#[test]
fn searchmoves_reports_illegal_moves_and_searches_the_legal_ones() {
    let mut engine = engine_for("crossjack", "8");
    let moves = engine.legal_moves();
    let legal = moves.last().expect("a legal move");
    engine.send(&format!("go searchmoves z99 {legal} depth 2"));
    let lines = engine.lines_until(is_bestmove);
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(
        errors[0].starts_with("info string error: go: searchmoves 'z99' ignored: "),
        "{errors:?}"
    );
    assert_eq!(&move_of(lines.last().expect("bestmove")), legal);
}

#[test]
fn searchmoves_with_no_legal_move_searches_every_move_and_says_so() {
    let mut engine = engine_for("crossjack", "3");
    engine.send("go searchmoves a8");
    engine.send("stop");
    let lines = engine.lines_until(is_bestmove);
    assert!(
        lines.contains(
            &"info string error: go: searchmoves names no legal move; every move is searched"
                .to_string()
        ),
        "{lines:?}"
    );
    let best = move_of(lines.last().expect("bestmove"));
    assert!(engine.legal_moves().contains(&best), "{best}");
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn movestogo_zero_is_answered_like_a_clock_without_moves_to_go() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go wtime 1000 btime 1000 movestogo 0");
    let lines = engine.lines_until(is_bestmove);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn unknown_go_tokens_are_reported_and_the_search_runs_on_the_rest() {
    // Crossings: its `depth` is plies of alpha-beta (JC Shock's is a playout count).
    let mut engine = engine_for("crossings", "8");
    engine.send("go depth 2 frobnicate 7");
    let lines = engine.lines_until(is_bestmove);
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(errors[0].ends_with("found 'frobnicate'"), "{errors:?}");
    let depths: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        depths
            .last()
            .is_some_and(|l| l.starts_with("info depth 2 ")),
        "{lines:?}"
    );
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn the_go_lines_of_the_issue_are_each_answered_by_one_bestmove() {
    let mut engine = engine_for("crossjack", "8");
    for go in [
        "go mate 3",
        "go searchmoves a8",
        "go wtime 1000 btime 1000 movestogo 0",
    ] {
        engine.send(go);
        engine.send("stop");
        engine.lines_until(is_bestmove);
        assert_no_more_bestmove(&mut engine);
    }
}

// ---------------------------------------------------------------------------------------
// Pondering
// ---------------------------------------------------------------------------------------

/// Lines written within `quiet` (none of which may be a `bestmove`).
fn assert_no_bestmove_within(engine: &Engine, quiet: Duration) {
    thread::sleep(quiet);
    let lines = engine.pending_lines();
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{lines:?}");
}

#[test]
fn ponder_is_a_check_option_off_by_default() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    let lines = engine.lines_until(|l| l == "uciok");
    assert!(lines.contains(&"option name Ponder type check default false".to_string()));
}

#[test]
fn a_ponder_search_waits_for_ponderhit_then_plays_within_its_limits_counted_from_then() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go ponder movetime 400");
    // Pondering is infinite: the movetime does not run yet.
    assert_no_bestmove_within(&engine, Duration::from_millis(800));
    let hit = std::time::Instant::now();
    engine.send("ponderhit");
    let lines = engine.lines_until(is_bestmove);
    let after_hit = hit.elapsed();
    assert!(
        after_hit >= Duration::from_millis(300),
        "answered {after_hit:?} after ponderhit: the clock must start at ponderhit"
    );
    assert!(lines.iter().filter(|l| is_bestmove(l)).count() == 1);
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn stop_during_ponder_gives_the_one_bestmove_and_a_late_ponderhit_changes_nothing() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go ponder wtime 10000 btime 10000");
    assert_no_bestmove_within(&engine, Duration::from_millis(300));
    engine.send("stop");
    engine.lines_until(is_bestmove);
    engine.send("ponderhit");
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn ponderhit_on_an_infinite_ponder_searches_on_until_stop() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go ponder infinite");
    engine.send("ponderhit");
    assert_no_bestmove_within(&engine, Duration::from_millis(300));
    engine.send("stop");
    engine.lines_until(is_bestmove);
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn a_ponder_search_that_finishes_early_still_waits_for_ponderhit() {
    // Cross-Jack 3x3 is solved at once; the answer still waits.
    let mut engine = engine_for("crossjack", "3");
    engine.send("go ponder depth 3");
    assert_no_bestmove_within(&engine, Duration::from_millis(300));
    engine.send("ponderhit");
    engine.lines_until(is_bestmove);
    assert_no_more_bestmove(&mut engine);
}

#[test]
fn with_ponder_on_bestmove_names_the_expected_reply() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go depth 3");
    let plain = engine.lines_until(is_bestmove);
    assert_eq!(
        plain.last().map(|l| l.split_whitespace().count()),
        Some(2),
        "without Ponder: {plain:?}"
    );
    engine.send("setoption name Ponder value true");
    engine.send("go depth 3");
    let lines = engine.lines_until(is_bestmove);
    let last_pv: Vec<&str> = lines
        .iter()
        .rev()
        .find_map(|l| l.split(" pv ").nth(1))
        .expect("a pv")
        .split_whitespace()
        .collect();
    let bestmove = lines.last().expect("bestmove");
    assert_eq!(
        bestmove,
        &format!("bestmove {} ponder {}", last_pv[0], last_pv[1])
    );
    // The reply is legal after the move.
    engine.send(&format!("position startpos moves {}", last_pv[0]));
    assert!(engine.legal_moves().contains(&last_pv[1].to_string()));
}

// ---------------------------------------------------------------------------------------
// Option values
// ---------------------------------------------------------------------------------------

#[test]
fn a_button_ignores_a_value_and_an_empty_value_is_refused_with_its_own_error() {
    let mut engine = Engine::start(&[]);
    engine.send("setoption name Clear Hash value");
    engine.send("setoption name Clear Hash value now");
    engine.assert_ready();
    assert_eq!(
        engine.ask("setoption name UCI_Variant value"),
        "info string error: setoption: option UCI_Variant needs a value after 'value', got none"
    );
    assert_eq!(
        engine.ask("setoption name Hash value"),
        "info string error: setoption: option Hash needs a value after 'value', got none"
    );
}
