//! What a search works with besides the position and its orders.

use std::sync::atomic::AtomicBool;

use super::threads::SearchThreads;
use super::tt::TranspositionTable;

/// What a search works with besides the position and its orders: the shared table, the
/// threads, what the searches keep from one search to the next (`W`) and the flag that stops
/// it. The entry points take the game's whole `Workspace`; each searcher is handed a context
/// with its own part of it ([`Context::part`]).
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
    /// The same table, threads and flag, with the `part` of the workspace that one searcher
    /// keeps.
    pub fn part<P>(&mut self, part: impl FnOnce(&mut W) -> &mut P) -> Context<'_, P> {
        Context {
            tt: &mut *self.tt,
            threads: &mut *self.threads,
            workspace: part(&mut *self.workspace),
            stop: self.stop,
        }
    }
}

/// Runs `work` in a context of its own around `tt` and `stop`: one thread and a fresh
/// workspace, dropped afterwards. For programs and tests that search positions directly; an
/// engine keeps a game's workspace from one search to the next in its session.
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
