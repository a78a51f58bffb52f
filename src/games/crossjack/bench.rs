//! Cross-Jack's `bench` positions: the start, after setup, midgames on two sizes, late play.

use crate::games::hints::BenchSet;

/// Searched to depth 9.
pub(super) const BENCH: BenchSet = BenchSet {
    depth: 9,
    positions: &[
        // The start: X's setup.
        "8/8/8/8/8/8/8/8 x",
        // Setup done, the race begins.
        "x1x5/8/8/8/8/8/8/oo6 x",
        // `startpos moves f8 a1 d8 b1 f7`: O must block, not race.
        "3x1x2/5x2/8/8/8/8/8/oo6 o",
        // Self-play midgames: both sides running down their first file.
        "x2x4/x7/x7/x7/8/o7/o7/o1o5 o",
        "x2x4/x7/x7/x7/ox6/o1x5/o6o/o1o5 o",
        // 10×7, wider than tall: the race decides.
        "xx8/x9/x9/10/9o/o9/oo8 x",
        // 10×7 endgame (a perft vector).
        "1xxxxxxx2/1x1x3x2/xxx1x1x3/xx3x2ox/2o1o3oo/2o1oooo1o/ooooooo2o x",
        // Self-play endgame: O's row is nearly closed.
        "x2x4/x7/x7/xx5x/ox5x/o1x5/o1x4o/ooooooo1 x",
    ],
};
