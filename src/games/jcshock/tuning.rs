//! JC Shock's tuning of the playout search, as plain data the searcher reads. The matches
//! behind each value are in docs/strength-log.md, under "JC Shock tuning".

use std::time::Duration;

use crate::games::search_style::{
    LongSearch, PlayoutTuning, RaveSchedule, SolverReach, TreePolicy,
};

/// UCT with RAVE within a window of plies, playouts half guided by MAST and pairs of moves
/// with their last three plies exact, tree nodes within six plies of the end solved, a tree
/// kept from one move to the next, more exploration in long searches; the exact solver first
/// near the end.
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
        // Within a move's time the solver proves real-game positions from here, rarely from
        // one ply earlier.
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
