//! The command line: `tablero perft` prints one `<move>: <count>` line per root move and a
//! last line `Nodes searched: <total>`; bad arguments are errors with a non-zero exit code.

use std::process::{Command, Output};

fn tablero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn divide_lines(text: &str) -> Vec<(String, u64)> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with("Nodes searched"))
        .map(|l| {
            let (mv, n) = l.split_once(": ").expect("<move>: <count>");
            (mv.to_string(), n.parse().expect("a count"))
        })
        .collect()
}

fn total(text: &str) -> u64 {
    let last = text.lines().last().expect("a last line");
    last.strip_prefix("Nodes searched: ")
        .expect("last line is the total")
        .parse()
        .expect("a number")
}

#[test]
fn perft_divides_by_root_move_and_totals() {
    let output = tablero(&["perft", "--game", "crossjack", "3"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines = divide_lines(&text);
    assert_eq!(lines.len(), 8, "{text}");
    assert!(lines.iter().all(|(_, n)| *n == 56));
    assert_eq!(total(&text), 448);
}

#[test]
fn perft_reads_a_position_string() {
    let output = tablero(&[
        "perft",
        "--game",
        "jcshock",
        "--fen",
        "1o3/o1o2/oxx1o/xx3/oxox1 x",
        "2",
    ]);
    assert!(output.status.success());
    assert_eq!(total(&stdout(&output)), 132);
}

#[test]
fn perft_start_size_flag_sets_the_board() {
    let output = tablero(&["perft", "--game", "crossjack", "--size", "10x7", "1"]);
    assert_eq!(total(&stdout(&output)), 10);
    let output = tablero(&["perft", "--game", "jcshock", "--size", "9", "1"]);
    assert_eq!(total(&stdout(&output)), 81);
    let output = tablero(&["perft", "--game", "crossings", "2"]);
    assert_eq!(total(&stdout(&output)), 3600);
}

#[test]
fn perft_size_may_repeat_the_position_strings_own() {
    let fen = "8/8/8/8/8/8/8/8 o";
    let output = tablero(&[
        "perft", "--game", "jcshock", "--size", "8", "--fen", fen, "1",
    ]);
    assert!(output.status.success());
    assert_eq!(total(&stdout(&output)), 64);
}

#[test]
fn perft_depth_zero_counts_the_root() {
    let output = tablero(&["perft", "--game", "crossings", "0"]);
    assert_eq!(stdout(&output).trim(), "Nodes searched: 1");
}

#[test]
fn perft_at_any_depth_below_a_finished_game_counts_nothing() {
    let output = tablero(&[
        "perft",
        "--game",
        "crossjack",
        "--fen",
        "xx1/o1x/oox o",
        "1024",
    ]);
    assert!(output.status.success());
    assert_eq!(total(&stdout(&output)), 0);
}

#[test]
fn bad_arguments_are_errors() {
    for args in [
        &["perft", "--game", "chess", "1"][..],
        &["perft", "--game", "jcshock", "--size", "12", "1"],
        &["perft", "--game", "crossjack", "--size", "ax8", "1"],
        &["perft", "--game", "crossings", "--fen", "8/8 r", "1"],
        &["perft", "--game", "crossings", "-1"],
        &["perft", "--game", "crossjack", "--size", "0x0", "1"],
        &[
            "perft",
            "--game",
            "crossjack",
            "--size",
            "18446744073709551615x9",
            "1",
        ],
        &[
            "perft",
            "--game",
            "jcshock",
            "--size",
            "18446744073709551616",
            "1",
        ],
        &["perft", "--game", "crossjack", "4294967296"],
        &["perft", "--game", "crossings", "1025"],
        &["perft", "--game", "crossings", "4294967295"],
        &[
            "perft",
            "--game",
            "jcshock",
            "--size",
            "9",
            "--fen",
            "8/8/8/8/8/8/8/8 o",
            "1",
        ],
    ] {
        let output = tablero(args);
        assert!(!output.status.success(), "{args:?} should fail");
        assert!(!output.stderr.is_empty(), "{args:?} should say why");
        assert!(
            output.stdout.is_empty(),
            "{args:?} printed {:?}",
            stdout(&output)
        );
    }
}

#[test]
fn a_start_size_the_game_refuses_stops_the_engine_before_the_protocol() {
    let output = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["--game", "crossings", "--size", "5"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        "error: crossings does not support a 5x5 board (8x8 only)"
    );
}
