//! What the searcher reports while it works: the fields of an `info` line.

use std::time::Duration;

/// A search score from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Evaluation in centipawn-like units.
    Centipawns(i32),
    /// A forced result in this many moves of the side to move (UCI convention: positive when
    /// the side to move wins, negative when it loses; a move is one ply of the winner's).
    Mate(i32),
}

/// One progress report: printed by the protocol as an `info` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Completed iterative-deepening depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table fill in permille.
    pub hashfull: u32,
    /// Principal variation, moves in the game's notation.
    pub pv: Vec<String>,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros) as u64
    }
}
