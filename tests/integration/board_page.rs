//! Runs the tests of `scripts/board.py` (in `tests/board/`) under `cargo test`, with the
//! tablero binary cargo built as referee and engine: the server's logic without a browser,
//! then three whole games played by clicks in headless Chromium. The browser test needs
//! Debian's `chromium` and `chromium-driver` and PyPI's `selenium` (`.ci/run` installs them);
//! without them it is skipped, except when the environment variable `CI` is set.

use std::process::Command;

/// Runs one Python test file of `tests/board/` and fails with its whole output if it fails;
/// returns its standard output.
fn python_test(file: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/board");
    let output = Command::new("python3")
        .arg(file)
        .current_dir(dir)
        .env("TABLERO", env!("CARGO_BIN_EXE_tablero"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs (the board tests need Python 3.8 or later on the PATH)");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "tests/board/{file} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn board_server_validates_limits_and_records() {
    python_test("test_board_server.py");
}

#[test]
fn board_plays_the_three_games_in_a_browser() {
    let stdout = python_test("test_board_browser.py");
    // The outcome is visible with `cargo test -- --nocapture`: the games, the checks, the
    // time from a click to the engine's move, or why the test was skipped.
    println!("{stdout}");
}
