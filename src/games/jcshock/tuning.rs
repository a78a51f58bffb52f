//! JC Shock's tuning of the playout search, as plain data the searcher reads. Every value was
//! kept for its match figures, recorded with their commands in the strength log of
//! `scripts/README.md` ("JC Shock").

use std::time::Duration;

use crate::games::{LongSearch, PlayoutTuning, SolverReach, TreePolicy};

/// UCT with RAVE within a window of plies, playouts half guided by MAST and pairs of moves
/// with their last two plies exact, a tree kept from one move to the next, more exploration
/// in long searches; the exact solver first within 13 plies of the end (14 in long searches).
pub(super) const PLAYOUTS: PlayoutTuning = PlayoutTuning {
    tree: TreePolicy {
        exploration: 0.1,
        long_exploration: 0.2,
        rave: Some(600.0),
        reuse: true,
        mast: true,
        expand_after: 4,
        pairs: 0.5,
        mast_share: 0.5,
        amaf_window: 32,
        exact_tail: 2,
    },
    solver: SolverReach {
        // The solver proved no real-game position 14 plies before the end at 100 ms or 1 s,
        // and every one at 13 at 1 s.
        plies: 13,
        // 0.9 s on average 14 plies before the end, 0.13 s at 13.
        deep_plies: 14,
        deep_time: Duration::from_secs(2),
        share: 2,
    },
    long_search: LongSearch {
        time: Duration::from_millis(300),
        // About what 300 ms visits and plays in JC Shock's middlegame on a 2-core machine.
        nodes: 3_000_000,
        playouts: 50_000,
    },
};
