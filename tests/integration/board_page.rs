//! Runs the tests of `scripts/board.py` (the package `scripts/tablero_board`, tests in
//! `tests/board/`) under `cargo test`, with the tablero binary cargo built as referee and
//! engine: the server's logic without a browser, in three groups of test classes that run side
//! by side, then three whole games played by clicks in headless Chromium. The browser test
//! needs Debian's `chromium` and `chromium-driver` and PyPI's `selenium` (`.ci/run` installs
//! them); without them it is skipped, except when the environment variable `CI` is set.

use crate::common;

/// Runs the test classes `classes` of `tests/board/test_board_server.py`. Every class of that
/// file is in one of the groups below.
fn server_test(classes: &[&str]) {
    common::python_test_args("board", "test_board_server.py", classes);
}

#[test]
fn board_server_validates_limits_and_records() {
    server_test(&["Parsing", "Http"]);
}

#[test]
fn board_server_saves_and_loads_records() {
    server_test(&["Records"]);
}

#[test]
fn board_server_bounds_sessions_and_their_processes() {
    server_test(&["Sessions"]);
}

#[test]
fn board_plays_the_three_games_in_a_browser() {
    let stdout = common::python_test("board", "test_board_browser.py");
    // The outcome is visible with `cargo test -- --nocapture`: the games, the checks, the
    // time from a click to the engine's move, or why the test was skipped.
    println!("{stdout}");
}
