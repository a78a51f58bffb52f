//! `query duty` (protocol.md): what the rules ask of the side to move. One test per duty.

use crate::common;

use common::inproc::InProcess;
use tablero::games::{BoardSize, GameKind};

/// The answer to `query duty` after `position …` in `game` on a `size` × `size` board.
fn duty(game: GameKind, size: usize, position: &str) -> String {
    let mut engine = InProcess::new(game, Some(BoardSize::square(size)));
    engine.run(position);
    engine.ask_one("query duty")
}

#[test]
fn a_cross_jack_player_with_fewer_than_two_marks_sets_up() {
    for moves in ["", " moves d8", " moves d8 d1", " moves d8 d1 e8"] {
        let position = format!("position startpos{moves}");
        assert_eq!(
            duty(GameKind::CrossJack, 8, &position),
            "response duty setup",
            "{position}"
        );
    }
}

#[test]
fn a_cross_jack_player_with_two_marks_moves() {
    let position = "position startpos moves d8 d1 e8 e1";
    assert_eq!(duty(GameKind::CrossJack, 8, position), "response duty move");
}

#[test]
fn a_crossings_player_facing_a_crossing_must_counter_cross() {
    // Red crossed on g8; Black can answer on rank 1.
    let position = "position fen 6r1/8/8/8/8/8/1b6/r7 b";
    assert_eq!(
        duty(GameKind::Crossings, 8, position),
        "response duty counter-crossing"
    );
}

#[test]
fn a_crossings_player_without_a_move_passes() {
    // Red's only stone, on h4, is boxed in by Black's.
    let position = "position fen 8/8/8/6bb/6br/6bb/8/8 r";
    assert_eq!(duty(GameKind::Crossings, 8, position), "response duty pass");
}

#[test]
fn every_game_in_play_at_its_start_asks_for_a_move_but_cross_jack_asks_for_setup() {
    assert_eq!(
        duty(GameKind::JcShock, 4, "position startpos"),
        "response duty move"
    );
    assert_eq!(
        duty(GameKind::Crossings, 8, "position startpos"),
        "response duty move"
    );
}

#[test]
fn a_finished_game_asks_nothing() {
    for (game, size, position) in [
        (
            GameKind::CrossJack,
            3,
            "position startpos moves a3 a1 b3 b1 b2 c1",
        ),
        (
            GameKind::JcShock,
            4,
            "position startpos moves d2 c3 b3 c1 a3 c4 a4 b1 a1 d4 a4 d2 d1 a1",
        ),
        (
            GameKind::Crossings,
            8,
            "position fen 7b/6r1/8/8/8/8/8/r7 r moves g7g8",
        ),
    ] {
        assert_eq!(duty(game, size, position), "response duty none", "{game}");
    }
}

#[test]
fn a_game_drawn_by_repetition_asks_nothing() {
    let position = "position startpos moves a2a3 h7h6 a3a2 h6h7 a2a3 h7h6 a3a2 h6h7";
    assert_eq!(duty(GameKind::Crossings, 8, position), "response duty none");
}
