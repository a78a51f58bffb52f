//! Cross-Jack's tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;
use crate::games::strength::{LevelStep, LevelTuning, WdlModel};

/// Alpha-beta with contempt between a large race deficit and a lost race, so the player
/// behind fills only the squares the race forces instead of settling for the draw.
pub(super) const ALPHA_BETA: AlphaBetaTuning = AlphaBetaTuning {
    contempt: 1000,
    ..AlphaBetaTuning::DEFAULT
};

/// The strength levels: from a few nodes and a wide choice to a full search's budget and
/// nearly always the best line.
pub(super) const LEVELS: LevelTuning = LevelTuning {
    steps: [
        LevelStep::new(1, 16, 3000.0),
        LevelStep::new(1, 16, 2107.3),
        LevelStep::new(1, 16, 1480.2),
        LevelStep::new(1, 16, 1039.7),
        LevelStep::new(1, 16, 730.3),
        LevelStep::new(1, 16, 513.0),
        LevelStep::new(1, 16, 360.3),
        LevelStep::new(1, 16, 253.1),
        LevelStep::new(1, 16, 177.8),
        LevelStep::new(1, 16, 124.9),
        LevelStep::new(1, 16, 87.7),
        LevelStep::new(1, 16, 61.6),
        LevelStep::new(1, 16, 43.3),
        LevelStep::new(1, 16, 30.4),
        LevelStep::new(1, 16, 21.4),
        LevelStep::new(1, 16, 15.0),
        LevelStep::new(1_000, 4, 10.0),
        LevelStep::new(10_000, 4, 8.0),
        LevelStep::new(100_000, 4, 6.0),
        LevelStep::new(400_000, 4, 5.0),
    ],
    elo_at_0: 300,
    elo_per_level: 80,
};

/// The win-draw-loss model, fitted to self-play games.
pub(super) const WDL: WdlModel = WdlModel {
    draw_margin: 0.0,
    scale: 173.7,
};
