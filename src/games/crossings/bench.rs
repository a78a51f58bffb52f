//! Crossings' `bench` positions: the start, midgames, a pending crossing, locked stones and
//! an endgame.

use crate::games::hints::BenchSet;

/// Searched to depth 7.
pub(super) const BENCH: BenchSet = BenchSet {
    depth: 7,
    positions: &[
        // The start.
        "bbbbbbbb/bbbbbbbb/8/8/8/8/rrrrrrrr/rrrrrrrr r",
        // Self-play midgames.
        "bbbb2bb/bbbbb1bb/3b1rr1/2b1r1rr/2rr3r/8/r2rr2r/1r1r1r1r b",
        "2b1b3/b2bb1bb/3bbbb1/2rrb3/2rrr3/2rrr3/1rrrr2r/4r3 b",
        // `startpos moves e1e3 g7h6 g2f3 a7a6 c1f4 d8f6 f1f3`: Black must meet a two-move
        // crossing threat.
        "bbb1bbbb/1bbb1b1b/b4r1r/5rb1/4rr2/5r2/rrr4r/rr1r2rr b",
        // A pending crossing (a perft vector): Black must counter-cross.
        "1b2rbb1/br2r3/rr5b/1brb1b1b/4rr2/2bb1rbb/1br3br/r2r1rr1 b",
        // Locked stones on both target rows (a perft vector).
        "1bb3R1/4b1rb/1bb3r1/brbbb3/r1rb3r/r1rr1b2/1r3b1r/1rr2B1r r",
        // Self-play endgame after a crossing was answered.
        "b5R1/2b2b2/4b3/4b3/4b3/3r4/r3rb2/1r4B1 b",
    ],
};
