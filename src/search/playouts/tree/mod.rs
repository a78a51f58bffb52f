//! Monte-Carlo tree search with UCB1 (UCT).
//!
//! [`PLAIN_UCT`] is the `mcts` strategy, the yardstick for matches. A game's own
//! [`TreePolicy`] may add RAVE and MAST (for games that name their moves with
//! [`SearchHints::move_code`]), delayed expansion, a tree kept from one move to the next,
//! more exploration in long searches and, in games of fixed length, perfect play near the
//! end. It needs nothing from a game but its rules.

use std::time::{Duration, Instant};

mod mcts;
mod node;
mod playout;
mod rave;
mod report;
mod run_terms;
mod solved;
mod weights;

use crate::games::{GameState, SearchHints, Status, TreePolicy};
use crate::search::root::restrict_root;
pub(crate) use mcts::Mcts;
use mcts::MAX_TREE_NODES;
use node::Node;
pub(crate) use run_terms::RunTerms;

/// Plain UCT, the `mcts` strategy: UCB1 with c = 1.4, uniform random playouts to the end of
/// the game, a fresh tree for every search.
pub(crate) const PLAIN_UCT: TreePolicy = TreePolicy {
    exploration: 1.4,
    long_exploration: 1.4,
    rave: None,
    reuse: false,
    mast: false,
    expand_after: 0,
    pairs: 0.0,
    mast_share: 0.0,
    amaf_window: usize::MAX,
    exact_tail: 0,
    solved_within: 0,
};

/// How often the running search reports its best line.
const REPORT_INTERVAL: Duration = Duration::from_millis(500);

/// Playouts between two looks at the clock for [`REPORT_INTERVAL`].
const REPORT_CHECK_INTERVAL: u64 = 16;

impl<G: SearchHints> Mcts<G> {
    /// Searches the current position of `state` until a limit of `run` is reached and returns
    /// the most visited root move; `None` when the game is over. `state` comes back as it was.
    pub(crate) fn run(
        &mut self,
        state: &mut GameState<G>,
        run: &mut RunTerms<'_, '_>,
    ) -> Option<G::Move> {
        self.visited = 0;
        self.max_depth = 0;
        self.exploration = if run.long {
            self.config.long_exploration
        } else {
            self.config.exploration
        };
        let restricted = !self.allowed_at_root.is_empty();
        // A kept tree's root has every move: a restricted search starts afresh.
        if restricted || !self.reuse_tree(state.position()) {
            self.nodes.clear();
            self.nodes.push(Node::new(None, 0));
        }
        self.root = Some(state.position().clone());
        let codes = if self.config.rave.is_some() {
            state.position().move_codes()
        } else {
            0
        };
        for marks in &mut self.marks {
            marks.clear();
            marks.resize(codes, 0);
        }
        let mast_codes = if self.config.mast { codes } else { 0 };
        for table in &mut self.mast {
            table.clear();
            table.resize(mast_codes, (0.0, 0.0));
        }
        let pair_codes = if self.config.pairs > 0.0 {
            mast_codes * mast_codes
        } else {
            0
        };
        for table in &mut self.pairs {
            table.clear();
            table.resize(pair_codes, (0.0, 0.0));
        }
        self.iteration = 0;
        if !self.nodes[0].expanded {
            self.expand(state, 0);
        }
        if self.nodes[0].children == 0 {
            return None;
        }
        let started = Instant::now();
        let mut next_report = REPORT_INTERVAL;
        let mut playouts = 0u64;
        let mut every_root_move_tried = false;
        loop {
            // Every root move is played out once at least, so that even a search stopped at
            // once has looked at every move. Once tried, a move stays tried: the root's
            // children are not scanned again.
            every_root_move_tried = every_root_move_tried || self.every_root_move_tried();
            if every_root_move_tried && self.limit_reached(run, playouts) {
                break;
            }
            self.iterate(state);
            playouts += 1;
            if playouts.is_multiple_of(REPORT_CHECK_INTERVAL) && started.elapsed() >= next_report {
                next_report += REPORT_INTERVAL;
                self.report(state, run);
            }
        }
        self.report(state, run);
        if restricted {
            // Nor may the next search reuse a root that lacks moves.
            self.root = None;
        }
        self.best_child(0).and_then(|child| self.nodes[child].mv)
    }

    /// Restricts the root of the next searches to `allowed` (every move when empty).
    pub(crate) fn restrict_root(&mut self, allowed: &[G::Move]) {
        self.allowed_at_root.clear();
        self.allowed_at_root.extend_from_slice(allowed);
    }

    /// Keeps the next searches from exploring or playing `banned` at the root (none when
    /// empty), without giving up the kept tree.
    pub(crate) fn ban_at_root(&mut self, banned: &[G::Move]) {
        self.banned_at_root.clear();
        self.banned_at_root.extend_from_slice(banned);
    }

    /// Makes the node of the last tree that stands for `position` (a child or grandchild of
    /// the last root) the new root, keeping what was learnt below it; false when there is
    /// no such node or reuse is off.
    fn reuse_tree(&mut self, position: &G) -> bool {
        let Some(root) = self.root.take().filter(|_| self.config.reuse) else {
            return false;
        };
        if self.nodes.is_empty() {
            return false;
        }
        let Some(found) = self.find_below(&root, 0, position, 2) else {
            return false;
        };
        self.move_to_root(found);
        true
    }

    /// The node at most `depth` plies below `node` (whose position is `at`) that stands for
    /// `position`; of several (moves in another order can lead to the same position), the
    /// most visited.
    fn find_below(&self, at: &G, node: usize, position: &G, depth: u32) -> Option<usize> {
        if at == position {
            return Some(node);
        }
        let parent = self.nodes[node];
        if depth == 0 || !parent.expanded {
            return None;
        }
        parent
            .child_range()
            .filter_map(|child| {
                let mut next = at.clone();
                next.play(self.nodes[child].mv?);
                self.find_below(&next, child, position, depth - 1)
            })
            .max_by_key(|&found| self.nodes[found].visits)
    }

    /// Copies the subtree of `node` to a tree of its own, `node` at the root.
    fn move_to_root(&mut self, node: usize) {
        let mut tree = std::mem::take(&mut self.spare);
        tree.clear();
        tree.push(self.nodes[node]);
        tree[0].mv = None;
        // It may have been solved as a node of the last tree: a root is searched, not solved.
        tree[0].solved = Status::InPlay;
        // Breadth first: each copied node's children are copied as one contiguous block.
        let mut next = 0;
        while next < tree.len() {
            let copy = tree[next];
            if copy.expanded {
                let block = &self.nodes[copy.child_range()];
                tree[next].first_child = tree.len() as u32;
                tree.extend_from_slice(block);
            }
            next += 1;
        }
        self.spare = std::mem::replace(&mut self.nodes, tree);
    }

    fn every_root_move_tried(&self) -> bool {
        let root = &self.nodes[0];
        root.child_range()
            .all(|child| self.nodes[child].visits > 0 || self.banned(0, child))
    }

    fn limit_reached(&self, run: &mut RunTerms<'_, '_>, playouts: u64) -> bool {
        run.control.must_stop_now(self.visited)
            || run.playouts.is_some_and(|limit| playouts >= limit)
            || run.time.is_some_and(|limit| run.control.elapsed() >= limit)
    }

    /// One iteration: select a path by UCB1, grow the tree by a node's children, play out
    /// at random, and credit the result to every node of the path.
    fn iterate(&mut self, state: &mut GameState<G>) {
        self.path.clear();
        self.movers.clear();
        self.line.clear();
        self.path.push(0);
        self.movers.push(state.position().side_to_move());
        let mut node = 0usize;
        while self.nodes[node].expanded
            && self.nodes[node].children > 0
            && !self.nodes[node].solved.is_over()
        {
            node = self.select(node);
            if let Some(mv) = self.nodes[node].mv {
                self.remember(state.position(), mv);
                state.make(mv);
            }
            self.visited += 1;
            self.path.push(node as u32);
            self.movers.push(state.position().side_to_move());
        }
        let depth = self.path.len() - 1;
        self.max_depth = self.max_depth.max(depth);
        let grown = node == 0 || self.nodes[node].visits >= self.config.expand_after;
        let status = match self.solved_result(state.position(), node, grown) {
            Some(status) => status,
            None => {
                if grown && !self.nodes[node].expanded {
                    self.expand(state, node);
                }
                let (status, played) = self.playout(state);
                for _ in 0..played {
                    state.unmake();
                }
                status
            }
        };
        self.back_up(status);
        for _ in 0..depth {
            state.unmake();
        }
    }

    /// The child of `node` with the highest UCB1 value; unvisited children first, in
    /// generation order.
    fn select(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let children = parent.child_range();
        let exploration = self.exploration * f64::from(parent.visits.max(1)).ln().sqrt();
        let mut best = children.start;
        let mut best_value = f64::NEG_INFINITY;
        for child in children {
            if self.banned(node, child) {
                continue;
            }
            let n = &self.nodes[child];
            let value = match self.config.rave {
                Some(_) => n.rave,
                None if n.visits == 0 => return child,
                None => n.mean(),
            };
            let value = if n.visits == 0 {
                // Unvisited moves first, the most promising of them by RAVE.
                value + 1e6
            } else {
                value + exploration * self.weights.inverse_sqrt(n.visits)
            };
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    /// Gives `node` (the current position of `state`) its children, if the tree has room.
    fn expand(&mut self, state: &GameState<G>, node: usize) {
        self.moves.clear();
        state.generate_moves(&mut self.moves);
        if node == 0 {
            restrict_root(&mut self.moves, &self.allowed_at_root);
        }
        if self.nodes.len() + self.moves.len() > MAX_TREE_NODES {
            return;
        }
        let first = self.nodes.len() as u32;
        let position = state.position();
        self.nodes.extend(
            self.moves
                .iter()
                .map(|&mv| Node::new(Some(mv), position.move_code(mv))),
        );
        let parent = &mut self.nodes[node];
        parent.first_child = first;
        parent.children = self.moves.len() as u32;
        parent.expanded = true;
    }
}

#[cfg(test)]
mod tests;
