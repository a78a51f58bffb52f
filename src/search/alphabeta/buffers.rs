//! Alpha-beta's working memory, kept between searches: allocating it costs more than a short
//! search.

use super::eval_cache::EvalCache;
use super::pv::PvTable;
use crate::games::MAX_MOVES;
use crate::search::kept::Kept;
use crate::search::ordering::{MoveOrdering, PlyBuffers};
use crate::search::value::MAX_PLY;

/// Everything a search needs besides the table, allocated at once: the search never does.
#[derive(Debug)]
pub(crate) struct Buffers<M> {
    /// The root's moves, in generation order (the table's move indices refer to it).
    pub(crate) root_moves: Vec<M>,
    /// One pair of buffers per ply.
    pub(crate) plies: Vec<PlyBuffers<M>>,
    /// Best lines; `pv.line(0)` is the root's.
    pub(crate) pv: PvTable<M>,
    /// Killer moves.
    pub(crate) ordering: MoveOrdering<M>,
    /// Static evaluations lately computed.
    pub(crate) evaluations: EvalCache,
}

impl<M: Copy + Eq> Buffers<M> {
    /// Buffers for the deepest search, every one at full capacity.
    pub(crate) fn new() -> Self {
        Buffers {
            root_moves: Vec::with_capacity(MAX_MOVES),
            plies: (0..=MAX_PLY)
                .map(|_| PlyBuffers {
                    moves: Vec::with_capacity(MAX_MOVES),
                    order: Vec::with_capacity(MAX_MOVES),
                    keys: Vec::with_capacity(MAX_MOVES),
                })
                .collect(),
            pv: PvTable::new(),
            ordering: MoveOrdering::new(),
            evaluations: EvalCache::new(),
        }
    }

    /// The buffers `kept` from the last search (else new), reset; hand back with [`Kept::keep`].
    pub(crate) fn taken_from(kept: &mut Kept<Buffers<M>>) -> Box<Buffers<M>> {
        let mut buffers = kept.take().unwrap_or_else(|| Box::new(Buffers::new()));
        buffers.reset();
        buffers
    }

    /// Forgets what the last search learnt, so every search runs as a fresh one would.
    pub(crate) fn reset(&mut self) {
        self.root_moves.clear();
        self.ordering.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ply_has_room_for_the_most_moves() {
        let buffers = Buffers::<u32>::new();
        assert_eq!(buffers.plies.len(), MAX_PLY + 1);
        assert!(buffers
            .plies
            .iter()
            .all(|ply| ply.moves.capacity() >= MAX_MOVES));
    }

    #[test]
    fn buffers_handed_back_are_reused() {
        let mut kept = Kept::default();
        let first = Buffers::<u32>::taken_from(&mut kept);
        let address = first.plies[0].moves.as_ptr();
        kept.keep(first);
        let second = Buffers::taken_from(&mut kept);
        assert_eq!(second.plies[0].moves.as_ptr(), address);
    }

    #[test]
    fn reset_buffers_forget_the_last_searchs_killers() {
        let mut buffers = Buffers::<u8>::new();
        buffers.ordering.record_cutoff(2, 7);
        buffers.reset();
        let mut order = Vec::new();
        buffers
            .ordering
            .order(&[1, 7], 2, None, &mut order, 0, |_| (0, 0));
        assert_eq!(order, [0, 1], "the killer 7 would lead");
    }
}
