//! The exact solver's scale of values: a win `p` plies from the root is worth `WIN - p` and a
//! loss `-(WIN - p)`, so that the best play wins as soon and loses as late as it can.

/// The value of a win at the root itself; a win `p` plies away is worth `WIN - p`.
pub(super) const WIN: i32 = 1_000_000;
/// Beyond every value.
pub(super) const INFINITY: i32 = WIN + 1;
