//! Runs the Python tests of `scripts/match.py`, `scripts/perft.sh` and
//! `scripts/solve_boards.py` (in `tests/match/`) under `cargo test`, with the tablero binary
//! cargo built as engine and referee. They need `python3` (3.8 or later) and `bash` on the
//! PATH, nothing else. The files whose tests wait on child processes run up to three of their
//! tests at once (`ConcurrentRunner` of `tests/match/match_module.py`, whose report and
//! result `test_concurrent_runner.py` checks against unittest's).

use crate::common;

/// Runs one Python test file of `tests/match/`.
fn python_tests(file: &str) {
    common::python_test("match", file);
}

#[test]
fn match_tests_runner_reports_as_unittest_does() {
    python_tests("test_concurrent_runner.py");
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

#[test]
fn solve_boards_script_tabulates_the_solver() {
    python_tests("test_solve_boards.py");
}

#[test]
fn ratings_fit_and_level_calibration_report() {
    python_tests("test_ratings.py");
}

#[test]
fn wdl_model_fit_and_decile_check() {
    python_tests("test_fit_wdl.py");
}

#[test]
fn gui_round_trips_query_turn_answers_a_ply_in_one_round_trip() {
    python_tests("test_gui_round_trips.py");
}

#[test]
fn match_gauntlet_pgn_resume_and_adjudication() {
    python_tests("test_tournament.py");
}
