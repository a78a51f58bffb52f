//! JC Shock as a board GUI draws it.

use super::geometry::{MAX_WIDTH, MIN_WIDTH};
use super::position::{letter, JcShock};
use crate::games::board::{BoardDescription, PieceKind, PieceLetter, PlayerLook, Wrap};
use crate::games::player::Player;
use crate::games::size::BoardSize;

/// White moves first; the rules name the colours.
const PLAYERS: [PlayerLook; 2] = [
    PlayerLook {
        name: "White",
        colour: "white",
    },
    PlayerLook {
        name: "Black",
        colour: "black",
    },
];

/// Every supported size: the square boards, smallest first.
pub fn sizes() -> Vec<BoardSize> {
    (MIN_WIDTH..=MAX_WIDTH).map(BoardSize::square).collect()
}

/// The description of `position`'s board: no marked rows, the pieces left to place.
pub fn description(position: &JcShock) -> BoardDescription {
    let piece = |owner| PieceLetter {
        letter: letter(owner),
        owner,
        kind: PieceKind::Piece,
    };
    let left = |player| position.quota().saturating_sub(position.placed(player));
    BoardDescription {
        pieces: vec![piece(Player::One), piece(Player::Two)],
        players: PLAYERS,
        wrap: Wrap::None,
        goals: None,
        homes: None,
        to_place: Some([left(Player::One), left(Player::Two)]),
        pass: None,
    }
}
