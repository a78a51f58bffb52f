//! The one entry point that plays: the move the `Strategy` setting and the game's search
//! style choose, by whichever searcher they name.

use super::alphabeta::search;
use super::baseline;
use super::context::Context;
use super::info::Info;
use super::limits::Request;
use super::playouts;
use super::rng::Rng;
use super::strategy::Strategy;
use crate::games::{GameState, SearchHints, SearchStyle};

/// The move the `Strategy` setting chooses in the current position of `state`; `None` only
/// when the game is over. `state` is returned as it came. `search` follows the game's
/// `SearchStyle` (`alphabeta::search` or `playouts::solve_then_play_out`); `mcts` is
/// plain UCT (`playouts::monte_carlo`); the baselines answer at once.
///
/// Whatever the strategy, only the root moves `request.searchmoves` names are considered
/// when it names any legal one, and `go mate` makes the search alpha-beta (see
/// [`Limits::mate`](crate::search::Limits::mate)).
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
            SearchStyle::AlphaBeta(_) => search(state, request, context, report),
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
        Strategy::Greedy => baseline::greedy_move(state, allowed, &mut Rng::new(seed)),
        Strategy::Random => baseline::random_move(state, allowed, &mut Rng::new(seed)),
    }
}
