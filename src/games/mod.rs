//! The rules engines: one module per game behind the shared [`Game`] trait (the rules) and
//! [`SearchHints`] (what the searchers may ask of a game, each item defaulted).
//!
//! Everything a game knows (rules, notation, hashing, evaluation, search tuning) lives in its
//! own module; [`GameState`] adds the move history every game shares. This module imports
//! nothing else of the crate: the searchers and the type-erased session stand above it.
//!
//! The games are listed once, below: adding one is its module, declared there, plus one line
//! in the registry's list (see [`registry`]).

mod bitboard;
mod board;
mod coord;
mod duty;
mod effects;
mod ending;
mod error;
pub mod fen;
mod hints;
pub mod registry;
mod rules;
mod size;
mod state;
pub mod zobrist;

pub use board::{BoardDescription, PieceKind, PieceLetter, PlayerLook, Rows, Wrap};
pub use coord::Coord;
pub use duty::Duty;
pub use effects::{Effect, Effects, Flags};
pub use ending::{EndDetails, GameEnd, Margin, RunCount, Scores};
pub use error::{MoveError, PositionError};
pub use hints::{
    BenchSet, KnownValue, LongSearch, OutcomeBounds, PlayoutTuning, RaveSchedule, SearchHints,
    SearchStyle, SolverReach, SymmetricKey, TreePolicy,
};
pub use registry::GameVisitor;
pub use rules::Game;
pub use size::BoardSize;
pub use state::GameState;

// The game modules are declared here rather than by the registry's macro so that `cargo fmt`,
// which does not look inside macros, formats (and checks) them.
pub mod crossings;
pub mod crossjack;
pub mod jcshock;

// The one list of games: one `module::Type` line per game.
registry::register_games! {
    crossjack::CrossJack,
    jcshock::JcShock,
    crossings::Crossings,
}

/// One of the two players. Player one always moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first (UGI `p1`, UCI `w`).
    One,
    /// The player who moves second (UGI `p2`, UCI `b`).
    Two,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for player one, 1 for player two: an index into per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    InPlay,
    /// The game is over and this player won.
    Won(Player),
    /// The game is over without a winner.
    Draw,
}

impl Status {
    /// True once the game has ended.
    pub fn is_over(self) -> bool {
        self != Status::InPlay
    }
}

/// Upper bound on the legal moves of any position of any game; move buffers reserve it so
/// that generation never reallocates.
pub const MAX_MOVES: usize = 1024;

/// A buffer of moves, reused across calls so that generation does not allocate.
pub type MoveList<M> = Vec<M>;
