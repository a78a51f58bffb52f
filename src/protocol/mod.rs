//! The UCI/UGI text protocol: nom grammar → typed commands → engine state machine.
//!
//! - [`input`]: bounded line reading (long lines and invalid UTF-8 are errors);
//! - [`grammar`]: one line → one [`command::Command`];
//! - [`engine`]: the state machine; [`worker`]: the search thread;
//! - [`options`]: the `option` lines and `setoption` values;
//! - [`answers`]: the texts of the longer answers; [`error`]: the error lines;
//! - [`output`]: the flushed line writer shared with the search thread.

pub mod answers;
pub mod command;
pub mod engine;
pub mod error;
pub mod grammar;
pub mod input;
pub mod options;
pub mod output;
pub mod worker;

use std::io;

use thiserror::Error;

use crate::games::{BoardSize, GameKind, PositionError};

pub use engine::{Engine, Flow};
pub use output::Output;

/// Why the protocol loop could not run or had to end early.
#[derive(Debug, Error)]
pub enum RunError {
    /// The game and size asked for on the command line have no start position.
    #[error("{0}")]
    Start(#[from] PositionError),
    /// Reading stdin failed.
    #[error("i/o error: {0}")]
    Io(#[from] io::Error),
}

/// Speaks the protocol on stdin/stdout until `quit` or end of input, starting with `game`
/// on a board of `size` (the game's default when `None`).
pub fn run(game: GameKind, size: Option<BoardSize>) -> Result<(), RunError> {
    let out = Output::stdout();
    let mut engine = Engine::new(game, size, out.clone())?;
    let stdin = io::stdin();
    let mut reader = input::LineReader::new(stdin.lock(), input::MAX_LINE_BYTES);
    let result = loop {
        match reader.next_line() {
            Ok(None) => break Ok(()),
            Ok(Some(Ok(line))) => {
                if engine.handle_line(&line) == Flow::Quit {
                    break Ok(());
                }
            }
            Ok(Some(Err(error))) => engine.handle_input_error(error),
            Err(error) => break Err(error),
        }
        if out.is_broken() {
            break Ok(());
        }
    };
    engine.shutdown();
    Ok(result?)
}
