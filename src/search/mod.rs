//! The game-agnostic searcher: it sees games only through [`crate::games::Game`].

pub mod info;
pub mod limits;
pub mod tt;

use std::sync::atomic::AtomicBool;

pub use info::{Info, Score};
pub use limits::{Clock, Limits};
pub use tt::TranspositionTable;

use crate::games::{Game, GameState};

/// Searches the current position of `state` within `limits` (or until `stop` is set) and
/// returns the best move found; `None` only when the game is over. Progress goes to `report`.
/// `state` is returned as it came.
pub fn search<G: Game>(
    state: &mut GameState<G>,
    _limits: &Limits,
    _tt: &mut TranspositionTable,
    _stop: &AtomicBool,
    _report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    // Placeholder until the searcher lands: the first legal move.
    let mut moves = Vec::new();
    state.generate_moves(&mut moves);
    moves.first().copied()
}
