//! perft: counts the leaves of the legal-move tree, the standard check of a move generator.
//! Leaves at depth 1 come from the move count (bulk counting).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::games::{Game, GameState, MAX_MOVES};

/// The deepest perft a caller should ask for: the count recurses per ply and a Crossings
/// line can be far longer; no tree that deep could be counted anyway.
pub const MAX_DEPTH: u32 = 1024;

/// Leaf count of the move tree `depth` plies deep from the current position; `depth` should
/// not exceed [`MAX_DEPTH`].
pub fn perft<G: Game>(state: &mut GameState<G>, depth: u32) -> u64 {
    let never = AtomicBool::new(false);
    count(state, depth, 0, &mut MoveBuffers::new(), &never)
}

/// Leaf counts below each legal move, in generation order (empty at depth 0); `None` once
/// `stop` is set. `depth` should not exceed [`MAX_DEPTH`].
pub fn divide_until<G: Game>(
    state: &mut GameState<G>,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(G::Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let mut root = Vec::with_capacity(MAX_MOVES);
    state.generate_moves(&mut root);
    let mut buffers = MoveBuffers::new();
    let mut counts = Vec::with_capacity(root.len());
    for mv in root {
        state.make(mv);
        let nodes = count(state, depth - 1, 1, &mut buffers, stop);
        state.unmake();
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        counts.push((mv, nodes));
    }
    Some(counts)
}

/// The leaves of a `depth`-ply [`divide_until`] (1 at depth 0).
pub fn total<M>(divide: &[(M, u64)], depth: u32) -> u64 {
    if depth == 0 {
        1
    } else {
        divide.iter().map(|(_, nodes)| nodes).sum()
    }
}

/// One move buffer per ply, added as the tree needs them (a depth asked may exceed any game).
struct MoveBuffers<M> {
    plies: Vec<Vec<M>>,
}

impl<M> MoveBuffers<M> {
    fn new() -> Self {
        MoveBuffers { plies: Vec::new() }
    }

    /// The buffer of `ply`, taken out; hand it back with [`MoveBuffers::put_back`].
    fn take(&mut self, ply: usize) -> Vec<M> {
        match self.plies.get_mut(ply) {
            Some(buffer) => std::mem::take(buffer),
            None => {
                self.plies.resize_with(ply + 1, Vec::new);
                Vec::with_capacity(MAX_MOVES)
            }
        }
    }

    fn put_back(&mut self, ply: usize, buffer: Vec<M>) {
        self.plies[ply] = buffer;
    }
}

/// Leaves `depth` plies below the current position; meaningless once `stop` is set.
fn count<G: Game>(
    state: &mut GameState<G>,
    depth: u32,
    ply: usize,
    buffers: &mut MoveBuffers<G::Move>,
    stop: &AtomicBool,
) -> u64 {
    match depth {
        0 => 1,
        1 => state.count_moves() as u64,
        // Checked at interior nodes only, where it is cheap.
        _ if stop.load(Ordering::Relaxed) => 0,
        _ => {
            let mut moves = buffers.take(ply);
            moves.clear();
            state.generate_moves(&mut moves);
            let mut nodes = 0;
            for &mv in &moves {
                state.make(mv);
                nodes += count(state, depth - 1, ply + 1, buffers, stop);
                state.unmake();
            }
            buffers.put_back(ply, moves);
            nodes
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossjack::CrossJack;

    /// [`divide_until`] with nothing to stop it.
    fn divide<G: Game>(state: &mut GameState<G>, depth: u32) -> Vec<(G::Move, u64)> {
        let never = AtomicBool::new(false);
        divide_until(state, depth, &never).expect("nothing stops it")
    }

    fn game(fen: &str) -> GameState<CrossJack> {
        GameState::new(CrossJack::from_fen(fen).unwrap())
    }

    #[test]
    fn divide_adds_up_to_perft() {
        let mut state = GameState::new(CrossJack::start(CrossJack::default_size()).unwrap());
        for depth in 1..=4 {
            let split: u64 = divide(&mut state, depth).iter().map(|(_, n)| n).sum();
            assert_eq!(split, perft(&mut state, depth), "depth {depth}");
        }
        assert_eq!(state.ply(), 0);
    }

    #[test]
    fn a_stopped_divide_gives_no_count_and_restores_the_state() {
        let mut state = GameState::new(CrossJack::start(CrossJack::default_size()).unwrap());
        let stop = AtomicBool::new(true);
        assert_eq!(divide_until(&mut state, 3, &stop), None);
        assert_eq!(state.ply(), 0);
        stop.store(false, Ordering::Relaxed);
        assert_eq!(
            divide_until(&mut state, 3, &stop),
            Some(divide(&mut state, 3))
        );
    }

    #[test]
    fn depth_zero_is_the_root_alone_below_no_move() {
        let mut state = game("3/3/3 x");
        assert_eq!(perft(&mut state, 0), 1);
        assert!(divide(&mut state, 0).is_empty());
        assert_eq!(total::<String>(&[], 0), 1);
    }

    #[test]
    fn the_total_adds_up_the_root_moves() {
        assert_eq!(total(&[("a1", 3), ("b2", 4)], 2), 7);
        assert_eq!(total::<&str>(&[], 5), 0);
    }

    #[test]
    fn any_depth_below_a_finished_game_has_no_leaves() {
        // X has reached rank 1: the game is over.
        let mut state = game("xx1/o1x/oox o");
        assert_eq!(perft(&mut state, u32::MAX), 0);
        assert!(divide(&mut state, u32::MAX).is_empty());
    }
}
