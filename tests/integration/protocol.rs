//! The protocol end to end: the built binary, driven through pipes like a GUI or a tournament
//! manager would. Every read has a timeout, so a wedged engine fails a test instead of
//! hanging it.

use crate::common;

use common::engine::{exit_within, spawn_engine, Engine, PATIENCE};

use std::io::Write;
use std::thread;
use std::time::{Duration, Instant};

use tablero::games::GameKind;

fn engine_for(game: &str, size: &str) -> Engine {
    Engine::start(&["--game", game, "--size", size])
}

// ---------------------------------------------------------------------------------------
// Handshakes
// ---------------------------------------------------------------------------------------

#[test]
fn uci_handshake_names_the_engine_lists_options_and_ends_with_uciok() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    let lines = engine.lines_until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name tablero "));
    assert!(lines[1].starts_with("id author "));
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    assert_eq!(options.len(), 14, "{lines:?}");
    // One `var` per registered game, in registration order.
    let vars: String = GameKind::ALL
        .iter()
        .map(|kind| format!(" var {kind}"))
        .collect();
    assert!(options[0].starts_with(&format!(
        "option name UCI_Variant type combo default crossjack{vars}"
    )));
    assert!(lines.contains(&"option name Hash type spin default 16 min 1 max 1024".to_string()));
    assert!(lines.contains(&"option name Clear Hash type button".to_string()));
    assert!(lines.contains(&"option name Ponder type check default false".to_string()));
    assert!(lines.contains(
        &"option name Strategy type combo default search var search var mcts var greedy var random"
            .to_string()
    ));
    assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 64".to_string()));
    assert!(lines.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()));
    assert_eq!(lines.len(), 2 + 14 + 1);
    engine.assert_ready();
}

#[test]
fn ugi_handshake_answers_like_uci_but_ends_with_ugiok() {
    let mut engine = Engine::start(&["--game", "jcshock", "--size", "9"]);
    engine.send("uci");
    let uci = engine.lines_until(|l| l == "uciok");
    engine.send("ugi");
    let ugi = engine.lines_until(|l| l == "ugiok");
    assert_eq!(uci[..uci.len() - 1], ugi[..ugi.len() - 1]);
    // The defaults of UCI_Variant and Size are the game and size the engine started with.
    assert!(ugi.contains(&"option name Size type string default 9x9".to_string()));
    assert!(ugi
        .iter()
        .any(|l| l.starts_with("option name UCI_Variant type combo default jcshock")));
    engine.send("uginewgame");
    assert_eq!(engine.query("fen"), "9/9/9/9/9/9/9/9/9 o");
}

#[test]
fn error_lines_go_to_stdout_only_and_to_stderr_at_debug_level() {
    for (level, logged) in [("warn", false), ("debug", true)] {
        let mut engine = Engine::start_logging(level, &[]);
        engine.send("nonsense here");
        assert_eq!(
            engine.line(),
            "info string error: unknown command 'nonsense' (send 'help' for the list)"
        );
        engine.assert_ready();
        engine.send("quit");
        engine.exit_within(PATIENCE);
        thread::sleep(Duration::from_millis(50));
        let stderr = engine.stderr_text();
        assert_eq!(
            stderr.contains("unknown command 'nonsense'"),
            logged,
            "RUST_LOG={level}: {stderr:?}"
        );
    }
}

#[test]
fn help_lists_the_commands() {
    let mut engine = Engine::start(&[]);
    engine.send("help");
    let lines = engine.lines_until(|l| l.contains("protocol.md"));
    for command in [
        "uci",
        "isready",
        "setoption",
        "position",
        "go",
        "query",
        "quit",
    ] {
        assert!(
            lines.iter().any(|l| l.trim_start().starts_with(command)),
            "{command} missing from help"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Games: a win, a loss and a draw each, through `position … moves …`
// ---------------------------------------------------------------------------------------

/// Plays `moves` from `start`, checks the game ends exactly with the last move in `result`,
/// that the position string is `fen`, and that `go` there answers `bestmove (none)`.
fn assert_game_ends(engine: &mut Engine, start: &str, moves: &[&str], result: &str, fen: &str) {
    let (last, before) = moves.split_last().expect("at least one move");
    engine.send(&format!("position {start} moves {}", before.join(" ")));
    assert_eq!(engine.query("gameover"), "false", "before {last}");
    assert_eq!(engine.query("result"), "none");
    assert!(engine.legal_moves().iter().any(|m| m == last));
    engine.send(&format!("position {start} moves {}", moves.join(" ")));
    assert_eq!(engine.query("gameover"), "true", "after {last}");
    assert_eq!(engine.query("result"), result);
    assert_eq!(engine.query("fen"), fen);
    assert_eq!(engine.query("moves"), "");
    engine.send("go depth 1");
    let error = engine.line();
    assert!(
        error.starts_with("info string error: go: the game is over"),
        "{error}"
    );
    assert_eq!(engine.line(), "bestmove (none)");
    engine.send(&format!(
        "position {start} moves {} {last}",
        moves.join(" ")
    ));
    assert!(engine.line().starts_with(&format!(
        "info string error: move {} '{last}' in 'moves': ",
        moves.len() + 1
    )));
    assert_eq!(
        engine.query("fen"),
        fen,
        "a refused position changes nothing"
    );
}

// JC Shock on 4×4: 7 pieces each, the game ends after 14 plies. Final boards, scored by hand:
// - o1x1/oxxo/ooxx/xoxo: x has a run of 4 (file c), o one of 3 (file a): White wins.
// - 1xxo/xooo/xoxo/1xox: o has two runs of 3 (rank 3, file d), x none: Black wins.
// - oooo/xxxx/oxox/1ox1: one run of 4 each: draw.

#[test]
fn jcshock_white_wins_by_the_longer_black_line() {
    let mut engine = engine_for("jcshock", "4");
    let moves = "d2 c3 b3 c1 a3 c4 a4 b1 a1 d4 a4 d2 d1 a1";
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_game_ends(
        &mut engine,
        "startpos",
        &moves,
        "p1win",
        "o1x1/oxxo/ooxx/xoxo o",
    );
}

#[test]
fn jcshock_black_wins_by_more_white_lines() {
    let mut engine = engine_for("jcshock", "4");
    let moves = "c4 d4 c1 c2 b1 a1 b2 b4 d2 a2 d4 a3 d2 d1";
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_game_ends(
        &mut engine,
        "startpos",
        &moves,
        "p2win",
        "1xxo/xooo/xoxo/1xox o",
    );
}

#[test]
fn jcshock_equal_lines_are_a_draw() {
    let mut engine = engine_for("jcshock", "4");
    let moves = "c1 d1 c4 d3 a1 b2 b1 b3 d4 a3 b4 d2 a4 c1";
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_game_ends(
        &mut engine,
        "startpos",
        &moves,
        "draw",
        "oooo/xxxx/oxox/1ox1 o",
    );
}

#[test]
fn jcshock_seed_example_one_through_the_protocol() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("position startpos moves b1 b8 e2 b2");
    assert_eq!(engine.query("fen"), "8/1x6/8/8/8/8/1xoo4/8 o");
    assert_eq!(engine.query("p1turn"), "true");
}

// Cross-Jack on 3×3: X (player 1) starts on rank 3 and wins on rank 1, O the other way.
// - From xx1/xo1/o2 (O to move): c3 reaches X's row: O wins.
// - From the same position, O plays c2 and X answers b1: X wins.
// - From the start: a3 a1 b3 b1 b2 c1 fills rank 1: X has no access, a blockade draw.

#[test]
fn crossjack_north_wins_on_the_south_row() {
    let mut engine = engine_for("crossjack", "3");
    assert_game_ends(
        &mut engine,
        "fen xx1/xo1/o2 o",
        &["c2", "b1"],
        "p1win",
        "xx1/xoo/ox1 o",
    );
}

#[test]
fn crossjack_south_wins_on_the_north_row() {
    let mut engine = engine_for("crossjack", "3");
    assert_game_ends(
        &mut engine,
        "fen xx1/xo1/o2 o",
        &["c3"],
        "p2win",
        "xxo/xo1/o2 x",
    );
}

#[test]
fn crossjack_blockade_is_a_draw() {
    let mut engine = engine_for("crossjack", "3");
    assert_game_ends(
        &mut engine,
        "startpos",
        &["a3", "a1", "b3", "b1", "b2", "c1"],
        "draw",
        "xx1/1x1/ooo x",
    );
}

// Crossings (8×8): a crossing the opponent cannot answer wins; threefold repetition draws.

#[test]
fn crossings_red_crossing_without_answer_wins() {
    let mut engine = engine_for("crossings", "8");
    assert_game_ends(
        &mut engine,
        "fen 7b/6r1/8/8/8/8/8/r7 r",
        &["g7g8"],
        "p1win",
        "6rb/8/8/8/8/8/8/r7 b",
    );
}

#[test]
fn crossings_black_crossing_without_answer_wins() {
    let mut engine = engine_for("crossings", "8");
    assert_game_ends(
        &mut engine,
        "fen b7/8/8/8/8/8/1b6/7r b",
        &["b2b1"],
        "p2win",
        "b7/8/8/8/8/8/8/1b5r r",
    );
}

#[test]
fn crossings_third_repetition_is_a_draw() {
    let mut engine = engine_for("crossings", "8");
    let moves = [
        "a1a2", "h8h7", "a2a1", "h7h8", "a1a2", "h8h7", "a2a1", "h7h8",
    ];
    assert_game_ends(
        &mut engine,
        "fen 7b/8/8/8/8/8/8/r7 r",
        &moves,
        "draw",
        "7b/8/8/8/8/8/8/r7 r",
    );
}

#[test]
fn crossings_startpos_has_sixty_moves_and_red_to_move() {
    let mut engine = engine_for("crossings", "8");
    engine.send("position startpos");
    assert_eq!(
        engine.query("fen"),
        "bbbbbbbb/bbbbbbbb/8/8/8/8/rrrrrrrr/rrrrrrrr r"
    );
    assert_eq!(engine.legal_moves().len(), 60);
}

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

#[test]
fn variant_and_size_options_reset_to_the_new_start_position() {
    let mut engine = Engine::start(&[]);
    engine.send("setoption name UCI_Variant value jcshock");
    engine.send("setoption name Size value 5");
    engine.send("position startpos");
    assert_eq!(engine.query("fen"), "5/5/5/5/5 o");
    engine.send("setoption name size value 4x4");
    assert_eq!(engine.query("fen"), "4/4/4/4 o");
}

#[test]
fn a_variant_that_refuses_the_size_falls_back_to_its_default() {
    let mut engine = engine_for("jcshock", "5");
    engine.send("setoption name UCI_Variant value crossings");
    let note = engine.line();
    assert!(note.starts_with("info string Size reset to 8x8"), "{note}");
    assert_eq!(
        engine.query("fen"),
        "bbbbbbbb/bbbbbbbb/8/8/8/8/rrrrrrrr/rrrrrrrr r"
    );
}

#[test]
fn hash_clear_hash_and_move_overhead_are_accepted_silently() {
    let mut engine = Engine::start(&[]);
    engine.send("setoption name Hash value 2");
    engine.send("setoption name Clear Hash");
    engine.send("setoption name Move Overhead value 100");
    engine.assert_ready();
}

/// The `info` values of `key` of `go depth <depth>` from the current position, in order.
fn search_infos(engine: &mut Engine, depth: u32, key: &str) -> Vec<u64> {
    engine.send(&format!("go depth {depth}"));
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    let values = info_values(&lines, key);
    assert_eq!(values.len(), depth as usize, "{lines:?}");
    values
}

/// The `info` value of `key` at the last depth of `go depth <depth>`.
fn last_info(engine: &mut Engine, depth: u32, key: &str) -> u64 {
    search_infos(engine, depth, key)
        .last()
        .copied()
        .unwrap_or_default()
}

#[test]
fn the_hash_option_resizes_the_table() {
    // Crossings: its `search` is alpha-beta, which fills the table.
    let mut engine = engine_for("crossings", "8");
    engine.send("setoption name Hash value 1");
    let small = last_info(&mut engine, 5, "hashfull");
    engine.send("setoption name Hash value 16");
    let large = last_info(&mut engine, 5, "hashfull");
    // The same search fills sixteen times the share of a table sixteen times smaller.
    assert!(large > 0, "the search stores results");
    assert!(
        small > 8 * large,
        "1 MB: {small} permille, 16 MB: {large} permille"
    );
}

#[test]
fn ucinewgame_and_clear_hash_empty_the_table() {
    let mut engine = engine_for("crossings", "8");
    let fresh = search_infos(&mut engine, 4, "nodes");
    let warm = search_infos(&mut engine, 4, "nodes");
    assert_ne!(
        warm, fresh,
        "a search with the table of the last one differs"
    );
    engine.send("ucinewgame");
    assert_eq!(
        search_infos(&mut engine, 4, "nodes"),
        fresh,
        "after ucinewgame"
    );
    engine.send("setoption name Clear Hash");
    assert_eq!(
        search_infos(&mut engine, 4, "nodes"),
        fresh,
        "after Clear Hash"
    );
}

#[test]
fn move_overhead_is_kept_back_from_the_time_of_a_move() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("setoption name Move Overhead value 5000");
    // On the clock the overhead leaves no time at all: the answer comes at once instead of
    // after seconds.
    let started = Instant::now();
    engine.send("go wtime 5000 btime 5000 movestogo 1");
    engine.lines_until(|l| l.starts_with("bestmove"));
    let took = started.elapsed();
    assert!(took < Duration::from_secs(1), "the clock: took {took:?}");
    // A movetime is the time to use: the overhead takes at most half of it.
    let started = Instant::now();
    engine.send("go movetime 1000");
    engine.lines_until(|l| l.starts_with("bestmove"));
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(500),
        "movetime: took {took:?}"
    );
    assert!(
        took < Duration::from_millis(1000),
        "movetime: took {took:?}"
    );
}

// ---------------------------------------------------------------------------------------
// go: every limit, perft, stop, isready mid-search, quit and end of input mid-search
// ---------------------------------------------------------------------------------------

/// Sends `go …` in the jcshock 5×5 start position and returns the best move, checking
/// that it is a single legal move token and that it came within `patience`.
fn bestmove_after(go: &str, patience: Duration) -> String {
    let mut engine = engine_for("jcshock", "5");
    let legal = engine.legal_moves();
    let started = Instant::now();
    engine.send(go);
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    assert!(
        started.elapsed() < patience,
        "{go} took {:?}",
        started.elapsed()
    );
    for info in &lines[..lines.len() - 1] {
        assert!(info.starts_with("info "), "{info}");
    }
    let words: Vec<&str> = lines[lines.len() - 1].split(' ').collect();
    assert_eq!(words.len(), 2, "{lines:?}");
    assert!(
        legal.iter().any(|m| m == words[1]),
        "{} is not legal",
        words[1]
    );
    engine.assert_ready();
    words[1].to_string()
}

#[test]
fn go_depth_answers_a_legal_bestmove() {
    bestmove_after("go depth 2", PATIENCE);
}

/// The value after `key` in each `info` line of `lines`.
fn info_values(lines: &[String], key: &str) -> Vec<u64> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| {
            let mut words = l.split(' ').skip_while(|w| *w != key).skip(1);
            words.next().and_then(|v| v.parse().ok())
        })
        .collect()
}

#[test]
fn go_depth_completes_exactly_that_depth() {
    let mut engine = engine_for("crossings", "8");
    engine.send("go depth 3");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    assert_eq!(info_values(&lines, "depth"), [1, 2, 3], "{lines:?}");
}

/// `game` on `size` searched on two threads under each kind of limit, then `go infinite`
/// stopped: each `go` answers one legal `bestmove` in time (see the test below).
fn searched_on_two_threads_answers_one_legal_bestmove_in_time(game: &str, size: &str) {
    let mut engine = engine_for(game, size);
    engine.send("setoption name Threads value 2");
    let legal = engine.legal_moves();
    for go in ["go movetime 300", "go depth 4", "go nodes 5000"] {
        let started = Instant::now();
        engine.send(go);
        let lines = engine.lines_until(|l| l.starts_with("bestmove"));
        assert!(started.elapsed() < Duration::from_secs(5), "{game} {go}");
        let best = lines.last().and_then(|l| l.split(' ').nth(1)).unwrap_or("");
        assert!(legal.iter().any(|m| m == best), "{game} {go}: {lines:?}");
        // The move played is the one the last report's line starts with, whichever
        // thread found it.
        let last_pv = lines
            .iter()
            .rev()
            .find_map(|l| l.split(" pv ").nth(1))
            .and_then(|pv| pv.split(' ').next());
        assert_eq!(last_pv, Some(best), "{game} {go}: {lines:?}");
        // Alpha-beta reports the depth it completed; JC Shock's Monte-Carlo search reads
        // `go depth 4` as 4,000 playouts and reports its deepest tree node (protocol.md).
        if go == "go depth 4" && game != "jcshock" {
            assert_eq!(
                info_values(&lines, "depth").last(),
                Some(&4),
                "{game}: {lines:?}"
            );
        }
        engine.assert_silent(Duration::from_millis(200));
    }
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    engine.lines_until(|l| l.starts_with("bestmove"));
    // No second bestmove, from a helper or otherwise.
    engine.assert_silent(Duration::from_millis(200));
    engine.assert_ready();
}

#[test]
fn every_game_searched_on_two_threads_answers_one_legal_bestmove_in_time() {
    // Each game's engine is a process of its own, so the three run side by side; most of
    // the time is spent waiting (for a movetime, or for the silence after a bestmove).
    thread::scope(|scope| {
        let games =
            [("crossjack", "8"), ("jcshock", "8"), ("crossings", "8")].map(|(game, size)| {
                scope.spawn(move || {
                    searched_on_two_threads_answers_one_legal_bestmove_in_time(game, size)
                })
            });
        for game in games {
            if let Err(panic) = game.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

#[test]
fn multipv_prints_a_ranked_line_per_move_and_bestmove_is_the_first() {
    let mut engine = engine_for("crossjack", "8");
    engine.send("setoption name MultiPV value 3");
    engine.send("go depth 3");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(
        info_values(&lines, "multipv"),
        [1, 2, 3, 1, 2, 3, 1, 2, 3],
        "{lines:?}"
    );
    let first_move = |line: &str| {
        line.split(" pv ")
            .nth(1)
            .and_then(|pv| pv.split(' ').next())
            .map(str::to_string)
    };
    let best = lines
        .last()
        .and_then(|l| l.split(' ').nth(1))
        .map(str::to_string);
    assert_eq!(first_move(infos[infos.len() - 3]), best);
    engine.send("setoption name MultiPV value 1");
    engine.send("go depth 3");
    let single = engine.lines_until(|l| l.starts_with("bestmove"));
    assert!(single.iter().all(|l| !l.contains("multipv")), "{single:?}");
}

#[test]
fn go_nodes_never_reports_more_nodes_than_asked() {
    let mut engine = engine_for("crossings", "8");
    engine.send("go nodes 20000");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    let nodes = info_values(&lines, "nodes");
    assert!(!nodes.is_empty(), "{lines:?}");
    assert!(nodes.iter().all(|&n| n <= 20_000), "{lines:?}");
}

#[test]
fn go_nodes_answers_a_legal_bestmove() {
    bestmove_after("go nodes 5000", PATIENCE);
}

#[test]
fn go_movetime_answers_in_time() {
    bestmove_after(
        "go movetime 200",
        Duration::from_millis(200) + Duration::from_secs(2),
    );
}

#[test]
fn go_with_uci_clocks_answers_in_time() {
    bestmove_after(
        "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
        Duration::from_secs(3),
    );
}

#[test]
fn go_with_ugi_clocks_answers_in_time() {
    bestmove_after(
        "go p1time 1000 p2time 1000 p1inc 10 p2inc 10",
        Duration::from_secs(3),
    );
}

/// `go infinite` (and `go` alone) answer nothing before `stop`, then exactly one bestmove.
fn infinite_search_waits_for_stop(go: &str) {
    let mut engine = engine_for("jcshock", "6");
    engine.send(go);
    thread::sleep(Duration::from_millis(300));
    let before = engine.pending_lines();
    assert!(
        before.iter().all(|l| l.starts_with("info ")),
        "answered before stop: {before:?}"
    );
    let started = Instant::now();
    engine.send("stop");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(lines.last().map(|l| l.split(' ').count()), Some(2));
    engine.assert_ready();
    engine.assert_silent(Duration::from_millis(100));
}

#[test]
fn stop_ends_go_infinite_with_one_bestmove() {
    infinite_search_waits_for_stop("go infinite");
}

#[test]
fn go_without_limits_searches_until_stop() {
    infinite_search_waits_for_stop("go");
}

#[test]
fn isready_is_answered_at_once_mid_search() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    for _ in 0..5 {
        let started = Instant::now();
        engine.send("isready");
        let lines = engine.lines_until(|l| l == "readyok");
        assert!(started.elapsed() < Duration::from_millis(500));
        assert!(lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info ")));
    }
    engine.send("stop");
    engine.lines_until(|l| l.starts_with("bestmove"));
}

#[test]
fn a_second_go_while_searching_is_refused_and_the_first_goes_on() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go infinite");
    engine.send("go depth 1");
    let lines = engine.lines_until(|l| l.starts_with("info string"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("info string error: go: a search is running; send 'stop' first")
    );
    engine.send("setoption name Hash value 1");
    let lines = engine.lines_until(|l| l.starts_with("info string"));
    assert!(lines
        .last()
        .is_some_and(|l| l.starts_with("info string error: setoption: a search is running")));
    engine.send("stop");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.starts_with("info string")));
    engine.assert_ready();
}

#[test]
fn position_during_a_search_applies_to_the_next_go() {
    let mut engine = engine_for("jcshock", "4");
    engine.send("go infinite");
    engine.send("position startpos moves a1");
    engine.send("stop");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    assert_eq!(engine.query("fen"), "4/4/4/o3 x");
}

#[test]
fn quit_mid_search_exits_promptly() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    engine.send("quit");
    let status = engine.exit_within(Duration::from_secs(2));
    assert!(status.success());
}

#[test]
fn end_of_input_mid_search_exits_promptly() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    engine.close_input();
    let status = engine.exit_within(Duration::from_secs(2));
    assert!(status.success());
}

#[test]
fn stdout_closed_by_the_controller_mid_search_ends_the_process() {
    let mut child = spawn_engine(&["--game", "jcshock", "--size", "8"]);
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin
        .write_all(b"go infinite\n")
        .and_then(|()| stdin.flush())
        .expect("the engine reads its input");
    // The controller stops reading but keeps stdin open: the engine learns of it only when
    // its next info line fails, and must then end instead of searching for nobody.
    drop(child.stdout.take());
    let status = exit_within(&mut child, Duration::from_secs(5));
    assert!(status.success());
    drop(stdin);
}

#[test]
fn quit_during_go_perft_exits_at_once() {
    let mut engine = engine_for("crossings", "8");
    engine.send("go perft 7");
    engine.assert_ready();
    let started = Instant::now();
    engine.send("quit");
    assert!(engine.exit_within(PATIENCE).success());
    // quit stops the perft like a search; its answer is no longer wanted.
    assert!(
        started.elapsed() < Duration::from_millis(400),
        "quit took {:?}",
        started.elapsed()
    );
}

#[test]
fn stop_ends_go_perft_without_a_count_and_frees_the_engine() {
    let mut engine = engine_for("crossings", "8");
    engine.send("go perft 9");
    engine.assert_ready();
    engine.send("stop");
    let lines = engine.lines_until(|l| l.starts_with("info string perft stopped"));
    assert_eq!(
        lines,
        ["info string perft stopped before it finished: no count"],
        "a stopped perft writes no partial count"
    );
    engine.send("go depth 1");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
}

#[test]
fn limits_at_their_extremes_answer_at_once_or_stop_on_stop() {
    let mut engine = engine_for("jcshock", "6");
    let legal = engine.legal_moves();
    let assert_one_legal_bestmove = |lines: &[String]| {
        let best = lines.last().and_then(|l| l.strip_prefix("bestmove "));
        assert!(
            best.is_some_and(|m| legal.iter().any(|l| l == m)),
            "{lines:?}"
        );
        assert!(
            lines.iter().all(|l| !l.starts_with("info string")),
            "{lines:?}"
        );
    };
    for go in [
        "go nodes 1",
        "go movetime 0",
        "go wtime 0 btime 0",
        "go wtime -9223372036854775808 btime 0",
        "go winc 9223372036854775807 wtime 1",
    ] {
        engine.send(go);
        assert_one_legal_bestmove(&engine.lines_until(|l| l.starts_with("bestmove")));
    }
    for go in [
        "go depth 4294967295",
        "go movetime 18446744073709551615",
        "go wtime 9223372036854775807 btime 9223372036854775807 movestogo 4294967295",
    ] {
        engine.send(go);
        thread::sleep(Duration::from_millis(50));
        let started = Instant::now();
        engine.send("stop");
        assert_one_legal_bestmove(&engine.lines_until(|l| l.starts_with("bestmove")));
        assert!(started.elapsed() < Duration::from_secs(1), "{go}");
    }
    engine.assert_ready();
    engine.assert_silent(Duration::from_millis(50));
}

#[test]
fn five_hundred_pipelined_go_stop_pairs_get_one_bestmove_each() {
    let mut engine = engine_for("jcshock", "8");
    let pairs = 500;
    let mut input = String::new();
    for i in 0..pairs {
        let go = ["go infinite", "go", "go depth 1", "go movetime 1"][i % 4];
        input.push_str(&format!("{go}\nstop\n"));
    }
    input.push_str("isready\n");
    engine.send_bytes(input.as_bytes());
    let lines = engine.lines_until(|l| l == "readyok");
    let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, pairs);
    assert!(lines.iter().all(|l| !l.starts_with("info string")));
    // `stop` returns after the bestmove: every go's answer came before the readyok.
    engine.assert_silent(Duration::from_millis(100));
}

#[test]
fn go_right_after_bestmove_is_never_refused() {
    let mut engine = engine_for("crossings", "8");
    for go in [
        "go nodes 300",
        "go depth 1",
        "go movetime 2",
        "go wtime 30 btime 30",
    ]
    .repeat(25)
    {
        engine.send("position startpos");
        engine.send(go);
        let lines =
            engine.lines_until(|l| l.starts_with("bestmove") || l.starts_with("info string"));
        assert!(
            lines.last().is_some_and(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
    }
}

#[test]
fn stop_racing_the_end_of_a_search_gives_exactly_one_bestmove() {
    let mut engine = engine_for("crossings", "8");
    for round in 0..100u64 {
        engine.send(&format!("go movetime {}", round % 4));
        thread::sleep(Duration::from_micros(round % 7 * 500));
        engine.send("stop");
        engine.send("isready");
        let lines = engine.lines_until(|l| l == "readyok");
        let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
        assert_eq!(bestmoves, 1, "round {round}: {lines:?}");
        assert!(
            lines.iter().all(|l| !l.starts_with("info string")),
            "{lines:?}"
        );
    }
    engine.assert_silent(Duration::from_millis(50));
}

#[test]
fn thousands_of_moves_are_refused_at_the_first_bad_one() {
    let mut engine = engine_for("jcshock", "8");
    let moves = vec!["a1"; 12_000].join(" ");
    engine.send(&format!("position startpos moves {moves}"));
    assert_eq!(
        engine.line(),
        "info string error: move 2 'a1' in 'moves': a1: square is occupied"
    );
    assert_eq!(engine.query("fen"), "8/8/8/8/8/8/8/8 o");
}

#[test]
fn stop_when_idle_is_ignored() {
    let mut engine = Engine::start(&[]);
    engine.send("stop");
    engine.assert_ready();
}

#[test]
fn go_perft_prints_one_line_per_legal_move_then_the_total() {
    for game in ["crossjack", "jcshock", "crossings"] {
        let mut engine = Engine::start(&["--game", game]);
        for (fen, counts) in common::perft_vectors(game).iter().take(2) {
            engine.send(&format!("position fen {fen}"));
            let legal = engine.legal_moves();
            engine.send("go perft 2");
            let lines = engine.lines_until(|l| l.starts_with("Nodes searched: "));
            let (total, divide) = lines.split_last().expect("at least the total");
            assert_eq!(total, &format!("Nodes searched: {}", counts[1]), "{fen}");
            let (empty, divide) = divide.split_last().expect("an empty line");
            assert_eq!(empty, "", "{fen}");
            let moves: Vec<&str> = divide
                .iter()
                .map(|l| l.split_once(": ").expect("<move>: <count>").0)
                .collect();
            assert_eq!(
                moves, legal,
                "{fen}: one line per legal move, in generation order"
            );
            let sum: u64 = divide
                .iter()
                .map(|l| {
                    l.split_once(": ")
                        .map_or(0, |(_, n)| n.parse().expect("a count"))
                })
                .sum();
            assert_eq!(sum, counts[1], "{fen}");
            engine.assert_ready();
        }
    }
}

// ---------------------------------------------------------------------------------------
// Malformed input: one error line each, the state unchanged, the engine still ready
// ---------------------------------------------------------------------------------------

/// (input, a part of the error line it must produce).
const MALFORMED: &[(&str, &str)] = &[
    (
        "frobnicate",
        "unknown command 'frobnicate' (send 'help' for the list)",
    ),
    ("\u{1}\u{2}", "unknown command"),
    ("uci extra", "uci: expected end of line, found 'extra'"),
    ("isready 1", "isready: expected end of line, found '1'"),
    ("quit now", "quit: expected end of line, found 'now'"),
    ("stop please", "stop: expected end of line, found 'please'"),
    (
        "position",
        "position: expected 'startpos' or 'fen', found end of line",
    ),
    (
        "position start",
        "position: expected 'startpos' or 'fen', found 'start'",
    ),
    (
        "position fen",
        "position: expected a position string after 'fen', found end of line",
    ),
    (
        "position fen moves e2",
        "position: expected a position string after 'fen', found 'moves'",
    ),
    (
        "position startpos e2",
        "position: expected 'moves' or end of line, found 'e2'",
    ),
    (
        "position fen 9/8/8/8/8/8/8/8 o",
        "position: row 2 has 8 squares, expected 9",
    ),
    ("position fen 8/8/8/8/8/8/8/8 q", "position: "),
    ("position fen 8/8/8/8/8/8/8/8", "position: "),
    ("position fen 8/8/8/8/8/8/8/7a o", "position: "),
    ("position fen 8/8/8/8/8/8/8/8 o extra", "position: "),
    (
        "position startpos moves e2 z9",
        "move 2 'z9' in 'moves': z9 is off the 8x8 board",
    ),
    ("position startpos moves e2 e2", "move 2 'e2' in 'moves': "),
    (
        "position startpos moves e2 hello",
        "move 2 'hello' in 'moves': ",
    ),
    ("go perft", "go: expected a perft depth, found end of line"),
    (
        "go perft 2 depth 2",
        "go: perft takes only a depth and cannot be combined with search limits",
    ),
    ("setoption", "setoption: expected 'name', found end of line"),
    (
        "setoption name",
        "setoption: expected an option name, found end of line",
    ),
    (
        "setoption name Threats value 2",
        "setoption: unknown option 'Threats'",
    ),
    (
        "setoption name Threads value 0",
        "setoption: Threads value 0 is out of range 1..64",
    ),
    (
        "setoption name MultiPV value many",
        "setoption: MultiPV value 'many' is not a whole number in 1..256",
    ),
    (
        "setoption name Hash value 0",
        "setoption: Hash value 0 is out of range 1..1024",
    ),
    (
        "setoption name Hash value big",
        "setoption: Hash value 'big' is not a whole number",
    ),
    (
        "setoption name Hash",
        "setoption: option Hash needs 'value <…>'",
    ),
    (
        "setoption name Move Overhead value -5",
        "setoption: Move Overhead value '-5'",
    ),
    (
        "setoption name UCI_Variant value chess",
        "setoption: UCI_Variant 'chess' is not a game",
    ),
    ("setoption name Size value 20x20", "setoption: Size 20x20: "),
    (
        "setoption name Size value huge",
        "setoption: Size: malformed board size 'huge'",
    ),
    (
        "setoption name UCI_Variant value",
        "setoption: option UCI_Variant needs a value after 'value', got none",
    ),
    (
        "query",
        "query: expected gameover, p1turn, result, reason, fen, moves, board, effects, after, duty, end or turn, found end of line",
    ),
    (
        "query score",
        "query: expected gameover, p1turn, result, reason, fen, moves, board, effects, after, duty, end or turn, found 'score'",
    ),
    (
        "debug maybe",
        "debug: expected 'on' or 'off', found 'maybe'",
    ),
];

/// `go` lines with a problem, and the one error line each gets before its search runs on
/// what was understood.
const GO_WITH_PROBLEMS: &[(&str, &str)] = &[
    (
        "go depth",
        "go: expected a depth in plies, found end of line",
    ),
    ("go depth x", "go: expected a depth in plies, found 'x'"),
    ("go depth 0", "go: a depth in plies must be at least 1"),
    (
        "go depth -1",
        "go: a depth in plies may not be negative, found '-1'",
    ),
    (
        "go nodes 99999999999999999999999",
        "go: a node count '99999999999999999999999' is too large",
    ),
    (
        "go movetime soon",
        "go: expected a time in milliseconds, found 'soon'",
    ),
    (
        "go wtime",
        "go: expected a time in milliseconds, found end of line",
    ),
    (
        "go wtime -99999999999999999999",
        "go: a time in milliseconds '-99999999999999999999' is out of range",
    ),
    ("go frobnicate 3", "go: expected a go parameter"),
    ("go depth 2 depth 3", "go: depth given twice"),
    (
        "go btime 10 p2time 10",
        "go: player 2 time (btime/p2time) given twice",
    ),
];

#[test]
fn a_go_with_a_problem_reports_it_and_still_answers_one_bestmove() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("position startpos moves d4");
    let fen = engine.query("fen");
    for (input, expected) in GO_WITH_PROBLEMS {
        engine.send(input);
        // What was understood may be no limit at all: an infinite search.
        engine.send("stop");
        let lines = engine.lines_until(|l| l.starts_with("bestmove"));
        let errors: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        assert_eq!(errors.len(), 1, "{input:?} answered {lines:?}");
        assert!(
            errors[0].starts_with("info string error: ") && errors[0].contains(expected),
            "{input:?} answered {lines:?}, expected {expected:?}"
        );
        engine.assert_ready();
        assert_eq!(engine.query("fen"), fen, "{input:?} changed the position");
    }
}

#[test]
fn every_malformed_input_gets_one_error_line_and_changes_nothing() {
    let mut engine = engine_for("jcshock", "8");
    engine.send("position startpos moves d4");
    let fen = engine.query("fen");
    for (input, expected) in MALFORMED {
        engine.send(input);
        let line = engine.line();
        assert!(
            line.starts_with("info string error: ") && line.contains(expected),
            "{input:?} answered {line:?}, expected {expected:?}"
        );
        engine.assert_ready();
        assert_eq!(engine.query("fen"), fen, "{input:?} changed the position");
    }
    assert!(MALFORMED.len() >= 20);
}

#[test]
fn over_long_lines_and_invalid_utf8_are_errors_not_crashes() {
    let mut engine = Engine::start(&[]);
    let mut long = vec![b'a'; 70_000];
    long.push(b'\n');
    engine.send_bytes(&long);
    let line = engine.line();
    assert!(
        line.starts_with("info string error: line of 70000 bytes ignored"),
        "{line}"
    );
    engine.assert_ready();
    engine.send_bytes(b"go \xff\xfe depth 1\n");
    assert_eq!(
        engine.line(),
        "info string error: line ignored: invalid UTF-8 at byte 3"
    );
    engine.assert_ready();
}

#[test]
fn control_characters_in_bad_input_are_echoed_escaped_in_one_line() {
    let mut engine = Engine::start(&[]);
    engine.send_bytes("stop \u{0}\u{b}\u{1b}[2J\u{85}\u{2028}x\n".as_bytes());
    let line = engine.line();
    assert_eq!(
        line,
        r"info string error: stop: expected end of line, found '\u{0}\u{b}\u{1b}[2J\u{85}\u{2028}x'"
    );
    engine.assert_ready();
}

#[test]
fn empty_lines_and_stray_blanks_are_ignored() {
    let mut engine = Engine::start(&[]);
    engine.send("");
    engine.send("   \t ");
    engine.send("  isready  \r");
    assert_eq!(engine.line(), "readyok");
}

#[test]
fn debug_and_ponderhit_are_harmless() {
    let mut engine = Engine::start(&[]);
    engine.send("debug on");
    engine.send("ponderhit");
    engine.send("debug off");
    engine.assert_ready();
}

#[test]
fn display_shows_the_board_and_the_facts() {
    let mut engine = engine_for("jcshock", "4");
    engine.send("position startpos moves b2");
    engine.send("d");
    let lines = engine.lines_until(|l| l.starts_with("Legal moves: "));
    assert!(lines.contains(&"Fen: 4/4/1o2/4 x".to_string()), "{lines:?}");
    assert!(lines.contains(&"Side to move: player 2 (x)".to_string()));
    assert!(lines.contains(&"Status: in play".to_string()));
    assert!(lines.iter().any(|l| l.contains('a') && l.contains('d')));
    assert_eq!(lines.last().map(String::as_str), Some("Legal moves: 15"));
}
