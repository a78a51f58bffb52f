//! Runs the Python tests of `scripts/match.py` and `scripts/perft.sh` (in `tests/match/`) under
//! `cargo test`, with the tablero binary cargo built as engine and referee. They need `python3`
//! (3.8 or later) and `bash` on the PATH, nothing else.

use std::process::Command;

/// Runs one Python test file of `tests/match/` and fails with its whole output if it fails.
fn python_tests(file: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/match");
    let output = Command::new("python3")
        .arg(file)
        .current_dir(dir)
        .env("TABLERO", env!("CARGO_BIN_EXE_tablero"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs (the match tests need Python 3.8 or later on the PATH)");
    assert!(
        output.status.success(),
        "tests/match/{file} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn match_statistics_equal_hand_computed_values() {
    python_tests("test_stats.py");
}

#[test]
fn match_per_game_replays_legally_and_adds_up() {
    python_tests("test_games.py");
}

#[test]
fn match_adjudicates_misbehaving_engines() {
    python_tests("test_misbehaving.py");
}

#[test]
fn match_shards_merge_to_the_unsharded_summary() {
    python_tests("test_shards.py");
}

#[test]
fn match_command_line() {
    python_tests("test_usage.py");
}

#[test]
fn perft_script_checks_vectors() {
    python_tests("test_perft_script.py");
}
