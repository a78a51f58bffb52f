//! Runs the tests of `scripts/board.py` (the package `scripts/tablero_board`, tests in
//! `tests/board/`) under `cargo test`, with the tablero binary cargo built as referee and
//! engine: the server's logic without a browser, in three groups of test classes that run side
//! by side, then three whole games played by clicks in headless Chromium. The browser test
//! needs Debian's `chromium` and `chromium-driver` and PyPI's `selenium` (`.ci/run` installs
//! them); without them it is skipped, except when the environment variable `CI` is set.

use crate::common;

/// The groups of test classes of `tests/board/test_board_server.py` that the tests below run
/// side by side, one group each. Every class of that file is in one of them.
const SERVER_GROUPS: [&[&str]; 3] = [&["Parsing", "Http"], &["Records", "Levels"], &["Sessions"]];

/// Runs the test classes `classes` of `tests/board/test_board_server.py`.
fn server_test(classes: &[&str]) {
    common::python_test_args("board", "test_board_server.py", classes);
}

#[test]
fn board_server_validates_limits_and_records() {
    server_test(SERVER_GROUPS[0]);
}

#[test]
fn board_server_saves_and_loads_records() {
    server_test(SERVER_GROUPS[1]);
}

#[test]
fn board_server_bounds_sessions_and_their_processes() {
    server_test(SERVER_GROUPS[2]);
}

/// The names of the classes `class Name(…, unittest.TestCase):` that start a line of
/// `source` (a mixin may come before the test case).
fn test_classes(source: &str) -> Vec<&str> {
    source
        .lines()
        .filter_map(|line| line.strip_prefix("class "))
        .filter_map(|rest| rest.split_once('('))
        .filter(|(_, bases)| bases.trim_end().ends_with("unittest.TestCase):"))
        .map(|(name, _)| name)
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect()
}

#[test]
fn board_server_groups_hold_every_test_class() {
    let source = include_str!("../board/test_board_server.py");
    let mut found = test_classes(source);
    let mut grouped: Vec<&str> = SERVER_GROUPS.concat();
    found.sort_unstable();
    grouped.sort_unstable();
    assert_eq!(
        found, grouped,
        "every test class of tests/board/test_board_server.py in exactly one group"
    );
}

#[test]
fn board_lessons_agree_with_the_engine() {
    common::python_test("board", "test_lessons.py");
}

#[test]
fn board_plays_the_three_games_in_a_browser() {
    let stdout = common::python_test("board", "test_board_browser.py");
    // The outcome is visible with `cargo test -- --nocapture`: the games, the checks, the
    // time from a click to the engine's move, or why the test was skipped.
    println!("{stdout}");
}
