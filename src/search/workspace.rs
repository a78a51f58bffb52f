//! What the searches of one game keep from one search to the next: alpha-beta's buffers, the
//! last Monte-Carlo tree (which the next search may continue) and, for each helper thread, a
//! workspace of its own. Typed by the game, so nothing is downcast; a session keeps one per
//! game, shared by its copies behind a mutex that only the searching thread locks.

use std::sync::{Arc, Mutex, MutexGuard};

use super::alphabeta::buffers::Buffers;
use super::playouts::tree::Mcts;
use crate::games::SearchHints;

/// A game's search workspace: alpha-beta's buffers, the last tree and the helpers' own.
pub struct Workspace<G: SearchHints> {
    alphabeta: Option<Box<Buffers<G::Move>>>,
    tree: Option<Box<Mcts<G>>>,
    helpers: Vec<Arc<Mutex<Workspace<G>>>>,
}

impl<G: SearchHints> Default for Workspace<G> {
    fn default() -> Self {
        Workspace {
            alphabeta: None,
            tree: None,
            helpers: Vec::new(),
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
        match shared.lock() {
            Ok(guard) => guard,
            Err(poisoned) => {
                shared.clear_poison();
                let mut guard = poisoned.into_inner();
                *guard = Workspace::new();
                guard
            }
        }
    }

    /// Takes alpha-beta's buffers out, reset for a new search (allocated on first use). Hand
    /// them back with [`Workspace::put_back_buffers`]; buffers never handed back (a panic)
    /// are simply allocated again.
    pub(crate) fn take_buffers(&mut self) -> Box<Buffers<G::Move>> {
        let mut buffers = self
            .alphabeta
            .take()
            .unwrap_or_else(|| Box::new(Buffers::new()));
        buffers.reset();
        buffers
    }

    /// Keeps alpha-beta's buffers for the next search.
    pub(crate) fn put_back_buffers(&mut self, buffers: Box<Buffers<G::Move>>) {
        self.alphabeta = Some(buffers);
    }

    /// Takes the last Monte-Carlo tree out, if one was kept.
    pub(crate) fn take_tree(&mut self) -> Option<Box<Mcts<G>>> {
        self.tree.take()
    }

    /// Keeps a Monte-Carlo tree for the next search.
    pub(crate) fn keep_tree(&mut self, tree: Box<Mcts<G>>) {
        self.tree = Some(tree);
    }

    /// The workspace of helper thread `number` (from 1), made when first asked for.
    pub(crate) fn helper(&mut self, number: usize) -> Arc<Mutex<Workspace<G>>> {
        let index = number.max(1) - 1;
        while self.helpers.len() <= index {
            self.helpers.push(Arc::default());
        }
        Arc::clone(&self.helpers[index])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossjack::CrossJack;

    #[test]
    fn buffers_handed_back_are_reused() {
        let mut workspace = Workspace::<CrossJack>::new();
        let first = workspace.take_buffers();
        let address = first.plies[0].moves.as_ptr();
        workspace.put_back_buffers(first);
        let second = workspace.take_buffers();
        assert_eq!(second.plies[0].moves.as_ptr(), address);
    }

    #[test]
    fn a_workspace_poisoned_by_a_panic_is_emptied() {
        let shared = Arc::new(Mutex::new(Workspace::<CrossJack>::new()));
        Workspace::lock(&shared).put_back_buffers(Box::new(Buffers::new()));
        let held = Arc::clone(&shared);
        let panicked = std::thread::spawn(move || {
            let _guard = Workspace::lock(&held);
            panic!("a search fails");
        })
        .join();
        assert!(panicked.is_err());
        assert!(Workspace::lock(&shared).alphabeta.is_none());
        assert!(!shared.is_poisoned());
    }

    #[test]
    fn each_helper_gets_a_workspace_of_its_own() {
        let mut workspace = Workspace::<CrossJack>::new();
        let one = workspace.helper(1);
        let two = workspace.helper(2);
        assert!(!Arc::ptr_eq(&one, &two));
        assert!(Arc::ptr_eq(&one, &workspace.helper(1)));
    }
}
