//! The helper threads of a parallel search (the `Threads` option).
//!
//! Alpha-beta runs as "Lazy SMP": the search thread searches as it would alone and alone
//! reports and decides; each helper searches the same root at depths of its own (see
//! [`skips_depth`]) and shares what it finds through the transposition table, whose entries
//! then cut the main search short. All of them stop when the main search ends; the answer
//! does not wait for them to notice (a helper descheduled on a busy machine would delay it),
//! the next search does.
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

use super::buffers::SearchBuffers;

/// Helper threads at most (the `Threads` option's maximum is one more: the search thread).
pub const MAX_HELPERS: usize = 63;

/// Work for a helper thread, run with the helper's own buffers.
pub(crate) type Task = Box<dyn FnOnce(&mut SearchBuffers) + Send>;

/// One helper thread and the channel that gives it work.
struct Helper {
    tasks: Sender<Task>,
    handle: JoinHandle<()>,
}

/// The helper threads, idle between searches.
#[derive(Default)]
pub(crate) struct Helpers {
    helpers: Vec<Helper>,
    /// Each finished task (or panicked one) sends one message here.
    done: Option<(Sender<()>, Receiver<()>)>,
    /// Tasks started and not yet known to be finished.
    outstanding: usize,
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
        if count == self.helpers.len() {
            return;
        }
        self.settle();
        while self.helpers.len() > count {
            if let Some(helper) = self.helpers.pop() {
                helper.end();
            }
        }
        let (done, _) = self.done.get_or_insert_with(mpsc::channel);
        while self.helpers.len() < count {
            match Helper::spawn(self.helpers.len() + 1, done.clone()) {
                Ok(helper) => self.helpers.push(helper),
                Err(error) => {
                    log::error!("cannot start a search helper thread: {error}");
                    break;
                }
            }
        }
    }

    /// Waits until the tasks of the last search have finished (they stop as soon as they see
    /// their stop flag, which [`Running`] sets when it is dropped).
    pub(crate) fn settle(&mut self) {
        if let Some((_, done)) = &self.done {
            while self.outstanding > 0 {
                if done.recv().is_err() {
                    break;
                }
                self.outstanding -= 1;
            }
        }
        self.outstanding = 0;
    }

    /// Starts one task per helper, `task(n)` for the n-th (from 1), once the last search's
    /// tasks have finished, and returns their stop flag and node counts: dropping it stops
    /// them (without waiting; see [`Helpers::settle`]).
    pub(crate) fn start<F>(&mut self, mut task: F) -> Running
    where
        F: FnMut(usize, Arc<AtomicBool>, Arc<AtomicU64>) -> Task,
    {
        self.settle();
        let stop = Arc::new(AtomicBool::new(false));
        let mut nodes = Vec::with_capacity(self.helpers.len());
        for (i, helper) in self.helpers.iter().enumerate() {
            let counted = Arc::new(AtomicU64::new(0));
            let work = task(i + 1, Arc::clone(&stop), Arc::clone(&counted));
            if helper.tasks.send(work).is_ok() {
                self.outstanding += 1;
                nodes.push(counted);
            }
        }
        Running { stop, nodes }
    }
}

impl Helper {
    /// Starts the helper thread number `number`, which signals each finished task on `done`.
    fn spawn(number: usize, done: Sender<()>) -> std::io::Result<Helper> {
        let (tasks, incoming) = mpsc::channel::<Task>();
        let handle = thread::Builder::new()
            .name(format!("search helper {number}"))
            .spawn(move || serve(&incoming, &done))?;
        Ok(Helper { tasks, handle })
    }

    /// Ends the thread once its task (if any) is done.
    fn end(self) {
        drop(self.tasks);
        if self.handle.join().is_err() {
            log::error!("a search helper thread ended with a panic");
        }
    }
}

/// A helper thread's body: runs tasks until the pool hangs up. A panicking task still counts
/// as done (the search must not wait for it) and the helper's buffers are rebuilt.
fn serve(tasks: &Receiver<Task>, done: &Sender<()>) {
    let mut buffers = SearchBuffers::new();
    for task in tasks {
        if panic::catch_unwind(AssertUnwindSafe(|| task(&mut buffers))).is_err() {
            log::error!("a search helper failed; its buffers are rebuilt");
            buffers.clear();
        }
        if done.send(()).is_err() {
            return;
        }
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        self.settle();
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
        helpers.settle();
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
        helpers.settle();
        assert!(
            finished.load(Ordering::SeqCst),
            "the helper was stopped by the unwinding"
        );
    }

    #[test]
    fn a_panicking_task_still_counts_as_done() {
        let mut helpers = Helpers::default();
        helpers.resize(1);
        drop(
            helpers
                .start(|_, _, _| Box::new(|_: &mut SearchBuffers| panic!("a helper that panics"))),
        );
        let ran = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&ran);
        drop(helpers.start(|_, _, _| {
            let flag = Arc::clone(&flag);
            Box::new(move |_: &mut SearchBuffers| flag.store(true, Ordering::SeqCst))
        }));
        helpers.settle();
        assert!(
            ran.load(Ordering::SeqCst),
            "the helper serves on after a panic"
        );
    }
}
