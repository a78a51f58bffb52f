//! `query reason`: why a finished game ended, in each game's own words, and `none` while it
//! goes on. One test per way a game can end.

use crate::common;

use common::engine::Engine;

/// The answers to `query result` and `query reason` after `position …`.
fn result_and_reason(game: &str, size: &str, position: &str) -> (String, String) {
    let mut engine = Engine::start(&["--game", game, "--size", size]);
    engine.send(position);
    (engine.query("result"), engine.query("reason"))
}

#[test]
fn a_game_in_play_has_no_reason() {
    for (game, size) in [("crossjack", "8"), ("jcshock", "8"), ("crossings", "8")] {
        let (result, reason) = result_and_reason(game, size, "position startpos");
        assert_eq!(
            (result.as_str(), reason.as_str()),
            ("none", "none"),
            "{game}"
        );
    }
}

#[test]
fn crossjack_a_mark_on_the_opponents_zone_row_wins_by_zone_row_reached() {
    let (result, reason) = result_and_reason(
        "crossjack",
        "3",
        "position startpos moves a3 b1 b3 a1 b2 a2 c1",
    );
    assert_eq!(result, "p1win");
    assert_eq!(reason, "zone row reached");
}

#[test]
fn crossjack_a_player_without_access_draws_by_blockade() {
    let (result, reason) =
        result_and_reason("crossjack", "3", "position startpos moves a3 c1 b3 b1 c3");
    assert_eq!(result, "draw");
    assert_eq!(reason, "blockade");
}

#[test]
fn jcshock_ends_by_score_once_every_piece_is_placed() {
    let moves = "d1 d2 b4 a3 d4 c3 b2 a1 d2 d1 a4 a2 d4 c1";
    let (_, before) = result_and_reason(
        "jcshock",
        "4",
        &format!("position startpos moves {}", &moves[..moves.len() - 3]),
    );
    assert_eq!(before, "none");
    let (result, reason) =
        result_and_reason("jcshock", "4", &format!("position startpos moves {moves}"));
    assert_eq!(result, "draw");
    assert_eq!(reason, "score");
}

#[test]
fn crossings_a_crossing_without_counter_crossing_wins_by_crossing_unanswered() {
    let (result, reason) = result_and_reason("crossings", "8", "position fen 4r3/8/b7/8/8/8/8/8 b");
    assert_eq!(result, "p1win");
    assert_eq!(reason, "crossing unanswered");
}

#[test]
fn crossings_neither_player_able_to_move_draws_by_no_moves() {
    let (result, reason) =
        result_and_reason("crossings", "8", "position fen RR6/8/8/8/8/8/8/B6B r");
    assert_eq!(result, "draw");
    assert_eq!(reason, "no moves");
}

#[test]
fn crossings_the_third_occurrence_of_a_position_draws_by_threefold_repetition() {
    let shuffle = "a2a3 a7a6 a3a2 a6a7";
    let (_, twice) = result_and_reason(
        "crossings",
        "8",
        &format!("position startpos moves {shuffle} a2a3 a7a6 a3a2"),
    );
    assert_eq!(twice, "none");
    let (result, reason) = result_and_reason(
        "crossings",
        "8",
        &format!("position startpos moves {shuffle} {shuffle}"),
    );
    assert_eq!(result, "draw");
    assert_eq!(reason, "threefold repetition");
}
