//! The helper threads of a parallel search (`Threads`), given tasks by each searcher. They
//! live as long as [`SearchThreads`], so a `go` starts no thread; nothing waits for them: a
//! helper still finishing sits the next search out.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Helper threads at most (the `Threads` option's maximum is one more: the search thread).
pub const MAX_HELPERS: usize = 63;

/// Work for a helper thread.
pub(crate) type Task = Box<dyn FnOnce() + Send>;

/// What every search of a search thread shares: the helpers and a search count for seeds.
#[derive(Default)]
pub struct SearchThreads {
    pub(crate) helpers: Helpers,
    searches: u64,
}

impl SearchThreads {
    /// No helpers yet, no search so far.
    pub fn new() -> Self {
        SearchThreads::default()
    }

    /// Makes the searches run on `threads` threads (0 counts as 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.resize(threads.saturating_sub(1));
    }

    /// A seed for a search of `hash`, the same for the same position and turn: runs replay.
    pub(crate) fn seed(&mut self, hash: u64) -> u64 {
        self.searches += 1;
        hash ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

impl std::fmt::Debug for SearchThreads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchThreads({} helpers)", self.helpers.count())
    }
}

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

    /// Makes it `count` helpers (at most [`MAX_HELPERS`]); one that cannot start is left out.
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

    /// Waits up to `patience` for the helpers' tasks to finish; true when all have.
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

    /// Starts `task(n)` on the n-th idle helper (from 1); dropping the result stops them
    /// without waiting.
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

/// A helper thread's body: runs tasks until the pool hangs up, clearing `busy` after each,
/// a panicking one included.
fn serve(tasks: &Receiver<Task>, busy: &AtomicBool) {
    for task in tasks {
        if panic::catch_unwind(AssertUnwindSafe(task)).is_err() {
            log::error!("a search helper failed; its workspace is rebuilt");
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

/// The helpers' tasks of one search; dropping it (a panic included) stops them.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_runs_and_finish_waits_for_all_of_them() {
        let mut helpers = Helpers::default();
        helpers.resize(3);
        assert_eq!(helpers.count(), 3);
        let ran = Arc::new(AtomicU64::new(0));
        let running = helpers.start(|_, stop, nodes| {
            let ran = Arc::clone(&ran);
            Box::new(move || {
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
                Box::new(move || {
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
            Box::new(move || {
                while !held.load(Ordering::SeqCst) {
                    thread::yield_now();
                }
            })
        });
        drop(first);
        let mut started = 0;
        let second = helpers.start(|_, _, _| {
            started += 1;
            Box::new(|| {})
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
        drop(helpers.start(|_, _, _| Box::new(|| panic!("a helper that panics"))));
        assert!(
            helpers.settle(Duration::from_secs(10)),
            "done despite the panic"
        );
        let ran = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&ran);
        drop(helpers.start(|_, _, _| {
            let flag = Arc::clone(&flag);
            Box::new(move || flag.store(true, Ordering::SeqCst))
        }));
        assert!(helpers.settle(Duration::from_secs(10)));
        assert!(
            ran.load(Ordering::SeqCst),
            "the helper serves on after a panic"
        );
    }
}
