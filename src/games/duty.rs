//! What the side to move must do (`query duty`).

/// What the rules ask of the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duty {
    /// Any legal move.
    Move,
    /// Set up: tick a square of its own zone row (Cross-Jack).
    Setup,
    /// Answer the pending crossing: every legal move is a counter-crossing (Crossings).
    CounterCrossing,
    /// Pass: it is the only legal move.
    Pass,
    /// Nothing: the game is over.
    None,
}
