//! Crossings' tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;

/// Late move reductions and reverse futility pruning, evaluations not cached.
pub(super) const ALPHA_BETA: AlphaBetaTuning = AlphaBetaTuning {
    // Searching the late quiet moves shallower first lets the search go deeper, and it plays
    // better for it.
    late_move_reductions: true,
    // A stone and a half per ply: the swings larger than that are crossings, tactical moves
    // the quiescence search tries.
    futility_margin: 80,
    // The evaluation reads the kept move counts and counts stones: cheaper than the cache's
    // lookup.
    cache_evaluations: false,
    ..AlphaBetaTuning::DEFAULT
};
