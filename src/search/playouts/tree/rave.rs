//! Backing a playout's result up the tree, with "all moves as first" (RAVE) credit for the
//! moves played later in the iteration, within a window of plies.

use super::mcts::Mcts;
use crate::games::{Player, SearchHints, Status};

/// The RAVE mark of a play at index `ply` of the line of iteration `iteration`.
#[inline]
pub(super) fn mark_key(iteration: u32, ply: usize) -> u64 {
    u64::from(iteration) << 32 | ply as u64
}

/// Whether the mark `key` is a play of iteration `iteration` at a line index below `horizon`.
#[inline]
pub(super) fn marked_before(key: u64, iteration: u32, horizon: usize) -> bool {
    // This iteration's keys below the horizon are `base` plus less than `horizon`; an older
    // iteration's key lies at least 2³² below `base`, so its wrapped difference is at least
    // 2³², which the capped horizon never exceeds.
    let base = mark_key(iteration, 0);
    key.wrapping_sub(base) < horizon.min(1 << 32) as u64
}

/// What a finished game is worth to `player`: 1 for a win, ½ for a draw, 0 for a loss.
pub(super) fn result_for(status: Status, player: Player) -> f64 {
    match status {
        Status::Won(winner) if winner == player => 1.0,
        Status::Won(_) => 0.0,
        Status::Draw | Status::InPlay => 0.5,
    }
}

impl<G: SearchHints> Mcts<G> {
    /// Credits `status` to the nodes of the path: each node's reward is for the player who
    /// made its move, the player to move at its parent. With RAVE, each child of a path node
    /// whose move the player to move there played later in the iteration is credited too.
    pub(super) fn back_up(&mut self, status: Status) {
        if !self.mast[0].is_empty() {
            self.credit_mast(status);
        }
        // Plays are marked only where the game names its moves by codes; the selection value
        // below is kept whenever the policy selects by RAVE, marks or not.
        let marking = !self.marks[0].is_empty();
        if marking {
            self.iteration = self.iteration.wrapping_add(1).max(1);
            if self.iteration == 1 {
                self.marks.iter_mut().for_each(|m| m.fill(0));
            }
            // The playout's moves, last first so that each code keeps its earliest play; the
            // loop below adds the tree's as it walks up.
            let tree_moves = self.path.len() - 1;
            for i in (tree_moves..self.line.len()).rev() {
                let (code, player) = self.line[i];
                self.mark(code, player, i);
            }
        }
        for depth in (0..self.path.len()).rev() {
            let node = self.path[depth] as usize;
            let to_move = self.movers[depth];
            let n = &mut self.nodes[node];
            n.visits += 1;
            if depth > 0 {
                n.reward += result_for(status, self.movers[depth - 1]) as f32;
            }
            if self.config.rave.is_some() {
                n.rave = self.weights.rave_value(n);
            }
            if marking {
                if depth < self.path.len() - 1 {
                    let (code, player) = self.line[depth];
                    self.mark(code, player, depth);
                }
                self.credit_amaf(node, to_move, status, depth);
            }
        }
    }

    /// Marks `code` as played by `player` at index `ply` of the line, in this iteration.
    pub(super) fn mark(&mut self, code: usize, player: Player, ply: usize) {
        if let Some(mark) = self.marks[player.index()].get_mut(code) {
            *mark = mark_key(self.iteration, ply);
        }
    }

    /// Credits `status` to the children of `node`, the path's node at `depth`, whose move
    /// `to_move` played from there on, within
    /// [`crate::games::TreePolicy::amaf_window`] plies.
    pub(super) fn credit_amaf(
        &mut self,
        node: usize,
        to_move: Player,
        status: Status,
        depth: usize,
    ) {
        let parent = self.nodes[node];
        if !parent.expanded {
            return;
        }
        let result = result_for(status, to_move);
        let marks = &self.marks[to_move.index()];
        let horizon = depth.saturating_add(self.config.amaf_window);
        let iteration = self.iteration;
        let weights = &self.weights;
        for child in &mut self.nodes[parent.child_range()] {
            if marks
                .get(child.code as usize)
                .is_some_and(|&key| marked_before(key, iteration, horizon))
            {
                child.amaf_visits += 1;
                child.amaf_reward += result as f32;
                child.rave = weights.rave_value(child);
            }
        }
    }
}
