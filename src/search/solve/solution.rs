//! What a solve answers: the proven value of a position ([`Proven`]: an [`Outcome`] and its
//! distance), each root move's value, the reports on the way, and when it gives up.

use std::time::Duration;

use super::scale::WIN;
use crate::games::Margin;

/// The outcome of a position under perfect play, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins.
    Win,
    /// Neither side can win.
    Draw,
    /// The side to move loses.
    Loss,
}

/// A proven value: the outcome and, for a win or a loss, the plies to the end under best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Proven {
    /// Win, draw or loss for the side to move.
    pub outcome: Outcome,
    /// Plies to the end of the game for a win or a loss; `None` for a draw.
    pub distance: Option<u32>,
}

impl Proven {
    /// The value of `score`, counted from the position it is the value of.
    pub(super) fn from_score(score: i32) -> Proven {
        match score {
            0 => Proven {
                outcome: Outcome::Draw,
                distance: None,
            },
            s if s > 0 => Proven {
                outcome: Outcome::Win,
                distance: Some((WIN - s) as u32),
            },
            s => Proven {
                outcome: Outcome::Loss,
                distance: Some((WIN + s) as u32),
            },
        }
    }

    /// The value of the position before a move that leads to this one.
    pub fn before_move(self) -> Proven {
        Proven {
            outcome: match self.outcome {
                Outcome::Win => Outcome::Loss,
                Outcome::Draw => Outcome::Draw,
                Outcome::Loss => Outcome::Win,
            },
            distance: self.distance.map(|d| d + 1),
        }
    }

    /// The lowest [`Proven::rank`] of `outcome`.
    fn rank_of(outcome: Outcome) -> i32 {
        match outcome {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -WIN,
        }
    }

    /// A score that orders values as the side to move prefers them.
    pub fn rank(self) -> i32 {
        match (self.outcome, self.distance) {
            (Outcome::Win, Some(d)) => WIN - d as i32,
            (Outcome::Loss, Some(d)) => -(WIN - d as i32),
            _ => 0,
        }
    }
}

/// When a solve gives up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveLimits {
    /// At most about this many nodes.
    pub nodes: Option<u64>,
    /// At most this long.
    pub time: Option<Duration>,
}

/// Why a solve ended without the root's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsolved {
    /// `stop`, the node limit or the time limit.
    Stopped,
    /// The table of the size asked for could not be had: nothing was searched.
    Memory,
    /// Repetitions or lines past [`super::MAX_PLY`] decide the value: see [`Solution::bounds`].
    Repetition,
}

/// What a solve reports as it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress<M> {
    /// A root move is solved: the value of the root position when it is played.
    Move {
        /// The move.
        mv: M,
        /// Its number in the order the moves are solved, from 1.
        number: usize,
        /// How many root moves there are.
        of: usize,
        /// Its value at the root, or its lower bound where repetitions decide it.
        value: Proven,
        /// Its upper bound.
        upper: Proven,
        /// Nodes so far.
        nodes: u64,
        /// Time so far.
        time: Duration,
    },
    /// The solve goes on (at most once a second).
    Running {
        /// Nodes so far.
        nodes: u64,
        /// Time so far.
        time: Duration,
        /// How full the table is, per mille.
        table_permille: u64,
    },
}

impl<M: Copy> Progress<M> {
    /// The same report with the move written by `write` (in notation, say).
    pub fn map<N>(&self, write: impl Fn(M) -> N) -> Progress<N> {
        match *self {
            Progress::Move {
                mv,
                number,
                of,
                value,
                upper,
                nodes,
                time,
            } => Progress::Move {
                mv: write(mv),
                number,
                of,
                value,
                upper,
                nodes,
                time,
            },
            Progress::Running {
                nodes,
                time,
                table_permille,
            } => Progress::Running {
                nodes,
                time,
                table_permille,
            },
        }
    }
}

/// A root move and its value at the root: exact when both bounds agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// The value at least.
    pub lower: Proven,
    /// The value at most.
    pub upper: Proven,
    /// The root's side's margin under best play, for a move that keeps the value in a game
    /// with margins ([`crate::games::SearchHints::HAS_MARGIN`]); else `None`.
    pub margin: Option<Margin>,
}

impl<M> RootMove<M> {
    /// The move's value, when it does not depend on repetitions.
    pub fn exact(&self) -> Option<Proven> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// What a solve found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<M> {
    /// The root's value, when every root move was solved and repetitions do not decide it.
    pub value: Option<Proven>,
    /// The root's bounds when repetitions decide the value ([`Unsolved::Repetition`]).
    pub bounds: Option<(Proven, Proven)>,
    /// The root moves solved, best first (by lower, then upper bound; stable).
    pub moves: Vec<RootMove<M>>,
    /// The root's margin where the game has one ([`Margin::EVEN`] for a draw).
    pub margin: Option<Margin>,
    /// How many legal moves the root has.
    pub legal: usize,
    /// Why the root's value is missing.
    pub unsolved: Option<Unsolved>,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// How full the table was at the end, per mille.
    pub table_permille: u64,
    /// The table's size in bytes: nearly all the solve's memory, bounded by `Hash`.
    pub table_bytes: usize,
}

impl<M> Solution<M> {
    /// Nothing solved yet, at a root with `legal` moves, with a table of `table_bytes`.
    pub(super) fn nothing_yet(legal: usize, table_bytes: usize) -> Self {
        Solution {
            value: None,
            bounds: None,
            moves: Vec::new(),
            margin: None,
            legal,
            unsolved: None,
            nodes: 0,
            time: Duration::ZERO,
            table_permille: 0,
            table_bytes,
        }
    }
}

impl<M: Copy> Solution<M> {
    /// The same solution with the moves written by `write` (in notation, say).
    pub fn map<N>(&self, write: impl Fn(M) -> N) -> Solution<N> {
        Solution {
            value: self.value,
            bounds: self.bounds,
            moves: self
                .moves
                .iter()
                .map(|root| RootMove {
                    mv: write(root.mv),
                    lower: root.lower,
                    upper: root.upper,
                    margin: root.margin,
                })
                .collect(),
            margin: self.margin,
            legal: self.legal,
            unsolved: self.unsolved,
            nodes: self.nodes,
            time: self.time,
            table_permille: self.table_permille,
            table_bytes: self.table_bytes,
        }
    }
}

impl<M: Clone> Solution<M> {
    /// The root's value, else the best lower bound so far; `None` before any move is solved.
    fn target(&self) -> Option<Outcome> {
        let best = self.moves.first()?;
        Some(self.value.map_or(best.lower.outcome, |value| value.outcome))
    }

    /// The root moves that `keep` tells to keep, best first.
    fn moves_where(&self, keep: impl Fn(&RootMove<M>, Outcome) -> bool) -> Vec<M> {
        let Some(outcome) = self.target() else {
            return Vec::new();
        };
        self.moves
            .iter()
            .filter(|root| keep(root, outcome))
            .map(|root| root.mv.clone())
            .collect()
    }

    /// The moves that surely keep the root's value (else the best lower bound), best first.
    pub fn best_moves(&self) -> Vec<M> {
        self.moves_where(|root, outcome| root.lower.outcome == outcome)
    }

    /// The moves that, depending on repetitions, may keep it too.
    pub fn undecided_moves(&self) -> Vec<M> {
        self.moves_where(|root, outcome| {
            root.lower.outcome != outcome && root.upper.rank() >= Proven::rank_of(outcome)
        })
    }
}
