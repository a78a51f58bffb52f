//! Crossings as docs/rules.md states it: one test per rule, and the perft
//! vectors. (The invariants every game keeps are in invariants.rs, the comparison with an
//! independent implementation in crossings_reference.rs.)

use crate::common;

use tablero::games::crossings::Crossings;
use tablero::games::{fen, BoardSize};
use tablero::games::{Game, GameState, Player, SearchHints, Status};

const START: &str = "bbbbbbbb/bbbbbbbb/8/8/8/8/rrrrrrrr/rrrrrrrr r";

// ---------------------------------------------------------------- helpers

/// A position from `(square, letter)` pairs and the side to move.
fn board(stones: &[(&str, char)], side: char) -> Crossings {
    let mut cells = [None; 64];
    for &(square, letter) in stones {
        let bytes = square.as_bytes();
        let file = (bytes[0] - b'a') as usize;
        let rank = (bytes[1] - b'1') as usize;
        cells[rank * 8 + file] = Some(letter);
    }
    let text = fen_of(&cells, side);
    Crossings::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn fen_of(cells: &[Option<char>; 64], side: char) -> String {
    let board = fen::format_board(BoardSize::square(8), |c| cells[c.index(8)]);
    format!("{board} {side}")
}

fn legal(position: &Crossings) -> Vec<String> {
    common::legal_texts(position)
}

fn after(position: &Crossings, text: &str) -> Crossings {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", position.fen()));
    let mut next = position.clone();
    next.play(mv);
    assert_eq!(next.hash(), next.hash_from_scratch(), "hash after {text}");
    next
}

fn refusal(position: &Crossings, text: &str) -> String {
    common::move_error(position, text)
}

// ---------------------------------------------------------------- perft vectors

#[test]
fn perft_matches_the_vectors_from_the_start_and_midgame_positions() {
    let start = Crossings::start(Crossings::default_size()).unwrap();
    assert_eq!(start.fen(), START);
    assert_eq!(common::perft_vector("crossings", START).len(), 4);
    let vectors = common::perft_vectors("crossings");
    assert!(
        vectors.len() >= 9,
        "only {} crossings vectors found",
        vectors.len()
    );
    for (fen, counts) in &vectors {
        let position = Crossings::from_fen(fen).unwrap();
        assert_eq!(&position.fen(), fen);
        assert_eq!(
            common::assert_perft(position, counts, u64::MAX),
            counts.len()
        );
    }
}

// ---------------------------------------------------------------- captures

#[test]
fn a_group_captures_a_lone_enemy_stone_and_stops_there() {
    // Three red stones on a1-a3; a lone black stone on a5 (a black neighbour on b5 does not
    // make the vertical line longer).
    let p = board(
        &[
            ("a1", 'r'),
            ("a2", 'r'),
            ("a3", 'r'),
            ("a5", 'b'),
            ("b5", 'b'),
            ("h8", 'b'),
        ],
        'r',
    );
    let next = after(&p, "a1a3");
    // Red now stands on a3, a4, a5 and the black stone of a5 is gone.
    assert_eq!(next.fen(), "7b/8/8/rb6/r7/r7/8/8 b");
    assert!(refusal(&p, "a1a4").ends_with("the path is blocked at a5"));
}

#[test]
fn a_group_captures_the_end_of_a_shorter_line() {
    // Red a1-a3 (three) against the black line a5-a6 (two).
    let p = board(
        &[
            ("a1", 'r'),
            ("a2", 'r'),
            ("a3", 'r'),
            ("a5", 'b'),
            ("a6", 'b'),
        ],
        'r',
    );
    let next = after(&p, "a1a3");
    assert_eq!(next.fen(), "8/8/b7/r7/r7/r7/8/8 b");
}

#[test]
fn an_equal_line_refuses_the_capture() {
    let p = board(&[("a1", 'r'), ("a2", 'r'), ("a4", 'b'), ("a5", 'b')], 'r');
    assert_eq!(
        refusal(&p, "a1a3"),
        "a1a3: the black line from a4 is as long as the moving group (2 stones)"
    );
    assert!(legal(&p).contains(&"a1a2".to_string()));
    let longer = board(
        &[
            ("a1", 'r'),
            ("a2", 'r'),
            ("a4", 'b'),
            ("a5", 'b'),
            ("a6", 'b'),
        ],
        'r',
    );
    assert!(refusal(&longer, "a1a3").contains("is longer than the moving group"));
}

#[test]
fn a_single_stone_cannot_capture() {
    let p = board(&[("d4", 'r'), ("d5", 'b')], 'r');
    assert_eq!(refusal(&p, "d4d5"), "d4d5: a single stone cannot capture");
    assert_eq!(legal(&p).len(), 7);
}

#[test]
fn a_locked_stone_neither_moves_nor_is_captured() {
    let p = board(
        &[
            ("a8", 'R'),
            ("c4", 'r'),
            ("c3", 'r'),
            ("c2", 'r'),
            ("c1", 'B'),
            ("h5", 'b'),
        ],
        'r',
    );
    assert_eq!(refusal(&p, "a8a7"), "a8a7: the red stone on a8 is locked");
    assert_eq!(
        refusal(&p, "c4c3"),
        "c4c3: the locked black stone on c1 cannot be captured"
    );
    let moves = legal(&p);
    assert!(moves.iter().all(|m| !m.starts_with("a8")));
    assert!(!moves
        .iter()
        .any(|m| ["c4c3", "c4c2", "c4c1"].contains(&m.as_str())));
}

#[test]
fn a_locked_stone_counts_in_the_enemy_line() {
    // The black line d2-d1 is two long although d1 is locked.
    let p = board(
        &[
            ("d5", 'r'),
            ("d4", 'r'),
            ("d3", 'r'),
            ("d2", 'b'),
            ("d1", 'B'),
        ],
        'r',
    );
    assert_eq!(after(&p, "d5d4").fen(), "8/8/8/8/3r4/3r4/3r4/3B4 b");
    assert!(refusal(&p, "d4d3").contains("the black line from d2 is as long as the moving group"));
}

#[test]
fn a_group_is_blocked_by_its_own_locked_stone() {
    let p = board(&[("b8", 'R'), ("b7", 'r'), ("b6", 'r'), ("h1", 'B')], 'r');
    // Northward, any group from b6 or b7 would include b8: no such move exists.
    let moves = legal(&p);
    assert!(!moves
        .iter()
        .any(|m| m == "b6b7" || m == "b7b8" || m == "b6b8"));
    assert!(refusal(&p, "b6b7").ends_with("the group from b6 includes the locked stone on b8"));
    // Southward the same stones move freely.
    assert!(moves.contains(&"b7b6".to_string()));
}

#[test]
fn front_anchored_subgroups_a_rear_subgroup_cannot_move_into_its_own_front() {
    let p = board(&[("a1", 'r'), ("a2", 'r'), ("a3", 'r'), ("h8", 'b')], 'r');
    // The tail a1 heading north always takes the stones ahead of it along.
    assert_eq!(after(&p, "a1a2").fen(), "7b/8/8/8/r7/r7/r7/8 b");
    // The tail a2 moves a2-a3 and leaves a1 behind.
    assert_eq!(after(&p, "a2a3").fen(), "7b/8/8/8/r7/r7/8/r7 b");
    // A lone a1 cannot step onto a2: every northward move from a1 moves three stones.
    let north_from_a1: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("a1a"))
        .collect();
    assert_eq!(north_from_a1, ["a1a2", "a1a3", "a1a4"]);
}

// ---------------------------------------------------------------- crossings

#[test]
fn a_counter_crossing_locks_both_rows() {
    // Red crossed on e8; Black answers h2h1. Black's a8 (home row) and Red's a1 stay free.
    let p = board(&[("e8", 'r'), ("a1", 'r'), ("h2", 'b'), ("a8", 'b')], 'b');
    let next = after(&p, "h2h1");
    assert_eq!(next.fen(), "b3R3/8/8/8/8/8/8/r6B r");
    assert_eq!(next.status(), Status::InPlay);
}

#[test]
fn a_crossing_wins_when_no_counter_crossing_exists() {
    let p = board(&[("e7", 'r'), ("a6", 'b')], 'r');
    let next = after(&p, "e7e8");
    assert_eq!(next.status(), Status::Won(Player::One));
    assert!(legal(&next).is_empty());
    assert_eq!(next.count_moves(), 0);
    let state = GameState::new(next);
    assert_eq!(state.status_with_history(), Status::Won(Player::One));
}

#[test]
fn only_counter_crossings_are_legal_when_facing_a_crossing() {
    let p = board(
        &[
            ("e8", 'r'),
            ("h2", 'b'),
            ("a5", 'b'),
            ("c4", 'b'),
            ("c3", 'b'),
        ],
        'b',
    );
    let moves = legal(&p);
    assert_eq!(moves, ["c4c2", "h2g1", "h2h1"]);
    assert_eq!(p.count_moves(), 3);
    for text in &moves {
        let next = after(&p, text);
        let fen = next.fen();
        let rank_1 = fen.split(' ').next().and_then(|b| b.rsplit('/').next());
        assert!(
            rank_1.is_some_and(|row| row.contains('B')),
            "{text} gave {fen}"
        );
    }
    assert_eq!(
        refusal(&p, "a5a4"),
        "a5a4: must answer the crossing with a counter-crossing"
    );
}

// ---------------------------------------------------------------- search hints

#[test]
fn crossings_are_tried_first_then_captures_then_the_rest() {
    // e6e7 crosses (its front lands on e8), c3c4 captures the lone c5, a1a2 does neither.
    let p = board(
        &[
            ("e6", 'r'),
            ("e7", 'r'),
            ("c3", 'r'),
            ("c4", 'r'),
            ("c5", 'b'),
            ("a1", 'r'),
            ("h5", 'b'),
        ],
        'r',
    );
    let priority = |text: &str| p.move_priority(p.parse_move(text).unwrap());
    assert!(priority("e6e7") > priority("c3c4"));
    assert!(priority("c3c4") > priority("a1a2"));
    assert_eq!(priority("a1a2"), priority("e6e5"));
}

#[test]
fn a_move_code_names_the_tail_and_its_landing_square() {
    let p = Crossings::from_fen(START).unwrap();
    let code = |text: &str| p.move_code(p.parse_move(text).unwrap());
    assert_eq!(p.move_codes(), 64 * 64);
    // b1 is square 1, d3 square 19; a1 is 0, a3 16.
    assert_eq!(code("b1d3"), 64 + 19);
    assert_eq!(code("a1a3"), 16);
}

#[test]
fn a_player_without_moves_passes() {
    // Red's a1 is hemmed in by stones a single stone cannot capture.
    let p = board(&[("a1", 'r'), ("a2", 'b'), ("b2", 'b'), ("b1", 'B')], 'r');
    assert_eq!(legal(&p), ["0000"]);
    assert_eq!(p.count_moves(), 1);
    let next = after(&p, "0000");
    assert_eq!(next.side_to_move(), Player::Two);
    assert_eq!(next.fen(), "8/8/8/8/8/8/bb6/rB6 b");
    let start = Crossings::from_fen(START).unwrap();
    assert_eq!(
        refusal(&start, "0000"),
        "0000: passing is only legal with no other move"
    );
}

#[test]
fn the_game_is_drawn_when_both_players_are_stuck() {
    let stuck = board(&[("a8", 'R'), ("b8", 'R'), ("a1", 'B'), ("h1", 'B')], 'r');
    assert_eq!(stuck.status(), Status::Draw);
    assert!(legal(&stuck).is_empty());
    assert_eq!(stuck.count_moves(), 0);
    assert!(stuck.parse_move("0000").is_err());
}

#[test]
fn threefold_repetition_is_a_draw_at_the_third_occurrence() {
    let mut state = GameState::new(Crossings::from_fen(START).unwrap());
    let shuffle = ["a2a3", "a7a6", "a3a2", "a6a7"];
    for (ply, text) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        assert_eq!(
            state.status_with_history(),
            Status::InPlay,
            "before ply {ply}"
        );
        let mv = state.position().parse_move(text).unwrap();
        state.make(mv);
    }
    assert_eq!(state.position().fen(), START);
    assert_eq!(state.status_with_history(), Status::Draw);
    assert_eq!(state.count_moves(), 0);
    state.unmake();
    assert_eq!(state.status_with_history(), Status::InPlay);
}

// ---------------------------------------------------------------- notation and strings

#[test]
fn the_board_is_8x8_only() {
    for size in [
        BoardSize::square(9),
        BoardSize::new(8, 7),
        BoardSize::square(4),
    ] {
        assert_eq!(
            Crossings::start(size).map_err(|e| e.to_string()),
            Err(format!(
                "crossings does not support a {}x{} board (8x8 only)",
                size.width, size.height
            ))
        );
    }
}

#[test]
fn position_string_errors_name_the_problem() {
    let cases = [
        ("8/8/8/8/8/8/8/8/8 r", "crossings does not support a 8x9 board (8x8 only)"),
        ("8/8/8/8/8/8/8/7 r", "row 8 has 7 squares, expected 8"),
        ("x7/8/8/8/8/8/8/8 r", "'x' is not a piece of crossings"),
        ("8/8/8/8/8/8/8/8 w", "'w' is not a side of crossings"),
        ("8/8/8/8/8/8/8/8", "malformed position string: expected 2 fields '<board> <side>', found 1"),
        ("8/8/8/8/r7/rrrrrrrr/rrrrrrrr/8 r", "17 red stones, at most 16 allowed"),
        ("8/8/8/8/R7/8/8/8 r", "locked red stone on a4: red stones lock only on rank 8"),
        ("B7/8/8/8/8/8/8/8 r", "locked black stone on a8: black stones lock only on rank 1"),
        (
            "r7/8/8/8/8/8/8/8 r",
            "unlocked red stone on a8 with red to move: a pending crossing belongs to the side not to move",
        ),
        (
            "8/8/8/8/8/8/8/1b6 b",
            "unlocked black stone on b1 with black to move: a pending crossing belongs to the side not to move",
        ),
    ];
    for (fen, message) in cases {
        match Crossings::from_fen(fen) {
            Ok(p) => panic!("{fen} accepted as {}", p.fen()),
            Err(e) => assert_eq!(e.to_string(), message, "{fen}"),
        }
    }
}

#[test]
fn move_errors_name_the_rule() {
    let start = Crossings::from_fen(START).unwrap();
    let cases = [
        ("a1a4", "a1a4: the group from a1 has 2 stones and may move at most 2 squares"),
        ("c2c9", "c9 is off the 8x8 board"),
        ("e4e6", "e4e6: no red stone on e4"),
        ("a7a6", "a7a6: no red stone on a7"),
        ("a1b3", "a1b3: not a straight line"),
        ("a2a2", "a2a2: the tail must move"),
        ("a1b1", "a1b1: the front stone on h1 would leave the board"),
        ("e2", "e2: not a move in crossings notation (the tail's square then its landing square, like a1a3, or 0000 to pass)"),
    ];
    for (text, message) in cases {
        assert_eq!(refusal(&start, text), message);
    }
    let own = board(&[("a1", 'r'), ("a2", 'r'), ("a4", 'r'), ("h8", 'b')], 'r');
    assert_eq!(
        refusal(&own, "a1a3"),
        "a1a3: the front stone would land on the red stone on a4"
    );
    let blocked = board(&[("a1", 'r'), ("a2", 'r'), ("a3", 'r'), ("a5", 'b')], 'r');
    assert_eq!(refusal(&blocked, "a1a4"), "a1a4: the path is blocked at a5");
}

#[test]
fn malformed_move_texts_are_refused_without_panicking() {
    let start = Crossings::from_fen(START).unwrap();
    for text in [
        "",
        "0",
        "000",
        "00000",
        "a1",
        "a1a",
        "a0a1",
        "z1a1",
        "a1a99999999999999999999999",
        "ä1a2",
        "a1 a2",
        "a1-a2",
        "1a2a",
        "a1a2a3",
        "A9B9",
    ] {
        assert!(start.parse_move(text).is_err(), "{text:?} accepted");
    }
    assert_eq!(refusal(&start, "a0a1"), "a0 is off the 8x8 board");
    assert_eq!(start.parse_move("A2A3"), start.parse_move("a2a3"));
    assert!(start.parse_move("a2a3").is_ok());
}
