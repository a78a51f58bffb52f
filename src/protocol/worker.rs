//! The search thread: one search or perft at a time, on its own thread, with its own copy of
//! the game and the transposition table.
//!
//! The thread writes its own `info` lines and its final answer (`bestmove …`, or the perft
//! lines), so the input loop never waits on it except where the protocol asks for it (`stop`,
//! `quit`). Just before the final answer the thread signals that it is done; the table comes
//! back through `join`.

use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::games::AnyGame;
use crate::search::{Info, Limits, Score, TranspositionTable};

use super::output::Output;

/// What the search thread computes.
#[derive(Debug, Clone)]
pub enum Job {
    /// `go …`: search within the limits, then `bestmove`.
    Search(Limits),
    /// `go perft <depth>`: one `<move>: <leaves>` line per root move, then the total.
    Perft(u32),
}

impl Job {
    /// Runs the job; `info` lines are written as they come, the final answer is returned.
    fn run(
        &self,
        game: &mut AnyGame,
        tt: &mut TranspositionTable,
        stop: &AtomicBool,
        out: &Output,
    ) -> Vec<String> {
        match self {
            Job::Search(limits) => {
                let best = game.search(limits, tt, stop, &mut |info| out.line(&info_line(info)));
                answer_search(limits, best.as_deref(), stop)
            }
            Job::Perft(depth) => match game.divide(*depth, stop) {
                Some(divide) => perft_lines(&divide),
                None => vec![PERFT_STOPPED.to_string()],
            },
        }
    }

    /// The answer when [`Job::run`] panicked: an error line, and for a search the
    /// `bestmove (none)` a controller waits for.
    fn fail(&self, stop: &AtomicBool, out: &Output) -> Vec<String> {
        match self {
            Job::Search(limits) => {
                out.error("go: the search failed with an internal error");
                answer_search(limits, None, stop)
            }
            Job::Perft(_) => {
                out.error("go: perft failed with an internal error");
                Vec::new()
            }
        }
    }
}

/// The answer of `job`, which `work` computes; a panic in `work` becomes the job's failure
/// answer, so a controller still gets its `bestmove` and the table is still handed back.
fn guarded(
    job: &Job,
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
    out: &Output,
    work: impl FnOnce(&mut TranspositionTable) -> Vec<String>,
) -> Vec<String> {
    match panic::catch_unwind(AssertUnwindSafe(|| work(tt))) {
        Ok(answer) => answer,
        Err(_) => {
            // A search interrupted half way may leave the table inconsistent.
            tt.clear();
            job.fail(stop, out)
        }
    }
}

/// The `bestmove` line of a search that found `best`. An infinite search answers only after
/// `stop` (UCI), even when it ended early: the searcher waits for it itself, but a search that
/// had no move or failed gets here at once.
fn answer_search(limits: &Limits, best: Option<&str>, stop: &AtomicBool) -> Vec<String> {
    if limits.infinite {
        while !stop.load(Ordering::SeqCst) {
            thread::park_timeout(Duration::from_millis(100));
        }
    }
    vec![format!("bestmove {}", best.unwrap_or("(none)"))]
}

/// The answer of a perft ended by `stop` (or `quit`): a partial count would mislead.
const PERFT_STOPPED: &str = "info string perft stopped before it finished: no count";

/// The perft answer: `<move>: <leaves>` per root move, an empty line, the total.
fn perft_lines(divide: &[(String, u64)]) -> Vec<String> {
    let total: u64 = divide.iter().map(|(_, nodes)| nodes).sum();
    let mut lines: Vec<String> = divide
        .iter()
        .map(|(mv, nodes)| format!("{mv}: {nodes}"))
        .collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines
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

/// A job on its thread.
struct Running {
    handle: JoinHandle<TranspositionTable>,
    /// Receives one message (or a hang-up) just before the thread writes its final answer.
    finished: Receiver<()>,
}

/// What [`Worker::collect`] found.
pub enum Collected {
    /// No job runs (any more); the table it held, if one ended just now. `None` also when the
    /// thread died without handing it back.
    Idle(Option<TranspositionTable>),
    /// The job is still running.
    Busy,
}

/// The search thread's handle: at most one job at a time.
pub struct Worker {
    stop: Arc<AtomicBool>,
    running: Option<Running>,
}

impl Worker {
    /// A worker with no job.
    pub fn new() -> Self {
        Worker {
            stop: Arc::new(AtomicBool::new(false)),
            running: None,
        }
    }

    /// Starts `job` on a new thread, on `game` with `tt`. The caller must have collected the
    /// previous job (the stop flag is shared and reset here).
    pub fn start(
        &mut self,
        job: Job,
        mut game: AnyGame,
        mut tt: TranspositionTable,
        out: &Output,
    ) -> io::Result<()> {
        debug_assert!(self.running.is_none(), "a job is already running");
        self.stop.store(false, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        let out = out.clone();
        let (finished_tx, finished) = mpsc::channel();
        let handle = thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let answer = guarded(&job, &mut tt, &stop, &out, |tt| {
                    job.run(&mut game, tt, &stop, &out)
                });
                // The signal goes first: once a controller has read the answer, the
                // engine already counts as idle, so its next `go` is never refused.
                let _ = finished_tx.send(());
                out.lines(answer);
                tt
            })?;
        self.running = Some(Running { handle, finished });
        Ok(())
    }

    /// Collects the job if it has finished, waiting for it up to `wait`.
    pub fn collect(&mut self, wait: Duration) -> Collected {
        let Some(running) = &self.running else {
            return Collected::Idle(None);
        };
        let still_running = if wait.is_zero() {
            matches!(running.finished.try_recv(), Err(TryRecvError::Empty))
        } else {
            matches!(
                running.finished.recv_timeout(wait),
                Err(RecvTimeoutError::Timeout)
            )
        };
        if still_running {
            return Collected::Busy;
        }
        match self.running.take().map(|running| running.handle.join()) {
            Some(Ok(tt)) => Collected::Idle(Some(tt)),
            Some(Err(_)) => {
                log::error!("the search thread died; the table is rebuilt");
                Collected::Idle(None)
            }
            None => Collected::Idle(None),
        }
    }

    /// True while a job runs.
    pub fn is_busy(&self) -> bool {
        self.running.is_some()
    }

    /// Asks the job to stop and waits up to `wait` for its answer.
    pub fn stop(&mut self, wait: Duration) -> Collected {
        let Some(running) = &self.running else {
            return Collected::Idle(None);
        };
        self.stop.store(true, Ordering::SeqCst);
        running.handle.thread().unpark();
        self.collect(wait)
    }
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{BoardSize, GameKind};
    use crate::protocol::output::Capture;

    fn start(job: Job) -> (Worker, Capture) {
        let (out, capture) = Capture::output();
        let game = AnyGame::start(GameKind::JcShock, BoardSize::square(4)).expect("a start");
        let mut worker = Worker::new();
        worker
            .start(job, game, TranspositionTable::new(1), &out)
            .expect("a thread");
        (worker, capture)
    }

    fn wait_idle(worker: &mut Worker) -> Option<TranspositionTable> {
        match worker.collect(Duration::from_secs(5)) {
            Collected::Idle(tt) => tt,
            Collected::Busy => panic!("the job did not end within 5 s"),
        }
    }

    /// The answer of `job` when its work panics.
    fn answer_after_panic(job: &Job) -> (Vec<String>, Vec<String>) {
        let (out, capture) = Capture::output();
        let stop = AtomicBool::new(false);
        let answer = guarded(job, &mut TranspositionTable::new(1), &stop, &out, |_| {
            panic!("a job that panics")
        });
        (capture.take_lines(), answer)
    }

    #[test]
    fn a_panicking_search_answers_an_error_and_bestmove_none() {
        let (written, answer) = answer_after_panic(&Job::Search(Limits::default()));
        assert_eq!(
            written,
            ["info string error: go: the search failed with an internal error"]
        );
        assert_eq!(answer, ["bestmove (none)"]);
    }

    #[test]
    fn a_panicking_perft_answers_an_error_line() {
        let (written, answer) = answer_after_panic(&Job::Perft(3));
        assert_eq!(
            written,
            ["info string error: go: perft failed with an internal error"]
        );
        assert!(answer.is_empty());
    }

    #[test]
    fn stop_ends_an_infinite_search_with_its_bestmove() {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let (mut worker, capture) = start(Job::Search(limits));
        assert!(matches!(worker.collect(Duration::ZERO), Collected::Busy));
        assert!(matches!(
            worker.stop(Duration::from_secs(5)),
            Collected::Idle(Some(_))
        ));
        let lines = capture.take_lines();
        assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")));
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1
        );
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
    fn perft_answers_one_line_per_move_and_the_total() {
        let (mut worker, capture) = start(Job::Perft(1));
        wait_idle(&mut worker);
        let lines = capture.take_lines();
        assert_eq!(lines.len(), 16 + 2);
        assert_eq!(lines[17], "Nodes searched: 16");
    }
}
