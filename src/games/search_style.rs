//! The search that plays a game best and how it is tuned, as plain data: each game names its
//! [`SearchStyle`] with a `'static` tuning value of its own, and the searchers read the
//! fields. Being constants of the game's type, the values cost nothing at run time: a test
//! on one is decided when the search is compiled for the game.

use std::time::Duration;

/// The kind of search that plays a game best, with that search's tuning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SearchStyle {
    /// Iterative-deepening alpha-beta on the game's evaluation.
    AlphaBeta(&'static AlphaBetaTuning),
    /// Monte-Carlo playouts after an exact solver that settles the endgame of a game of
    /// fixed length: for games whose outcome no static evaluation foresees.
    Playouts(&'static PlayoutTuning),
}

impl SearchStyle {
    /// The tuning alpha-beta uses for the game: the style's own, or
    /// [`AlphaBetaTuning::DEFAULT`] for a game played by playouts (alpha-beta still searches
    /// it where asked to, to prove a mate say).
    pub const fn alpha_beta_tuning(self) -> &'static AlphaBetaTuning {
        match self {
            SearchStyle::AlphaBeta(tuning) => tuning,
            SearchStyle::Playouts(_) => &AlphaBetaTuning::DEFAULT,
        }
    }
}

/// A game's tuning of alpha-beta: which of its inexact prunings the search uses, and how it
/// values a draw. Each pruning trades exactness for depth, so it is off unless the game's
/// evaluation suits it; [`AlphaBetaTuning::DEFAULT`] is the plain, objective search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlphaBetaTuning {
    /// Late move reductions: the late quiet moves of a node (after the first three, with
    /// move priority 0) are searched shallower first, the more so the later the move and
    /// the deeper the node, and at full depth only when they beat the best so far.
    pub late_move_reductions: bool,
    /// How much less than nothing a draw is worth to the player the search is for, and how
    /// much more to the opponent. A game where the weaker side can always force a draw sets
    /// it, so that the engine takes the draw only when every other line loses and keeps its
    /// chances against an opponent who may not find the draw; 0 is objective play. The
    /// evaluation must never give exactly `-contempt`: the reports show that root value as
    /// the draw it stands for.
    pub contempt: i32,
    /// Reverse futility pruning: a node off the principal variation, at most
    /// [`AlphaBetaTuning::futility_depth`] plies from the horizon and not forcing, whose
    /// evaluation exceeds beta by this much per ply left is taken to hold beta without
    /// search. For games whose evaluation rarely swings that much in a few quiet plies; 0
    /// turns it off.
    pub futility_margin: i32,
    /// The deepest node reverse futility pruning applies to.
    pub futility_depth: i32,
    /// Whether the search keeps the game's status and evaluation of each position in a cache
    /// by position key: worth it where computing them costs more than a memory access that
    /// often misses the processor's caches.
    pub cache_evaluations: bool,
}

impl AlphaBetaTuning {
    /// Plain alpha-beta: no late move reductions, no futility pruning, no contempt, and the
    /// evaluations cached (most evaluations cost more than the cache's lookup).
    pub const DEFAULT: AlphaBetaTuning = AlphaBetaTuning {
        late_move_reductions: false,
        contempt: 0,
        futility_margin: 0,
        futility_depth: 3,
        cache_evaluations: true,
    };
}

impl Default for AlphaBetaTuning {
    fn default() -> Self {
        AlphaBetaTuning::DEFAULT
    }
}

/// A game's tuning of the playout search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutTuning {
    /// The tree and the playouts.
    pub tree: TreePolicy,
    /// The exact solver's reach.
    pub solver: SolverReach,
    /// What counts as a long search.
    pub long_search: LongSearch,
}

/// How a Monte-Carlo tree search weighs what it has seen and how its playouts choose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TreePolicy {
    /// The exploration constant of UCB1.
    pub exploration: f64,
    /// The exploration constant of UCB1 in a long search (see [`LongSearch`]): the more
    /// playouts a search makes, the more of them it can spend on moves its estimates rank
    /// lower.
    pub long_exploration: f64,
    /// How RAVE weighs a move's all-moves-as-first results against its own; `None` turns
    /// RAVE off. Needs the game's move codes (`SearchHints::move_code`).
    pub rave: Option<RaveSchedule>,
    /// Whether a search starts from the part of the last search's tree below the position
    /// now on the board (found among the last root's children and grandchildren).
    pub reuse: bool,
    /// Whether playouts prefer moves that did well this search (MAST: the better of two
    /// random moves by their average result for the mover); needs RAVE's move codes.
    pub mast: bool,
    /// Playouts through a leaf before it gets children (the root always has them): fewer
    /// nodes, each with better statistics, and a tree that fills memory later.
    pub expand_after: u32,
    /// With MAST, the weight in a playout move's value of the mover's average result with
    /// that move played right after the move before it (pairs of moves, as in the N-gram
    /// selection technique); MAST's average for the move alone weighs the rest. 0 turns
    /// pairs off.
    pub pairs: f32,
    /// With MAST, the share of playout moves that are the better of two random moves; the
    /// others are one uniformly random move. 1 makes every move MAST's choice.
    pub mast_share: f64,
    /// With RAVE, how many plies after a node's position a move of its player still counts
    /// as played "first" there: a move made much later, after the board has changed around
    /// it, says little about making it now. `usize::MAX` counts the whole iteration.
    pub amaf_window: usize,
    /// In games of fixed length, how many plies at the end of a playout are played perfectly
    /// (by minimax over every move) instead of at random: where random moves would hand the
    /// game away and bias every estimate. 0 plays every ply at random. The moves of this
    /// tail are not credited to MAST or RAVE.
    pub exact_tail: usize,
    /// In games of fixed length, tree nodes this many plies or fewer from the end are solved
    /// by minimax once they have had [`TreePolicy::expand_after`] playouts, instead of getting
    /// children, and every later iteration that reaches one backs up its exact result; a node
    /// whose mover has a solved win among its children, or whose children are all solved, is
    /// solved too (MCTS-Solver). The tree near the end then stops guessing, at the cost of one
    /// minimax per node. 0 solves none.
    pub solved_within: u32,
}

/// The weight β that RAVE gives a move's all-moves-as-first (AMAF) mean, and 1 − β its own
/// mean, by the move's own visits n and its AMAF visits ñ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RaveSchedule {
    /// β = √(k / (3n + k)), with the equivalence parameter k: after k visits of its own a
    /// move's two means weigh about the same, however many AMAF visits it has.
    Equivalence(f64),
    /// β = ñ / (n + ñ + 4b²·n·ñ), the field being 4b² (Gelly and Silver's schedule of least
    /// mean squared error, b the bias of AMAF means): a move with few AMAF visits leans on
    /// its own mean from the start, one with many until about 1 / 4b² visits of its own.
    MinimumError(f64),
}

/// When the exact endgame solver runs before the playouts, in a game of fixed length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverReach {
    /// Plies from the end within which a timed search tries the solver.
    pub plies: u32,
    /// Plies from the end within which a search of at least [`SolverReach::deep_time`], or
    /// one without a time limit (a node or depth limit), tries it.
    pub deep_plies: u32,
    /// The time of a move from which [`SolverReach::deep_plies`] applies.
    pub deep_time: Duration,
    /// The solver gets one part in this many of the search's time or nodes.
    pub share: u32,
}

/// From what size a Monte-Carlo search counts as long, for
/// [`TreePolicy::long_exploration`]; a search without any limit is long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LongSearch {
    /// A time target at least this long.
    pub time: Duration,
    /// A node limit at least this large.
    pub nodes: u64,
    /// A playout limit (`go depth N`: N thousand) at least this large.
    pub playouts: u64,
}
