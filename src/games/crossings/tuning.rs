//! Crossings' tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;

/// Late move reductions and reverse futility pruning, evaluations not cached.
pub(super) const ALPHA_BETA: AlphaBetaTuning = AlphaBetaTuning {
    // Deeper search pays for the reductions.
    late_move_reductions: true,
    // A stone and a half per ply: larger swings are crossings, which quiescence tries.
    futility_margin: 80,
    // The evaluation reads kept counts: cheaper than the cache.
    cache_evaluations: false,
    ..AlphaBetaTuning::DEFAULT
};
