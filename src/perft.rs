//! perft: counts the leaves of the legal-move tree, the standard check of a move generator.
//! Leaves at depth 1 come from the move count (bulk counting).

use crate::games::{Game, GameState, MAX_MOVES};

/// Leaf count of the move tree `depth` plies deep from the current position.
pub fn perft<G: Game>(state: &mut GameState<G>, depth: u32) -> u64 {
    let mut buffers = move_buffers::<G>(depth);
    count(state, depth, &mut buffers)
}

/// Leaf counts below each legal move, in generation order: `perft` split by root move.
pub fn divide<G: Game>(state: &mut GameState<G>, depth: u32) -> Vec<(G::Move, u64)> {
    let mut root = Vec::with_capacity(MAX_MOVES);
    state.generate_moves(&mut root);
    let mut buffers = move_buffers::<G>(depth);
    root.into_iter()
        .map(|mv| {
            state.make(mv);
            let nodes = count(state, depth.saturating_sub(1), &mut buffers);
            state.unmake();
            (mv, nodes)
        })
        .collect()
}

fn move_buffers<G: Game>(depth: u32) -> Vec<Vec<G::Move>> {
    (0..depth).map(|_| Vec::with_capacity(MAX_MOVES)).collect()
}

fn count<G: Game>(state: &mut GameState<G>, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => state.count_moves() as u64,
        _ => {
            let (moves, deeper) = buffers
                .split_first_mut()
                .expect("one buffer per ply of depth");
            moves.clear();
            state.generate_moves(moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                state.make(mv);
                nodes += count(state, depth - 1, deeper);
                state.unmake();
            }
            nodes
        }
    }
}
