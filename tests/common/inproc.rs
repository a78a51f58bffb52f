//! The engine called in-process: its output captured in memory, so that a test reads the
//! lines one command wrote without a process or pipes (queries answer at once, from the
//! input loop).

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use tablero::games::{BoardSize, GameKind};
use tablero::protocol::{Engine, Output};

/// Everything the engine wrote, shared with its output.
#[derive(Clone, Default)]
pub struct Captured(Arc<Mutex<Vec<u8>>>);

impl Captured {
    /// The lines written since the last call.
    pub fn take_lines(&self) -> Vec<String> {
        let mut bytes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let text = String::from_utf8_lossy(&bytes).into_owned();
        bytes.clear();
        text.lines().map(String::from).collect()
    }

    /// An output that writes here.
    pub fn output(&self) -> Output {
        Output::new(Box::new(self.clone()))
    }
}

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut bytes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An engine in this process with its output captured.
pub struct InProcess {
    /// The engine.
    pub engine: Engine,
    /// What it writes.
    pub captured: Captured,
}

impl InProcess {
    /// An engine playing `game` on a board of `size` (its default when `None`).
    pub fn new(game: GameKind, size: Option<BoardSize>) -> Self {
        let captured = Captured::default();
        let engine = Engine::new(game, size, captured.output()).expect("a start position");
        InProcess { engine, captured }
    }

    /// The lines answering `line` (a command that answers at once).
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.engine.handle_line(line);
        self.captured.take_lines()
    }

    /// The one line answering `line`.
    pub fn ask_one(&mut self, line: &str) -> String {
        let lines = self.ask(line);
        match &lines[..] {
            [one] => one.clone(),
            _ => panic!("{line:?} answered {lines:?}, not one line"),
        }
    }

    /// Runs `line`, which must answer nothing (`position`, `setoption`).
    pub fn run(&mut self, line: &str) {
        let lines = self.ask(line);
        assert!(lines.is_empty(), "{line:?} answered {lines:?}");
    }
}
