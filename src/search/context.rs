//! What a search works with besides the position and its orders.

use std::sync::atomic::AtomicBool;

use super::threads::SearchThreads;
use super::tt::TranspositionTable;
use super::workspace::Workspace;
use crate::games::SearchHints;

/// What a search works with besides the position and its orders: the shared table, the
/// threads, the game's workspace and the flag that stops it.
pub struct Context<'a, G: SearchHints> {
    /// The transposition table.
    pub tt: &'a mut TranspositionTable,
    /// The helper threads and the count of searches (which varies their random choices).
    pub threads: &'a mut SearchThreads,
    /// The buffers and the tree kept from the last search of this game.
    pub workspace: &'a mut Workspace<G>,
    /// Set to end the search at once.
    pub stop: &'a AtomicBool,
}

/// Runs `work` in a context of its own around `tt` and `stop`: one thread and a fresh
/// workspace, dropped afterwards. For programs and tests that search positions directly; an
/// engine keeps a game's workspace from one search to the next in its session.
pub fn in_fresh_context<G: SearchHints, R>(
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
    work: impl FnOnce(&mut Context<'_, G>) -> R,
) -> R {
    let mut threads = SearchThreads::new();
    let mut workspace = Workspace::new();
    work(&mut Context {
        tt,
        threads: &mut threads,
        workspace: &mut workspace,
        stop,
    })
}
