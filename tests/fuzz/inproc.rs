//! The engine called in-process: [`Engine::handle_line`] on lines read by the engine's own
//! [`LineReader`], its output captured.

use tablero::games::GameKind;
use tablero::protocol::input::{LineReader, MAX_LINE_BYTES};
use tablero::protocol::{Engine, Flow};

use super::driver::{Reply, State, Transport};
use crate::common::inproc::Captured;

/// An engine in this process.
pub struct InProcess {
    engine: Engine,
    captured: Captured,
}

impl InProcess {
    /// An engine playing Cross-Jack at its default size, with a small table.
    pub fn new() -> Self {
        let captured = Captured::default();
        let engine =
            Engine::new(GameKind::CrossJack, None, captured.output()).expect("the default start");
        let mut this = InProcess { engine, captured };
        this.engine.handle_line("setoption name Hash value 1");
        this.captured.take_lines();
        this
    }

    /// Handles one line as the protocol loop would; true on `quit`.
    fn handle(&mut self, bytes: &[u8]) -> bool {
        let mut input = bytes.to_vec();
        input.push(b'\n');
        let mut reader = LineReader::new(&input[..], MAX_LINE_BYTES);
        match reader.next_line() {
            Ok(Some(Ok(line))) => self.engine.handle_line(&line) == Flow::Quit,
            Ok(Some(Err(error))) => {
                self.engine.handle_input_error(error);
                false
            }
            Ok(None) | Err(_) => panic!("reading memory gives a line"),
        }
    }
}

impl Transport for InProcess {
    fn line(&mut self, bytes: &[u8]) -> Result<Reply, String> {
        let quit = self.handle(bytes);
        if quit {
            // What the protocol loop does on quit.
            self.engine.shutdown();
        }
        Ok(Reply {
            lines: self.captured.take_lines(),
            quit,
        })
    }

    fn state(&mut self) -> Result<Option<State>, String> {
        let game = self.engine.game();
        Ok(Some(State {
            game: format!("{} {}", game.kind(), game.size()),
            fen: game.fen(),
            status: format!("{:?}", game.status()),
        }))
    }

    fn cheap_state(&self) -> bool {
        true
    }

    /// The same engine goes on (a process would exit): anything still running is stopped
    /// and its output dropped, as a new session would not see it.
    fn after_quit(&mut self) -> Result<(), String> {
        self.engine.handle_line("stop");
        self.captured.take_lines();
        Ok(())
    }

    /// What the protocol loop does at the end of input, then as after `quit`.
    fn end_input(&mut self) -> Result<(), String> {
        self.engine.shutdown();
        self.after_quit()
    }

    fn burst(&mut self, lines: &[&str]) -> Result<Reply, String> {
        let mut quit = false;
        for line in lines {
            if self.handle(line.as_bytes()) {
                self.engine.shutdown();
                quit = true;
                break;
            }
        }
        Ok(Reply {
            lines: self.captured.take_lines(),
            quit,
        })
    }
}
