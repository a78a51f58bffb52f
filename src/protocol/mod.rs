//! The UCI/UGI text protocol: nom grammar → typed commands → engine state machine.
//!
//! - [`input`]: bounded line reading (long lines and invalid UTF-8 are errors);
//! - `grammar`: one line → one `command::Command`, or a `syntax::SyntaxError` saying why not;
//! - `engine`: the state machine; `worker`: the search thread, one for the engine's life;
//! - [`options`]: the `option` lines and `setoption` values;
//! - `answers`, `describe` (the board GUI's queries), `debug_lines` (`debug on`), `error`:
//!   answer texts;
//! - [`report`]: job reports (`info`, `bestmove`, perft, bench), printed by the CLI too;
//! - `output`: the flushed line writer shared with the search thread, which also keeps the
//!   `debug_log` transcript of `Debug Log File`.

mod answers;
mod command;
mod debug_lines;
mod debug_log;
mod describe;
mod engine;
mod error;
mod grammar;
pub mod input;
pub mod options;
mod output;
pub mod report;
mod syntax;
#[cfg(test)]
mod test_output;
mod worker;

use std::io;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread;

use thiserror::Error;

use crate::games::{BoardSize, GameKind, PositionError};

pub use engine::{Engine, Flow};
pub use output::Output;

/// How many lines the input thread may read ahead of the engine (each at most
/// [`input::MAX_LINE_BYTES`]), so a flood of input cannot fill the memory.
const READ_AHEAD_LINES: usize = 64;

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

/// What wakes the protocol loop.
enum Event {
    /// A line of input.
    Line(String),
    /// A line that could not be read as text.
    Unreadable(input::InputError),
    /// End of input.
    End,
    /// Reading stdin failed.
    ReadFailed(io::Error),
    /// Writing stdout failed: the controller is gone.
    OutputClosed,
}

/// Speaks the protocol on stdin/stdout until `quit`, end of input, or stdout closed by the
/// controller, starting with `game` on a board of `size` (the game's default when `None`).
pub fn run(game: GameKind, size: Option<BoardSize>) -> Result<(), RunError> {
    let out = Output::stdout();
    let mut engine = Engine::new(game, size, out.clone())?;
    let (events_tx, events) = mpsc::sync_channel(READ_AHEAD_LINES);
    let closed_tx = events_tx.clone();
    // `try_send`: the writer (maybe the search thread) must never block on a full queue
    // while the loop waits for it; a full queue means the loop is busy and will see
    // `is_broken` after its next line anyway.
    out.on_broken(move || {
        let _ = closed_tx.try_send(Event::OutputClosed);
    });
    read_stdin_on_a_thread(events_tx)?;
    let result = serve(&mut engine, &out, &events);
    engine.shutdown();
    Ok(result?)
}

/// Runs commands from `events` until one ends the session.
fn serve(engine: &mut Engine, out: &Output, events: &Receiver<Event>) -> io::Result<()> {
    loop {
        // A hang-up cannot happen while `out` keeps a sender; count it as end of input.
        match events.recv().unwrap_or(Event::End) {
            Event::Line(line) => {
                if engine.handle_line(&line) == Flow::Quit {
                    return Ok(());
                }
            }
            Event::Unreadable(error) => engine.handle_input_error(error),
            Event::End | Event::OutputClosed => return Ok(()),
            Event::ReadFailed(error) => return Err(error),
        }
        if out.is_broken() {
            return Ok(());
        }
    }
}

/// Reads stdin on its own thread, so that the loop also wakes up when stdout breaks while
/// the controller sends nothing (otherwise a search would go on for nobody).
fn read_stdin_on_a_thread(events: SyncSender<Event>) -> io::Result<()> {
    thread::Builder::new().name("input".into()).spawn(move || {
        let stdin = io::stdin();
        let mut reader = input::LineReader::new(stdin.lock(), input::MAX_LINE_BYTES);
        loop {
            let (event, last) = match reader.next_line() {
                Ok(Some(Ok(line))) => (Event::Line(line), false),
                Ok(Some(Err(error))) => (Event::Unreadable(error), false),
                Ok(None) => (Event::End, true),
                Err(error) => (Event::ReadFailed(error), true),
            };
            if events.send(event).is_err() || last {
                return;
            }
        }
    })?;
    Ok(())
}
