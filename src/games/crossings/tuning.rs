//! Crossings' tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;
use crate::games::strength::{LevelStep, LevelTuning};

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

/// The strength levels: from a few nodes and a wide choice to a full search's budget and
/// nearly always the best line.
pub(super) const LEVELS: LevelTuning = LevelTuning {
    steps: [
        LevelStep::new(1, 8, 1200.0),
        LevelStep::new(1, 8, 500.0),
        LevelStep::new(1, 8, 200.0),
        LevelStep::new(1, 8, 130.0),
        LevelStep::new(1, 8, 50.0),
        LevelStep::new(8, 4, 35.0),
        LevelStep::new(450, 4, 17.0),
        LevelStep::new(800, 4, 15.0),
        LevelStep::new(2_200, 4, 12.5),
        LevelStep::new(4_700, 4, 11.6),
        LevelStep::new(7_000, 4, 11.0),
        LevelStep::new(10_600, 4, 10.2),
        LevelStep::new(15_900, 4, 9.2),
        LevelStep::new(24_500, 4, 8.5),
        LevelStep::new(34_400, 4, 8.0),
        LevelStep::new(50_400, 4, 7.4),
        LevelStep::new(70_500, 4, 7.0),
        LevelStep::new(91_000, 4, 6.6),
        LevelStep::new(185_000, 4, 5.8),
        LevelStep::new(380_000, 4, 5.0),
    ],
    elo_at_0: 700,
    elo_per_level: 68,
};
