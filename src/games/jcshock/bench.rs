//! JC Shock's `bench` positions: the start, midgames on two sizes and an endgame.

use crate::games::hints::BenchSet;

/// Searched to depth 5 (5,000 playouts each).
pub(super) const BENCH: BenchSet = BenchSet {
    depth: 5,
    positions: &[
        // The start.
        "8/8/8/8/8/8/8/8 o",
        // Self-play after 9, 19, 29 and 39 plies.
        "8/8/2o5/8/o3x3/2o5/2x2o2/2o2x1x x",
        "8/2x2o2/o1o2x2/8/ox2x3/2o3xo/xox1oxox/2o5 x",
        "3ox3/o1x2o2/o1o2x2/x1o1xoo1/xx2xox1/xo1o1xox/1ox1o3/1x4o1 x",
        "5x2/oxxoxooo/2oooxx1/x1o1xoo1/xx2xoxx/xo2oxo1/1oxox3/2oxoox1 x",
        // 9×9 midgame (a perft vector).
        "1xo1ox1o1/1x1xxox2/3xxox2/2oo1ox1o/4xxo2/2oxoxooo/o2oxooxx/1o3ox2/x2x5 x",
        // Self-play endgame: 11 placements left.
        "oxo5/xxoxoxx1/xoxoxxo1/ooooxoo1/ox1xooxx/xoxoxxo1/oxoxxoo1/xoxoox2 x",
    ],
};
