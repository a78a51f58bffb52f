//! The Monte-Carlo tree and its reused buffers: making or keeping a tree, and root queries.

use super::node::Node;
use super::weights::Weights;
use crate::games::{MoveList, Player, SearchHints, TreePolicy, MAX_MOVES};
use crate::search::rng::Rng;

/// Tree nodes allocated at most; past it the tree stops growing and iterations only play out.
pub(super) const MAX_TREE_NODES: usize = 1 << 22;

/// A share of 1 in the units of [`Mcts::mast_threshold`].
pub(super) const FULL_SHARE: u64 = 1 << 32;

/// One Monte-Carlo search: the tree and the buffers its iterations reuse.
pub(crate) struct Mcts<G: SearchHints> {
    pub(super) config: TreePolicy,
    pub(super) nodes: Vec<Node<G::Move>>,
    /// The position at the root of `nodes`, once a search has run.
    pub(super) root: Option<G>,
    /// Scratch space for moving a subtree to the root.
    pub(super) spare: Vec<Node<G::Move>>,
    pub(super) path: Vec<u32>,
    /// The player to move at each node of the path.
    pub(super) movers: Vec<Player>,
    /// Every move of the running iteration with its mover (for RAVE).
    pub(super) line: Vec<(usize, Player)>,
    /// RAVE, per player and move code: the iteration that last played it (high 32 bits) and
    /// its earliest index in `line` (low 32), so one comparison tells whether it counts.
    pub(super) marks: [Vec<u64>; 2],
    /// MAST, when on: per player and move code, results summed and playouts counted.
    pub(super) mast: [Vec<(f32, f32)>; 2],
    /// The same for move pairs (index `before * codes + code`), when on.
    pub(super) pairs: [Vec<(f32, f32)>; 2],
    pub(super) iteration: u32,
    pub(super) moves: Vec<G::Move>,
    /// Move buffers per ply of an exact ending (a playout's tail or a node's solve).
    pub(super) exact_moves: Vec<MoveList<G::Move>>,
    pub(super) rng: Rng,
    /// Positions visited (tree steps and playout plies): the `nodes` of `info`.
    pub(super) visited: u64,
    pub(super) max_depth: usize,
    /// The root moves the next search may choose from (`go searchmoves`); all when empty.
    pub(super) allowed_at_root: Vec<G::Move>,
    /// Proven losing root moves the next search skips (kept in the tree); one must stay allowed.
    pub(super) banned_at_root: Vec<G::Move>,
    pub(super) weights: Weights,
    /// [`TreePolicy::mast_share`] in units of 2⁻³², compared with 32 random bits.
    pub(super) mast_threshold: u64,
    /// [`TreePolicy::exploration`], or [`TreePolicy::long_exploration`] in a long search.
    pub(super) exploration: f64,
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
            exact_moves: (0..config.exact_tail.max(config.solved_within as usize))
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

    /// The `kept` tree if grown with `config`, else a new one; playouts draw from `seed`.
    pub(crate) fn kept_or_new(kept: Option<Box<Self>>, config: TreePolicy, seed: u64) -> Box<Self> {
        match kept {
            Some(mut tree) if tree.config == config => {
                tree.rng = Rng::new(seed);
                tree
            }
            _ => Box::new(Mcts::new(config, seed)),
        }
    }

    /// Whether `child` of the root is a banned move.
    #[inline]
    pub(super) fn banned(&self, node: usize, child: usize) -> bool {
        node == 0
            && !self.banned_at_root.is_empty()
            && self.nodes[child]
                .mv
                .is_some_and(|mv| self.banned_at_root.contains(&mv))
    }

    /// The most visited child of `node` (not a banned root move).
    pub(super) fn best_child(&self, node: usize) -> Option<usize> {
        let parent = &self.nodes[node];
        parent
            .child_range()
            .filter(|&c| !self.banned(node, c))
            .max_by_key(|&c| self.nodes[c].visits)
    }
}
