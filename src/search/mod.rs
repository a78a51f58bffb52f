//! The game-agnostic searchers: they see games only through [`crate::games::SearchHints`]
//! (the rules and what a game tells a searcher) and [`GameState`](crate::games::GameState).
//!
//! [`best_move()`] chooses the searcher by the `Strategy` option and the game's
//! `SearchStyle`: `alphabeta` (iterative deepening over negamax, backed by the
//! [`TranspositionTable`]), `playouts` (Monte-Carlo tree search after an exact endgame
//! solver), or a baseline that answers at once. `time` decides how long a search may take
//! and [`value`] how results are scored.

mod alphabeta;
mod baseline;
mod best_move;
mod bound;
mod context;
mod control;
mod info;
mod kept;
mod level;
mod limits;
mod memory;
mod ordering;
mod playouts;
mod rng;
mod root;
pub mod solve;
mod strategy;
mod strength;
#[cfg(test)]
mod test_support;
mod threads;
mod time;
pub mod tt;
pub mod value;
mod workspace;

pub use best_move::{best_move, search};
pub use bound::Bound;
pub use context::{in_fresh_context, Context};
pub use info::{CurrMove, Info, Score};
pub(crate) use kept::lock_or_empty;
pub use limits::{Clock, Limits, Request, Settings};
pub use strategy::Strategy;
pub use strength::Strength;
pub use threads::{SearchThreads, MAX_HELPERS};
pub use tt::TranspositionTable;
pub use workspace::Workspace;
