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
        LevelStep::new(1, 16, 2623.5),
        LevelStep::new(1, 16, 2294.2),
        LevelStep::new(1, 16, 2006.2),
        LevelStep::new(1, 16, 1754.4),
        LevelStep::new(1, 16, 1534.2),
        LevelStep::new(1, 16, 1341.6),
        LevelStep::new(1, 16, 1173.2),
        LevelStep::new(1, 16, 1026.0),
        LevelStep::new(1, 16, 897.2),
        LevelStep::new(1, 16, 784.6),
        LevelStep::new(1, 16, 686.1),
        LevelStep::new(1, 16, 600.0),
        LevelStep::new(1, 16, 300.0),
        LevelStep::new(10, 16, 150.0),
        LevelStep::new(100, 16, 80.0),
        LevelStep::new(1_000, 4, 40.0),
        LevelStep::new(10_000, 4, 20.0),
        LevelStep::new(100_000, 4, 10.0),
        LevelStep::new(400_000, 4, 5.0),
    ],
    elo_at_0: 430,
    elo_per_level: 30,
};

/// The win-draw-loss model, fitted to self-play games.
pub(super) const WDL: WdlModel = WdlModel {
    draw_margin: 0.0,
    scale: 173.7,
};
