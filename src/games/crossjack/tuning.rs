//! Cross-Jack's tuning of alpha-beta, as plain data the searcher reads.

use crate::games::search_style::AlphaBetaTuning;
use crate::games::strength::{LevelStep, LevelTuning, WdlCurve, WdlModel};

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
        LevelStep::new(1, 16, 2519.6),
        LevelStep::new(1, 16, 1828.8),
        LevelStep::new(1, 16, 1473.5),
        LevelStep::new(1, 16, 1335.6),
        LevelStep::new(1, 16, 1213.5),
        LevelStep::new(1, 16, 1090.4),
        LevelStep::new(1, 16, 984.8),
        LevelStep::new(1, 16, 901.0),
        LevelStep::new(1, 16, 828.7),
        LevelStep::new(1, 16, 755.6),
        LevelStep::new(1, 16, 677.3),
        LevelStep::new(1, 16, 606.7),
        LevelStep::new(1, 16, 503.4),
        LevelStep::new(1, 16, 414.0),
        LevelStep::new(1, 16, 340.5),
        LevelStep::new(2, 16, 235.9),
        LevelStep::new(122, 16, 75.3),
        LevelStep::new(829, 4, 42.3),
        LevelStep::new(400_000, 4, 5.0),
    ],
    elo_at_0: 307,
    elo_per_level: 38,
};

/// The win-draw-loss model: in self-play the positions of drawn games and of decided ones
/// separate completely by their scores, and the margin lies halfway between the two.
pub(super) const WDL: WdlModel = WdlModel::same_for_both(WdlCurve::symmetric(1000.0, 100.0));
