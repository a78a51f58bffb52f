//! Where a score stands against the true value: what the transposition table keeps with a
//! stored score and what a report says of a score cut short.

/// Which side of the true value a stored score lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (every move failed low).
    Upper,
    /// The true value is at least the score (a move failed high).
    Lower,
    /// The score is the true value at that depth.
    Exact,
}
