//! What the side to move may do, as move generation classifies it ([`super::Crossings::turn`]).

/// What the side to move may do, before looking at single moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Ordinary group moves (this many).
    Moves(u32),
    /// Facing a crossing: only these many counter-crossings (none: the crossing won).
    CounterCrossings(u32),
    /// No move, the opponent has one: the pass is the only move.
    Pass,
    /// Neither player can move: drawn.
    Stuck,
}
