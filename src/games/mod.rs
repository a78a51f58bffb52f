//! The rules engines: one module per game behind the shared [`Game`] trait (the rules) and
//! [`SearchHints`] (what the searchers may ask of a game, each item defaulted).
//!
//! Everything a game knows (rules, notation, hashing, evaluation, search tuning) lives in its
//! own module; [`GameState`] adds the move history every game shares. This module imports
//! nothing else of the crate: the searchers and the type-erased session stand above it.
//!
//! The games are listed once, in the registry: adding one is its module, declared below, plus
//! one line in the registry's list (see [`registry`]).

mod bitboard;
mod board;
mod coord;
mod duty;
mod effects;
mod ending;
mod error;
pub mod fen;
mod hints;
mod moves;
mod player;
pub mod registry;
mod rules;
mod search_style;
mod size;
mod state;
mod status;
pub mod zobrist;

pub use board::{BoardDescription, PieceKind, PieceLetter, PlayerLook, Rows, Wrap};
pub use coord::Coord;
pub use duty::Duty;
pub use effects::{Effect, Effects, Flags};
pub use ending::{EndDetails, GameEnd, Margin, RunCount, Scores};
pub use error::{GameReason, MoveError, PositionError, SyntaxError};
pub use hints::{BenchSet, KnownValue, OutcomeBounds, SearchHints, SymmetricKey};
pub use moves::{MoveList, MAX_MOVES};
pub use player::Player;
pub use registry::{GameKind, GameVisitor};
pub use rules::Game;
pub use search_style::{
    AlphaBetaTuning, LongSearch, PlayoutTuning, RaveSchedule, SearchStyle, SolverReach, TreePolicy,
};
pub use size::BoardSize;
pub use state::GameState;
pub use status::Status;

// The game modules are declared here rather than by the registry's macro so that `cargo fmt`,
// which does not look inside macros, formats (and checks) them; the registry lists them.
pub mod crossings;
pub mod crossjack;
pub mod jcshock;
