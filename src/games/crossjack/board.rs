//! Cross-Jack as a board GUI draws it.

use super::geometry::{is_supported, MAX_SIDE, MIN_SIDE};
use super::notation::zone_rank;
use super::position::{letter, CrossJack};
use crate::games::board::{BoardDescription, PieceKind, PieceLetter, PlayerLook, Rows, Wrap};
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::size::BoardSize;

/// The rules name no colours; a board draws X's marks in royal blue and O's in dark orange.
const PLAYERS: [PlayerLook; 2] = [
    PlayerLook {
        name: "North",
        colour: "royalblue",
    },
    PlayerLook {
        name: "South",
        colour: "darkorange",
    },
];

/// Every supported size, widths ascending, then heights ascending.
pub fn sizes() -> Vec<BoardSize> {
    (MIN_SIDE..=MAX_SIDE)
        .flat_map(|width| {
            (MIN_SIDE..=MAX_SIDE)
                .filter(move |&height| is_supported(width, height))
                .map(move |height| BoardSize::new(width, height))
        })
        .collect()
}

/// The description of `position`'s board: each player reaches the other's zone row.
pub fn description(position: &CrossJack) -> BoardDescription {
    let height = position.size().height;
    let zone = |player| zone_rank(player, height);
    let mark = |owner| PieceLetter {
        letter: letter(owner),
        owner,
        kind: PieceKind::Mark,
    };
    BoardDescription {
        pieces: vec![mark(Player::One), mark(Player::Two)],
        players: PLAYERS,
        wrap: Wrap::Files,
        goals: Some([zone(Player::Two), zone(Player::One)]),
        homes: Some([
            Rows::single(zone(Player::One)),
            Rows::single(zone(Player::Two)),
        ]),
        to_place: None,
        pass: None,
    }
}
