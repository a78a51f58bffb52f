//! The engine's state machine: the game, the options, the transposition table and the
//! [`Worker`] that runs searches, driven one command at a time.
//!
//! The input loop never waits on a search except for `stop` (until the search has written its
//! `bestmove`) and `quit`; see [`super::worker`].

use std::path::Path;
use std::time::Duration;

use crate::bench::BenchOptions;
use crate::games::{BoardSize, GameKind, Player, PositionError};
use crate::search::solve::SolveLimits;
use crate::search::TranspositionTable;
use crate::session::{AnyGame, SearchOrder};

pub use super::error::EngineError;

use super::answers::{self, result_word};
use super::command::{Command, GoParams, Query, StartPosition};
use super::debug_lines;
use super::debug_log::DebugLog;
use super::describe;
use super::grammar::parse_line;
use super::input::InputError;
use super::options::{self, Change, OptionError, Options};
use super::output::Output;
use super::report;
use super::worker::{release_helpers, Collected, Job, Worker};

/// How long `stop` waits for the search to write its `bestmove` before giving up on waiting.
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
    /// `None` while the search thread holds it.
    tt: Option<TranspositionTable>,
    worker: Worker,
    /// True once the running job was reported as not answering a `stop`: the warning is
    /// logged once per job, not once per `stop` line.
    warned_unanswered: bool,
    /// `debug on`: commands that succeed silently say what they did.
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
            initial: (variant, size),
            variant,
            size,
            game,
            tt: Some(TranspositionTable::new(options.hash_mb)),
            options,
            worker: Worker::new(out.clone()),
            warned_unanswered: false,
            debug: false,
            out,
        })
    }

    /// The current game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Reads and runs one line; errors are written as `info string error: …`.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("< {line}");
        self.out.record_input(line);
        let executed =
            parse_line(line)
                .map_err(EngineError::from)
                .and_then(|command| match command {
                    Some(command) => self.execute(command),
                    None => Ok(Flow::Continue),
                });
        executed.unwrap_or_else(|error| {
            self.report(&error);
            Flow::Continue
        })
    }

    /// Reports a line that could not be read.
    pub fn handle_input_error(&mut self, error: InputError) {
        self.report(&EngineError::Input(error));
    }

    fn report(&self, error: &EngineError) {
        self.out.error(&error.to_string());
        if matches!(error, EngineError::GameOver(_)) {
            // A manager that sent `go` waits for a bestmove.
            self.out.line(report::BESTMOVE_NONE);
        }
    }

    /// Runs one command.
    pub fn execute(&mut self, command: Command) -> Result<Flow, EngineError> {
        match command {
            Command::Hello(dialect) => {
                let (variant, size) = self.initial;
                self.out
                    .lines(answers::hello(dialect, variant, size, self.variant));
            }
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => {
                self.new_game()?;
                self.debug_line(|| debug_lines::position(&self.game));
            }
            Command::SetOption { name, value } => {
                self.set_option(&name, value.as_deref())?;
                self.debug_line(|| debug_lines::option_set(&name, value.as_deref()));
            }
            Command::Position { start, moves } => {
                self.position(start, &moves)?;
                self.debug_line(|| debug_lines::position(&self.game));
            }
            Command::Go(params) => self.go(&params)?,
            Command::Perft(depth) => self.perft(depth)?,
            Command::Bench(depth) => self.bench(depth)?,
            Command::Solve(limits) => self.solve(limits)?,
            Command::Stop => self.stop(),
            Command::PonderHit => self.worker.ponderhit(),
            Command::Debug(on) => self.debug = on,
            Command::Query(query) => self.query(query)?,
            Command::Display => self.out.lines(answers::display(&self.game)),
            Command::Help => self.out.lines(answers::HELP),
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// Takes the table back from a finished job; true when no job runs afterwards.
    fn settle(&mut self, collected: Collected) -> bool {
        match collected {
            Collected::Idle(table) => {
                if table.is_some() {
                    self.tt = table;
                }
                true
            }
            Collected::Busy => false,
        }
    }

    fn ensure_idle(&mut self, command: &'static str) -> Result<(), EngineError> {
        let collected = self.worker.collect(Duration::ZERO);
        if self.settle(collected) {
            Ok(())
        } else {
            Err(EngineError::Busy(command))
        }
    }

    /// The table for a new job: the engine's own, or a new one if a job died holding it.
    fn take_table(&mut self) -> TranspositionTable {
        self.tt
            .take()
            .unwrap_or_else(|| TranspositionTable::new(self.options.hash_mb))
    }

    /// The start position of the selected game, keeping the game's search workspace.
    fn start_position(&self) -> Result<AnyGame, EngineError> {
        Ok(self.game.restarted(self.size)?)
    }

    fn new_game(&mut self) -> Result<(), EngineError> {
        self.ensure_idle("ucinewgame")?;
        self.game = self.start_position()?;
        self.clear_table();
        Ok(())
    }

    fn clear_table(&mut self) {
        if let Some(tt) = &mut self.tt {
            release_helpers(tt);
            tt.clear();
        }
    }

    /// Sets up the position; allowed while a search runs, since the search has its own copy
    /// (the next `go` uses the new position).
    fn position(&mut self, start: StartPosition, moves: &[String]) -> Result<(), EngineError> {
        let game = match start {
            StartPosition::StartPos => self.start_position()?,
            StartPosition::Fen(fen) => self.game.loaded(&fen)?,
        };
        self.game = game.after(moves).map_err(EngineError::Move)?;
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        self.ensure_idle("setoption")?;
        match options::read(name, value, self.variant)? {
            Change::Variant(kind) => self.select_variant(kind)?,
            Change::Size(size) => {
                self.game = self
                    .game
                    .restarted(size)
                    .map_err(|e| OptionError::SizeRefused(size, e))?;
                self.size = size;
            }
            Change::Hash(mb) => {
                // Drop the old table first so that both never live at once.
                if let Some(tt) = self.tt.take() {
                    release_helpers(&tt);
                }
                self.options.hash_mb = mb;
                self.tt = Some(TranspositionTable::new(mb));
            }
            Change::ClearHash => self.clear_table(),
            Change::MoveOverhead(overhead) => self.options.move_overhead = overhead,
            Change::Strategy(strategy) => self.options.strategy = strategy,
            Change::Ponder(ponder) => self.options.ponder = ponder,
            Change::Threads(threads) => self.options.threads = threads,
            Change::MultiPv(lines) => self.options.multipv = lines,
            Change::LimitStrength(limit) => {
                let lowest = options::elo_range(self.variant).0 as u32;
                self.options.set_limit_strength(limit, lowest);
            }
            Change::Elo(elo) => self.options.set_elo(elo),
            Change::SkillLevel(level) => self.options.set_skill_level(level),
            Change::ShowWdl(show) => self.options.show_wdl = show,
            Change::DebugLogFile(path) => self.set_log_file(path)?,
        }
        Ok(())
    }

    /// Writes the line `text` makes when `debug on` is in effect.
    fn debug_line(&self, text: impl FnOnce() -> String) {
        if self.debug {
            self.out.line(&text());
        }
    }

    /// Starts the transcript in `path` (appended to), or ends it; a file that cannot be
    /// opened is refused and the transcript stays as it was.
    fn set_log_file(&mut self, path: Option<String>) -> Result<(), EngineError> {
        let log = match path {
            None => None,
            Some(path) => Some(
                DebugLog::open(Path::new(&path))
                    .map_err(|error| OptionError::LogFile(path, error.to_string()))?,
            ),
        };
        self.out.set_transcript(log);
        Ok(())
    }

    /// Switches game, keeping the board size when the new game supports it and falling back
    /// to the new game's default size (with a note) when it does not.
    fn select_variant(&mut self, kind: GameKind) -> Result<(), EngineError> {
        let (game, size) = match AnyGame::start(kind, self.size) {
            Ok(game) => (game, self.size),
            Err(refusal) => {
                let size = kind.default_size();
                let game =
                    AnyGame::start(kind, size).map_err(|e| OptionError::VariantRefused(kind, e))?;
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

    /// `go`: reports what it could not understand, then searches on the rest (or answers
    /// `bestmove (none)` in a finished game), so that every `go` gets its `bestmove`.
    fn go(&mut self, params: &GoParams) -> Result<(), EngineError> {
        for ignored in &params.ignored {
            self.out.error(&ignored.to_string());
        }
        self.ensure_idle("go")?;
        let status = self.game.status();
        if status.is_over() {
            return Err(EngineError::GameOver(status));
        }
        let order = SearchOrder {
            limits: params.to_limits(),
            settings: self.options.settings(),
            searchmoves: self.legal_searchmoves(&params.searchmoves),
        };
        self.debug_line(|| debug_lines::go(&order.settings, &order.limits));
        self.worker.set_ponder_move(self.options.ponder);
        if params.ponder {
            self.start(Job::Ponder(order))
        } else {
            self.start(Job::Search(order))
        }
    }

    /// The moves of `searchmoves` that are legal here, in the game's notation, each once;
    /// every other one is reported, and so is a list that leaves no move (every move is then
    /// searched).
    fn legal_searchmoves(&self, searchmoves: &[String]) -> Vec<String> {
        let mut legal: Vec<String> = Vec::new();
        for text in searchmoves {
            match self.game.notation(text) {
                Ok(notation) if !legal.contains(&notation) => legal.push(notation),
                Ok(_) => {}
                Err(error) => self.out.error(
                    &EngineError::SearchMove {
                        text: text.clone(),
                        error,
                    }
                    .to_string(),
                ),
            }
        }
        if legal.is_empty() && !searchmoves.is_empty() {
            self.out.error(&EngineError::NoSearchMove.to_string());
        }
        legal
    }

    fn perft(&mut self, depth: u32) -> Result<(), EngineError> {
        self.ensure_idle("go")?;
        self.start(Job::Perft(depth))
    }

    /// `bench`: runs on the search thread like a search, with a table of its own, so that
    /// the game, the options and the engine's table stay as they are.
    fn bench(&mut self, depth: Option<u32>) -> Result<(), EngineError> {
        self.ensure_idle("bench")?;
        self.start(Job::Bench(BenchOptions {
            depth,
            ..BenchOptions::default()
        }))
    }

    /// `solve`: runs on the search thread like a search (with `Threads - 1` helpers of its
    /// own), with a table of its own of `Hash` MB, so that `stop` ends it and the engine's
    /// table stays as it is.
    fn solve(&mut self, limits: SolveLimits) -> Result<(), EngineError> {
        self.ensure_idle("solve")?;
        self.start(Job::Solve {
            limits,
            table_mb: self.options.hash_mb,
            threads: self.options.threads,
        })
    }

    /// Starts `job` on the search thread with a copy of the game and the table.
    fn start(&mut self, job: Job) -> Result<(), EngineError> {
        let tt = self.take_table();
        self.warned_unanswered = false;
        self.worker
            .start(job, self.game.clone(), tt)
            .map_err(EngineError::Thread)
    }

    /// `stop`: ends the search and waits for its `bestmove`, so that it comes before any
    /// answer to a later command. Silent when nothing runs (UCI habit).
    fn stop(&mut self) {
        self.stop_and_wait(STOP_WAIT);
    }

    /// Stops any search or perft and waits a little for its answer, before the process
    /// exits.
    pub fn shutdown(&mut self) {
        self.stop_and_wait(QUIT_WAIT);
    }

    fn stop_and_wait(&mut self, wait: Duration) {
        let busy = self.worker.is_busy();
        let collected = self.worker.stop(wait);
        if !self.settle(collected) && busy && !self.warned_unanswered {
            self.warned_unanswered = true;
            log::warn!("the search has not answered within {wait:?} of being stopped");
        }
    }

    /// Answers a query about the current position with one `response` line; a query that
    /// cannot be answered (a bad move) changes nothing.
    fn query(&self, query: Query) -> Result<(), EngineError> {
        let game = &self.game;
        let line = match query {
            Query::GameOver => answers::response(&game.status().is_over().to_string()),
            Query::P1Turn => answers::response(&(game.side_to_move() == Player::One).to_string()),
            Query::Result => answers::response(result_word(game.status())),
            Query::Reason => answers::response(game.end_reason().unwrap_or("none")),
            Query::Fen => answers::response(&game.fen()),
            Query::Moves => answers::response(&game.legal_moves().join(" ")),
            Query::Board => describe::board_line(game),
            Query::Effects(text) => {
                describe::effects_line(&game.effects(&text).map_err(EngineError::QueryEffects)?)
            }
            Query::After(moves) => {
                describe::after_line(&game.after(&moves).map_err(EngineError::QueryAfter)?)
            }
            Query::Duty => describe::duty_line(game.duty()),
            Query::End => describe::end_line(game.end().as_ref()),
            Query::Turn => {
                // Under one lock: no line of a running search comes between them.
                self.out.lines(describe::turn_lines(game));
                return Ok(());
            }
        };
        self.out.line(&line);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    use crate::protocol::test_output::{capture, Captured};

    /// Lines written until one satisfies `is_last` (polling, at most five seconds).
    fn lines_until(capture: &Captured, is_last: impl Fn(&str) -> bool) -> Vec<String> {
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

    fn engine_on(game: GameKind, size: usize) -> (Engine, Captured) {
        let (out, capture) = capture();
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
}
