//! The JC Shock move.

/// A JC Shock move: the square (bit index `rank * N + file`) where the mover places a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement(pub(super) u8);

impl Placement {
    /// The bit index of the placed square.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}
