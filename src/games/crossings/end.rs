//! Crossings' duties and endings in detail.

use super::geometry::{coord, target_row};
use super::position::Crossings;
use super::turn::Turn;
use crate::games::bitboard::Bitboard;
use crate::games::duty::Duty;
use crate::games::ending::EndDetails;

/// What the side to move must do, from its turn's kind.
pub fn duty(position: &Crossings) -> Duty {
    match position.turn() {
        Turn::Moves(_) => Duty::Move,
        Turn::CounterCrossings(0) | Turn::Stuck => Duty::None,
        Turn::CounterCrossings(_) => Duty::CounterCrossing,
        Turn::Pass => Duty::Pass,
    }
}

/// The unanswered crossing stones of a crossing that won; nothing for a draw.
pub fn end_details(position: &Crossings) -> EndDetails {
    match position.turn() {
        Turn::CounterCrossings(0) => {
            let crosser = position.to_move.opponent();
            let crossed = position.stones_of(crosser) & !position.locked & target_row(crosser);
            EndDetails::Crossed(Bitboard(crossed).map(coord).collect())
        }
        _ => EndDetails::Nothing,
    }
}
