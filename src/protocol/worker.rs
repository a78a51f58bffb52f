//! The search thread: one for the engine's life, running one job at a time on its own copy of
//! the game with the table lent to it. It keeps the helper threads and workspace between jobs
//! (a `go` neither starts a thread nor allocates) and writes its own output, so the input
//! loop waits on it only where the protocol asks (`stop`, `quit`).

use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::bench::{BenchError, BenchOptions};
use crate::search::solve::SolveLimits;
use crate::search::{Limits, SearchThreads, TranspositionTable};
use crate::session::{AnyGame, SearchOrder};

use super::output::Output;
use super::report::{self, BESTMOVE_NONE, PERFT_STOPPED};

/// What the search thread computes.
#[derive(Debug, Clone)]
pub enum Job {
    /// `go …`: search within the limits, then `bestmove`.
    Search(SearchOrder),
    /// `go ponder …`: search without limits until `stop` (then `bestmove`) or `ponderhit`
    /// (then on within the limits, clock counted from the `ponderhit`).
    Ponder(SearchOrder),
    /// `go perft <depth>`: one `<move>: <leaves>` line per root move, then the total.
    Perft(u32),
    /// `bench`: a line per position and per game, then the totals; uses a table of its own.
    Bench(BenchOptions),
    /// `solve`: a line per root move solved, then the value; uses a table of its own.
    Solve {
        /// When it gives up.
        limits: SolveLimits,
        /// The size of its table in MB.
        table_mb: usize,
        /// The threads it runs on (`Threads`).
        threads: usize,
    },
}

impl Job {
    /// Runs the job; `info` lines are written as they come, the final answer is returned.
    /// `ponder_move`: whether `bestmove` names the expected reply (the `Ponder` option).
    fn run(
        &self,
        game: &mut AnyGame,
        tt: &mut TranspositionTable,
        threads: &mut SearchThreads,
        signals: &Signals,
        ponder_move: bool,
        out: &Output,
    ) -> Vec<String> {
        let stop = &signals.stop;
        let mut search = |order: &SearchOrder, stop: &AtomicBool, tt: &mut TranspositionTable| {
            let mut line = Vec::new();
            let best = game.search(order, tt, threads, stop, &mut |info| {
                line.clone_from(&info.pv);
                out.line(&report::info_line(info));
            });
            (best, line)
        };
        match self {
            Job::Search(order) => {
                let (best, line) = search(order, stop, tt);
                bestmove(game, best.as_deref(), &line, ponder_move)
            }
            Job::Ponder(order) => {
                let (best, line) = search(&pondering(order), &signals.ponder_end, tt);
                wait_for(&signals.ponder_end);
                if !stop.load(Ordering::SeqCst) {
                    // `ponderhit`: the move was played; search it for real from now on.
                    let (best, line) = search(order, stop, tt);
                    if order.limits.waits_for_stop() {
                        wait_for(stop);
                    }
                    return bestmove(game, best.as_deref(), &line, ponder_move);
                }
                bestmove(game, best.as_deref(), &line, ponder_move)
            }
            Job::Perft(depth) => match game.divide(*depth, stop) {
                Some(divide) => report::perft_lines(&divide, *depth),
                None => vec![PERFT_STOPPED.to_string()],
            },
            Job::Bench(options) => {
                match report::run_bench(options, stop, &mut |line| out.line(line)) {
                    Ok(bench) => report::bench_summary(&bench),
                    Err(error @ BenchError::Stopped) => vec![report::info_string(&error)],
                    Err(error) => {
                        out.error(&error.to_string());
                        Vec::new()
                    }
                }
            }
            Job::Solve {
                limits,
                table_mb,
                threads,
            } => {
                let solution = game.solve(*table_mb, *threads, *limits, stop, &mut |progress| {
                    out.line(&report::solve_progress_line(progress));
                });
                vec![report::solve_line(&solution)]
            }
        }
    }

    /// The answer when [`Job::run`] panicked: an error line, and for a search the
    /// `bestmove (none)` a controller waits for.
    fn fail(&self, out: &Output) -> Vec<String> {
        match self {
            Job::Search(_) | Job::Ponder(_) => {
                out.error("go: the search failed with an internal error");
                vec![BESTMOVE_NONE.to_string()]
            }
            Job::Perft(_) => {
                out.error("go: perft failed with an internal error");
                Vec::new()
            }
            Job::Bench(_) => {
                out.error("bench: failed with an internal error");
                Vec::new()
            }
            Job::Solve { .. } => {
                out.error("solve: failed with an internal error");
                Vec::new()
            }
        }
    }

    /// Blocks until the protocol lets the answer be written, even when the job ended early:
    /// an infinite search waits for `stop`, a ponder for `ponderhit` or `stop`. A failed ponder
    /// waits too, or a controller would take its `bestmove` for its next search's.
    fn wait_until_due(&self, signals: &Signals) {
        match self {
            Job::Search(order) if order.limits.waits_for_stop() => wait_for(&signals.stop),
            Job::Ponder(order) => {
                wait_for(&signals.ponder_end);
                if order.limits.waits_for_stop() {
                    wait_for(&signals.stop);
                }
            }
            Job::Search(_) | Job::Perft(_) | Job::Bench(_) | Job::Solve { .. } => {}
        }
    }
}

/// The answer of `job` by `work`; a panic becomes the failure answer, so a controller still
/// gets its `bestmove` and the table comes back.
fn guarded(
    job: &Job,
    tt: &mut TranspositionTable,
    threads: &mut SearchThreads,
    out: &Output,
    work: impl FnOnce(&mut TranspositionTable, &mut SearchThreads) -> Vec<String>,
) -> Vec<String> {
    match panic::catch_unwind(AssertUnwindSafe(|| work(tt, threads))) {
        Ok(answer) => answer,
        Err(_) => {
            // The table may be inconsistent; the poisoned workspace is emptied when next locked.
            release_helpers(tt);
            tt.clear();
            job.fail(out)
        }
    }
}

/// [`guarded`] answer of `job`, once [`Job::wait_until_due`] lets it be written.
fn answer_when_due(
    job: &Job,
    tt: &mut TranspositionTable,
    threads: &mut SearchThreads,
    signals: &Signals,
    out: &Output,
    work: impl FnOnce(&mut TranspositionTable, &mut SearchThreads) -> Vec<String>,
) -> Vec<String> {
    let answer = guarded(job, tt, threads, out, work);
    job.wait_until_due(signals);
    answer
}

/// How long clearing or replacing the table waits for the last search's helpers to let go.
const HELPERS_WAIT: Duration = Duration::from_secs(1);

/// Waits up to [`HELPERS_WAIT`] for the last search's helpers to let go of `tt`, so none
/// writes into it after it is cleared or dropped.
pub(super) fn release_helpers(tt: &TranspositionTable) {
    if !tt.wait_until_unshared(HELPERS_WAIT) {
        log::warn!("a search helper still holds the table; going on without it");
    }
}

/// The `bestmove` line for `best`; with `ponder_move`, plus `ponder <move>` when `line`
/// goes on from `best` with a legal move.
fn bestmove(game: &AnyGame, best: Option<&str>, line: &[String], ponder_move: bool) -> Vec<String> {
    let reply = match (best, line) {
        (Some(best), [first, reply, ..]) if ponder_move && first == best => {
            let mut after = game.clone();
            let legal = after.play(best).is_ok() && after.play(reply).is_ok();
            legal.then_some(reply.as_str())
        }
        _ => None,
    };
    vec![report::bestmove_line(best, reply)]
}

/// The order of a search on the opponent's time: no limit, same settings and root moves.
fn pondering(order: &SearchOrder) -> SearchOrder {
    SearchOrder {
        limits: Limits {
            infinite: true,
            ..Limits::default()
        },
        ..order.clone()
    }
}

/// A job for the thread: what to do, on which game, with which table.
struct Order {
    job: Job,
    game: AnyGame,
    tt: TranspositionTable,
    /// Whether `bestmove` names the expected reply (the `Ponder` option).
    ponder_move: bool,
}

/// The flags the engine raises for the running job.
#[derive(Debug, Default)]
struct Signals {
    /// `stop` (or `quit`): end the job now.
    stop: AtomicBool,
    /// `ponderhit` or `stop`: end the search on the opponent's time.
    ponder_end: AtomicBool,
}

/// What the thread tells about the job it runs.
enum Progress {
    /// The answer is about to be written: the engine counts as idle, so a `go` sent right
    /// after the answer is never refused.
    Finishing,
    /// The answer is written; the table comes back.
    Answered(TranspositionTable),
}

/// The search thread's body: runs orders one after the other until the engine hangs up.
fn serve(orders: Receiver<Order>, progress: Sender<Progress>, signals: &Signals, out: &Output) {
    let mut threads = SearchThreads::new();
    for Order {
        job,
        mut game,
        mut tt,
        ponder_move,
    } in orders
    {
        let answer = answer_when_due(&job, &mut tt, &mut threads, signals, out, |tt, threads| {
            job.run(&mut game, tt, threads, signals, ponder_move, out)
        });
        if progress.send(Progress::Finishing).is_err() {
            return;
        }
        out.lines(answer);
        if progress.send(Progress::Answered(tt)).is_err() {
            return;
        }
    }
}

/// Blocks until `flag` is set; [`Worker`] unparks the thread after setting one.
fn wait_for(flag: &AtomicBool) {
    while !flag.load(Ordering::SeqCst) {
        thread::park();
    }
}

/// The live search thread and its two channels.
struct SearchThread {
    orders: Sender<Order>,
    progress: Receiver<Progress>,
    handle: JoinHandle<()>,
}

impl SearchThread {
    fn spawn(signals: &Arc<Signals>, out: &Output) -> io::Result<SearchThread> {
        let (orders, incoming) = mpsc::channel();
        let (progress_tx, progress) = mpsc::channel();
        let signals = Arc::clone(signals);
        let out = out.clone();
        let handle = thread::Builder::new()
            .name("search".into())
            .spawn(move || serve(incoming, progress_tx, &signals, &out))?;
        Ok(SearchThread {
            orders,
            progress,
            handle,
        })
    }
}

/// What [`Worker::collect`] found.
pub enum Collected {
    /// No job runs; the table, if one ended just now (`None` if the thread died with it).
    Idle(Option<TranspositionTable>),
    /// The job is still running.
    Busy,
}

/// The search thread's handle: at most one job at a time; the thread starts with the first
/// job, and again with the next one if it died.
pub struct Worker {
    signals: Arc<Signals>,
    out: Output,
    /// Whether the next jobs' `bestmove` names the expected reply.
    ponder_move: bool,
    /// True from the start of a [`Job::Ponder`] until its `ponderhit` or its end.
    pondering: bool,
    thread: Option<SearchThread>,
    /// True from a job's start until [`Worker::collect`] finds it answered.
    busy: bool,
}

impl Worker {
    /// A worker with no job, whose thread will write to `out`.
    pub fn new(out: Output) -> Self {
        Worker {
            signals: Arc::new(Signals::default()),
            out,
            ponder_move: false,
            pondering: false,
            thread: None,
            busy: false,
        }
    }

    /// Starts `job` on `game` with `tt`, once the previous job is collected (the stop flag is
    /// reset here). On error the thread could not start and the table is lost.
    pub fn start(&mut self, job: Job, game: AnyGame, tt: TranspositionTable) -> io::Result<()> {
        debug_assert!(!self.busy, "a job is already running");
        self.signals.stop.store(false, Ordering::SeqCst);
        self.signals.ponder_end.store(false, Ordering::SeqCst);
        let pondering = matches!(job, Job::Ponder(_));
        let mut order = Order {
            job,
            game,
            tt,
            ponder_move: self.ponder_move,
        };
        if let Some(thread) = &self.thread {
            match thread.orders.send(order) {
                Ok(()) => {
                    self.busy = true;
                    self.pondering = pondering;
                    return Ok(());
                }
                // The thread is gone (it cannot hang up otherwise): start another.
                Err(mpsc::SendError(returned)) => order = returned,
            }
        }
        let thread = self
            .thread
            .insert(SearchThread::spawn(&self.signals, &self.out)?);
        thread
            .orders
            .send(order)
            .map_err(|_| io::Error::other("the search thread ended as it started"))?;
        self.busy = true;
        self.pondering = pondering;
        Ok(())
    }

    /// Whether the `bestmove` of the jobs started from now on names the expected reply.
    pub fn set_ponder_move(&mut self, ponder_move: bool) {
        self.ponder_move = ponder_move;
    }

    /// `ponderhit`: the running [`Job::Ponder`] goes on within its limits; ignored otherwise.
    pub fn ponderhit(&mut self) {
        if self.busy && self.pondering {
            self.pondering = false;
            self.signals.ponder_end.store(true, Ordering::SeqCst);
            self.unpark();
        }
    }

    /// Collects the job if finished within `wait`; once finishing, waits for its answer to be
    /// written so nothing the engine writes later comes first.
    pub fn collect(&mut self, wait: Duration) -> Collected {
        let Some(thread) = self.thread.as_ref().filter(|_| self.busy) else {
            return Collected::Idle(None);
        };
        let finishing = if wait.is_zero() {
            thread.progress.try_recv().map_err(|e| match e {
                TryRecvError::Empty => RecvTimeoutError::Timeout,
                TryRecvError::Disconnected => RecvTimeoutError::Disconnected,
            })
        } else {
            thread.progress.recv_timeout(wait)
        };
        let answered = match finishing {
            Err(RecvTimeoutError::Timeout) => return Collected::Busy,
            Ok(_) => thread.progress.recv(),
            Err(RecvTimeoutError::Disconnected) => Err(mpsc::RecvError),
        };
        self.busy = false;
        match answered {
            Ok(Progress::Answered(tt)) => Collected::Idle(Some(tt)),
            Ok(Progress::Finishing) | Err(_) => {
                log::error!("the search thread died; the table is rebuilt");
                if let Some(dead) = self.thread.take() {
                    let _ = dead.handle.join();
                }
                Collected::Idle(None)
            }
        }
    }

    /// True while a job runs.
    pub fn is_busy(&self) -> bool {
        self.busy
    }

    /// Asks the job to stop and waits up to `wait` for its answer.
    pub fn stop(&mut self, wait: Duration) -> Collected {
        if !self.busy {
            return Collected::Idle(None);
        }
        self.raise_stop();
        self.collect(wait)
    }

    fn raise_stop(&self) {
        self.signals.stop.store(true, Ordering::SeqCst);
        self.signals.ponder_end.store(true, Ordering::SeqCst);
        self.unpark();
    }

    fn unpark(&self) {
        if let Some(thread) = &self.thread {
            thread.handle.thread().unpark();
        }
    }
}

impl Drop for Worker {
    /// Ends any job; the thread then ends too, since no order can come any more.
    fn drop(&mut self) {
        self.raise_stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{BoardSize, GameKind};
    use crate::protocol::test_output::{capture, Captured};

    fn jcshock(size: usize) -> AnyGame {
        AnyGame::start(GameKind::JcShock, BoardSize::square(size)).expect("a start")
    }

    fn start(job: Job) -> (Worker, Captured) {
        let (out, captured) = capture();
        let mut worker = Worker::new(out);
        worker
            .start(job, jcshock(4), TranspositionTable::new(1))
            .expect("a thread");
        (worker, captured)
    }

    fn wait_idle(worker: &mut Worker) -> Option<TranspositionTable> {
        match worker.collect(Duration::from_secs(5)) {
            Collected::Idle(tt) => tt,
            Collected::Busy => panic!("the job did not end within 5 s"),
        }
    }

    /// A search order of `limits` with the default settings.
    fn order(limits: Limits) -> SearchOrder {
        SearchOrder {
            limits,
            ..SearchOrder::default()
        }
    }

    fn depth(plies: u32) -> Job {
        Job::Search(order(Limits {
            depth: Some(plies),
            ..Limits::default()
        }))
    }

    /// The answer of `job` when its work panics.
    fn answer_after_panic(job: &Job) -> (Vec<String>, Vec<String>) {
        let (out, captured) = capture();
        let mut tt = TranspositionTable::new(1);
        let mut threads = SearchThreads::new();
        let answer = guarded(job, &mut tt, &mut threads, &out, |_, _| {
            panic!("a job that panics")
        });
        (captured.take_lines(), answer)
    }

    #[test]
    fn a_panicking_search_answers_an_error_and_bestmove_none() {
        let (written, answer) = answer_after_panic(&Job::Search(SearchOrder::default()));
        assert_eq!(
            written,
            ["info string error: go: the search failed with an internal error"]
        );
        assert_eq!(answer, ["bestmove (none)"]);
    }

    /// Runs `job` as the search thread does, with work that panics, on a thread of its own;
    /// its answer comes through the receiver.
    fn fail_on_a_thread(
        job: Job,
        signals: &Arc<Signals>,
    ) -> (JoinHandle<()>, Receiver<Vec<String>>) {
        let (sender, answers) = mpsc::channel();
        let signals = Arc::clone(signals);
        let thread = thread::spawn(move || {
            let (out, _captured) = capture();
            let mut tt = TranspositionTable::new(1);
            let mut threads = SearchThreads::new();
            let answer = answer_when_due(&job, &mut tt, &mut threads, &signals, &out, |_, _| {
                panic!("a job that panics")
            });
            let _ = sender.send(answer);
        });
        (thread, answers)
    }

    #[test]
    fn a_failed_ponder_answers_only_after_ponderhit() {
        let signals = Arc::new(Signals::default());
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let (thread, answers) = fail_on_a_thread(Job::Ponder(order(limits)), &signals);
        assert!(
            answers.recv_timeout(Duration::from_millis(100)).is_err(),
            "no bestmove while the controller believes the engine ponders"
        );
        signals.ponder_end.store(true, Ordering::SeqCst);
        thread.thread().unpark();
        let answer = answers.recv_timeout(Duration::from_secs(5));
        assert_eq!(answer.as_deref(), Ok(&["bestmove (none)".to_string()][..]));
    }

    #[test]
    fn a_failed_search_answers_at_once() {
        let signals = Arc::new(Signals::default());
        let (_thread, answers) = fail_on_a_thread(depth(3), &signals);
        let answer = answers.recv_timeout(Duration::from_secs(5));
        assert_eq!(answer.as_deref(), Ok(&["bestmove (none)".to_string()][..]));
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
    fn a_panicking_bench_answers_an_error_line() {
        let (written, answer) = answer_after_panic(&Job::Bench(BenchOptions::default()));
        assert_eq!(
            written,
            ["info string error: bench: failed with an internal error"]
        );
        assert!(answer.is_empty());
    }

    #[test]
    fn stop_ends_an_infinite_search_with_its_bestmove() {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let (mut worker, captured) = start(Job::Search(order(limits)));
        assert!(matches!(worker.collect(Duration::ZERO), Collected::Busy));
        assert!(matches!(
            worker.stop(Duration::from_secs(5)),
            Collected::Idle(Some(_))
        ));
        let lines = captured.take_lines();
        assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")));
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1
        );
    }

    #[test]
    fn a_search_that_finishes_early_still_waits_for_stop_when_infinite() {
        // A 3x3 Cross-Jack tree is small: the search runs out of tree long before the stop.
        let (out, captured) = capture();
        let mut worker = Worker::new(out);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let game = AnyGame::start(GameKind::CrossJack, BoardSize::square(3)).expect("a start");
        worker
            .start(Job::Search(order(limits)), game, TranspositionTable::new(1))
            .expect("a thread");
        assert!(matches!(
            worker.collect(Duration::from_millis(200)),
            Collected::Busy
        ));
        assert!(!captured
            .take_lines()
            .iter()
            .any(|l| l.starts_with("bestmove")));
        assert!(matches!(
            worker.stop(Duration::from_secs(5)),
            Collected::Idle(Some(_))
        ));
        assert!(captured
            .take_lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove ")));
    }

    #[test]
    fn one_thread_serves_every_job() {
        let (mut worker, captured) = start(depth(2));
        let tt = wait_idle(&mut worker).expect("the table comes back");
        let first = worker.thread.as_ref().map(|t| t.handle.thread().id());
        worker.start(depth(3), jcshock(4), tt).expect("a thread");
        let tt = wait_idle(&mut worker).expect("the table comes back");
        worker
            .start(Job::Perft(1), jcshock(4), tt)
            .expect("a thread");
        wait_idle(&mut worker).expect("the table comes back");
        assert!(first.is_some());
        assert_eq!(
            worker.thread.as_ref().map(|t| t.handle.thread().id()),
            first
        );
        let answers = captured.take_lines();
        assert_eq!(
            answers.iter().filter(|l| l.starts_with("bestmove")).count(),
            2
        );
        // The perft report: 16 root moves with one leaf each, then the total.
        let report = &answers[answers.len().saturating_sub(18)..];
        assert!(
            report[..16].iter().all(|l| l.ends_with(": 1")),
            "{report:?}"
        );
        assert_eq!(report[16..], ["", "Nodes searched: 16"]);
    }

    #[test]
    fn a_dead_search_thread_is_replaced_by_the_next_job() {
        let (out, captured) = capture();
        let mut worker = Worker::new(out);
        let (orders, hung_up) = mpsc::channel();
        drop(hung_up);
        let (_, progress) = mpsc::channel();
        let handle = thread::spawn(|| {});
        worker.thread = Some(SearchThread {
            orders,
            progress,
            handle,
        });
        worker
            .start(depth(1), jcshock(4), TranspositionTable::new(1))
            .expect("a new thread");
        assert!(wait_idle(&mut worker).is_some());
        assert!(captured
            .take_lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove ")));
    }
}
