//! The entry points that play: the move by the searcher the `Strategy` setting and the game's
//! search style name, or alpha-beta's alone.

use super::alphabeta;
use super::baseline;
use super::context::Context;
use super::info::Info;
use super::level;
use super::limits::Request;
use super::playouts;
use super::rng::Rng;
use super::strategy::Strategy;
use super::workspace::Workspace;
use crate::games::{GameState, SearchHints, SearchStyle};

/// The move the `Strategy` setting chooses in the current position of `state` (left as it
/// came); `None` only when the game is over. `search` follows the game's `SearchStyle`,
/// `mcts` is plain UCT, the baselines answer at once. `request.searchmoves` applies to all;
/// `go mate` makes the search alpha-beta.
pub fn best_move<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    context: &mut Context<'_, Workspace<G>>,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let seed = context.threads.seed(state.position().hash());
    let allowed = request.searchmoves;
    if let Some(level) = limited_level::<G>(request) {
        let mut full_strength = |state: &mut GameState<G>,
                                 request: &Request<'_, G::Move>,
                                 report: &mut dyn FnMut(&Info)| {
            best_move(state, request, context, report)
        };
        return level::play_at_level(state, request, level, seed, report, &mut full_strength);
    }
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
            let plain = playouts::Plan {
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

/// The level the request's strength plays at, when it is limited: only the `search`
/// strategy has levels, and `go mate` always searches at full strength.
fn limited_level<G: SearchHints>(request: &Request<'_, G::Move>) -> Option<f64> {
    let settings = request.settings;
    if settings.strategy != Strategy::Search || request.limits.mate.is_some() {
        return None;
    }
    settings.strength.level(&G::LEVELS)
}

/// Alpha-beta, whatever the strategy: the best move for the current position of `state`
/// (left as it came) within `request.limits` or until `stop`; `None` only when the game is
/// over. `report` gets each completed depth, with `MultiPV` lines and `Threads - 1` helpers.
///
/// Depth 1 always completes unless stopped (with one legal move and a time budget, nothing
/// more is searched); then the first limit reached ends the search, as does a proven result.
/// Holding the answer until `stop`
/// ([`Limits::waits_for_stop`](crate::search::Limits::waits_for_stop)) is the caller's job.
///
/// Stopped before depth 1, it plays the table's move or the first legal one. A depth cut
/// short counts if its best fully searched root move is best so far (the previous best goes
/// first); a changed best move is reported again so the last line starts with it. A helper's
/// deeper iteration is played instead, unless the result is proven or `depth` or `MultiPV`
/// was asked for.
pub fn search<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    context: &mut Context<'_, Workspace<G>>,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let context = &mut context.part(Workspace::alphabeta);
    alphabeta::search(state, request, context, report)
}
