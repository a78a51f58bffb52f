//! Move buffers: reserved once at the largest size any position needs, then reused, so that
//! move generation never allocates.

/// Upper bound on the legal moves of any position of any game; move buffers reserve it so
/// that generation never reallocates.
pub const MAX_MOVES: usize = 1024;

/// A buffer of moves, reused across calls so that generation does not allocate.
pub type MoveList<M> = Vec<M>;
