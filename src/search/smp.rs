//! The helper threads of a parallel search (the `Threads` option).
//!
//! Alpha-beta runs as "Lazy SMP": the search thread searches as it would alone and alone
//! reports and decides; each helper searches the same root at depths of its own (see
//! [`skips_depth`]) and shares what it finds through the transposition table, whose entries
//! then cut the main search short. All of them stop when the main search ends; nothing waits
//! for them to notice (a helper descheduled on a busy machine would delay the answer): a
//! helper still finishing when the next search starts sits that one out.
//!
//! The helpers live as long as the search thread's [`super::SearchBuffers`]: a `go` starts no
//! thread (it hands each helper a copy of the game), and each helper keeps search buffers of
//! its own from one search to the next. With one thread there are no helpers and nothing here
//! runs.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::buffers::SearchBuffers;

/// Helper threads at most (the `Threads` option's maximum is one more: the search thread).
pub const MAX_HELPERS: usize = 63;

/// Work for a helper thread, run with the helper's own buffers.
pub(crate) type Task = Box<dyn FnOnce(&mut SearchBuffers) + Send>;

/// One helper thread, the channel that gives it work and whether it is at work.
struct Helper {
    tasks: Sender<Task>,
    /// Set when a task is sent, cleared by the thread when the task is done.
    busy: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// How often [`Helpers::settle`] looks whether the helpers are done.
const SETTLE_POLL: Duration = Duration::from_micros(100);

/// The helper threads, idle between searches.
#[derive(Default)]
pub(crate) struct Helpers {
    helpers: Vec<Helper>,
}

impl Helpers {
    /// How many helpers there are.
    pub(crate) fn count(&self) -> usize {
        self.helpers.len()
    }

    /// Makes it `count` helpers (at most [`MAX_HELPERS`]): starts the missing ones, ends the
    /// extra ones. A thread that cannot be started is left out, and the search runs with
    /// fewer helpers.
    pub(crate) fn resize(&mut self, count: usize) {
        let count = count.min(MAX_HELPERS);
        while self.helpers.len() > count {
            if let Some(helper) = self.helpers.pop() {
                helper.end();
            }
        }
        while self.helpers.len() < count {
            match Helper::spawn(self.helpers.len() + 1) {
                Ok(helper) => self.helpers.push(helper),
                Err(error) => {
                    log::error!("cannot start a search helper thread: {error}");
                    break;
                }
            }
        }
    }

    /// Waits up to `patience` for the helpers' tasks to finish (they stop as soon as they see
    /// their stop flag, which [`Running`] sets when it is dropped); true when all have.
    pub(crate) fn settle(&self, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        loop {
            if self.helpers.iter().all(|h| !h.busy.load(Ordering::SeqCst)) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            thread::sleep(SETTLE_POLL);
        }
    }

    /// Starts `task(n)` on the n-th helper (from 1) and returns the tasks' stop flag and node
    /// counts: dropping it stops them, without waiting for them. A helper still finishing
    /// the last search's task (descheduled on a busy machine) sits this search out, so that
    /// no search ever waits for a helper.
    pub(crate) fn start<F>(&mut self, mut task: F) -> Running
    where
        F: FnMut(usize, Arc<AtomicBool>, Arc<AtomicU64>) -> Task,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let mut nodes = Vec::with_capacity(self.helpers.len());
        for (i, helper) in self.helpers.iter().enumerate() {
            if helper.busy.load(Ordering::SeqCst) {
                continue;
            }
            let counted = Arc::new(AtomicU64::new(0));
            let work = task(i + 1, Arc::clone(&stop), Arc::clone(&counted));
            helper.busy.store(true, Ordering::SeqCst);
            if helper.tasks.send(work).is_ok() {
                nodes.push(counted);
            } else {
                helper.busy.store(false, Ordering::SeqCst);
            }
        }
        Running { stop, nodes }
    }
}

impl Helper {
    /// Starts the helper thread number `number`.
    fn spawn(number: usize) -> std::io::Result<Helper> {
        let (tasks, incoming) = mpsc::channel::<Task>();
        let busy = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&busy);
        let handle = thread::Builder::new()
            .name(format!("search helper {number}"))
            .spawn(move || serve(&incoming, &flag))?;
        Ok(Helper {
            tasks,
            busy,
            handle,
        })
    }

    /// Ends the thread once its task (if any) is done.
    fn end(self) {
        drop(self.tasks);
        if self.handle.join().is_err() {
            log::error!("a search helper thread ended with a panic");
        }
    }
}

/// A helper thread's body: runs tasks until the pool hangs up, clearing `busy` after each.
/// A panicking task still counts as done (the search must not wait for it) and the helper's
/// buffers are rebuilt.
fn serve(tasks: &Receiver<Task>, busy: &AtomicBool) {
    let mut buffers = SearchBuffers::new();
    for task in tasks {
        if panic::catch_unwind(AssertUnwindSafe(|| task(&mut buffers))).is_err() {
            log::error!("a search helper failed; its buffers are rebuilt");
            buffers.clear();
        }
        busy.store(false, Ordering::SeqCst);
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        for helper in self.helpers.drain(..) {
            helper.end();
        }
    }
}

/// The helpers' tasks of one search: their stop flag and node counts. Dropping it stops
/// them, also when the search that started them unwinds by a panic.
pub(crate) struct Running {
    stop: Arc<AtomicBool>,
    nodes: Vec<Arc<AtomicU64>>,
}

impl Running {
    /// Nodes the helpers have searched so far (as they last published them).
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// True when helper `helper` (from 1) leaves iteration `depth` out: the helpers spread over
/// the depths instead of all searching the same one, as in Stockfish's Lazy SMP (helper 1
/// searches the even depths, later ones skip in longer strides and other phases).
pub(crate) fn skips_depth(helper: usize, depth: u32) -> bool {
    const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (helper.max(1) - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_helper_searches_the_even_depths_and_the_second_the_odd_ones() {
        let searched =
            |helper| -> Vec<u32> { (1..=8).filter(|&d| !skips_depth(helper, d)).collect() };
        assert_eq!(searched(1), [2, 4, 6, 8]);
        assert_eq!(searched(2), [1, 3, 5, 7]);
    }

    #[test]
    fn every_task_runs_and_finish_waits_for_all_of_them() {
        let mut helpers = Helpers::default();
        helpers.resize(3);
        assert_eq!(helpers.count(), 3);
        let ran = Arc::new(AtomicU64::new(0));
        let running = helpers.start(|_, stop, nodes| {
            let ran = Arc::clone(&ran);
            Box::new(move |_: &mut SearchBuffers| {
                while !stop.load(Ordering::SeqCst) {
                    nodes.store(5, Ordering::Relaxed);
                    thread::yield_now();
                }
                ran.fetch_add(1, Ordering::SeqCst);
            })
        });
        while running.nodes() < 15 {
            thread::yield_now();
        }
        assert_eq!(running.nodes(), 15, "each helper's published count, summed");
        drop(running);
        assert!(helpers.settle(Duration::from_secs(10)));
        assert_eq!(ran.load(Ordering::SeqCst), 3);
        helpers.resize(1);
        assert_eq!(helpers.count(), 1);
    }

    #[test]
    fn helpers_left_running_by_a_panic_are_stopped() {
        let mut helpers = Helpers::default();
        helpers.resize(1);
        let finished = Arc::new(AtomicBool::new(false));
        let unwound = panic::catch_unwind(AssertUnwindSafe(|| {
            let _running = helpers.start(|_, stop, _| {
                let finished = Arc::clone(&finished);
                Box::new(move |_: &mut SearchBuffers| {
                    while !stop.load(Ordering::SeqCst) {
                        thread::yield_now();
                    }
                    finished.store(true, Ordering::SeqCst);
                })
            });
            panic!("the main search fails");
        }));
        assert!(unwound.is_err());
        assert!(helpers.settle(Duration::from_secs(10)));
        assert!(
            finished.load(Ordering::SeqCst),
            "the helper was stopped by the unwinding"
        );
    }

    #[test]
    fn a_helper_still_busy_sits_the_next_search_out() {
        let mut helpers = Helpers::default();
        helpers.resize(1);
        let release = Arc::new(AtomicBool::new(false));
        let held = Arc::clone(&release);
        let first = helpers.start(|_, _, _| {
            let held = Arc::clone(&held);
            Box::new(move |_: &mut SearchBuffers| {
                while !held.load(Ordering::SeqCst) {
                    thread::yield_now();
                }
            })
        });
        drop(first);
        let mut started = 0;
        let second = helpers.start(|_, _, _| {
            started += 1;
            Box::new(|_: &mut SearchBuffers| {})
        });
        assert_eq!(started, 0, "the busy helper got no second task");
        assert_eq!(second.nodes(), 0);
        release.store(true, Ordering::SeqCst);
        assert!(helpers.settle(Duration::from_secs(10)));
    }

    #[test]
    fn a_panicking_task_still_counts_as_done() {
        let mut helpers = Helpers::default();
        helpers.resize(1);
        drop(
            helpers
                .start(|_, _, _| Box::new(|_: &mut SearchBuffers| panic!("a helper that panics"))),
        );
        assert!(
            helpers.settle(Duration::from_secs(10)),
            "done despite the panic"
        );
        let ran = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&ran);
        drop(helpers.start(|_, _, _| {
            let flag = Arc::clone(&flag);
            Box::new(move |_: &mut SearchBuffers| flag.store(true, Ordering::SeqCst))
        }));
        assert!(helpers.settle(Duration::from_secs(10)));
        assert!(
            ran.load(Ordering::SeqCst),
            "the helper serves on after a panic"
        );
    }
}
