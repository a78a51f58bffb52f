//! Positions, references and set-ups shared by the searchers' tests.

use crate::games::jcshock::JcShock;
use crate::games::{BoardSize, Game, GameState, SearchHints, Status};

/// The result of a JC Shock game with perfect play from here, for the side to move: 1, 0
/// or −1, by minimax over every line.
pub(crate) fn jcshock_minimax(state: &mut GameState<JcShock>) -> i32 {
    let mut moves = Vec::new();
    state.generate_moves(&mut moves);
    if moves.is_empty() {
        return match state.status_with_history() {
            Status::Won(winner) if winner == state.position().side_to_move() => 1,
            Status::Won(_) => -1,
            _ => 0,
        };
    }
    moves
        .into_iter()
        .map(|mv| {
            state.make(mv);
            let value = -jcshock_minimax(state);
            state.unmake();
            value
        })
        .max()
        .unwrap_or(0)
}

/// A 5×5 JC Shock game 7 plies before its end, won for the side to move.
pub(crate) fn jcshock_won_in_seven() -> GameState<JcShock> {
    let moves = "a4 a2 d1 b1 d2 d1 a5 e1 a1 d3 a3 e2 e3 e5 e1 b4 a5";
    let mut state = GameState::new(JcShock::start(BoardSize::square(5)).expect("5x5"));
    for text in moves.split(' ') {
        let mv = state.position().parse_move(text).expect("legal");
        state.make(mv);
    }
    assert_eq!(state.position().plies_left(), Some(7));
    assert_eq!(jcshock_minimax(&mut state), 1);
    state
}
