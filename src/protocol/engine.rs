//! The engine's state machine: the game, the options, the transposition table and the search
//! thread, driven one command at a time.
//!
//! The input loop never waits on a search except for `stop` (until the search notices the
//! flag) and `quit`; a search runs on its own thread with a copy of the game and the table,
//! writes its `info` lines and its `bestmove` itself, and hands the table back when it ends.

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::games::{AnyGame, BoardSize, GameKind, MoveError, Player, PositionError, Status};
use crate::search::{Info, Limits, Score, TranspositionTable};

use super::command::{Command, Dialect, GoParams, Query, StartPosition};
use super::grammar::{parse_line, SyntaxError};
use super::input::InputError;
use super::options::{self, Change, Options};
use super::output::Output;

/// How long `stop` waits for the search to notice the flag before giving up on waiting.
const STOP_WAIT: Duration = Duration::from_secs(2);
/// How long `quit` and end of input wait for the search before the process exits anyway.
const QUIT_WAIT: Duration = Duration::from_millis(500);

/// What the input loop does after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Stop reading and exit.
    Quit,
}

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
            EngineError::GameOver(status) => {
                write!(
                    f,
                    "go: the game is over ({}); there is no move to search",
                    describe(*status)
                )
            }
            EngineError::Thread(e) => write!(f, "go: cannot start the search thread: {e}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// The status in words.
fn describe(status: Status) -> &'static str {
    match status {
        Status::InPlay => "in play",
        Status::Won(Player::One) => "player 1 won",
        Status::Won(Player::Two) => "player 2 won",
        Status::Draw => "draw",
    }
}

/// The UGI result word of a status.
fn result_word(status: Status) -> &'static str {
    match status {
        Status::InPlay => "none",
        Status::Won(Player::One) => "p1win",
        Status::Won(Player::Two) => "p2win",
        Status::Draw => "draw",
    }
}

/// The `info` line of a progress report.
pub fn info_line(info: &Info) -> String {
    let score = match info.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// What the running thread computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Job {
    Search,
    Perft,
}

/// A search or perft on its own thread.
struct Running {
    job: Job,
    handle: JoinHandle<TranspositionTable>,
    /// Receives one message (or a hang-up) just before the thread writes its last line.
    finished: Receiver<()>,
}

/// The protocol engine: one per process.
pub struct Engine {
    out: Output,
    /// The game and size `uci` reports as option defaults (`--game`, `--size`).
    initial: (GameKind, BoardSize),
    /// The selected game (`UCI_Variant`).
    variant: GameKind,
    /// The board size of `startpos` (`Size`).
    size: BoardSize,
    game: AnyGame,
    options: Options,
    /// `None` while a search thread holds it.
    tt: Option<TranspositionTable>,
    stop: Arc<AtomicBool>,
    running: Option<Running>,
    debug: bool,
}

impl Engine {
    /// An engine at the start position of `variant` on `size` (its default when `None`).
    pub fn new(
        variant: GameKind,
        size: Option<BoardSize>,
        out: Output,
    ) -> Result<Self, PositionError> {
        let size = size.unwrap_or(variant.default_size());
        let game = AnyGame::start(variant, size)?;
        let options = Options::default();
        Ok(Engine {
            out,
            initial: (variant, size),
            variant,
            size,
            game,
            tt: Some(TranspositionTable::new(options.hash_mb)),
            options,
            stop: Arc::new(AtomicBool::new(false)),
            running: None,
            debug: false,
        })
    }

    /// The current game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// True while `debug on` is in effect.
    pub fn debug(&self) -> bool {
        self.debug
    }

    /// Reads and runs one line; errors are written as `info string error: …`.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("< {line}");
        match parse_line(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => match self.execute(command) {
                Ok(flow) => flow,
                Err(error) => {
                    self.report(&error);
                    Flow::Continue
                }
            },
            Err(error) => {
                self.report(&EngineError::Syntax(error));
                Flow::Continue
            }
        }
    }

    /// Reports a line that could not be read.
    pub fn handle_input_error(&mut self, error: InputError) {
        self.report(&EngineError::Input(error));
    }

    fn report(&self, error: &EngineError) {
        self.out.error(&error.to_string());
        if matches!(error, EngineError::GameOver(_)) {
            // A manager that sent `go` waits for a bestmove.
            self.out.line("bestmove (none)");
        }
    }

    /// Runs one command.
    pub fn execute(&mut self, command: Command) -> Result<Flow, EngineError> {
        match command {
            Command::Hello(dialect) => self.hello(dialect),
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => self.new_game()?,
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { start, moves } => self.position(start, &moves)?,
            Command::Go(params) => self.go(&params)?,
            Command::Perft(depth) => self.perft(depth)?,
            Command::Stop => self.stop(),
            Command::PonderHit => {}
            Command::Debug(on) => self.debug = on,
            Command::Query(query) => self.query(query),
            Command::Display => self.display(),
            Command::Help => self.help(),
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    fn hello(&self, dialect: Dialect) {
        let mut lines = vec![
            format!("id name tablero {}", env!("CARGO_PKG_VERSION")),
            "id author the tablero authors".to_string(),
        ];
        lines.extend(options::option_lines(self.initial.0, self.initial.1));
        lines.push(
            match dialect {
                Dialect::Uci => "uciok",
                Dialect::Ugi => "ugiok",
            }
            .to_string(),
        );
        self.out.lines(lines);
    }

    /// Collects a search that has finished; true when no search runs afterwards. Waits up to
    /// `wait` for a running one.
    fn collect_search(&mut self, wait: Duration) -> bool {
        let Some(running) = &self.running else {
            return true;
        };
        let finished = if wait.is_zero() {
            !matches!(running.finished.try_recv(), Err(TryRecvError::Empty))
        } else {
            !matches!(
                running.finished.recv_timeout(wait),
                Err(RecvTimeoutError::Timeout)
            )
        };
        if !finished {
            return false;
        }
        if let Some(running) = self.running.take() {
            match running.handle.join() {
                Ok(tt) => self.tt = Some(tt),
                Err(_) => log::error!("the search thread panicked; the table is rebuilt"),
            }
        }
        true
    }

    fn ensure_idle(&mut self, command: &'static str) -> Result<(), EngineError> {
        if self.collect_search(Duration::ZERO) {
            Ok(())
        } else {
            Err(EngineError::Busy(command))
        }
    }

    fn take_table(&mut self) -> TranspositionTable {
        self.tt
            .take()
            .unwrap_or_else(|| TranspositionTable::new(self.options.hash_mb))
    }

    fn start_position(&self) -> Result<AnyGame, EngineError> {
        AnyGame::start(self.variant, self.size).map_err(EngineError::Position)
    }

    fn new_game(&mut self) -> Result<(), EngineError> {
        self.ensure_idle("ucinewgame")?;
        self.game = self.start_position()?;
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        Ok(())
    }

    /// Sets up the position; allowed while a search runs, since the search has its own copy
    /// (the next `go` uses the new position).
    fn position(&mut self, start: StartPosition, moves: &[String]) -> Result<(), EngineError> {
        let mut game = match start {
            StartPosition::StartPos => self.start_position()?,
            StartPosition::Fen(fen) => {
                AnyGame::from_fen(self.variant, &fen).map_err(EngineError::Position)?
            }
        };
        for (index, text) in moves.iter().enumerate() {
            game.play(text).map_err(|error| EngineError::Move {
                index: index + 1,
                text: text.clone(),
                error,
            })?;
        }
        self.game = game;
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        self.ensure_idle("setoption")?;
        match options::read(name, value).map_err(EngineError::Option)? {
            Change::Variant(kind) => self.select_variant(kind)?,
            Change::Size(size) => {
                self.game = AnyGame::start(self.variant, size)
                    .map_err(|e| EngineError::Option(format!("Size {size}: {e}")))?;
                self.size = size;
            }
            Change::Hash(mb) => {
                // Drop the old table first so that both never live at once.
                self.tt = None;
                self.options.hash_mb = mb;
                self.tt = Some(TranspositionTable::new(mb));
            }
            Change::ClearHash => {
                if let Some(tt) = &mut self.tt {
                    tt.clear();
                }
            }
            Change::MoveOverhead(overhead) => self.options.move_overhead = overhead,
        }
        Ok(())
    }

    /// Switches game, keeping the board size when the new game supports it and falling back
    /// to the new game's default size (with a note) when it does not.
    fn select_variant(&mut self, kind: GameKind) -> Result<(), EngineError> {
        let (game, size) = match AnyGame::start(kind, self.size) {
            Ok(game) => (game, self.size),
            Err(refusal) => {
                let size = kind.default_size();
                let game = AnyGame::start(kind, size)
                    .map_err(|e| EngineError::Option(format!("UCI_Variant {kind}: {e}")))?;
                self.out
                    .line(&format!("info string Size reset to {size}: {refusal}"));
                (game, size)
            }
        };
        self.variant = kind;
        self.size = size;
        self.game = game;
        Ok(())
    }

    fn go(&mut self, params: &GoParams) -> Result<(), EngineError> {
        self.ensure_idle("go")?;
        let status = self.game.status();
        if status.is_over() {
            return Err(EngineError::GameOver(status));
        }
        let limits = params.to_limits(self.options.move_overhead);
        self.spawn(Job::Search, move |game, tt, stop, out| {
            search_job(game, &limits, tt, stop, out)
        })
    }

    fn perft(&mut self, depth: u32) -> Result<(), EngineError> {
        self.ensure_idle("go")?;
        self.spawn(Job::Perft, move |game, _tt, _stop, _out| {
            let divide = game.divide(depth);
            let total: u64 = divide.iter().map(|(_, nodes)| nodes).sum();
            let mut lines: Vec<String> = divide
                .iter()
                .map(|(mv, nodes)| format!("{mv}: {nodes}"))
                .collect();
            lines.push(String::new());
            lines.push(format!("Nodes searched: {total}"));
            lines
        })
    }

    /// Runs `job` on a new thread with a copy of the game and the table; the lines it
    /// returns are written after the `finished` signal, all at once.
    fn spawn<F>(&mut self, kind: Job, job: F) -> Result<(), EngineError>
    where
        F: FnOnce(&mut AnyGame, &mut TranspositionTable, &AtomicBool, &Output) -> Vec<String>
            + Send
            + 'static,
    {
        let mut game = self.game.clone();
        let mut tt = self.take_table();
        self.stop.store(false, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        let out = self.out.clone();
        let (finished_tx, finished) = mpsc::channel();
        let spawned = thread::Builder::new().name("search".into()).spawn(move || {
            let lines = job(&mut game, &mut tt, &stop, &out);
            // The signal goes first: once a controller reads the last line, the engine
            // already counts as idle.
            let _ = finished_tx.send(());
            out.lines(lines);
            tt
        });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    job: kind,
                    handle,
                    finished,
                });
                Ok(())
            }
            Err(e) => Err(EngineError::Thread(e.to_string())),
        }
    }

    fn stop(&mut self) {
        let Some(running) = &self.running else {
            return; // `stop` when idle: nothing to do (UCI habit).
        };
        self.stop.store(true, Ordering::SeqCst);
        running.handle.thread().unpark();
        if running.job == Job::Perft {
            return; // perft cannot be interrupted; it ends on its own.
        }
        if !self.collect_search(STOP_WAIT) {
            log::warn!("the search did not stop within {STOP_WAIT:?}");
        }
    }

    /// Stops any search and waits a little for it, before the process exits.
    pub fn shutdown(&mut self) {
        if let Some(running) = &self.running {
            self.stop.store(true, Ordering::SeqCst);
            running.handle.thread().unpark();
            if !self.collect_search(QUIT_WAIT) {
                log::warn!("exiting while the search thread still runs");
            }
        }
    }

    fn query(&self, query: Query) {
        let answer = match query {
            Query::GameOver => self.game.status().is_over().to_string(),
            Query::P1Turn => (self.game.side_to_move() == Player::One).to_string(),
            Query::Result => result_word(self.game.status()).to_string(),
            Query::Fen => self.game.fen(),
            Query::Moves => self.game.legal_moves().join(" "),
        };
        let line = if answer.is_empty() {
            "response".to_string()
        } else {
            format!("response {answer}")
        };
        self.out.line(&line);
    }

    fn display(&self) {
        let fen = self.game.fen();
        let side_letter = fen.split_ascii_whitespace().last().unwrap_or("?");
        let player = match self.game.side_to_move() {
            Player::One => 1,
            Player::Two => 2,
        };
        let mut lines: Vec<String> = self.game.diagram().lines().map(String::from).collect();
        lines.push(String::new());
        lines.push(format!("Game: {} {}", self.game.kind(), self.game.size()));
        lines.push(format!("Fen: {fen}"));
        lines.push(format!("Side to move: player {player} ({side_letter})"));
        lines.push(format!("Status: {}", describe(self.game.status())));
        lines.push(format!("Legal moves: {}", self.game.legal_moves().len()));
        self.out.lines(lines);
    }

    fn help(&self) {
        self.out.lines(HELP.iter());
    }
}

/// What `help` prints.
const HELP: &[&str] = &[
    "tablero speaks UCI and UGI; commands:",
    "  uci | ugi                      identify, list options, uciok | ugiok",
    "  isready                        readyok (also while searching)",
    "  ucinewgame | uginewgame        start position of the selected game, table cleared",
    "  setoption name <n> [value <v>] options: UCI_Variant, Size, Hash, Clear Hash, Move Overhead",
    "  position startpos|fen <fen> [moves <m1> <m2> ...]",
    "  go [depth <n>] [nodes <n>] [movetime <ms>] [wtime|p1time <ms>] [btime|p2time <ms>]",
    "     [winc|p1inc <ms>] [binc|p2inc <ms>] [movestogo <n>] [infinite]",
    "  go perft <depth>               leaf counts per root move, then Nodes searched: <n>",
    "  stop                           end the search, bestmove follows",
    "  query gameover|p1turn|result   response true|false, response p1win|p2win|draw|none",
    "  query fen | query moves        response <position string> | response <legal moves>",
    "  d                              board diagram, position string, side to move, status",
    "  debug on|off, ponderhit        accepted",
    "  help                           this list",
    "  quit                           exit",
    "errors are answered with one line: info string error: <what and why>",
    "see protocol.md for the full reference",
];

/// The search thread's work: search, wait for `stop` if the search was infinite, and the
/// `bestmove` line. A panic inside the searcher becomes an error line and `bestmove (none)`.
fn search_job(
    game: &mut AnyGame,
    limits: &Limits,
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
    out: &Output,
) -> Vec<String> {
    let searched = panic::catch_unwind(AssertUnwindSafe(|| {
        game.search(limits, tt, stop, &mut |info| out.line(&info_line(info)))
    }));
    let best = match searched {
        Ok(best) => best,
        Err(_) => {
            out.error("go: the search failed with an internal error");
            tt.clear();
            None
        }
    };
    if limits.infinite {
        // UCI: an infinite search answers only after `stop`, even if it finished early.
        while !stop.load(Ordering::SeqCst) {
            thread::park_timeout(Duration::from_millis(100));
        }
    }
    vec![format!("bestmove {}", best.as_deref().unwrap_or("(none)"))]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Capture;

    fn engine() -> (Engine, Capture) {
        let (out, capture) = Capture::output();
        let engine = Engine::new(GameKind::CrossJack, None, out).expect("default start");
        (engine, capture)
    }

    #[test]
    fn uci_lists_identity_options_and_ends_with_uciok() {
        let (mut engine, capture) = engine();
        engine.handle_line("uci");
        let lines = capture.take_lines();
        assert!(lines[0].starts_with("id name tablero"));
        assert!(lines[1].starts_with("id author"));
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.starts_with("option name"))
                .count(),
            options::NAMES.len()
        );
        assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    }

    #[test]
    fn ugi_ends_with_ugiok() {
        let (mut engine, capture) = engine();
        engine.handle_line("ugi");
        assert_eq!(
            capture.take_lines().last().map(String::as_str),
            Some("ugiok")
        );
    }

    #[test]
    fn isready_answers_readyok() {
        let (mut engine, capture) = engine();
        engine.handle_line("isready");
        assert_eq!(capture.take_lines(), ["readyok"]);
    }

    #[test]
    fn blank_lines_are_ignored() {
        let (mut engine, capture) = engine();
        assert_eq!(engine.handle_line("   "), Flow::Continue);
        assert!(capture.take_lines().is_empty());
    }

    #[test]
    fn quit_ends_the_loop() {
        let (mut engine, _) = engine();
        assert_eq!(engine.handle_line("quit"), Flow::Quit);
    }

    #[test]
    fn bad_lines_get_one_error_line() {
        let (mut engine, capture) = engine();
        engine.handle_line("fly away");
        assert_eq!(
            capture.take_lines(),
            ["info string error: unknown command 'fly' (send 'help' for the list)"]
        );
    }

    #[test]
    fn stop_when_idle_is_silent() {
        let (mut engine, capture) = engine();
        engine.handle_line("stop");
        assert!(capture.take_lines().is_empty());
    }

    #[test]
    fn debug_and_ponderhit_are_accepted_silently() {
        let (mut engine, capture) = engine();
        engine.handle_line("debug on");
        assert!(engine.debug());
        engine.handle_line("ponderhit");
        assert!(capture.take_lines().is_empty());
    }

    #[test]
    fn unknown_options_are_errors() {
        let (mut engine, capture) = engine();
        engine.handle_line("setoption name Threads value 4");
        let lines = capture.take_lines();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("info string error: setoption: unknown option 'Threads'"));
    }

    #[test]
    fn variant_switches_the_game() {
        let (mut engine, _) = engine();
        engine.handle_line("setoption name UCI_Variant value crossings");
        assert_eq!(engine.game().kind(), GameKind::Crossings);
    }

    #[test]
    fn a_bad_position_leaves_the_game_as_it_was() {
        let (mut engine, capture) = engine();
        let before = engine.game().fen();
        engine.handle_line("position fen not/a/fen q");
        assert_eq!(engine.game().fen(), before);
        let lines = capture.take_lines();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("info string error: position: "));
    }

    /// Lines written until one satisfies `is_last` (polling, at most five seconds).
    fn lines_until(capture: &Capture, is_last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while std::time::Instant::now() < deadline {
            lines.extend(capture.take_lines());
            if lines.iter().any(|l| is_last(l)) {
                return lines;
            }
            thread::sleep(Duration::from_millis(2));
        }
        panic!("no such line within 5 s: {lines:?}");
    }

    fn engine_on(game: GameKind, size: usize) -> (Engine, Capture) {
        let (out, capture) = Capture::output();
        let engine = Engine::new(game, Some(BoardSize::square(size)), out).expect("a start");
        (engine, capture)
    }

    #[test]
    fn go_in_a_finished_game_answers_an_error_and_bestmove_none() {
        let (mut engine, capture) = engine_on(GameKind::CrossJack, 3);
        engine.handle_line("position startpos moves a3 a1 b3 b1 b2 c1");
        engine.handle_line("go depth 2");
        assert_eq!(
            capture.take_lines(),
            [
                "info string error: go: the game is over (draw); there is no move to search",
                "bestmove (none)"
            ]
        );
    }

    #[test]
    fn a_bad_move_names_its_index_and_keeps_the_old_position() {
        let (mut engine, capture) = engine_on(GameKind::CrossJack, 3);
        engine.handle_line("position startpos moves a3");
        let before = engine.game().fen();
        engine.handle_line("position startpos moves a3 a1 d4");
        assert_eq!(
            capture.take_lines(),
            ["info string error: move 3 'd4' in 'moves': d4 is off the 3x3 board"]
        );
        assert_eq!(engine.game().fen(), before);
    }

    #[test]
    fn a_search_refuses_a_second_go_and_setoption_and_stop_brings_the_bestmove() {
        let (mut engine, capture) = engine_on(GameKind::JcShock, 8);
        engine.handle_line("go infinite");
        engine.handle_line("go depth 1");
        engine.handle_line("setoption name Hash value 2");
        engine.handle_line("ucinewgame");
        let errors: Vec<String> = lines_until(&capture, |l| l.contains("ucinewgame"))
            .into_iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        assert_eq!(
            errors,
            [
                "info string error: go: a search is running; send 'stop' first",
                "info string error: setoption: a search is running; send 'stop' first",
                "info string error: ucinewgame: a search is running; send 'stop' first",
            ]
        );
        engine.handle_line("stop");
        // `stop` returns only after the bestmove is written.
        let lines = capture.take_lines();
        assert!(
            lines.last().is_some_and(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
        engine.handle_line("setoption name Hash value 2");
        assert!(capture.take_lines().is_empty());
    }

    #[test]
    fn perft_writes_one_line_per_move_then_the_total() {
        let (mut engine, capture) = engine_on(GameKind::JcShock, 4);
        engine.handle_line("go perft 2");
        let lines = lines_until(&capture, |l| l.starts_with("Nodes searched"));
        assert_eq!(lines.len(), 16 + 2);
        assert!(lines.iter().take(16).all(|l| l.ends_with(": 15")));
        assert_eq!(lines[16], "");
        assert_eq!(lines[17], "Nodes searched: 240");
    }

    #[test]
    fn a_size_the_game_refuses_is_an_error_and_changes_nothing() {
        let (mut engine, capture) = engine_on(GameKind::JcShock, 6);
        engine.handle_line("setoption name Size value 3");
        let lines = capture.take_lines();
        assert!(lines[0].starts_with("info string error: setoption: Size 3x3: "));
        assert_eq!(engine.game().size(), BoardSize::square(6));
    }

    #[test]
    fn a_variant_keeps_a_size_it_supports_and_else_falls_back_with_a_note() {
        let (mut engine, capture) = engine_on(GameKind::JcShock, 6);
        engine.handle_line("setoption name UCI_Variant value crossjack");
        assert_eq!(engine.game().size(), BoardSize::square(6));
        assert!(capture.take_lines().is_empty());
        engine.handle_line("setoption name UCI_Variant value crossings");
        assert_eq!(engine.game().size(), BoardSize::square(8));
        let lines = capture.take_lines();
        assert!(lines[0].starts_with("info string Size reset to 8x8: "));
    }

    #[test]
    fn info_lines_carry_every_field() {
        let info = Info {
            depth: 3,
            seldepth: 5,
            score: Score::Mate(-2),
            nodes: 1000,
            time: Duration::from_millis(10),
            hashfull: 7,
            pv: vec!["d7".into(), "e2".into()],
        };
        assert_eq!(
            info_line(&info),
            "info depth 3 seldepth 5 score mate -2 nodes 1000 nps 100000 time 10 hashfull 7 pv d7 e2"
        );
    }

    #[test]
    fn result_words_are_the_ugi_ones() {
        assert_eq!(result_word(Status::InPlay), "none");
        assert_eq!(result_word(Status::Won(Player::One)), "p1win");
        assert_eq!(result_word(Status::Won(Player::Two)), "p2win");
        assert_eq!(result_word(Status::Draw), "draw");
    }
}
