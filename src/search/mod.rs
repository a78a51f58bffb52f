//! The game-agnostic searchers: they see games only through [`crate::games::SearchHints`]
//! (the rules and what a game tells a searcher) and [`GameState`].
//!
//! [`best_move`] chooses the searcher by the `Strategy` option and the game's
//! `SearchStyle`: `alphabeta` (iterative deepening over negamax, backed by the
//! [`TranspositionTable`]), `playouts` (Monte-Carlo tree search after an exact endgame
//! solver), or a baseline that answers at once. `time` decides how long a search may take
//! and [`value`] how results are scored.

mod alphabeta;
mod baseline;
mod context;
mod control;
mod info;
mod limits;
mod memory;
mod ordering;
mod playouts;
mod rng;
mod root;
pub mod solve;
mod strategy;
#[cfg(test)]
mod test_support;
mod threads;
mod time;
pub mod tt;
pub mod value;
mod workspace;

pub use alphabeta::search;
pub use context::{in_fresh_context, Context};
pub use info::{Bound, CurrMove, Info, Score};
pub use limits::{Clock, Limits, Request, Settings};
pub use strategy::Strategy;
pub use threads::{SearchThreads, MAX_HELPERS};
pub use tt::TranspositionTable;
pub use workspace::Workspace;

use crate::games::{GameState, SearchHints, SearchStyle};

/// The move the `Strategy` setting chooses in the current position of `state`; `None` only
/// when the game is over. `state` is returned as it came. `search` follows the game's
/// `SearchStyle` (`alphabeta::search` or `playouts::solve_then_play_out`); `mcts` is
/// plain UCT (`playouts::monte_carlo`); the baselines answer at once.
///
/// Whatever the strategy, only the root moves `request.searchmoves` names are considered
/// when it names any legal one, and `go mate` makes the search alpha-beta (see
/// [`Limits::mate`]).
pub fn best_move<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    context: &mut Context<'_, G>,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let seed = context.threads.seed(state.position().hash());
    let allowed = request.searchmoves;
    match request.settings.strategy {
        Strategy::Search => match G::SEARCH_STYLE {
            SearchStyle::AlphaBeta => search(state, request, context, report),
            // Proving a mate is alpha-beta's work.
            SearchStyle::Playouts(_) if request.limits.mate.is_some() => {
                search(state, request, context, report)
            }
            SearchStyle::Playouts(tuning) => {
                playouts::solve_then_play_out(state, request, tuning, context, seed, report)
            }
        },
        Strategy::Mcts => {
            let plain = playouts::Playouts {
                policy: playouts::PLAIN_UCT,
                long: false,
                seed,
                banned: &[],
            };
            playouts::monte_carlo(state, request, &plain, context, report)
        }
        Strategy::Greedy => baseline::greedy_move(state, allowed, &mut rng::Rng::new(seed)),
        Strategy::Random => baseline::random_move(state, allowed, &mut rng::Rng::new(seed)),
    }
}
