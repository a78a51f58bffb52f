//! JC Shock's tuning of the playout search (the matches behind it: docs/strength-log.md).

use std::time::Duration;

use crate::games::search_style::{
    LongSearch, PlayoutTuning, RaveSchedule, SolverReach, TreePolicy,
};

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
