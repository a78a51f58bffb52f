//! Crossings' tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;
use crate::games::strength::{LevelStep, LevelTuning, WdlModel};

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
        LevelStep::new(1, 16, 1500.0),
        LevelStep::new(1, 16, 300.0),
        LevelStep::new(1, 8, 150.0),
        LevelStep::new(1, 8, 70.0),
        LevelStep::new(1, 8, 40.0),
        LevelStep::new(8, 4, 35.0),
        LevelStep::new(150, 4, 22.0),
        LevelStep::new(500, 4, 17.0),
        LevelStep::new(1_200, 4, 14.5),
        LevelStep::new(2_500, 4, 13.0),
        LevelStep::new(5_000, 4, 11.5),
        LevelStep::new(9_000, 4, 10.5),
        LevelStep::new(16_000, 4, 9.2),
        LevelStep::new(26_000, 4, 8.4),
        LevelStep::new(40_000, 4, 7.7),
        LevelStep::new(60_000, 4, 7.1),
        LevelStep::new(90_000, 4, 6.6),
        LevelStep::new(140_000, 4, 6.1),
        LevelStep::new(220_000, 4, 5.6),
        LevelStep::new(380_000, 4, 5.0),
    ],
    elo_at_0: 560,
    elo_per_level: 80,
};

/// The win-draw-loss model, fitted to self-play games.
pub(super) const WDL: WdlModel = WdlModel {
    draw_margin: 0.0,
    scale: 173.7,
};
