//! What the searcher reports while it works: the fields of an `info` line.

use std::time::Duration;

use super::bound::Bound;

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
    /// The line's rank (from 1) when the search reports several best lines (`MultiPV`);
    /// `None` when it reports one.
    pub multipv: Option<u32>,
    /// `None` when the score is the line's value at that depth; a bound when the search knows
    /// only that much: [`Bound::Lower`] for an iteration cut short whose best move so far is
    /// reported (the moves not yet searched may do better).
    pub bound: Option<Bound>,
    /// When set, this is no progress report but the news that the root move `currmove` is
    /// being searched at `depth` (the other fields do not count).
    pub currmove: Option<CurrMove>,
}

/// The root move a long search is busy with (`info currmove … currmovenumber …`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrMove {
    /// The move, in the game's notation.
    pub mv: String,
    /// Its rank in the order the root moves are searched, from 1.
    pub number: u32,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros) as u64
    }
}
