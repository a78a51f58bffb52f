//! `query end` (protocol.md): `response end none` while a game goes on, else its result,
//! its reason and the reason's details. One test per way a game ends.

use crate::common;

use common::inproc::InProcess;
use tablero::games::{BoardSize, GameKind};

/// The answer to `query end` after `position …` in `game` on a `size` × `size` board.
fn end(game: GameKind, size: usize, position: &str) -> String {
    let mut engine = InProcess::new(game, Some(BoardSize::square(size)));
    engine.run(position);
    engine.ask_one("query end")
}

#[test]
fn a_game_in_play_has_not_ended() {
    for game in GameKind::ALL {
        assert_eq!(end(game, 8, "position startpos"), "response end none");
    }
}

#[test]
fn cross_jack_names_the_winners_mark_on_its_goal_row() {
    let position = "position startpos moves a3 b1 b3 a1 b2 a2 c1";
    assert_eq!(
        end(GameKind::CrossJack, 3, position),
        "response end result p1win reason zone-row-reached square c1"
    );
}

#[test]
fn cross_jack_names_every_winners_mark_on_its_goal_row() {
    let position = "position fen xx1/oo1/xox o";
    assert_eq!(
        end(GameKind::CrossJack, 3, position),
        "response end result p1win reason zone-row-reached square a1,c1"
    );
}

#[test]
fn cross_jack_names_the_blockaded_player() {
    // X fills its zone row, which is O's goal row.
    let position = "position startpos moves a3 c1 b3 b1 c3";
    assert_eq!(
        end(GameKind::CrossJack, 3, position),
        "response end result draw reason blockade blockaded p2"
    );
}

#[test]
fn cross_jack_names_both_players_when_both_are_blockaded() {
    // A wall of X's marks and a wall of O's marks across the board.
    let mut engine = InProcess::new(GameKind::CrossJack, Some(BoardSize::new(3, 4)));
    engine.run("position fen 3/xxx/ooo/3 x");
    assert_eq!(
        engine.ask_one("query end"),
        "response end result draw reason blockade blockaded p1,p2"
    );
}

#[test]
fn jc_shock_scores_each_player_by_the_opponents_runs_and_names_the_deciding_length_and_runs() {
    // Black (x) has a run of four (file c), White (o) one of three: White's score is higher
    // at 4, and the run of four is what a board marks.
    let position = "position startpos moves d2 c3 b3 c1 a3 c4 a4 b1 a1 d4 a4 d2 d1 a1";
    assert_eq!(
        end(GameKind::JcShock, 4, position),
        "response end result p1win reason score p1score 4:1,3:0 p2score 4:0,3:1 decided 4 runs c1,c2,c3,c4"
    );
}

#[test]
fn jc_shock_equal_scores_draw_and_nothing_decided() {
    let position = "position startpos moves d1 d2 b4 a3 d4 c3 b2 a1 d2 d1 a4 a2 d4 c1";
    let line = end(GameKind::JcShock, 4, position);
    assert!(
        line.starts_with("response end result draw reason score p1score "),
        "{line}"
    );
    assert!(line.ends_with(" decided - runs -"), "{line}");
    let tokens: Vec<&str> = line.split(' ').collect();
    assert_eq!(tokens[7], tokens[9], "equal scores: {line}");
}

#[test]
fn crossings_names_the_stone_whose_crossing_was_not_answered() {
    let position = "position fen 7b/6r1/8/8/8/8/8/r7 r moves g7g8";
    assert_eq!(
        end(GameKind::Crossings, 8, position),
        "response end result p1win reason crossing-unanswered crossed g8"
    );
}

#[test]
fn crossings_without_a_move_on_either_side_is_a_draw_with_nothing_more() {
    // Only locked stones: nothing can move.
    let position = "position fen RRRRRRRR/8/8/8/8/8/8/BBBBBBBB r";
    assert_eq!(
        end(GameKind::Crossings, 8, position),
        "response end result draw reason no-moves"
    );
}

#[test]
fn the_third_occurrence_of_a_position_draws_with_nothing_more() {
    let position = "position startpos moves a2a3 h7h6 a3a2 h6h7 a2a3 h7h6 a3a2 h6h7";
    assert_eq!(
        end(GameKind::Crossings, 8, position),
        "response end result draw reason threefold-repetition"
    );
}
