//! What a search works with besides the position and its orders.

use std::sync::atomic::AtomicBool;

use super::threads::SearchThreads;
use super::tt::TranspositionTable;

/// The shared table, threads, stop flag and what searches keep (`W`: the whole `Workspace`
/// at the entry points, a searcher's part after [`Context::part`]).
pub struct Context<'a, W> {
    /// The transposition table.
    pub tt: &'a mut TranspositionTable,
    /// The helper threads and the count of searches (which varies their random choices).
    pub threads: &'a mut SearchThreads,
    /// What the last searches of this game kept: the buffers and the tree.
    pub workspace: &'a mut W,
    /// Set to end the search at once.
    pub stop: &'a AtomicBool,
}

impl<W> Context<'_, W> {
    /// The same context with one searcher's `part` of the workspace.
    pub fn part<P>(&mut self, part: impl FnOnce(&mut W) -> &mut P) -> Context<'_, P> {
        Context {
            tt: &mut *self.tt,
            threads: &mut *self.threads,
            workspace: part(&mut *self.workspace),
            stop: self.stop,
        }
    }
}

/// Runs `work` in a fresh one-thread context around `tt` and `stop`, for programs and tests
/// that search positions directly.
pub fn in_fresh_context<W: Default, R>(
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
    work: impl FnOnce(&mut Context<'_, W>) -> R,
) -> R {
    let mut threads = SearchThreads::new();
    let mut workspace = W::default();
    work(&mut Context {
        tt,
        threads: &mut threads,
        workspace: &mut workspace,
        stop,
    })
}
