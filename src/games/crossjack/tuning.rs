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
        LevelStep::new(1, 8, 600.0),
        LevelStep::new(1, 8, 400.0),
        LevelStep::new(1, 8, 260.0),
        LevelStep::new(1, 8, 170.0),
        LevelStep::new(1, 8, 110.0),
        LevelStep::new(1, 8, 70.0),
        LevelStep::new(1, 8, 45.0),
        LevelStep::new(30, 4, 30.0),
        LevelStep::new(66, 4, 25.8),
        LevelStep::new(146, 4, 22.3),
        LevelStep::new(322, 4, 19.2),
        LevelStep::new(711, 4, 16.5),
        LevelStep::new(1_570, 4, 14.2),
        LevelStep::new(3_464, 4, 12.2),
        LevelStep::new(7_644, 4, 10.5),
        LevelStep::new(16_869, 4, 9.1),
        LevelStep::new(37_224, 4, 7.8),
        LevelStep::new(82_143, 4, 6.7),
        LevelStep::new(181_265, 4, 5.8),
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
