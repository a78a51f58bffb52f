//! What a Monte-Carlo search may spend under a request: its stop conditions, its time, the
//! playouts `go depth N` stands for, and whether the search is long.

use std::time::Duration;

use super::tree::RunTerms;
use crate::games::{LongSearch, SearchHints};
use crate::search::control::Control;
use crate::search::info::Info;
use crate::search::limits::{Limits, Request};
use crate::search::root::time_budget;
use crate::search::time::TimeBudget;

/// The stop conditions of a Monte-Carlo search under `request` for the side to move in
/// `position`: its time budget, the node limit, or `go depth N` alone as N thousand playouts.
pub(super) fn monte_carlo_run<'a, 'r, G: SearchHints>(
    request: &Request<'_, G::Move>,
    position: &G,
    long: bool,
    stop: &'a std::sync::atomic::AtomicBool,
    report: &'r mut dyn FnMut(&Info),
) -> RunTerms<'a, 'r> {
    let limits = request.limits;
    let budget = time_budget(request, position);
    let playouts = playout_limit(limits, budget);
    RunTerms {
        control: Control::new(stop, limits.nodes, budget.map(|b| b.hard)),
        time: budget.map(playout_time),
        playouts,
        report,
        lines: request.settings.multipv,
        long,
    }
}

/// The playouts a Monte-Carlo search under `limits` (and its time `budget`) stops after:
/// `go depth N` alone stands for N thousand.
fn playout_limit(limits: &Limits, budget: Option<TimeBudget>) -> Option<u64> {
    limits
        .depth
        .filter(|_| budget.is_none() && limits.nodes.is_none())
        .map(playouts_for_depth)
}

/// Whether a Monte-Carlo search under `request` is long: its time target, node limit or
/// playouts reach those of `long`, or it has no limit at all (`go infinite`, pondering).
pub(super) fn is_long_search<G: SearchHints>(
    request: &Request<'_, G::Move>,
    position: &G,
    long: &LongSearch,
) -> bool {
    let limits = request.limits;
    let budget = time_budget(request, position);
    match (budget, limits.nodes, playout_limit(limits, budget)) {
        (Some(budget), _, _) => playout_time(budget) >= long.time,
        (None, Some(nodes), _) => nodes >= long.nodes,
        (None, None, Some(playouts)) => playouts >= long.playouts,
        (None, None, None) => true,
    }
}

/// Monte-Carlo can stop at any moment, so it takes the whole target of a time budget, not
/// the point after which a new alpha-beta iteration would not finish.
pub(super) fn playout_time(budget: TimeBudget) -> Duration {
    budget.soft.saturating_mul(2).min(budget.hard)
}

/// The playouts `go depth N` stands for in Monte-Carlo search: N thousand.
pub(super) fn playouts_for_depth(depth: u32) -> u64 {
    u64::from(depth.max(1)) * 1000
}
