//! The tree's nodes near the end of a game of fixed length, solved by minimax instead of
//! estimated by playouts, and the proofs they pass up (MCTS-Solver, Winands, Björnsson and
//! Saito 2008).

use super::mcts::Mcts;
use crate::games::{Player, SearchHints, Status};
use crate::search::playouts::solver::perfect_end;

/// What the mover of a node can force, given its children's solved results.
fn proven_by_children(children: impl Iterator<Item = Status>, mover: Player) -> Status {
    let mut best = Status::InPlay;
    let mut all_solved = true;
    for status in children {
        match status {
            Status::Won(winner) if winner == mover => return status,
            Status::InPlay => all_solved = false,
            Status::Draw => best = Status::Draw,
            Status::Won(_) if best == Status::InPlay => best = status,
            Status::Won(_) => {}
        }
    }
    if all_solved {
        best
    } else {
        Status::InPlay
    }
}

impl<G: SearchHints> Mcts<G> {
    /// The exact result of the iteration's leaf `node` (the position `position`): the one
    /// solved earlier, or, for a leaf that has had its playouts (`grown`) within
    /// [`crate::games::TreePolicy::solved_within`] plies of the end, the one minimax finds
    /// now, which its ancestors may then inherit. `None` when the leaf is to be played out.
    pub(super) fn solved_result(
        &mut self,
        position: &G,
        node: usize,
        grown: bool,
    ) -> Option<Status> {
        let solved = self.nodes[node].solved;
        if solved.is_over() {
            return Some(solved);
        }
        if self.config.solved_within == 0 || node == 0 || !grown || self.nodes[node].expanded {
            return None;
        }
        let left = position.plies_left()?;
        if left > self.config.solved_within {
            return None;
        }
        let status = perfect_end(position, &mut self.exact_moves[..left as usize]);
        // The solved line's plies count as positions visited, as a playout's would.
        self.visited += u64::from(left);
        self.nodes[node].solved = status;
        self.prove_ancestors();
        Some(status)
    }

    /// Passes the proof of the path's leaf up the path, as far as it settles each ancestor
    /// below the root (which is searched, not solved).
    fn prove_ancestors(&mut self) {
        for depth in (1..self.path.len() - 1).rev() {
            let node = self.path[depth] as usize;
            let children = self.nodes[node].child_range();
            let proven = proven_by_children(
                self.nodes[children].iter().map(|child| child.solved),
                self.movers[depth],
            );
            if !proven.is_over() {
                return;
            }
            self.nodes[node].solved = proven;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: Status = Status::Won(Player::One);
    const TWO: Status = Status::Won(Player::Two);

    fn proven(children: &[Status]) -> Status {
        proven_by_children(children.iter().copied(), Player::One)
    }

    #[test]
    fn a_node_whose_mover_has_a_solved_win_is_won_whatever_its_other_children() {
        assert_eq!(proven(&[Status::InPlay, TWO, ONE]), ONE);
    }

    #[test]
    fn a_node_whose_children_are_all_solved_takes_the_best_of_them_for_its_mover() {
        assert_eq!(proven(&[TWO, Status::Draw, TWO]), Status::Draw);
        assert_eq!(proven(&[TWO, TWO]), TWO);
    }

    #[test]
    fn a_node_with_an_unsolved_child_and_no_solved_win_stays_unsolved() {
        assert_eq!(proven(&[Status::Draw, Status::InPlay]), Status::InPlay);
        assert_eq!(proven(&[TWO, Status::InPlay]), Status::InPlay);
    }
}
