//! The entry points that play: the move the `Strategy` setting and the game's search style
//! choose, by whichever searcher they name, or alpha-beta's move alone. Each searcher is handed
//! its own part of the game's workspace.

use super::alphabeta;
use super::baseline;
use super::context::Context;
use super::info::Info;
use super::limits::Request;
use super::playouts;
use super::rng::Rng;
use super::strategy::Strategy;
use super::workspace::Workspace;
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
    context: &mut Context<'_, Workspace<G>>,
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
                let context = &mut context.part(Workspace::tree);
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
            let context = &mut context.part(Workspace::tree);
            playouts::monte_carlo(state, request, &plain, context, report)
        }
        Strategy::Greedy => baseline::greedy_move(state, allowed, &mut Rng::new(seed)),
        Strategy::Random => baseline::random_move(state, allowed, &mut Rng::new(seed)),
    }
}

/// Alpha-beta, whatever the strategy and the game's search style: searches the current
/// position of `state` within `request.limits` (or until the context's
/// `stop` is set) and returns the best move found; `None` only when the game is over. After
/// each completed depth of the iterative deepening, `report` receives its result. `state` is
/// returned as it came. The search works in the buffers the context's workspace keeps, which
/// it allocates on first use, with `Threads - 1` helper threads, and reports `MultiPV` lines.
///
/// Depth 1 is always completed unless `stop` comes first: every move returned was searched.
/// After it, every limit that is set applies and the first one reached ends the search:
/// - `depth` completes exactly that many plies (0 counts as 1);
/// - `nodes` stops before visiting more nodes than that;
/// - `movetime` and the side to move's clock give a time budget (see `super::time`); a search
///   with a time budget also ends after depth 1 when there is only one legal move;
/// - `stop` ends the search at once;
/// - `mate` ends it once a win in that many moves of the side to move is proven;
/// - `searchmoves` is not a limit: only the root moves it names are searched.
///
/// Without any of them the search deepens until `stop` or the deepest ply. Whatever the
/// limits, it stops deepening once an iteration has proven its result: a mate within its
/// depth, or a value no deeper search can change (no line was cut by the horizon). It
/// returns as soon as it is done: holding the answer back until `stop` (see
/// [`Limits::waits_for_stop`](crate::search::Limits::waits_for_stop)) is the caller's business.
///
/// When stopped before depth 1 completes, the move is the table's move for the position, or
/// the first legal move. A depth cut short counts only if one of its root moves was searched
/// to the end and is the best of those (the previous best is searched first, so that move is
/// at least as good); when it changed the best move, one more report gives that depth with
/// the new move's value and line, so that the last report's line starts with the move
/// returned. With helper threads, an iteration a helper completed deeper than the last one
/// of the search thread is played instead, and reported last, unless the search proved its
/// result or `depth` or `MultiPV` lines were asked for.
pub fn search<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    context: &mut Context<'_, Workspace<G>>,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let context = &mut context.part(Workspace::alphabeta);
    alphabeta::search(state, request, context, report)
}
