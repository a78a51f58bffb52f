//! Cross-Jack's duties and endings in detail.

use super::access::access_path;
use super::position::CrossJack;
use crate::games::bitboard::Bitboard;
use crate::games::coord::Coord;
use crate::games::duty::Duty;
use crate::games::ending::EndDetails;
use crate::games::player::Player;
use crate::games::status::Status;

/// A player with fewer than two marks sets up; otherwise any move, until the game ends.
pub fn duty(position: &CrossJack) -> Duty {
    if position.status.is_over() {
        Duty::None
    } else if position.in_setup(position.to_move) {
        Duty::Setup
    } else {
        Duty::Move
    }
}

/// The winner's marks on its goal row, or the players without access after a blockade.
pub fn end_details(position: &CrossJack) -> EndDetails {
    match position.status {
        Status::InPlay => EndDetails::Nothing,
        Status::Won(winner) => EndDetails::Reached(marks_on_goal_row(position, winner)),
        Status::Draw => EndDetails::Blockaded(
            [Player::One, Player::Two]
                .into_iter()
                .filter(|&player| !has_access(position, player))
                .collect(),
        ),
    }
}

/// The squares of `player`'s marks on its goal row.
fn marks_on_goal_row(position: &CrossJack, player: Player) -> Vec<Coord> {
    let geometry = position.geometry;
    Bitboard(position.marks_of(player) & geometry.goal_row(player))
        .map(|square| Coord::from_index(usize::from(square), geometry.width()))
        .collect()
}

/// Whether `player` can still reach an empty square of its goal row over empty squares.
fn has_access(position: &CrossJack, player: Player) -> bool {
    let geometry = position.geometry;
    access_path(
        geometry,
        position.marks_of(player),
        position.empty(),
        geometry.goal_row(player),
    )
    .is_some()
}
