//! Runs the tests of `scripts/board.py` (in `tests/board/`) under `cargo test`, with the
//! tablero binary cargo built as referee and engine: the server's logic without a browser,
//! then three whole games played by clicks in headless Chromium. The browser test needs
//! Debian's `chromium` and `chromium-driver` and PyPI's `selenium` (`.ci/run` installs them);
//! without them it is skipped, except when the environment variable `CI` is set.

use crate::common;

/// Runs one Python test file of `tests/board/`; its standard output.
fn python_test(file: &str) -> String {
    common::python_test("board", file)
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
