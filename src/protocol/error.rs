//! The engine's errors: every one is answered with one `info string error: <this>` line.

use std::io;

use thiserror::Error;

use crate::games::{MoveError, PositionError, Status};
use crate::session::BadMove;

use super::answers::status_words;
use super::input::InputError;
use super::options::OptionError;
use super::syntax::SyntaxError;

/// Everything that makes a command fail; printed as `info string error: <this>`.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The line is not a command.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The line could not be read as text.
    #[error(transparent)]
    Input(#[from] InputError),
    /// `setoption` with an unknown option or a bad value.
    #[error("setoption: {0}")]
    Option(#[from] OptionError),
    /// `position` with a start position the game refuses.
    #[error("position: {0}")]
    Position(#[from] PositionError),
    /// `position … moves` with a move that cannot be played.
    #[error("move {} '{}' in 'moves': {}", .0.index, .0.text, .0.error)]
    Move(BadMove),
    /// `query effects` with a move that cannot be played here.
    #[error("query effects: {0}")]
    QueryEffects(MoveError),
    /// `query after` with a move that cannot be played.
    #[error("query after: move {} '{}': {}", .0.index, .0.text, .0.error)]
    QueryAfter(BadMove),
    /// A move of `go searchmoves` that is not legal here; it is left out.
    #[error("go: searchmoves '{text}' ignored: {error}")]
    SearchMove {
        /// The move as written.
        text: String,
        /// Why the game refused it.
        error: MoveError,
    },
    /// `go searchmoves` named no legal move.
    #[error("go: searchmoves names no legal move; every move is searched")]
    NoSearchMove,
    /// A command that would change the state while a search runs.
    #[error("{0}: a search is running; send 'stop' first")]
    Busy(&'static str),
    /// `go` in a position whose game is over; `bestmove (none)` follows.
    #[error("go: the game is over ({}); there is no move to search", status_words(*.0))]
    GameOver(Status),
    /// The search thread could not be started.
    #[error("go: cannot start the search thread: {0}")]
    Thread(io::Error),
}
