//! The engine's errors: every one is answered with one `info string error: <this>` line.

use std::fmt;

use crate::games::{MoveError, PositionError, Status};

use super::answers::status_words;
use super::grammar::SyntaxError;
use super::input::InputError;

/// Everything that makes a command fail; printed as `info string error: <this>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The line is not a command.
    Syntax(SyntaxError),
    /// The line could not be read as text.
    Input(InputError),
    /// `setoption` with an unknown option or a bad value.
    Option(String),
    /// `position` with a start position the game refuses.
    Position(PositionError),
    /// `position … moves` with a move that cannot be played; `index` counts from 1.
    Move {
        /// Which move of the list, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why the game refused it.
        error: MoveError,
    },
    /// A command that would change the state while a search runs.
    Busy(&'static str),
    /// `go` in a position whose game is over; `bestmove (none)` follows.
    GameOver(Status),
    /// The search thread could not be started.
    Thread(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Syntax(e) => write!(f, "{e}"),
            EngineError::Input(e) => write!(f, "{e}"),
            EngineError::Option(e) => write!(f, "setoption: {e}"),
            EngineError::Position(e) => write!(f, "position: {e}"),
            EngineError::Move { index, text, error } => {
                write!(f, "move {index} '{text}' in 'moves': {error}")
            }
            EngineError::Busy(command) => {
                write!(f, "{command}: a search is running; send 'stop' first")
            }
            EngineError::GameOver(status) => write!(
                f,
                "go: the game is over ({}); there is no move to search",
                status_words(*status)
            ),
            EngineError::Thread(e) => write!(f, "go: cannot start the search thread: {e}"),
        }
    }
}

impl std::error::Error for EngineError {}
