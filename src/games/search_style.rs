//! The search that plays a game best and its tuning, as `'static` constants of the game's
//! type, so a test on one is decided when the search is compiled for the game.

use std::time::Duration;

/// The kind of search that plays a game best, with that search's tuning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SearchStyle {
    /// Iterative-deepening alpha-beta on the game's evaluation.
    AlphaBeta(&'static AlphaBetaTuning),
    /// Monte-Carlo playouts, with an exact endgame solver, for games of fixed length that no
    /// static evaluation suits.
    Playouts(&'static PlayoutTuning),
}

impl SearchStyle {
    /// The style's alpha-beta tuning, or [`AlphaBetaTuning::DEFAULT`] for a playout game.
    pub const fn alpha_beta_tuning(self) -> &'static AlphaBetaTuning {
        match self {
            SearchStyle::AlphaBeta(tuning) => tuning,
            SearchStyle::Playouts(_) => &AlphaBetaTuning::DEFAULT,
        }
    }
}

/// A game's tuning of alpha-beta: its inexact prunings (off unless the evaluation suits them)
/// and how it values a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlphaBetaTuning {
    /// Late move reductions: late quiet moves (priority 0) are searched shallower first.
    pub late_move_reductions: bool,
    /// How much less than nothing a draw is worth to the searching side (0: objective), for
    /// games where the weaker side can force a draw. The evaluation must never give exactly
    /// `-contempt`: reports show that root value as a draw.
    pub contempt: i32,
    /// Reverse futility pruning: a quiet non-PV node near the horizon whose evaluation beats
    /// beta by this much per ply left holds beta without search; 0 turns it off.
    pub futility_margin: i32,
    /// The deepest node reverse futility pruning applies to.
    pub futility_depth: i32,
    /// Whether the search caches status and evaluation by position key (worth it where they
    /// cost more than a cache miss).
    pub cache_evaluations: bool,
}

impl AlphaBetaTuning {
    /// Plain, objective alpha-beta, evaluations cached.
    pub const DEFAULT: AlphaBetaTuning = AlphaBetaTuning {
        late_move_reductions: false,
        contempt: 0,
        futility_margin: 0,
        futility_depth: 3,
        cache_evaluations: true,
    };
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
    /// The exploration constant in a long search ([`LongSearch`]), which can afford more.
    pub long_exploration: f64,
    /// RAVE's weighting; `None` turns RAVE off. Needs `SearchHints::move_code`.
    pub rave: Option<RaveSchedule>,
    /// Whether a search reuses the last search's subtree of the position now on the board.
    pub reuse: bool,
    /// MAST: playouts take the better of two random moves by their average result.
    pub mast: bool,
    /// Playouts through a leaf before it gets children (fewer, better-known nodes).
    pub expand_after: u32,
    /// With MAST, the weight of the move pair's average (N-gram selection) against the
    /// move's own; 0 turns pairs off.
    pub pairs: f32,
    /// With MAST, the share of playout moves chosen by MAST; the rest are uniformly random.
    pub mast_share: f64,
    /// With RAVE, how many plies later a move still counts as played "first" (a much later
    /// move says little); `usize::MAX` counts the whole iteration.
    pub amaf_window: usize,
    /// Plies at a playout's end played by minimax, not at random, which would bias the
    /// estimates; not credited to MAST or RAVE. 0: none.
    pub exact_tail: usize,
    /// Tree nodes this near the end are solved by minimax after
    /// [`TreePolicy::expand_after`] playouts and back up exact results (MCTS-Solver). 0: none.
    pub solved_within: u32,
}

/// RAVE's weight β of a move's AMAF mean (1 − β its own), by its visits n and AMAF visits ñ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RaveSchedule {
    /// β = √(k / (3n + k)): after k own visits the two means weigh about the same.
    Equivalence(f64),
    /// β = ñ / (n + ñ + 4b²·n·ñ), the field being 4b² (Gelly and Silver's least-error
    /// schedule, b the bias of AMAF means).
    MinimumError(f64),
}

/// When the exact endgame solver runs before the playouts, in a game of fixed length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverReach {
    /// Plies from the end within which a timed search tries the solver.
    pub plies: u32,
    /// The same for a search of at least [`SolverReach::deep_time`] or without a time limit.
    pub deep_plies: u32,
    /// The time of a move from which [`SolverReach::deep_plies`] applies.
    pub deep_time: Duration,
    /// The solver gets one part in this many of the search's time or nodes.
    pub share: u32,
}

/// From what size a search counts as long ([`TreePolicy::long_exploration`]); unlimited is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LongSearch {
    /// A time target at least this long.
    pub time: Duration,
    /// A node limit at least this large.
    pub nodes: u64,
    /// A playout limit (`go depth N`: N thousand) at least this large.
    pub playouts: u64,
}
