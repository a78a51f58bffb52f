//! The queries a board GUI asks (protocol.md, `query`): the lines of `query effects` and
//! `query after`, the errors of every new query, and that no query changes the game. The
//! descriptions of the game, the duties and the endings have modules of their own
//! (board.rs, duty.rs, end.rs); the effects' property is in effects.rs.

use crate::common;

use common::engine::Engine;
use common::inproc::InProcess;
use tablero::games::{BoardSize, GameKind};

fn engine(game: GameKind, size: usize) -> InProcess {
    InProcess::new(game, Some(BoardSize::square(size)))
}

/// Asks `query` and checks that the game is as it was (position and legal moves).
fn ask_unchanged(engine: &mut InProcess, query: &str) -> String {
    let before = (engine.ask_one("query fen"), engine.ask_one("query moves"));
    let answer = engine.ask_one(query);
    let after = (engine.ask_one("query fen"), engine.ask_one("query moves"));
    assert_eq!(after, before, "{query} changed the game");
    answer
}

/// Asks each query of `cases` and checks its error line and that the game is unchanged.
fn assert_errors(engine: &mut InProcess, cases: &[(&str, &str)]) {
    for (query, error) in cases {
        assert_eq!(
            ask_unchanged(engine, query),
            format!("info string error: {error}")
        );
    }
}

// ---------------------------------------------------------------------------------------
// query effects
// ---------------------------------------------------------------------------------------

#[test]
fn effects_echo_the_move_in_notation_then_the_operations() {
    let mut cross_jack = engine(GameKind::CrossJack, 8);
    assert_eq!(
        ask_unchanged(&mut cross_jack, "query effects D8"),
        "response effects d8 place d8 x"
    );
    let mut jc_shock = engine(GameKind::JcShock, 4);
    jc_shock.run("position startpos moves b1");
    assert_eq!(
        ask_unchanged(&mut jc_shock, "query effects b4"),
        "response effects b4 place b4 x move b1 b2"
    );
    let mut crossings = engine(GameKind::Crossings, 8);
    assert_eq!(
        ask_unchanged(&mut crossings, "query effects A1A3"),
        "response effects a1a3 move a1 a3 move a2 a4"
    );
}

#[test]
fn effects_end_with_the_flags_when_there_are_any() {
    let mut crossings = engine(GameKind::Crossings, 8);
    crossings.run("position fen 6r1/8/8/8/8/1b6/1b6/1r6 b");
    assert_eq!(
        ask_unchanged(&mut crossings, "query effects b3b2"),
        "response effects b3b2 move b3 b2 move b2 b1 remove b1 set b1 B set g8 R \
         flags capture,counter-crossing"
    );
    crossings.run("position fen 7b/6r1/8/8/8/8/8/r7 r");
    assert_eq!(
        ask_unchanged(&mut crossings, "query effects g7g8"),
        "response effects g7g8 move g7 g8 flags crossing"
    );
    crossings.run("position fen 8/8/8/6bb/6br/6bb/8/8 r");
    assert_eq!(
        ask_unchanged(&mut crossings, "query effects 0000"),
        "response effects 0000 flags pass"
    );
}

#[test]
fn effects_of_an_illegal_move_are_the_games_refusal() {
    let mut cross_jack = engine(GameKind::CrossJack, 8);
    assert_errors(
        &mut cross_jack,
        &[
            (
                "query effects e4",
                "query effects: e4: x is setting up and must tick its zone row, rank 8",
            ),
            (
                "query effects zz",
                "query effects: zz: not a move in crossjack notation (a square such as d7)",
            ),
            ("query effects i9", "query effects: i9 is off the 8x8 board"),
        ],
    );
    let mut crossings = engine(GameKind::Crossings, 8);
    assert_errors(
        &mut crossings,
        &[(
            "query effects 0000",
            "query effects: 0000: passing is only legal with no other move",
        )],
    );
}

#[test]
fn effects_in_a_finished_game_are_refused() {
    let mut cross_jack = engine(GameKind::CrossJack, 3);
    cross_jack.run("position startpos moves a3 a1 b3 b1 b2 c1");
    assert_errors(
        &mut cross_jack,
        &[("query effects c2", "query effects: c2: the game is over")],
    );
}

// ---------------------------------------------------------------------------------------
// query after
// ---------------------------------------------------------------------------------------

#[test]
fn after_previews_the_position_string_without_playing_the_moves() {
    let mut jc_shock = engine(GameKind::JcShock, 4);
    assert_eq!(
        ask_unchanged(&mut jc_shock, "query after b1 b4 c2"),
        "response after 1x2/4/1oo1/4 x"
    );
    assert_eq!(jc_shock.ask_one("query fen"), "response 4/4/4/4 o");
}

#[test]
fn after_names_the_first_move_that_cannot_be_played_counting_from_one() {
    let mut cross_jack = engine(GameKind::CrossJack, 3);
    assert_errors(
        &mut cross_jack,
        &[
            (
                "query after a3 a3",
                "query after: move 2 'a3': a3: square is occupied",
            ),
            (
                "query after a3 a1 b3 b1 b2 c1 c2",
                "query after: move 7 'c2': c2: the game is over",
            ),
            (
                "query after d4",
                "query after: move 1 'd4': d4 is off the 3x3 board",
            ),
        ],
    );
}

// ---------------------------------------------------------------------------------------
// Syntax, and through the binary
// ---------------------------------------------------------------------------------------

#[test]
fn a_query_without_its_move_or_with_extra_tokens_is_a_syntax_error() {
    let mut crossings = engine(GameKind::Crossings, 8);
    assert_errors(
        &mut crossings,
        &[
            (
                "query effects",
                "query: expected a move after 'effects', found end of line",
            ),
            (
                "query after",
                "query: expected a move after 'after', found end of line",
            ),
            (
                "query effects a1a3 a1a3",
                "query: expected end of line, found 'a1a3'",
            ),
            (
                "query board 8x8",
                "query: expected end of line, found '8x8'",
            ),
            ("query duty now", "query: expected end of line, found 'now'"),
            (
                "query end game",
                "query: expected end of line, found 'game'",
            ),
        ],
    );
}

#[test]
fn the_binary_answers_every_new_query_with_one_line_naming_its_subject() {
    let mut binary = Engine::start(&["--game", "crossings"]);
    binary.send("position startpos moves a1a3");
    for (query, subject) in [
        ("query board", "response board width 8 height 8 "),
        (
            "query effects h8h6",
            "response effects h8h6 move h8 h6 move h7 h5",
        ),
        ("query after h8h6", "response after "),
        ("query duty", "response duty move"),
        ("query end", "response end none"),
    ] {
        let answer = binary.ask(query);
        assert!(answer.starts_with(subject), "{query}: {answer}");
    }
    binary.assert_ready();
}
