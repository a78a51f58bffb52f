//! The baseline strategies for matches: `random` plays any legal move, `greedy` looks one
//! move ahead. Neither searches; they answer at once whatever the limits.

use super::rng::Rng;
use super::root::restrict_root;
use crate::games::{GameState, SearchHints, Status, MAX_MOVES};

/// A legal move chosen uniformly at random; `None` when the game is over.
/// Only moves among `allowed` count, when it names any legal move.
pub(crate) fn random_move<G: SearchHints>(
    state: &GameState<G>,
    allowed: &[G::Move],
    rng: &mut Rng,
) -> Option<G::Move> {
    let moves = root_moves(state, allowed);
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The legal moves of `state`, only those among `allowed` when it names any.
fn root_moves<G: SearchHints>(state: &GameState<G>, allowed: &[G::Move]) -> Vec<G::Move> {
    let mut moves = Vec::with_capacity(MAX_MOVES);
    state.generate_moves(&mut moves);
    restrict_root(&mut moves, allowed);
    moves
}

/// A move that wins on the spot if there is one, else the move after which the position
/// evaluates best for the mover (a draw counts 0); ties are broken at random. `None` when
/// the game is over. Only moves among `allowed` count, when it names any legal move. `state`
/// comes back as it was.
pub(crate) fn greedy_move<G: SearchHints>(
    state: &mut GameState<G>,
    allowed: &[G::Move],
    rng: &mut Rng,
) -> Option<G::Move> {
    let moves = root_moves(state, allowed);
    let mover = state.position().side_to_move();
    let mut best = Vec::with_capacity(moves.len());
    let mut best_value = i64::MIN;
    for &mv in &moves {
        state.make(mv);
        let value = match state.status_with_history() {
            Status::Won(winner) if winner == mover => i64::MAX,
            Status::Won(_) => i64::MIN + 1,
            Status::Draw => 0,
            // The evaluation is the opponent's, who moves next.
            Status::InPlay => -i64::from(state.position().evaluate()),
        };
        state.unmake();
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(mv);
        }
    }
    (!best.is_empty()).then(|| best[rng.below(best.len())])
}
