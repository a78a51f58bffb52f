//! Monte-Carlo tree search with UCB1 (UCT).
//!
//! [`PLAIN_UCT`] is the `mcts` strategy: UCB1 with c = 1.4, uniform random playouts to the
//! end of the game, a fresh tree for every search — the yardstick that `search` is measured
//! against in matches. A game's own [`TreePolicy`] (JC Shock's) may add, for games that name
//! their moves with [`SearchHints::move_code`], "all moves as first" (RAVE, within a window of plies) in the tree,
//! playouts that half of the time lean toward the moves that did well so far, alone and as
//! replies to the move before (MAST and its pairs), leaves that get children only after a few
//! playouts, a tree kept from one move to the next, more exploration in long searches and,
//! in games of fixed length, the last two plies of every playout played perfectly. It needs
//! nothing from a game but its rules, so it plays every game the same way.

use std::time::{Duration, Instant};

use super::solver::perfect_end;
use crate::games::{GameState, MoveList, Player, SearchHints, Status, TreePolicy, MAX_MOVES};
use crate::search::control::Control;
use crate::search::info::{Info, Score};
use crate::search::rng::Rng;
use crate::search::root::{notation, restrict_root};

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
};

/// A share of 1 in the units of [`Mcts::mast_threshold`].
const FULL_SHARE: u64 = 1 << 32;

/// Tree nodes allocated at most; past it the tree stops growing and iterations only play out.
const MAX_TREE_NODES: usize = 1 << 22;

/// A playout that has not ended after this many plies is scored as a draw (a game of random
/// moves can wander for a long time).
const MAX_PLAYOUT_PLIES: usize = 4096;

/// How often the running search reports its best line.
const REPORT_INTERVAL: Duration = Duration::from_millis(500);

/// A node of the search tree: the move that leads to it and what the playouts through it
/// earned the player who made that move.
#[derive(Debug, Clone, Copy)]
struct Node<M> {
    mv: Option<M>,
    /// Index of the first child; the children are contiguous.
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    /// Sum of results (win 1, draw ½, loss 0) for the player who made `mv`; `f32` keeps the
    /// node small (the tree is most of the search's memory) and sums halves exactly up to
    /// 2²⁴ of them.
    reward: f32,
    /// Playouts through the parent in which the mover played `mv` later ("all moves as
    /// first"), and their results for the mover.
    amaf_visits: u32,
    amaf_reward: f32,
    /// The move's [`Game::move_code`], for RAVE.
    code: u32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, code: usize) -> Self {
        Node {
            mv,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            amaf_visits: 0,
            amaf_reward: 0.0,
            code: code as u32,
        }
    }

    /// The indices of the node's children in the tree (none before it is expanded).
    fn child_range(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.children as usize
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            f64::from(self.reward) / f64::from(self.visits)
        }
    }
}

/// What [`Mcts::run`] needs besides the game: when to stop and how to report.
pub(crate) struct Run<'a, 'r> {
    pub(crate) control: Control<'a>,
    /// Stop once this much time has passed, if set.
    pub(crate) time: Option<Duration>,
    /// Stop after this many playouts, if set.
    pub(crate) playouts: Option<u64>,
    pub(crate) report: &'r mut dyn FnMut(&Info),
    /// Lines to report: the most visited root moves (`MultiPV`); 0 counts as 1.
    pub(crate) lines: usize,
    /// Whether the search is long enough for [`TreePolicy::long_exploration`].
    pub(crate) long: bool,
}

/// One Monte-Carlo search: the tree and the buffers its iterations reuse.
pub(crate) struct Mcts<G: SearchHints> {
    config: TreePolicy,
    nodes: Vec<Node<G::Move>>,
    /// The position at the root of `nodes`, once a search has run.
    root: Option<G>,
    /// Scratch space for moving a subtree to the root.
    spare: Vec<Node<G::Move>>,
    path: Vec<u32>,
    /// The player to move at each node of the path.
    movers: Vec<Player>,
    /// Every move of the running iteration from the root, tree and playout, with its mover
    /// (for RAVE).
    line: Vec<(usize, Player)>,
    /// Per player and move code, the iteration that last marked the code as played (high 32
    /// bits) and the index in `line` of its earliest play in that iteration (low 32 bits), for
    /// RAVE: one key, so that one comparison tells whether a play counts for a node.
    marks: [Vec<u64>; 2],
    /// Per player and move code, the results summed and the playouts counted of the
    /// iterations in which the player made the move (MAST), when on.
    mast: [Vec<(f32, f32)>; 2],
    /// Per player, the same for a move code right after another (index `before * codes +
    /// code`), when pairs are on.
    pairs: [Vec<(f32, f32)>; 2],
    iteration: u32,
    moves: Vec<G::Move>,
    /// Per ply of a playout's exact tail, its moves.
    tail_moves: Vec<MoveList<G::Move>>,
    rng: Rng,
    /// Positions visited (tree steps and playout plies): the `nodes` of `info`.
    visited: u64,
    max_depth: usize,
    /// The root moves the next search may choose from (`go searchmoves`); all when empty.
    allowed_at_root: Vec<G::Move>,
    /// Root moves the next search never plays nor explores (proven losing), though they
    /// stay in a kept tree; at least one root move must stay allowed.
    banned_at_root: Vec<G::Move>,
    weights: Weights,
    /// [`TreePolicy::mast_share`] in units of 2⁻³², compared with 32 random bits.
    mast_threshold: u64,
    /// The exploration constant of the running search: [`TreePolicy::exploration`] or, in a long
    /// search, [`TreePolicy::long_exploration`].
    exploration: f64,
}

impl<G: SearchHints> Mcts<G> {
    /// An empty tree weighing results by `config`, whose playouts draw from `seed`.
    pub(crate) fn new(config: TreePolicy, seed: u64) -> Self {
        Mcts {
            config,
            nodes: Vec::new(),
            root: None,
            spare: Vec::new(),
            path: Vec::with_capacity(256),
            movers: Vec::with_capacity(256),
            line: Vec::with_capacity(1024),
            marks: [Vec::new(), Vec::new()],
            mast: [Vec::new(), Vec::new()],
            pairs: [Vec::new(), Vec::new()],
            iteration: 0,
            moves: Vec::with_capacity(MAX_MOVES),
            tail_moves: (0..config.exact_tail)
                .map(|_| Vec::with_capacity(MAX_MOVES))
                .collect(),
            rng: Rng::new(seed),
            visited: 0,
            max_depth: 0,
            allowed_at_root: Vec::new(),
            banned_at_root: Vec::new(),
            weights: Weights::new(config.rave),
            mast_threshold: (config.mast_share.clamp(0.0, 1.0) * FULL_SHARE as f64) as u64,
            exploration: config.exploration,
        }
    }

    /// The `kept` tree if it was grown with `config`, else a new one; either way
    /// its playouts draw from `seed`.
    pub(crate) fn kept_or_new(kept: Option<Box<Self>>, config: TreePolicy, seed: u64) -> Box<Self> {
        match kept {
            Some(mut tree) if tree.config == config => {
                tree.rng = Rng::new(seed);
                tree
            }
            _ => Box::new(Mcts::new(config, seed)),
        }
    }

    /// Searches the current position of `state` until a limit of `run` is reached and returns
    /// the most visited root move; `None` when the game is over. `state` comes back as it was.
    pub(crate) fn run(
        &mut self,
        state: &mut GameState<G>,
        run: &mut Run<'_, '_>,
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
        loop {
            // Every root move is played out once at least, so that even a search stopped at
            // once has looked at every move.
            if self.every_root_move_tried() && self.limit_reached(run, playouts) {
                break;
            }
            self.iterate(state);
            playouts += 1;
            if started.elapsed() >= next_report {
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

    /// Whether `child` of the root is a banned move.
    #[inline]
    fn banned(&self, node: usize, child: usize) -> bool {
        node == 0
            && !self.banned_at_root.is_empty()
            && self.nodes[child]
                .mv
                .is_some_and(|mv| self.banned_at_root.contains(&mv))
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

    fn limit_reached(&self, run: &mut Run<'_, '_>, playouts: u64) -> bool {
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
        while self.nodes[node].expanded && self.nodes[node].children > 0 {
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
        if !self.nodes[node].expanded
            && (node == 0 || self.nodes[node].visits >= self.config.expand_after)
        {
            self.expand(state, node);
        }
        let (status, played) = self.playout(state);
        for _ in 0..played {
            state.unmake();
        }
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
                Some(_) => self.weights.rave_value(n),
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

    /// Plays uniformly random moves from the current position to the end of the game; the
    /// final status and the number of plies played (to take back).
    fn playout(&mut self, state: &mut GameState<G>) -> (Status, usize) {
        if let Some(left) = state.position().plies_left() {
            return (
                self.fixed_length_playout(state.position(), left as usize),
                0,
            );
        }
        let mut played = 0;
        loop {
            let status = state.status_with_history();
            if status.is_over() {
                return (status, played);
            }
            if played >= MAX_PLAYOUT_PLIES {
                return (Status::Draw, played);
            }
            let Some(mv) = self.playout_move(state.position()) else {
                return (Status::Draw, played);
            };
            self.remember(state.position(), mv);
            state.make(mv);
            self.visited += 1;
            played += 1;
        }
    }

    /// [`Mcts::playout`] in a game that ends after exactly `left` more plies, played on a
    /// copy of `position`: such a game cannot end sooner, by repetition or otherwise, so it
    /// needs no history to take back and its status is looked at once, at the end. Its last
    /// [`TreePolicy::exact_tail`] plies are played perfectly.
    fn fixed_length_playout(&mut self, position: &G, left: usize) -> Status {
        let mut position = position.clone();
        let tail = self.config.exact_tail.min(left);
        for _ in 0..(left - tail).min(MAX_PLAYOUT_PLIES) {
            let Some(mv) = self.playout_move(&position) else {
                break;
            };
            self.remember(&position, mv);
            position.play(mv);
            self.visited += 1;
        }
        // The perfect line's plies count as positions visited, the lookahead does not: an
        // iteration visits as many positions as the game has plies left, whatever the seed,
        // so `bench` and `go nodes` count the same work for the same limit.
        self.visited += tail as u64;
        perfect_end(&position, &mut self.tail_moves[..tail])
    }

    /// A playout's move: uniformly random, or with MAST, for its [`TreePolicy::mast_share`] of
    /// the moves, the better of two random moves by [`Mcts::playout_value`].
    #[inline]
    fn playout_move(&mut self, position: &G) -> Option<G::Move> {
        let first = position.random_move(self.rng.next_u64(), &mut self.moves)?;
        if self.mast[0].is_empty() || !self.mast_chooses() {
            return Some(first);
        }
        let second = position.random_move(self.rng.next_u64(), &mut self.moves)?;
        Some(
            if self.playout_value(position, second) > self.playout_value(position, first) {
                second
            } else {
                first
            },
        )
    }

    /// Whether MAST chooses the playout's next move ([`TreePolicy::mast_share`]); a share of 1
    /// draws no random number.
    #[inline]
    fn mast_chooses(&mut self) -> bool {
        self.mast_threshold >= FULL_SHARE || self.rng.next_u64() >> 32 < self.mast_threshold
    }

    /// What the mover of `position` has had from `mv` this search: its MAST average, mixed
    /// with its average right after the iteration's last move when pairs are on and that
    /// pair has been played.
    #[inline]
    fn playout_value(&self, position: &G, mv: G::Move) -> f32 {
        let mover = position.side_to_move().index();
        let table = &self.mast[mover];
        let code = position.move_code(mv);
        let alone = average(table.get(code));
        let pair = self.line.last().and_then(|&(before, _)| {
            self.pairs[mover]
                .get(pair_index(before, code, table.len()))
                .filter(|&&(_, visits)| visits > 0.0)
        });
        match pair {
            Some(pair) => {
                let weight = self.config.pairs;
                (1.0 - weight) * alone + weight * average(Some(pair))
            }
            None => alone,
        }
    }

    /// Credits `status` to every move of the iteration in the MAST table of its mover, and
    /// to every pair of consecutive moves in the pair table of the second one's mover.
    fn credit_mast(&mut self, status: Status) {
        for &(code, player) in &self.line {
            add_result(self.mast[player.index()].get_mut(code), status, player);
        }
        if self.pairs[0].is_empty() {
            return;
        }
        let codes = self.mast[0].len();
        for pair in self.line.windows(2) {
            let ((before, _), (code, player)) = (pair[0], pair[1]);
            let entry = self.pairs[player.index()].get_mut(pair_index(before, code, codes));
            add_result(entry, status, player);
        }
    }

    /// Notes that `mv` is played in `position`, for RAVE.
    fn remember(&mut self, position: &G, mv: G::Move) {
        if !self.marks[0].is_empty() {
            self.line
                .push((position.move_code(mv), position.side_to_move()));
        }
    }

    /// Credits `status` to the nodes of the path: each node's reward is for the player who
    /// made its move, the player to move at its parent. With RAVE, each child of a path node
    /// whose move the player to move there played later in the iteration is credited too.
    fn back_up(&mut self, status: Status) {
        if !self.mast[0].is_empty() {
            self.credit_mast(status);
        }
        let rave = !self.marks[0].is_empty();
        if rave {
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
            if depth > 0 {
                let mover = self.movers[depth - 1];
                let n = &mut self.nodes[node];
                n.visits += 1;
                n.reward += result_for(status, mover) as f32;
            } else {
                self.nodes[node].visits += 1;
            }
            if rave {
                if depth < self.path.len() - 1 {
                    let (code, player) = self.line[depth];
                    self.mark(code, player, depth);
                }
                self.credit_amaf(node, to_move, status, depth);
            }
        }
    }

    /// Marks `code` as played by `player` at index `ply` of the line, in this iteration.
    fn mark(&mut self, code: usize, player: Player, ply: usize) {
        if let Some(mark) = self.marks[player.index()].get_mut(code) {
            *mark = mark_key(self.iteration, ply);
        }
    }

    /// Credits `status` to the children of `node`, the path's node at `depth`, whose move
    /// `to_move` played from there on, within [`TreePolicy::amaf_window`] plies.
    fn credit_amaf(&mut self, node: usize, to_move: Player, status: Status, depth: usize) {
        let parent = self.nodes[node];
        if !parent.expanded {
            return;
        }
        let result = result_for(status, to_move);
        let marks = &self.marks[to_move.index()];
        let horizon = depth.saturating_add(self.config.amaf_window);
        let iteration = self.iteration;
        for child in &mut self.nodes[parent.child_range()] {
            if marks
                .get(child.code as usize)
                .is_some_and(|&key| marked_before(key, iteration, horizon))
            {
                child.amaf_visits += 1;
                child.amaf_reward += result as f32;
            }
        }
    }

    /// The most visited child of `node` (not a banned root move).
    fn best_child(&self, node: usize) -> Option<usize> {
        let parent = &self.nodes[node];
        parent
            .child_range()
            .filter(|&c| !self.banned(node, c))
            .max_by_key(|&c| self.nodes[c].visits)
    }

    /// Each root move with its visits.
    pub(crate) fn root_visits(&self) -> impl Iterator<Item = (G::Move, u32)> + '_ {
        let root = &self.nodes[0];
        root.child_range()
            .filter(|&c| !self.banned(0, c))
            .filter_map(|c| self.nodes[c].mv.map(|mv| (mv, self.nodes[c].visits)))
    }

    /// The report of the line that starts with the root move `mv` (its first move only when
    /// the tree has no such child).
    pub(crate) fn line_of(&self, state: &mut GameState<G>, mv: G::Move, time: Duration) -> Info {
        let root = &self.nodes[0];
        let child = root.child_range().find(|&c| self.nodes[c].mv == Some(mv));
        let mut info = self.info(state, time, child);
        if info.pv.is_empty() {
            info.pv = notation(state, &[mv]);
        }
        info
    }

    /// Reports the search so far: the most visited line, or with `MultiPV` the lines of
    /// the most visited root moves, most visited first.
    fn report(&self, state: &mut GameState<G>, run: &mut Run<'_, '_>) {
        let time = run.control.elapsed();
        if run.lines <= 1 {
            let info = self.info(state, time, self.best_child(0));
            (run.report)(&info);
            return;
        }
        let root = &self.nodes[0];
        let mut children: Vec<usize> = root.child_range().filter(|&c| !self.banned(0, c)).collect();
        // Ties go to the later child, as in `best_child`, so that line 1 is the move played.
        children.sort_by_key(|&c| std::cmp::Reverse((self.nodes[c].visits, c)));
        for (rank, &child) in children.iter().take(run.lines).enumerate() {
            let mut info = self.info(state, time, Some(child));
            info.multipv = Some(rank as u32 + 1);
            (run.report)(&info);
        }
    }

    /// The search so far as an `info` report: the line that starts with the root child
    /// `start` and follows the most visited children, its first move's win rate, and as depth
    /// the deepest tree node this search reached.
    fn info(&self, state: &mut GameState<G>, time: Duration, start: Option<usize>) -> Info {
        let mut line = Vec::new();
        let mut next = start.filter(|&c| self.nodes[c].visits > 0);
        while let Some(child) = next {
            line.push(child);
            next = self.best_child(child).filter(|&c| self.nodes[c].visits > 0);
        }
        let mean = line.first().map_or(0.5, |&c| self.nodes[c].mean());
        let pv = notation(
            state,
            &line
                .iter()
                .filter_map(|&c| self.nodes[c].mv)
                .collect::<Vec<_>>(),
        );
        // The deepest tree node so far: unlike the most visited line's length it never
        // shrinks during a search, so `depth` only grows from one report to the next.
        let depth = self.max_depth.max(line.len()) as u32;
        Info {
            depth,
            seldepth: depth,
            score: Score::Centipawns(win_rate_to_centipawns(mean)),
            nodes: self.visited,
            time,
            hashfull: (self.nodes.len() * 1000 / MAX_TREE_NODES) as u32,
            pv,
            multipv: None,
            bound: None,
            currmove: None,
        }
    }
}

/// Visits below which [`Weights`] looks its factors up instead of computing them.
const WEIGHT_TABLE: usize = 4096;

/// The factors UCB1 and RAVE weigh a child with, by its visit count, computed once: selection
/// weighs every child of every node on the path, and square roots there cost as much as the
/// playout itself (measured by profile).
struct Weights {
    /// RAVE's equivalence parameter, if RAVE is on.
    rave: Option<f64>,
    /// 1/√n.
    inverse_sqrt: Vec<f64>,
    /// RAVE's β = √(k / (3n + k)).
    beta: Vec<f64>,
}

impl Weights {
    fn new(rave: Option<f64>) -> Self {
        let k = rave.unwrap_or(0.0);
        Weights {
            rave,
            inverse_sqrt: (0..WEIGHT_TABLE).map(|n| inverse_sqrt(n as f64)).collect(),
            beta: (0..WEIGHT_TABLE).map(|n| beta(n as f64, k)).collect(),
        }
    }

    #[inline]
    fn inverse_sqrt(&self, visits: u32) -> f64 {
        match self.inverse_sqrt.get(visits as usize) {
            Some(&value) => value,
            None => inverse_sqrt(f64::from(visits)),
        }
    }

    #[inline]
    fn beta(&self, visits: u32) -> f64 {
        match self.beta.get(visits as usize) {
            Some(&value) => value,
            None => beta(f64::from(visits), self.rave.unwrap_or(0.0)),
        }
    }

    /// A move's value mixed from its own results and its all-moves-as-first results: RAVE's
    /// estimate dominates while the move has few visits of its own.
    #[inline]
    fn rave_value<M>(&self, node: &Node<M>) -> f64 {
        if node.amaf_visits == 0 {
            return node.mean();
        }
        let amaf = f64::from(node.amaf_reward) / f64::from(node.amaf_visits);
        if node.visits == 0 {
            return amaf;
        }
        let beta = self.beta(node.visits);
        (1.0 - beta) * node.mean() + beta * amaf
    }
}

fn inverse_sqrt(visits: f64) -> f64 {
    1.0 / visits.sqrt()
}

fn beta(visits: f64, k: f64) -> f64 {
    (k / (3.0 * visits + k)).sqrt()
}

/// The RAVE mark of a play at index `ply` of the line of iteration `iteration`.
#[inline]
fn mark_key(iteration: u32, ply: usize) -> u64 {
    u64::from(iteration) << 32 | ply as u64
}

/// Whether the mark `key` is a play of iteration `iteration` at a line index below `horizon`.
#[inline]
fn marked_before(key: u64, iteration: u32, horizon: usize) -> bool {
    // This iteration's keys below the horizon are `base` plus less than `horizon`; an older
    // iteration's key lies at least 2³² below `base`, so its wrapped difference is at least
    // 2³², which the capped horizon never exceeds.
    let base = mark_key(iteration, 0);
    key.wrapping_sub(base) < horizon.min(1 << 32) as u64
}

/// A MAST entry's average result, with half a win of prior so that an unplayed move (or no
/// entry) is worth ½.
#[inline]
fn average(entry: Option<&(f32, f32)>) -> f32 {
    entry.map_or(0.5, |&(reward, visits)| (reward + 0.5) / (visits + 1.0))
}

/// Where a pair table keeps the move of code `code` played right after the move of code
/// `before`, for games of `codes` move codes.
#[inline]
fn pair_index(before: usize, code: usize, codes: usize) -> usize {
    before * codes + code
}

/// Adds one playout that ended in `status` to a MAST or pair `entry` of `player`, if there is
/// one.
#[inline]
fn add_result(entry: Option<&mut (f32, f32)>, status: Status, player: Player) {
    if let Some(entry) = entry {
        entry.0 += result_for(status, player) as f32;
        entry.1 += 1.0;
    }
}

/// What a finished game is worth to `player`: 1 for a win, ½ for a draw, 0 for a loss.
fn result_for(status: Status, player: Player) -> f64 {
    match status {
        Status::Won(winner) if winner == player => 1.0,
        Status::Won(_) => 0.0,
        Status::Draw | Status::InPlay => 0.5,
    }
}

/// A win rate shown on the centipawn scale, with the logistic curve engines commonly use
/// (a 75% win rate is about +190).
fn win_rate_to_centipawns(rate: f64) -> i32 {
    let rate = rate.clamp(0.001, 0.999);
    (-400.0 * (1.0 / rate - 1.0).log10()).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::jcshock::JcShock;
    use crate::games::BoardSize;
    use crate::games::{Game, SearchStyle};
    use std::sync::atomic::AtomicBool;

    /// JC Shock's tree policy, the one `search` plays it with.
    fn strong() -> TreePolicy {
        match <JcShock as SearchHints>::SEARCH_STYLE {
            SearchStyle::Playouts(tuning) => tuning.tree,
            SearchStyle::AlphaBeta => unreachable!("JC Shock is played by playouts"),
        }
    }

    /// Runs `tree` for `playouts` playouts from the current position of `state`.
    fn grow(tree: &mut Mcts<JcShock>, state: &mut GameState<JcShock>, playouts: u64) {
        grow_as(tree, state, playouts, false);
    }

    /// [`grow`], as a long search or not ([`Run::long`]).
    fn grow_as(
        tree: &mut Mcts<JcShock>,
        state: &mut GameState<JcShock>,
        playouts: u64,
        long: bool,
    ) {
        let never = AtomicBool::new(false);
        let mut run = Run {
            control: Control::new(&never, None, None),
            time: None,
            playouts: Some(playouts),
            report: &mut |_| {},
            lines: 1,
            long,
        };
        tree.run(state, &mut run);
    }

    #[test]
    fn a_long_search_explores_by_the_long_exploration_constant() {
        // Greedy when short, nearly uniform when long: the least visited root move tells.
        let config = TreePolicy {
            exploration: 0.0,
            long_exploration: 10.0,
            ..PLAIN_UCT
        };
        let least_visited = |long| {
            let mut tree = Mcts::new(config, 1);
            grow_as(&mut tree, &mut jcshock(), 4000, long);
            tree.root_visits().map(|(_, visits)| visits).min()
        };
        let (short, long) = (least_visited(false), least_visited(true));
        assert_eq!(
            short,
            Some(1),
            "exploration 0 tries each move once, then the best"
        );
        assert!(long > Some(100), "{long:?}: 4,000 playouts over 25 moves");
    }

    fn jcshock() -> GameState<JcShock> {
        GameState::new(JcShock::start(BoardSize::square(5)).unwrap())
    }

    #[test]
    fn multipv_reports_the_most_visited_root_moves_first_and_line_one_is_the_move() {
        let never = AtomicBool::new(false);
        let mut infos = Vec::new();
        let mut state = jcshock();
        let mut tree = Mcts::<JcShock>::new(PLAIN_UCT, 7);
        let mut run = Run {
            control: Control::new(&never, None, None),
            time: None,
            playouts: Some(3000),
            report: &mut |info| infos.push(info.clone()),
            lines: 3,
            long: false,
        };
        let best = tree.run(&mut state, &mut run);
        let last = &infos[infos.len() - 3..];
        let ranks: Vec<Option<u32>> = last.iter().map(|info| info.multipv).collect();
        assert_eq!(ranks, [Some(1), Some(2), Some(3)]);
        let best = best.map(|mv| state.position().format_move(mv));
        assert_eq!(last[0].pv.first(), best.as_ref());
        let root = &tree.nodes[0];
        let visits = |text: &String| {
            root.child_range()
                .find(|&c| {
                    tree.nodes[c]
                        .mv
                        .map(|mv| state.position().format_move(mv))
                        .as_ref()
                        == Some(text)
                })
                .map(|c| tree.nodes[c].visits)
        };
        let counts: Vec<Option<u32>> = last.iter().map(|info| visits(&info.pv[0])).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
        let most = root.child_range().map(|c| tree.nodes[c].visits).max();
        assert_eq!(counts[0], most);
    }

    #[test]
    fn a_reused_tree_starts_from_what_it_learnt_two_plies_ago() {
        let mut state = jcshock();
        let mut tree = Mcts::new(strong(), 1);
        grow(&mut tree, &mut state, 3000);
        let first = tree.best_child(0).unwrap();
        let reply = tree.best_child(first).unwrap();
        let known = tree.nodes[reply].visits;
        assert!(known > 1);
        state.make(tree.nodes[first].mv.unwrap());
        state.make(tree.nodes[reply].mv.unwrap());
        grow(&mut tree, &mut state, 1);
        assert_eq!(tree.nodes[0].visits, known + 1);
    }

    #[test]
    fn a_reused_tree_starts_from_the_most_visited_node_of_its_position() {
        let mut state = jcshock();
        let mut tree = Mcts::new(strong(), 1);
        grow(&mut tree, &mut state, 3000);
        let start = state.position().clone();
        let after = |moves: [&str; 2]| {
            let (mut position, mut node) = (start.clone(), 0);
            for text in moves {
                let mv = position.parse_move(text).unwrap();
                let mut children = tree.nodes[node].child_range();
                node = children.find(|&c| tree.nodes[c].mv == Some(mv)).unwrap();
                position.play(mv);
            }
            (position, node)
        };
        // Black's a3 pulls White's a1 up to a2: the position of a2 then a3.
        let (pulled, pulled_node) = after(["a1", "a3"]);
        let (placed, placed_node) = after(["a2", "a3"]);
        assert_eq!(pulled, placed);
        // The node found first (a1 comes before a2) is the less visited.
        tree.nodes[pulled_node].visits = 7;
        tree.nodes[placed_node].visits = 500;
        for text in ["a2", "a3"] {
            let mv = state.position().parse_move(text).unwrap();
            state.make(mv);
        }
        grow(&mut tree, &mut state, 1);
        assert!(tree.nodes[0].visits > 500, "{}", tree.nodes[0].visits);
    }

    #[test]
    fn a_leaf_gets_children_only_after_enough_playouts() {
        let mut state = jcshock();
        let mut tree = Mcts::new(strong(), 3);
        grow(&mut tree, &mut state, 5000);
        let expand_after = strong().expand_after;
        assert!(expand_after > 1);
        let inner = &tree.nodes[1..];
        assert!(inner.iter().any(|n| n.expanded), "the tree grew");
        // A node's visit count includes the playout that expanded it.
        assert!(inner
            .iter()
            .filter(|n| n.expanded)
            .all(|n| n.visits > expand_after));
        assert!(inner
            .iter()
            .any(|n| !n.expanded && (1..expand_after).contains(&n.visits)));
    }

    #[test]
    fn a_banned_root_move_is_neither_explored_nor_played() {
        let mut state = jcshock();
        let mut free = Mcts::new(strong(), 1);
        grow(&mut free, &mut state, 2000);
        let favourite = free.best_child(0).and_then(|c| free.nodes[c].mv).unwrap();
        let mut tree = Mcts::new(strong(), 1);
        tree.ban_at_root(&[favourite]);
        grow(&mut tree, &mut state, 2000);
        let root = tree.nodes[0];
        let children = &tree.nodes[root.child_range()];
        let banned = children.iter().find(|c| c.mv == Some(favourite)).unwrap();
        assert_eq!(banned.visits, 0);
        assert!(children
            .iter()
            .filter(|c| c.mv != Some(favourite))
            .all(|c| c.visits > 0));
        let best = tree.best_child(0).and_then(|c| tree.nodes[c].mv);
        assert!(best.is_some_and(|mv| mv != favourite));
        let reported: Vec<_> = tree.root_visits().map(|(mv, _)| mv).collect();
        assert!(
            !reported.contains(&favourite),
            "nor given to the votes of other trees"
        );
    }

    #[test]
    fn a_plain_tree_starts_afresh() {
        let mut state = jcshock();
        let mut tree = Mcts::new(PLAIN_UCT, 1);
        grow(&mut tree, &mut state, 3000);
        let first = tree.best_child(0).unwrap();
        let reply = tree.best_child(first).unwrap();
        state.make(tree.nodes[first].mv.unwrap());
        state.make(tree.nodes[reply].mv.unwrap());
        let children = state.position().count_moves() as u64;
        grow(&mut tree, &mut state, 1);
        // One playout per root move at least, and nothing from before.
        assert_eq!(u64::from(tree.nodes[0].visits), children);
    }

    #[test]
    fn a_position_not_in_the_tree_starts_afresh() {
        let mut state = jcshock();
        let mut tree = Mcts::new(strong(), 1);
        grow(&mut tree, &mut state, 500);
        let mut moves = Vec::new();
        state.generate_moves(&mut moves);
        for &mv in &moves[..3] {
            state.make(mv);
        }
        grow(&mut tree, &mut state, 1);
        assert_eq!(
            u64::from(tree.nodes[0].visits),
            state.position().count_moves() as u64
        );
    }

    /// A tree of `config` that has run once on `state`, its MAST and pair tables emptied.
    fn tables_emptied(config: TreePolicy, state: &mut GameState<JcShock>) -> Mcts<JcShock> {
        let mut tree = Mcts::new(config, 1);
        grow(&mut tree, state, 1);
        for table in tree.mast.iter_mut().chain(tree.pairs.iter_mut()) {
            table.fill((0.0, 0.0));
        }
        tree.line.clear();
        tree
    }

    #[test]
    fn a_playout_move_is_valued_by_its_pair_with_the_move_before() {
        let mut state = jcshock();
        let mut tree = tables_emptied(strong(), &mut state);
        let position = state.position().clone();
        let mut moves = Vec::new();
        state.generate_moves(&mut moves);
        let (good, bad) = (moves[0], moves[1]);
        let before = position.move_code(moves[2]);
        let codes = position.move_codes();
        let mover = position.side_to_move();
        let table = &mut tree.pairs[mover.index()];
        table[before * codes + position.move_code(good)] = (9.0, 10.0);
        table[before * codes + position.move_code(bad)] = (1.0, 10.0);
        let value = |tree: &Mcts<JcShock>, mv| tree.playout_value(&position, mv);
        assert_eq!(value(&tree, good), value(&tree, bad), "no move before");
        tree.line.push((before, mover.opponent()));
        assert!(value(&tree, good) > value(&tree, bad));
        tree.line[0].0 = position.move_code(moves[3]);
        assert_eq!(
            value(&tree, good),
            value(&tree, bad),
            "after another move, neither pair has been played"
        );
    }

    #[test]
    fn mast_chooses_only_its_share_of_the_playout_moves() {
        let mut state = jcshock();
        let mut picks_of_the_best = |share: f64| {
            let config = TreePolicy {
                mast_share: share,
                pairs: 0.0,
                ..strong()
            };
            let mut tree = tables_emptied(config, &mut state);
            let position = state.position().clone();
            let mut moves = Vec::new();
            position.generate_moves(&mut moves);
            let best = moves[5];
            let mover = position.side_to_move().index();
            tree.mast[mover][position.move_code(best)] = (100.0, 100.0);
            (0..20_000)
                .filter(|_| tree.playout_move(&position) == Some(best))
                .count()
        };
        // Among the 25 moves of 5×5: a uniform pick finds the best 1/25 of the time (800 of
        // 20,000), the better of two 2/25 − 1/25² (1,568), half and half about 1,184.
        let (never, half, always) = (
            picks_of_the_best(0.0),
            picks_of_the_best(0.5),
            picks_of_the_best(1.0),
        );
        assert!((650..950).contains(&never), "{never}");
        assert!((1050..1320).contains(&half), "{half}");
        assert!((1420..1720).contains(&always), "{always}");
    }

    #[test]
    fn pairs_are_off_in_plain_uct_and_without_a_weight() {
        let mut state = jcshock();
        let plain = tables_emptied(PLAIN_UCT, &mut state);
        assert!(plain.pairs.iter().all(Vec::is_empty));
        let alone = TreePolicy {
            pairs: 0.0,
            ..strong()
        };
        let tree = tables_emptied(alone, &mut state);
        assert!(!tree.mast[0].is_empty() && tree.pairs.iter().all(Vec::is_empty));
    }

    #[test]
    fn each_pair_of_consecutive_moves_is_credited_to_the_second_mover() {
        let mut state = jcshock();
        let mut tree = tables_emptied(strong(), &mut state);
        let codes = state.position().move_codes();
        let (one, two) = (Player::One, Player::Two);
        tree.line.extend([(3, one), (7, two), (2, one)]);
        tree.credit_mast(Status::Won(two));
        assert_eq!(tree.pairs[two.index()][3 * codes + 7], (1.0, 1.0));
        assert_eq!(tree.pairs[one.index()][7 * codes + 2], (0.0, 1.0));
        let credited: f32 = tree.pairs.iter().flatten().map(|&(_, visits)| visits).sum();
        assert_eq!(credited, 2.0, "only the two pairs of the line");
        assert_eq!(tree.mast[one.index()][3], (0.0, 1.0));
    }

    /// The all-moves-as-first visits each root child gets from one iteration whose line,
    /// all of it played out below the root, is `line`, with RAVE counting `window` plies.
    fn amaf_credit_of(window: usize, line: &[(usize, Player)]) -> Vec<(usize, u32)> {
        let mut state = jcshock();
        let config = TreePolicy {
            amaf_window: window,
            ..strong()
        };
        let mut tree = Mcts::new(config, 1);
        grow(&mut tree, &mut state, 1);
        let before: Vec<u32> = tree.nodes.iter().map(|n| n.amaf_visits).collect();
        tree.path.clear();
        tree.path.push(0);
        tree.movers.clear();
        tree.movers.push(state.position().side_to_move());
        tree.line.clear();
        tree.line.extend_from_slice(line);
        tree.back_up(Status::Draw);
        let root = tree.nodes[0];
        root.child_range()
            .filter(|&c| tree.nodes[c].amaf_visits > before[c])
            .map(|c| {
                (
                    tree.nodes[c].code as usize,
                    tree.nodes[c].amaf_visits - before[c],
                )
            })
            .collect()
    }

    #[test]
    fn rave_counts_a_move_only_within_its_window_after_the_node() {
        let (one, two) = (Player::One, Player::Two);
        // Player one moves first on 5×5 and plays codes 3, 9 and 12, plies 0, 2 and 4.
        let line = [(3, one), (4, two), (9, one), (5, two), (12, one)];
        assert_eq!(amaf_credit_of(4, &line), [(3, 1), (9, 1)]);
        assert_eq!(amaf_credit_of(usize::MAX, &line), [(3, 1), (9, 1), (12, 1)]);
        assert_eq!(amaf_credit_of(1, &line), [(3, 1)]);
    }

    #[test]
    fn a_move_played_twice_counts_from_its_earliest_play() {
        let (one, two) = (Player::One, Player::Two);
        let line = [(3, one), (4, two), (9, one), (5, two), (3, one)];
        assert_eq!(amaf_credit_of(2, &line), [(3, 1)], "once, from ply 0");
        let late = [(9, one), (4, two), (3, one), (5, two), (3, one)];
        assert_eq!(amaf_credit_of(2, &late), [(9, 1)], "first played at ply 2");
    }

    #[test]
    fn a_mark_of_an_earlier_iteration_never_counts() {
        let whole_game = usize::MAX;
        for (iteration, ply) in [(1, 0), (7, 3), (7, u32::MAX as usize), (u32::MAX - 1, 5)] {
            let key = mark_key(iteration, ply);
            assert!(marked_before(key, iteration, ply + 1));
            assert!(
                !marked_before(key, iteration, ply),
                "ply {ply} is past the horizon"
            );
            assert!(!marked_before(key, iteration + 1, whole_game));
        }
        assert!(!marked_before(0, 1, whole_game), "a mark never set");
    }

    #[test]
    fn an_even_win_rate_is_zero_and_the_scale_is_symmetric() {
        assert_eq!(win_rate_to_centipawns(0.5), 0);
        assert_eq!(win_rate_to_centipawns(0.75), 191);
        assert_eq!(win_rate_to_centipawns(0.25), -191);
    }

    #[test]
    fn results_are_counted_for_the_mover() {
        assert_eq!(result_for(Status::Won(Player::One), Player::One), 1.0);
        assert_eq!(result_for(Status::Won(Player::One), Player::Two), 0.0);
        assert_eq!(result_for(Status::Draw, Player::Two), 0.5);
    }

    /// How good the end `status` is for `player`: 2 a win, 1 a draw, 0 a loss.
    fn worth(status: Status, player: Player) -> u8 {
        match status {
            Status::Won(winner) if winner == player => 2,
            Status::Won(_) => 0,
            _ => 1,
        }
    }

    /// How good the end of `position`'s game is for its mover with its best move and the
    /// best reply to it.
    fn best_two_ply_outcome(position: &JcShock) -> u8 {
        let mover = position.side_to_move();
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mut best = 0;
        for &mv in &moves {
            let mut after = position.clone();
            after.play(mv);
            let mut replies = Vec::new();
            after.generate_moves(&mut replies);
            let answered = replies.iter().map(|&reply| {
                let mut end = after.clone();
                end.play(reply);
                worth(end.status(), mover)
            });
            best = best.max(answered.min().unwrap_or(worth(after.status(), mover)));
        }
        best
    }

    #[test]
    fn a_playout_plays_its_last_plies_perfectly() {
        let mut rng = Rng::new(1);
        let positions: Vec<JcShock> = (0..40)
            .map(|_| super::super::solver::random_ending(4, 2, &mut rng))
            .collect();
        let mut perfect = Mcts::<JcShock>::new(strong(), 5);
        let mut random = Mcts::<JcShock>::new(PLAIN_UCT, 5);
        let mut random_endings_differ = false;
        for position in &positions {
            let mover = position.side_to_move();
            let best = best_two_ply_outcome(position);
            for _ in 0..10 {
                let visited = perfect.visited;
                let perfect_end = perfect.fixed_length_playout(position, 2);
                assert_eq!(worth(perfect_end, mover), best);
                assert_eq!(
                    perfect.visited - visited,
                    2,
                    "the line's plies, not the lookahead"
                );
                let random_end = random.fixed_length_playout(position, 2);
                random_endings_differ |= worth(random_end, mover) != best;
            }
        }
        assert_eq!(strong().exact_tail, 2);
        assert_eq!(PLAIN_UCT.exact_tail, 0);
        assert!(
            random_endings_differ,
            "no position where random endings go wrong"
        );
    }
}
