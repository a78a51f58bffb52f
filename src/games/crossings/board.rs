//! Crossings as a board GUI draws it.

use super::geometry::{target_rank_number, SIZE};
use super::moves::Move;
use super::position::letter;
use crate::games::board::{BoardDescription, PieceKind, PieceLetter, PlayerLook, Rows, Wrap};
use crate::games::player::Player;
use crate::games::size::BoardSize;

/// Red moves first; the rules name the colours.
const PLAYERS: [PlayerLook; 2] = [
    PlayerLook {
        name: "Red",
        colour: "red",
    },
    PlayerLook {
        name: "Black",
        colour: "black",
    },
];

/// The rows each side starts on: Red ranks 1–2, Black ranks 7–8.
const HOMES: [Rows; 2] = [Rows { first: 1, last: 2 }, Rows { first: 7, last: 8 }];

/// The one size.
pub fn sizes() -> Vec<BoardSize> {
    vec![SIZE]
}

/// The description of the board: a stone of each side, unlocked and locked (upper case).
pub fn description() -> BoardDescription {
    let stone = |owner, kind| PieceLetter {
        letter: match kind {
            PieceKind::Locked => letter(owner).to_ascii_uppercase(),
            _ => letter(owner),
        },
        owner,
        kind,
    };
    let goal = |player| usize::from(target_rank_number(player));
    BoardDescription {
        pieces: vec![
            stone(Player::One, PieceKind::Stone),
            stone(Player::Two, PieceKind::Stone),
            stone(Player::One, PieceKind::Locked),
            stone(Player::Two, PieceKind::Locked),
        ],
        players: PLAYERS,
        wrap: Wrap::None,
        goals: Some([goal(Player::One), goal(Player::Two)]),
        homes: Some(HOMES),
        to_place: None,
        pass: Some(Move::PASS.to_string()),
    }
}
