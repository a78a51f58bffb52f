//! What the searcher reports while it works: the fields of an `info` line.

use std::time::Duration;

use super::bound::Bound;
use crate::games::{Player, Wdl, WdlModel};

/// A search score from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Evaluation in centipawn-like units.
    Centipawns(i32),
    /// A forced result in this many moves (UCI: negative when the side to move loses).
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
    /// The line's rank (from 1) under `MultiPV`; `None` for one line.
    pub multipv: Option<u32>,
    /// A bound when the score is one ([`Bound::Lower`] for a cut-short iteration), else `None`.
    pub bound: Option<Bound>,
    /// When set, only news that this root move is being searched at `depth`.
    pub currmove: Option<CurrMove>,
    /// The score is the game's proven result (a mate score always is; a draw when a solver
    /// proved it).
    pub proven: bool,
    /// Win-draw-loss chances from the side to move's view, when asked for (`UCI_ShowWDL`).
    pub wdl: Option<Wdl>,
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
    /// The win-draw-loss chances of this report's score for `mover`, the side to move: exact
    /// for a proven result, else what `model` (the game's) gives the score at this depth.
    pub fn chances(&self, model: &WdlModel, mover: Player) -> Wdl {
        match self.score {
            Score::Mate(moves) if moves > 0 => Wdl::WON,
            Score::Mate(_) => Wdl::LOST,
            Score::Centipawns(_) if self.proven => Wdl::DRAWN,
            Score::Centipawns(cp) => model.wdl(cp, mover, self.depth),
        }
    }

    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros) as u64
    }
}
