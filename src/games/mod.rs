//! The rules engines: one module per game behind [`Game`] (the rules) and [`SearchHints`]
//! (what searchers may ask), plus [`GameState`] for history. Imports nothing else of the
//! crate. Adding a game: its module below and one line in the [`registry`].

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
mod strength;
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
pub use strength::{
    LevelStep, LevelTuning, LogisticCurve, MeasuredCurve, Wdl, WdlCurve, WdlModel, LIMITED_LEVELS,
};

// Declared here, not by the registry's macro, so that `cargo fmt` formats them.
pub mod crossings;
pub mod crossjack;
pub mod jcshock;
