//! What the searches of one game keep between searches: alpha-beta's buffers and the last
//! Monte-Carlo tree, typed by the game (nothing downcast), behind a mutex in the session.

use super::alphabeta::buffers::Buffers;
use super::kept::Kept;
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
    use super::*;
    use crate::games::crossjack::CrossJack;

    /// What [`lock_or_empty`](crate::search::lock_or_empty) puts in place of a
    /// poisoned workspace keeps nothing.
    #[test]
    fn a_new_workspace_keeps_nothing() {
        let mut workspace = Workspace::<CrossJack>::new();
        assert!(!workspace.alphabeta().holds());
        assert!(!workspace.tree().holds());
    }
}
