//! Move ordering: the order in which a node tries its moves. Alpha-beta cuts most when the
//! best move comes first, so the likeliest candidates lead: the transposition table's move,
//! then this ply's killer moves (quiet refutations found in sibling nodes), then the rest by
//! the game's [`move_priority`](crate::games::Game::move_priority), ties in generation order.

use super::value::MAX_PLY;

/// Killer moves kept per ply.
const KILLERS: usize = 2;

/// What the search has learnt about good moves, ply by ply.
#[derive(Debug)]
pub(crate) struct MoveOrdering<M> {
    killers: Vec<[Option<M>; KILLERS]>,
}

impl<M: Copy + Eq> MoveOrdering<M> {
    /// Nothing learnt yet.
    pub(crate) fn new() -> Self {
        MoveOrdering {
            killers: vec![[None; KILLERS]; MAX_PLY + 1],
        }
    }

    /// Forgets every killer, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.killers.fill([None; KILLERS]);
    }

    /// Fills `order` with indices into `moves`, the most promising first. `hinted` (the
    /// table's move) is ignored when out of range; `priority` ranks the moves that follow the
    /// table's move and the killers (higher first).
    pub(crate) fn order(
        &self,
        moves: &[M],
        ply: usize,
        hinted: Option<u16>,
        order: &mut Vec<u16>,
        priority: impl Fn(M) -> i32,
    ) {
        // Indices are u16 like the table's; generation never yields that many moves.
        let count = moves.len().min(usize::from(u16::MAX)) as u16;
        let mut leaders = [0u16; 1 + KILLERS];
        let mut leading = 0;
        if let Some(index) = hinted.filter(|&i| i < count) {
            leaders[leading] = index;
            leading += 1;
        }
        for killer in self.killers.get(ply).into_iter().flatten().flatten() {
            let found = moves[..usize::from(count)].iter().position(|m| m == killer);
            if let Some(index) = found.map(|i| i as u16) {
                if !leaders[..leading].contains(&index) {
                    leaders[leading] = index;
                    leading += 1;
                }
            }
        }
        order.clear();
        order.extend_from_slice(&leaders[..leading]);
        order.extend((0..count).filter(|i| !leaders[..leading].contains(i)));
        let rest = &mut order[leading..];
        if rest.iter().any(|&i| priority(moves[usize::from(i)]) != 0) {
            // Unstable but total (ties by index), so no allocation and a deterministic order.
            rest.sort_unstable_by_key(|&i| (std::cmp::Reverse(priority(moves[usize::from(i)])), i));
        }
    }

    /// `mv` refuted the opponent's move at `ply`: try it early in the siblings' nodes.
    pub(crate) fn record_cutoff(&mut self, ply: usize, mv: M) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_the_leaders_higher_priorities_come_first_ties_in_generation_order() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(0, 'd');
        let moves = ['a', 'b', 'c', 'd', 'e'];
        let mut order = Vec::new();
        let priority = |m| if m == 'c' || m == 'e' { 5 } else { 0 };
        ordering.order(&moves, 0, Some(0), &mut order, priority);
        assert_eq!(order, vec![0, 3, 2, 4, 1]);
    }

    #[test]
    fn the_table_move_leads_then_killers_then_generation_order() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(3, 'e');
        ordering.record_cutoff(3, 'b');
        let moves = ['a', 'b', 'c', 'd', 'e'];
        let mut order = Vec::new();
        ordering.order(&moves, 3, Some(2), &mut order, |_| 0);
        assert_eq!(order, vec![2, 1, 4, 0, 3]);
    }

    #[test]
    fn an_out_of_range_table_move_and_absent_killers_are_ignored() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(0, 'z');
        let mut order = Vec::new();
        ordering.order(&['a', 'b', 'c'], 0, Some(7), &mut order, |_| 0);
        assert_eq!(order, vec![0, 1, 2]);
    }

    #[test]
    fn a_killer_that_is_the_table_move_is_tried_once() {
        let mut ordering = MoveOrdering::new();
        ordering.record_cutoff(1, 'b');
        let mut order = Vec::new();
        ordering.order(&['a', 'b', 'c'], 1, Some(1), &mut order, |_| 0);
        assert_eq!(order, vec![1, 0, 2]);
    }
}
