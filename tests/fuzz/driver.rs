//! The fuzzing loop, the same for both transports: picks inputs (corpus sessions replayed
//! with mutations, corpus lines mutated, lines generated from the grammar, garbage, long
//! lines, go/stop/isready/quit races), sends them one line at a time and checks every answer
//! (see [`super::check`]), the state around refused lines and the `bestmove` accounting.

use std::collections::{BTreeMap, VecDeque};
use std::time::Instant;

use tablero::games::GameKind;
use tablero::session::AnyGame;

use super::check::{self, escape};
use super::gen::{Context, Generator, LINE_LIMIT};

/// What the engine holds, as far as the fuzzer compares it before and after a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// The game (`d`'s `Game:` line, or the kind in-process).
    pub game: String,
    /// The position string.
    pub fen: String,
    /// The status.
    pub status: String,
}

/// The engine's answer to one line.
#[derive(Debug, Default)]
pub struct Reply {
    /// Every line written while the line was handled (the search thread's too).
    pub lines: Vec<String>,
    /// The line ended the session (`quit`): the engine stopped reading.
    pub quit: bool,
}

/// A way to talk to an engine.
pub trait Transport {
    /// Sends one line (no line break in `bytes`) and returns what was written meanwhile.
    fn line(&mut self, bytes: &[u8]) -> Result<Reply, String>;
    /// What the engine holds now; `None` when it cannot tell.
    fn state(&mut self) -> Result<Option<State>, String>;
    /// Whether [`Transport::state`] is cheap enough to call around every line.
    fn cheap_state(&self) -> bool;
    /// After a `quit`: checks the end of the session and starts a new one.
    fn after_quit(&mut self) -> Result<(), String>;
    /// Sends `lines` at once, without waiting in between, and returns every line written
    /// until they are all handled.
    fn burst(&mut self, lines: &[&str]) -> Result<Reply, String>;
    /// Ends the input (end of file), checks the end of the session and starts a new one.
    fn end_input(&mut self) -> Result<(), String>;
}

/// One thing found wrong.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The input, escaped.
    pub input: String,
    /// Which input it was (from 1).
    pub index: u64,
    /// What went wrong.
    pub what: String,
    /// The lines sent just before, escaped.
    pub before: Vec<String>,
}

/// Counts of a run.
#[derive(Debug, Default, Clone)]
pub struct Stats {
    /// Lines sent as fuzz inputs.
    pub inputs: u64,
    /// Lines refused with an error.
    pub refused: u64,
    /// Lines that could not be read (too long, bad UTF-8).
    pub unreadable: u64,
    /// `go` lines accepted (a search started).
    pub searches: u64,
    /// `bestmove` lines seen.
    pub bestmoves: u64,
    /// Sessions ended by `quit`.
    pub quits: u64,
    /// Races sent as one burst.
    pub bursts: u64,
    /// Seconds spent in the engine, by command word.
    pub time_by_command: BTreeMap<String, f64>,
    /// Every finding, by kind.
    pub finding_counts: BTreeMap<String, u64>,
}

/// The `go` lines since the engine was last known idle, and the `bestmove`s seen since.
#[derive(Debug, Default)]
struct Searches {
    /// `go` lines answered without an error: each must end in exactly one `bestmove`.
    clean: u64,
    /// `go` lines answered with an error: each ends in at most one `bestmove`.
    refused: u64,
    /// `bestmove` lines seen.
    bestmoves: u64,
    /// A search, perft, bench or solve may run.
    open: bool,
    /// Lines sent since it opened.
    since: u32,
    /// Lines to send before stopping it: the lines in between meet a running search.
    patience: u32,
}

/// The fuzzer: a generator, a transport and what was found.
pub struct Fuzzer<T: Transport> {
    /// The inputs.
    pub gen: Generator,
    transport: T,
    /// Counts.
    pub stats: Stats,
    /// The first findings of each kind.
    pub findings: Vec<Finding>,
    recent: VecDeque<String>,
    searches: Searches,
    context: Context,
    /// Probability (1 in n) of a race burst instead of a line.
    burst_one_in: usize,
}

/// A long run prints its counts every so many inputs.
const PROGRESS_EVERY: u64 = 500_000;

/// How many findings of one kind are kept with their input.
const KEEP_PER_KIND: u64 = 3;

impl<T: Transport> Fuzzer<T> {
    /// A fuzzer from `seed` over `transport`; `burst_one_in` = 0 for no bursts.
    pub fn new(seed: u64, transport: T, burst_one_in: usize) -> Self {
        Fuzzer {
            gen: Generator::new(seed),
            transport,
            stats: Stats::default(),
            findings: Vec::new(),
            recent: VecDeque::new(),
            searches: Searches::default(),
            context: Context {
                kind: GameKind::CrossJack,
                fen: "8/8/8/8/8/8/8/8 x".into(),
            },
            burst_one_in,
        }
    }

    /// The transport.
    pub fn transport_mut(&mut self) -> &mut T {
        &mut self.transport
    }

    /// Sends about `inputs` fuzz lines; stops early when the engine hangs.
    pub fn run(&mut self, inputs: u64) -> Result<(), String> {
        let started = Instant::now();
        let mut next_report = PROGRESS_EVERY;
        while self.stats.inputs < inputs {
            self.one_round()?;
            if self.stats.inputs >= next_report {
                log_progress(&self.stats, started);
                next_report += PROGRESS_EVERY;
            }
        }
        self.close_searches()?;
        log_progress(&self.stats, started);
        Ok(())
    }

    /// One corpus session, one mutated line, one generated line, one burst…
    fn one_round(&mut self) -> Result<(), String> {
        let rng = &mut self.gen.rng;
        match rng.below(100) {
            // A session is some thirty lines: this is a third of the inputs.
            0 | 1 => self.replay_session(),
            2..=44 => {
                let line = self.gen.corpus_line();
                let bytes = self.gen.mutate(line.as_bytes());
                self.input(&bytes)
            }
            45..=79 => {
                let line = self.gen.command(&self.context);
                let bytes = if self.gen.rng.below(3) == 0 {
                    self.gen.mutate(line.as_bytes())
                } else {
                    line.into_bytes()
                };
                self.input(&bytes)
            }
            80 if self.gen.rng.below(20) == 0 => {
                let bytes = self.gen.long_line(&self.context);
                self.input(&bytes)
            }
            80..=95 => {
                let bytes = self.gen.garbage();
                self.input(&bytes)
            }
            96..=97 if self.burst_one_in > 0 && self.gen.rng.below(self.burst_one_in) == 0 => {
                self.race()
            }
            _ => {
                let line = self.gen.race_line();
                self.input(line.as_bytes())
            }
        }
    }

    /// A corpus session from its game and size, lines mutated now and then, races mixed in.
    fn replay_session(&mut self) -> Result<(), String> {
        let session = self.gen.corpus[self.gen.rng.below(self.gen.corpus.len())].clone();
        self.close_searches()?;
        self.harness(&format!(
            "setoption name UCI_Variant value {}",
            session.game
        ))?;
        self.harness(&format!("setoption name Size value {}", session.size))?;
        self.harness("ucinewgame")?;
        for line in &session.lines {
            let bytes = match self.gen.rng.below(20) {
                0..=5 => self.gen.mutate(line.as_bytes()),
                6 => {
                    let race = self.gen.race_line();
                    self.input(race.as_bytes())?;
                    line.clone().into_bytes()
                }
                _ => line.clone().into_bytes(),
            };
            self.input(&bytes)?;
        }
        Ok(())
    }

    /// A line the fuzzer sends for its own needs: must not be refused.
    fn harness(&mut self, line: &str) -> Result<Reply, String> {
        let sent = Instant::now();
        let reply = self.transport.line(line.as_bytes())?;
        *self
            .stats
            .time_by_command
            .entry(format!("harness {line}").chars().take(24).collect())
            .or_default() += sent.elapsed().as_secs_f64();
        self.count_bestmoves(&reply);
        if let Some(error) = check::errors(&reply.lines).first() {
            let what = format!("the harness line {line:?} was refused: {error}");
            self.found(line.as_bytes(), what);
        }
        Ok(reply)
    }

    fn count_bestmoves(&mut self, reply: &Reply) {
        let n = reply
            .lines
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count() as u64;
        self.searches.bestmoves += n;
        self.stats.bestmoves += n;
    }

    /// One fuzz input: every line of it (a mutation may have inserted line breaks).
    fn input(&mut self, bytes: &[u8]) -> Result<(), String> {
        for piece in bytes.split(|&b| b == b'\n') {
            let piece = tame(piece);
            self.line(&piece)?;
            if self.searches.open {
                self.searches.since += 1;
                if self.searches.since >= self.searches.patience {
                    self.close_searches()?;
                }
            }
        }
        Ok(())
    }

    fn line(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.stats.inputs += 1;
        self.remember(bytes);
        let text = decode(bytes);
        let word = text.as_deref().map(check::command_word).unwrap_or_default();
        let cheap = self.transport.cheap_state();
        // Through the pipe each probe is a round trip: the commands that change the state,
        // and one line in sixteen of any other kind.
        let watch = cheap
            || matches!(word.as_str(), "position" | "setoption")
            || self.gen.rng.below(16) == 0;
        let startpos_probe =
            word == "setoption" && !self.searches.open && self.gen.rng.below(4) == 0;
        if startpos_probe {
            self.harness("ucinewgame")?;
        }
        let before = if watch { self.transport.state()? } else { None };
        if let Some(state) = &before {
            self.context = context_of(state);
        }
        let sent = Instant::now();
        let reply = self.transport.line(bytes)?;
        *self
            .stats
            .time_by_command
            .entry(word.chars().take(12).collect())
            .or_default() += sent.elapsed().as_secs_f64();
        self.count_bestmoves(&reply);
        let refused = match &text {
            Err(invalid_at) => {
                self.stats.unreadable += 1;
                let checked = check::unreadable_line(bytes.len(), *invalid_at, &reply.lines);
                self.verdict(bytes, checked.map(|()| true))
            }
            Ok(line) => {
                let checked = check::readable_line(line, &reply.lines);
                let refused = self.verdict(bytes, checked);
                self.after_readable(bytes, line, &reply, refused, before.as_ref())?;
                refused
            }
        };
        if refused {
            self.stats.refused += 1;
            if let Some(before) = &before {
                self.unchanged(bytes, before, startpos_probe)?;
            }
        }
        if reply.quit {
            self.after_quit(bytes, refused)?;
        }
        Ok(())
    }

    /// Records a failed check; returns whether the line was refused.
    fn verdict(&mut self, bytes: &[u8], checked: Result<bool, String>) -> bool {
        match checked {
            Ok(refused) => refused,
            Err(what) => {
                self.found(bytes, what);
                true
            }
        }
    }

    /// Checks specific to the command of a readable line.
    fn after_readable(
        &mut self,
        bytes: &[u8],
        line: &str,
        reply: &Reply,
        refused: bool,
        before: Option<&State>,
    ) -> Result<(), String> {
        let word = check::command_word(line);
        let readyoks = reply.lines.iter().filter(|l| *l == "readyok").count();
        let expected_readyoks = usize::from(word == "isready" && !refused);
        if readyoks != expected_readyoks {
            self.found(
                bytes,
                format!("{readyoks} readyok for this line: {:?}", reply.lines),
            );
        }
        if !refused {
            if let Some(what) = success_problem(&word, reply) {
                self.found(bytes, what);
            }
        }
        if word == "go" {
            let perft = line.to_ascii_lowercase().contains("perft");
            if refused {
                self.searches.refused += 1;
            } else if !perft {
                self.searches.clean += 1;
                self.stats.searches += 1;
            }
            // A refused go may still answer `bestmove (none)` (a finished game).
            self.open_searches();
        }
        if (word == "bench" || word == "solve") && !refused {
            self.open_searches();
        }
        if word == "position" {
            if let Some(before) = before {
                self.position_oracle(bytes, line, refused, before)?;
            }
        }
        if reply.quit && (word != "quit" || refused) {
            self.found(
                bytes,
                "the session ended on a line that is not 'quit'".into(),
            );
        }
        Ok(())
    }

    /// `position fen …` read with the games' own API must give the engine's answer.
    fn position_oracle(
        &mut self,
        bytes: &[u8],
        line: &str,
        refused: bool,
        before: &State,
    ) -> Result<(), String> {
        let tokens = check::tokens(line);
        let Ok(kind) = before
            .game
            .split_whitespace()
            .next()
            .unwrap_or("")
            .parse::<GameKind>()
        else {
            return Ok(());
        };
        let expected = if tokens.get(1).is_some_and(|t| t.eq_ignore_ascii_case("fen")) {
            Some(replay_fen_line(kind, &tokens[2..]))
        } else {
            None
        };
        if expected.is_none() && refused {
            return Ok(());
        }
        let after = self.transport.state()?;
        let Some(after) = after else {
            return Ok(());
        };
        match expected {
            Some(Ok(fen)) if refused => self.found(
                bytes,
                format!("a valid position was refused (the game reads {fen})"),
            ),
            Some(Ok(fen)) if fen != after.fen => self.found(
                bytes,
                format!("position gave {} where the game reads {fen}", after.fen),
            ),
            Some(Err(())) if !refused => {
                self.found(bytes, "an invalid position was accepted".into())
            }
            _ => {
                if !refused && !reads_back(kind, &after.fen) {
                    self.found(
                        bytes,
                        format!("the position {} does not read back", after.fen),
                    );
                }
            }
        }
        Ok(())
    }

    /// The state after a refused line is the state before it; after a refused `setoption`
    /// probed from the start position, the start position is still the same.
    fn unchanged(
        &mut self,
        bytes: &[u8],
        before: &State,
        startpos_probe: bool,
    ) -> Result<(), String> {
        let after = self.transport.state()?;
        if after.as_ref().is_some_and(|after| after != before) {
            self.found(
                bytes,
                format!("a refused line changed {before:?} into {after:?}"),
            );
        }
        if startpos_probe {
            self.harness("ucinewgame")?;
            let again = self.transport.state()?;
            if again.as_ref().is_some_and(|again| again != before) {
                let what = format!(
                    "a refused setoption changed the start position {before:?} into {again:?}"
                );
                self.found(bytes, what);
            }
        }
        Ok(())
    }

    fn after_quit(&mut self, bytes: &[u8], refused: bool) -> Result<(), String> {
        self.stats.quits += 1;
        if refused {
            self.found(bytes, "a refused line ended the session".into());
        }
        self.transport.after_quit()?;
        // A search the quit stopped may or may not have written its bestmove in time.
        self.searches = Searches::default();
        Ok(())
    }

    /// Notes that a search may run, to be stopped after a random number of lines.
    fn open_searches(&mut self) {
        if !self.searches.open {
            self.searches.open = true;
            self.searches.patience = 1 + self.gen.rng.below(4) as u32;
        }
    }

    /// Stops whatever runs and checks that every `go` since the last idle point got its
    /// `bestmove`: each one answered without error exactly one, none more than one.
    fn close_searches(&mut self) -> Result<(), String> {
        if !self.searches.open {
            return Ok(());
        }
        self.harness("stop")?;
        let s = &self.searches;
        if s.bestmoves < s.clean || s.bestmoves > s.clean + s.refused {
            let what = format!(
                "{} bestmove for {} go lines accepted and {} refused",
                s.bestmoves, s.clean, s.refused
            );
            let last = self.recent.back().cloned().unwrap_or_default();
            self.found(last.as_bytes(), what);
        }
        self.searches = Searches::default();
        Ok(())
    }

    /// A race: go/stop/isready/position/quit lines sent at once.
    fn race(&mut self) -> Result<(), String> {
        let sent = Instant::now();
        let r = self.race_inner();
        *self.stats.time_by_command.entry("race".into()).or_default() +=
            sent.elapsed().as_secs_f64();
        r
    }

    fn race_inner(&mut self) -> Result<(), String> {
        self.close_searches()?;
        self.stats.bursts += 1;
        let mut lines = Vec::new();
        for _ in 0..2 + self.gen.rng.below(6) {
            lines.push(self.gen.race_line());
        }
        self.stats.inputs += lines.len() as u64;
        let quits = lines.iter().position(|l| *l == "quit");
        let sent = &lines[..quits.map_or(lines.len(), |at| at + 1)];
        let reply = self.transport.burst(sent)?;
        let gos = sent.iter().filter(|l| l.starts_with("go")).count() as u64;
        let isreadys = sent.iter().filter(|l| **l == "isready").count();
        let readyoks = reply.lines.iter().filter(|l| *l == "readyok").count();
        let errors = check::errors(&reply.lines);
        let text = sent.join(" | ");
        if readyoks != isreadys {
            self.found(
                text.as_bytes(),
                format!("{readyoks} readyok for {isreadys} isready"),
            );
        }
        if let Some(error) = errors.iter().find(|e| !e.starts_with("go: ")) {
            self.found(
                text.as_bytes(),
                format!("an error in a race of valid lines: {error}"),
            );
        }
        if reply.quit {
            self.stats.quits += 1;
            self.transport.after_quit()?;
            self.searches = Searches::default();
            return Ok(());
        }
        if self.gen.rng.below(8) == 0 {
            // End of input in the middle of whatever the burst started.
            self.stats.quits += 1;
            return self.transport.end_input();
        }
        let stop = self.transport.line(b"stop")?;
        let bestmoves = reply
            .lines
            .iter()
            .chain(&stop.lines)
            .filter(|l| l.starts_with("bestmove"))
            .count() as u64;
        self.stats.bestmoves += bestmoves;
        let refused = errors.len() as u64;
        if bestmoves > gos || bestmoves + refused < gos || refused > gos {
            let what = format!("{bestmoves} bestmove and {refused} errors for {gos} go lines");
            self.found(text.as_bytes(), what);
        }
        Ok(())
    }

    fn remember(&mut self, bytes: &[u8]) {
        if self.recent.len() == 6 {
            self.recent.pop_front();
        }
        self.recent.push_back(shown(bytes));
    }

    /// Records a finding; keeps the input of the first few of each kind.
    pub fn found(&mut self, bytes: &[u8], what: String) {
        let kind: String = what.chars().take(48).collect();
        let count = self.stats.finding_counts.entry(kind).or_default();
        *count += 1;
        if *count <= KEEP_PER_KIND {
            self.findings.push(Finding {
                input: shown(bytes),
                index: self.stats.inputs,
                what,
                before: self.recent.iter().cloned().collect(),
            });
        }
    }
}

/// A line as the engine reads it: its text, or where it stops being UTF-8 (`None` when it
/// is too long).
fn decode(bytes: &[u8]) -> Result<String, Option<usize>> {
    if bytes.len() > LINE_LIMIT {
        return Err(None);
    }
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    std::str::from_utf8(bytes)
        .map(str::to_string)
        .map_err(|e| Some(e.valid_up_to()))
}

/// The input as it can be printed: invalid UTF-8 replaced, control characters escaped, long
/// lines shortened.
pub fn shown(bytes: &[u8]) -> String {
    let text = escape(&String::from_utf8_lossy(bytes));
    if text.len() > 300 {
        let head: String = text.chars().take(200).collect();
        format!("{head}… ({} bytes)", bytes.len())
    } else {
        text
    }
}

/// In-process and through the pipe, a `Hash` above a few MB makes every `ucinewgame` clear
/// that much memory: the fuzzer keeps valid `Hash` values small (refused ones stay as they
/// are).
fn tame(line: &[u8]) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(line) else {
        return line.to_vec();
    };
    let tokens = check::tokens(text);
    let is_hash = tokens.len() == 5
        && tokens[0].eq_ignore_ascii_case("setoption")
        && tokens[2].eq_ignore_ascii_case("hash")
        && tokens[4]
            .parse::<u64>()
            .is_ok_and(|mb| mb > 4 && mb <= 1024);
    if is_hash {
        format!("{} {} {} {} 2", tokens[0], tokens[1], tokens[2], tokens[3]).into_bytes()
    } else {
        line.to_vec()
    }
}

/// What a successful command must have answered; `None` when it did.
fn success_problem(word: &str, reply: &Reply) -> Option<String> {
    let has = |prefix: &str| reply.lines.iter().any(|l| l.starts_with(prefix));
    let missing = match word {
        "isready" => !has("readyok"),
        "uci" => !has("uciok"),
        "ugi" => !has("ugiok"),
        "query" => !has("response") || !whole_turn(&reply.lines),
        "d" => !has("Fen: "),
        "help" => reply.lines.is_empty(),
        _ => false,
    };
    missing.then(|| format!("'{word}' succeeded without its answer: {:?}", reply.lines))
}

/// A `query turn` answer (when the reply is one) has its move count of effects lines and
/// ends in `response turn done`.
fn whole_turn(lines: &[String]) -> bool {
    let Some(at) = lines
        .iter()
        .position(|l| l.starts_with("response turn tomove "))
    else {
        return true;
    };
    let count = lines[at]
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse::<usize>().ok());
    let effects = lines[at..]
        .iter()
        .filter(|l| l.starts_with("response effects "))
        .count();
    count == Some(effects) && lines.last().is_some_and(|l| l == "response turn done")
}

/// The generator's context from a state.
fn context_of(state: &State) -> Context {
    let kind = state
        .game
        .split_whitespace()
        .next()
        .and_then(|name| name.parse().ok())
        .unwrap_or(GameKind::CrossJack);
    Context {
        kind,
        fen: state.fen.clone(),
    }
}

/// The position of `position fen <args>` read by the game itself: the fields up to
/// `moves`, then every move.
fn replay_fen_line(kind: GameKind, args: &[&str]) -> Result<String, ()> {
    let moves_at = args
        .iter()
        .position(|t| t.eq_ignore_ascii_case("moves"))
        .unwrap_or(args.len());
    if moves_at == 0 {
        return Err(());
    }
    let mut game = AnyGame::from_fen(kind, &args[..moves_at].join(" ")).map_err(|_| ())?;
    for mv in args.iter().skip(moves_at + 1) {
        game.play(mv).map_err(|_| ())?;
    }
    Ok(game.fen())
}

/// A position string the engine wrote reads back to itself.
fn reads_back(kind: GameKind, fen: &str) -> bool {
    AnyGame::from_fen(kind, fen).is_ok_and(|game| game.fen() == fen)
}

/// Prints the counts of a run to stderr.
pub fn log_progress(stats: &Stats, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz: {} inputs in {seconds:.1} s ({:.0}/s): {} refused, {} unreadable, {} searches, {} bestmove, {} quits, {} bursts, findings {:?}",
        stats.inputs,
        stats.inputs as f64 / seconds.max(1e-9),
        stats.refused,
        stats.unreadable,
        stats.searches,
        stats.bestmoves,
        stats.quits,
        stats.bursts,
        stats.finding_counts
    );
}
