//! JC Shock's tuning of the playout search (the matches behind it: docs/strength-log.md).

use std::time::Duration;

use crate::games::search_style::{
    LongSearch, PlayoutTuning, RaveSchedule, SolverReach, TreePolicy,
};
use crate::games::strength::{LevelStep, LevelTuning, WdlCurve, WdlModel};

/// UCT with windowed RAVE, MAST and pair-guided playouts with an exact tail, solved nodes
/// near the end, a reused tree; the exact solver first near the end.
pub(super) const PLAYOUTS: PlayoutTuning = PlayoutTuning {
    tree: TreePolicy {
        exploration: 0.1,
        // More exploration in long searches.
        long_exploration: 0.2,
        // 4b² of Gelly and Silver's schedule: a move's own mean weighs as much as its
        // all-moves-as-first mean from about 300 visits.
        rave: Some(RaveSchedule::MinimumError(0.0033)),
        reuse: true,
        mast: true,
        expand_after: 4,
        pairs: 0.5,
        mast_share: 0.5,
        amaf_window: 32,
        exact_tail: 3,
        solved_within: 6,
    },
    solver: SolverReach {
        // The furthest ply from which the solver proves positions within a move's time.
        plies: 13,
        // One ply earlier costs the solver several times as long: only with time to spare.
        deep_plies: 14,
        deep_time: Duration::from_secs(2),
        // Half of the effort.
        share: 2,
    },
    long_search: LongSearch {
        // Halfway between 100 ms and 1 s on a log scale.
        time: Duration::from_millis(300),
        // About what that time visits and plays in JC Shock's middlegame.
        nodes: 3_000_000,
        playouts: 50_000,
    },
};

/// The strength levels: from a few nodes and a wide choice to a full search's budget and
/// nearly always the best line.
pub(super) const LEVELS: LevelTuning = LevelTuning {
    steps: [
        LevelStep::new(4_000, 8, 584.2),
        LevelStep::new(4_000, 8, 340.2),
        LevelStep::new(4_000, 8, 130.0),
        LevelStep::new(4_000, 8, 52.0),
        LevelStep::new(6_500, 4, 31.0),
        LevelStep::new(10_500, 4, 27.0),
        LevelStep::new(18_000, 4, 22.0),
        LevelStep::new(22_700, 4, 20.4),
        LevelStep::new(31_400, 4, 14.5),
        LevelStep::new(44_900, 4, 9.0),
        LevelStep::new(62_200, 4, 6.5),
        LevelStep::new(81_000, 4, 5.0),
        LevelStep::new(105_000, 4, 4.3),
        LevelStep::new(145_000, 4, 3.4),
        LevelStep::new(215_000, 4, 2.6),
        LevelStep::new(316_000, 4, 1.9),
        LevelStep::new(438_000, 4, 1.45),
        LevelStep::new(558_000, 4, 1.15),
        LevelStep::new(680_000, 4, 0.9),
        LevelStep::new(1_000_000, 4, 0.5),
    ],
    elo_at_0: 749,
    elo_per_level: 100,
};

/// The win-draw-loss model, fitted to self-play games: a curve for each player to move, since
/// the same score wins less often for one player than for the other.
pub(super) const WDL: WdlModel = WdlModel::by_player(
    WdlCurve::logistic(37.3, -17.0, 86.5),
    WdlCurve::logistic(85.9, -62.8, 95.8),
);
