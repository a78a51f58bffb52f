//! The triangular principal-variation table: each ply's best line, built from the child's
//! line whenever a move raises alpha.

use crate::search::value::MAX_PLY;

/// Best lines per ply, allocated once and reused by every search (part of alpha-beta's
/// `Buffers`, which the game's [`crate::search::Workspace`] keeps).
#[derive(Debug)]
pub(crate) struct PvTable<M> {
    lines: Vec<Vec<M>>,
}

impl<M: Copy> PvTable<M> {
    /// Room for lines from every ply up to [`MAX_PLY`].
    pub(crate) fn new() -> Self {
        PvTable {
            lines: (0..=MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY + 1))
                .collect(),
        }
    }

    /// Forgets the line of `ply` (the node is about to be searched).
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        if let Some(line) = self.lines.get_mut(ply) {
            line.clear();
        }
    }

    /// The line of `ply` becomes `mv` followed by the line of `ply + 1`.
    #[inline]
    pub(crate) fn update(&mut self, ply: usize, mv: M) {
        if ply + 1 >= self.lines.len() {
            return;
        }
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The best line found from `ply`.
    pub(crate) fn line(&self, ply: usize) -> &[M] {
        self.lines.get(ply).map_or(&[], Vec::as_slice)
    }
}
