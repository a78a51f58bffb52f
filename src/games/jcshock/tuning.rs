//! JC Shock's tuning of the playout search, as plain data the searcher reads. Every value was
//! kept for its match figures, recorded with their commands in scripts/README.md, strength
//! log, "JC Shock: playout search", and in the entry each field's comment names.

use std::time::Duration;

use crate::games::search_style::{
    LongSearch, PlayoutTuning, RaveSchedule, SolverReach, TreePolicy,
};

/// UCT with RAVE within a window of plies, playouts half guided by MAST and pairs of moves
/// with their last three plies exact, tree nodes within six plies of the end solved, a tree
/// kept from one move to the next, more exploration in long searches; the exact solver first
/// within 13 plies of the end (14 from 2 s a move or without a time limit).
pub(super) const PLAYOUTS: PlayoutTuning = PlayoutTuning {
    tree: TreePolicy {
        exploration: 0.1,      // "JC Shock tuning: exploration"
        long_exploration: 0.2, // "JC Shock tuning: long_exploration and long_search"
        // "JC Shock tuning: rave": b ≈ 0.029, AMAF and own means alike after ~300 visits.
        rave: Some(RaveSchedule::MinimumError(0.0033)),
        reuse: true,      // "JC Shock tuning: exact_tail and reuse"
        mast: true,       // "JC Shock tuning: mast"
        expand_after: 4,  // "JC Shock tuning: expand_after"
        pairs: 0.5,       // "JC Shock tuning: pairs"
        mast_share: 0.5,  // "JC Shock tuning: mast_share"
        amaf_window: 32,  // "JC Shock tuning: amaf_window"
        exact_tail: 3,    // "JC Shock tuning: exact_tail and reuse"
        solved_within: 6, // "JC Shock tuning: solved_within"
    },
    // Strength log: "JC Shock tuning: solver reach".
    solver: SolverReach {
        // The solver proved no real-game position 14 plies before the end at 100 ms or 1 s,
        // and every one at 13 at 1 s.
        plies: 13,
        // The solver takes 0.9 s on average 14 plies before the end, 0.13 s at 13.
        deep_plies: 14,
        deep_time: Duration::from_secs(2),
        // Half of the effort.
        share: 2,
    },
    // Strength log: "JC Shock tuning: long_exploration and long_search".
    long_search: LongSearch {
        // Halfway between 100 ms and 1 s on a log scale.
        time: Duration::from_millis(300),
        // About what 300 ms visits and plays in JC Shock's middlegame on a 2-core machine.
        nodes: 3_000_000,
        playouts: 50_000,
    },
};
