//! Move buffers, reserved once at the largest size so that move generation never allocates.

/// Upper bound on any position's legal moves, reserved once.
pub const MAX_MOVES: usize = 1024;

/// A buffer of moves, reused across calls so that generation does not allocate.
pub type MoveList<M> = Vec<M>;
