//! What the searches of one game keep from one search to the next: alpha-beta's buffers and
//! the last Monte-Carlo tree (which the next search may continue), each with its helper
//! threads' own. Typed by the game, so nothing is downcast; a session keeps one per game,
//! shared by its copies behind a mutex that only the searching thread locks. Each searcher
//! is handed only its own part.

use std::sync::{Mutex, MutexGuard};

use super::alphabeta::buffers::Buffers;
use super::kept::{lock_or_empty, Kept};
use super::playouts::Mcts;
use crate::games::SearchHints;

/// A game's search workspace: what alpha-beta keeps and what the Monte-Carlo search keeps.
pub struct Workspace<G: SearchHints> {
    alphabeta: Kept<Buffers<G::Move>>,
    tree: Kept<Mcts<G>>,
}

impl<G: SearchHints> Default for Workspace<G> {
    fn default() -> Self {
        Workspace {
            alphabeta: Kept::default(),
            tree: Kept::default(),
        }
    }
}

impl<G: SearchHints> Workspace<G> {
    /// An empty workspace: the first search allocates what it needs.
    pub fn new() -> Self {
        Workspace::default()
    }

    /// Locks a shared workspace. One that a panicking search left half-written (the mutex
    /// is poisoned) is emptied first, so the next search starts afresh.
    pub fn lock(shared: &Mutex<Workspace<G>>) -> MutexGuard<'_, Workspace<G>> {
        lock_or_empty(shared)
    }

    /// Alpha-beta's part: its buffers and its helpers' own.
    pub(crate) fn alphabeta(&mut self) -> &mut Kept<Buffers<G::Move>> {
        &mut self.alphabeta
    }

    /// The Monte-Carlo search's part: the last tree and its helpers' own.
    pub(crate) fn tree(&mut self) -> &mut Kept<Mcts<G>> {
        &mut self.tree
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::games::crossjack::CrossJack;

    #[test]
    fn a_workspace_poisoned_by_a_panic_is_emptied() {
        let shared = Arc::new(Mutex::new(Workspace::<CrossJack>::new()));
        Workspace::lock(&shared)
            .alphabeta()
            .keep(Box::new(Buffers::new()));
        let held = Arc::clone(&shared);
        let panicked = std::thread::spawn(move || {
            let _guard = Workspace::lock(&held);
            panic!("a search fails");
        })
        .join();
        assert!(panicked.is_err());
        assert!(!Workspace::lock(&shared).alphabeta().holds());
        assert!(!shared.is_poisoned());
    }
}
