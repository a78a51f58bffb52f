//! The searcher's working memory, kept from one search to the next: allocating it costs more
//! than a short search (hundreds of move lists), so an engine allocates it once per game.

use std::any::Any;

use super::ordering::MoveOrdering;
use super::pv::PvTable;
use super::smp::Helpers;
use super::value::MAX_PLY;
use crate::games::MAX_MOVES;

/// One ply's move buffers: the moves in generation order and the order to try them in.
#[derive(Debug)]
pub(crate) struct PlyBuffers<M> {
    pub(crate) moves: Vec<M>,
    pub(crate) order: Vec<u16>,
}

// By hand: the derive would ask for `M: Default`, which moves need not be.
impl<M> Default for PlyBuffers<M> {
    fn default() -> Self {
        PlyBuffers {
            moves: Vec::new(),
            order: Vec::new(),
        }
    }
}

/// Everything a search of a game with moves `M` needs besides the table, allocated in full
/// at once so that the search itself never allocates.
#[derive(Debug)]
pub(crate) struct Workspace<M> {
    /// The root's moves, in generation order (the table's move indices refer to it).
    pub(crate) root_moves: Vec<M>,
    /// One pair of buffers per ply.
    pub(crate) plies: Vec<PlyBuffers<M>>,
    /// Best lines; `pv.line(0)` is the root's.
    pub(crate) pv: PvTable<M>,
    /// Killer moves.
    pub(crate) ordering: MoveOrdering<M>,
}

impl<M: Copy + Eq> Workspace<M> {
    fn new() -> Self {
        Workspace {
            root_moves: Vec::with_capacity(MAX_MOVES),
            plies: (0..=MAX_PLY)
                .map(|_| PlyBuffers {
                    moves: Vec::with_capacity(MAX_MOVES),
                    order: Vec::with_capacity(MAX_MOVES),
                })
                .collect(),
            pv: PvTable::new(),
            ordering: MoveOrdering::new(),
        }
    }

    /// Forgets what the previous search learnt, so that every search starts as a fresh one
    /// would (same tree, same node counts); the buffers keep their memory.
    fn reset(&mut self) {
        self.root_moves.clear();
        self.ordering.clear();
    }
}

/// The searcher's working memory between searches, for whichever game was searched last.
///
/// It is game-agnostic: the buffers are typed by the game's move, and a search of a game with
/// another move type replaces them (once per switch of game, not once per search).
#[derive(Default)]
pub struct SearchBuffers {
    workspace: Option<Box<dyn Any + Send>>,
    /// Searches so far: it varies the random choices of one search from the next.
    searches: u64,
    /// The last Monte-Carlo search's tree, which the next one may continue.
    tree: Option<Box<dyn Any + Send>>,
    /// The helper threads of a parallel search (none with one thread).
    pub(crate) helpers: Helpers,
}

impl SearchBuffers {
    /// No buffers yet: the first search allocates them.
    pub fn new() -> Self {
        SearchBuffers::default()
    }

    /// Makes the searches run on `threads` threads: this one and `threads - 1` helpers
    /// (0 counts as 1), started or ended now and kept for the next searches.
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.resize(threads.saturating_sub(1));
    }

    /// Drops the buffers, e.g. after a search was interrupted half way by a panic; the next
    /// search allocates new ones.
    pub fn clear(&mut self) {
        self.workspace = None;
        self.tree = None;
    }

    /// Takes the workspace for moves `M` out, reset for a new search: the one kept if it has
    /// that type, else a new one. Hand it back with [`SearchBuffers::put_back`]; a workspace
    /// never handed back (a panic) is simply rebuilt next time.
    pub(crate) fn take<M: Copy + Eq + Send + 'static>(&mut self) -> Box<Workspace<M>> {
        let kept = self
            .workspace
            .take()
            .and_then(|any| any.downcast::<Workspace<M>>().ok());
        let mut workspace = kept.unwrap_or_else(|| Box::new(Workspace::new()));
        workspace.reset();
        workspace
    }

    /// A seed for the random choices of a search of the position `hash`: the same for the
    /// same position in the same turn of the engine's life, so runs replay exactly.
    pub(crate) fn seed(&mut self, hash: u64) -> u64 {
        self.searches += 1;
        hash ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Takes the kept Monte-Carlo tree out if it is a `T`.
    pub(crate) fn take_tree<T: Any + Send>(&mut self) -> Option<Box<T>> {
        self.tree.take().and_then(|tree| tree.downcast().ok())
    }

    /// Keeps a Monte-Carlo tree for the next search.
    pub(crate) fn keep_tree<T: Any + Send>(&mut self, tree: Box<T>) {
        self.tree = Some(tree);
    }

    /// Keeps `workspace` for the next search.
    pub(crate) fn put_back<M: Send + 'static>(&mut self, workspace: Box<Workspace<M>>) {
        self.workspace = Some(workspace);
    }
}

impl std::fmt::Debug for SearchBuffers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = if self.workspace.is_some() {
            "allocated"
        } else {
            "empty"
        };
        write!(f, "SearchBuffers({state})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_of_the_same_move_type_are_reused() {
        let mut buffers = SearchBuffers::new();
        let first = buffers.take::<u8>();
        let address = first.plies[0].moves.as_ptr();
        buffers.put_back(first);
        let second = buffers.take::<u8>();
        assert_eq!(second.plies[0].moves.as_ptr(), address);
    }

    #[test]
    fn another_move_type_gets_buffers_of_its_own() {
        let mut buffers = SearchBuffers::new();
        let bytes = buffers.take::<u8>();
        buffers.put_back(bytes);
        let words = buffers.take::<u32>();
        assert_eq!(words.plies.len(), MAX_PLY + 1);
        assert!(words
            .plies
            .iter()
            .all(|ply| ply.moves.capacity() >= MAX_MOVES));
    }

    #[test]
    fn a_workspace_comes_back_without_the_last_searchs_killers() {
        let mut buffers = SearchBuffers::new();
        let mut workspace = buffers.take::<u8>();
        workspace.ordering.record_cutoff(2, 7);
        buffers.put_back(workspace);
        let mut workspace = buffers.take::<u8>();
        let mut order = Vec::new();
        workspace
            .ordering
            .order(&[1, 7], 2, None, &mut order, 0, |_| (0, 0));
        assert_eq!(order, [0, 1], "the killer 7 would lead");
    }
}
