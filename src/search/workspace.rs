//! What the searches of one game keep between searches: alpha-beta's buffers and the last
//! Monte-Carlo tree, typed by the game (nothing downcast), behind a mutex in the session.

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

    /// Locks a shared workspace, emptied first if a panicking search poisoned it.
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
