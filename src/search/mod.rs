//! The game-agnostic searcher: it sees games only through [`crate::games::Game`] and
//! [`GameState`].
//!
//! [`search`] runs iterative deepening over `negamax` (alpha-beta with principal-variation
//! search), backed by the [`TranspositionTable`]; [`time`] decides how long a search may take,
//! `ordering` in which order moves are tried, and [`value`] how results are scored.

mod baseline;
mod buffers;
mod control;
pub mod info;
pub mod limits;
mod mcts;
mod negamax;
mod ordering;
mod pv;
mod rng;
pub mod strategy;
pub mod time;
pub mod tt;
pub mod value;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use buffers::SearchBuffers;
pub use info::{Info, Score};
pub use limits::{Clock, Limits};
pub use strategy::Strategy;
pub use tt::TranspositionTable;

use crate::games::{Game, GameState, SearchStyle};
use control::Control;
use negamax::Searcher;
use time::TimeBudget;
use value::{is_mate, INFINITY, MATE, MAX_PLY};

/// The move `limits.strategy` chooses in the current position of `state`; `None` only when
/// the game is over. `state` is returned as it came. See [`search`] for the engine's own
/// search; the baselines answer at once, and `mcts` plays out until a limit:
/// - `movetime` and the clocks give it its time as they give `search` (see [`time`]);
/// - `nodes` counts positions visited, in the tree and in the playouts;
/// - `depth N` alone means N thousand playouts (a fixed amount of work, like a depth);
/// - without a limit it runs until `stop`.
pub fn best_move<G: Game>(
    state: &mut GameState<G>,
    limits: &Limits,
    tt: &mut TranspositionTable,
    buffers: &mut SearchBuffers,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let seed = buffers.seed(state.position().hash());
    match limits.strategy {
        Strategy::Search => match G::SEARCH_STYLE {
            SearchStyle::AlphaBeta => search(state, limits, tt, buffers, stop, report),
            SearchStyle::Playouts => {
                solve_then_play_out(state, limits, tt, buffers, seed, stop, report)
            }
        },
        Strategy::Mcts => monte_carlo(
            state,
            limits,
            mcts::Config::PLAIN,
            buffers,
            seed,
            stop,
            report,
        ),
        Strategy::Greedy => baseline::greedy_move(state, &mut rng::Rng::new(seed)),
        Strategy::Random => baseline::random_move(state, &mut rng::Rng::new(seed)),
    }
}

/// Share of the effort that [`solve_then_play_out`] gives alpha-beta.
const SOLVING_SHARE: u32 = 8;

/// The `search` of [`SearchStyle::Playouts`] games: alpha-beta first with an eighth of the
/// effort, which settles endgames exactly; when it proves no result, Monte-Carlo with RAVE
/// chooses the move with the rest.
fn solve_then_play_out<G: Game>(
    state: &mut GameState<G>,
    limits: &Limits,
    tt: &mut TranspositionTable,
    buffers: &mut SearchBuffers,
    seed: u64,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let started = std::time::Instant::now();
    let budget = time_budget(limits, state.position());
    let target = budget.map(playout_time);
    let solving = Limits {
        depth: None,
        nodes: limits
            .nodes
            .or(limits
                .depth
                .filter(|_| target.is_none())
                .map(playouts_for_depth))
            .map(|nodes| nodes / u64::from(SOLVING_SHARE)),
        movetime: target.map(|t| t / SOLVING_SHARE),
        clock: None,
        infinite: false,
        move_overhead: Duration::ZERO,
        strategy: Strategy::Search,
    };
    if solving.nodes.is_some() || solving.movetime.is_some() {
        // Its reports stay back unless it proves the result: its depths and centipawns are
        // another scale than Monte-Carlo's, and a GUI should see one search going deeper.
        let mut last = None;
        let solved = alpha_beta(state, &solving, tt, buffers, stop, &mut |info| {
            last = Some(info.clone())
        });
        if let Some(Found { best, proven: true }) = solved {
            if let Some(info) = last {
                report(&info);
            }
            return Some(best);
        }
    }
    let rest = Limits {
        movetime: target.map(|t| t.saturating_sub(started.elapsed())),
        clock: None,
        move_overhead: Duration::ZERO,
        ..limits.clone()
    };
    monte_carlo(
        state,
        &rest,
        mcts::Config::STRONG,
        buffers,
        seed,
        stop,
        report,
    )
}

/// Monte-Carlo can stop at any moment, so it takes the whole target of a time budget, not
/// the point after which a new alpha-beta iteration would not finish.
fn playout_time(budget: TimeBudget) -> Duration {
    budget.soft.saturating_mul(2).min(budget.hard)
}

/// The playouts `go depth N` stands for in Monte-Carlo search: N thousand.
fn playouts_for_depth(depth: u32) -> u64 {
    u64::from(depth.max(1)) * 1000
}

/// UCT within `limits` (see [`best_move`]).
fn monte_carlo<G: Game>(
    state: &mut GameState<G>,
    limits: &Limits,
    config: mcts::Config,
    buffers: &mut SearchBuffers,
    seed: u64,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let budget = time_budget(limits, state.position());
    let time_limited = budget.is_some();
    let playouts = limits
        .depth
        .filter(|_| !time_limited && limits.nodes.is_none())
        .map(playouts_for_depth);
    let mut run = mcts::Run {
        control: Control::new(stop, limits.nodes, budget.map(|b| b.hard)),
        time: budget.map(playout_time),
        playouts,
        report,
    };
    let mut tree = mcts::Mcts::<G>::kept_or_new(buffers, config, seed);
    let best = tree.run(state, &mut run);
    buffers.keep_tree(tree);
    best
}

/// Searches the current position of `state` within `limits` (or until `stop` is set) and
/// returns the best move found; `None` only when the game is over. After each completed depth
/// of the iterative deepening, `report` receives its result. `state` is returned as it came.
/// The search works in `buffers`, which it allocates only when they are empty or were last
/// used for another game.
///
/// Depth 1 is always completed unless `stop` comes first: every move returned was searched.
/// After it, every limit that is set applies and the first one reached ends the search:
/// - `depth` completes exactly that many plies (0 counts as 1);
/// - `nodes` stops before visiting more nodes than that;
/// - `movetime` and the side to move's clock give a time budget (see [`time`]); a search
///   with a time budget also ends after depth 1 when there is only one legal move;
/// - `stop` ends the search at once.
///
/// Without any of them the search deepens until `stop` or the deepest ply. Whatever the
/// limits, it stops deepening once an iteration has proven its result: a mate within its
/// depth, or a value no deeper search can change (no line was cut by the horizon). It
/// returns as soon as it is done: holding the answer back until `stop` (see
/// [`Limits::waits_for_stop`]) is the caller's business.
///
/// When stopped before depth 1 completes, the move is the table's move for the position, or
/// the first legal move. A depth cut short counts only if one of its root moves was searched
/// to the end and is the best of those (the previous best is searched first, so that move is
/// at least as good); when it changed the best move, one more report gives that depth with
/// the new move's value and line, so that the last report's line starts with the move
/// returned.
pub fn search<G: Game>(
    state: &mut GameState<G>,
    limits: &Limits,
    tt: &mut TranspositionTable,
    buffers: &mut SearchBuffers,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    alpha_beta(state, limits, tt, buffers, stop, report).map(|found| found.best)
}

/// What [`alpha_beta`] found.
struct Found<M> {
    /// The best move.
    best: M,
    /// True when the last completed depth proved its value: deeper search cannot change it.
    proven: bool,
}

/// The time budget of `limits` for the side to move in `position` (see [`time::budget`]).
fn time_budget<G: Game>(limits: &Limits, position: &G) -> Option<TimeBudget> {
    time::budget(limits, position.side_to_move(), position.own_moves_left())
}

/// [`search`], telling also whether the result is proven.
fn alpha_beta<G: Game>(
    state: &mut GameState<G>,
    limits: &Limits,
    tt: &mut TranspositionTable,
    buffers: &mut SearchBuffers,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<Found<G::Move>> {
    let mut workspace = buffers.take::<G::Move>();
    state.generate_moves(&mut workspace.root_moves);
    let root_moves = workspace.root_moves.len();
    let best = if root_moves == 0 {
        None
    } else {
        tt.new_search();
        let budget = time_budget(limits, state.position());
        let control = Control::holding_limits(stop, limits.nodes, budget.map(|b| b.hard));
        let mut searcher = Searcher::<G>::new(tt, control, &mut workspace);
        let (best_index, proven) = deepen(&mut searcher, state, limits, budget, root_moves, report);
        workspace
            .root_moves
            .get(usize::from(best_index))
            .map(|&best| Found { best, proven })
    };
    buffers.put_back(workspace);
    best
}

/// Iterative deepening: searches one ply deeper at a time until a limit ends it or the
/// result is proven, reporting each completed depth, and returns the index of the best of
/// the `root_moves` root moves and whether its value is proven.
fn deepen<G: Game>(
    searcher: &mut Searcher<'_, G>,
    state: &mut GameState<G>,
    limits: &Limits,
    budget: Option<TimeBudget>,
    root_moves: usize,
    report: &mut dyn FnMut(&Info),
) -> (u16, bool) {
    let mut best_index = table_move(searcher.tt, state.position().hash(), root_moves);
    // The first move of the last reported line.
    let mut reported = None;
    for depth in 1..=max_depth(limits) {
        searcher.root_hint = Some(best_index);
        searcher.root_best = None;
        let unproven_before = searcher.unproven;
        let value = searcher.negamax(state, depth as i32, 0, -INFINITY, INFINITY);
        if depth == 1 {
            searcher.control.arm_limits();
        }
        if let Some((index, _)) = searcher.root_best {
            best_index = index;
        }
        if searcher.control.aborted() {
            // A move of the unfinished depth replaced the last reported one: say so.
            if let Some((_, partial)) = searcher.root_best {
                if reported != Some(best_index) {
                    report(&progress(searcher, state, depth, partial));
                }
            }
            break;
        }
        report(&progress(searcher, state, depth, value));
        reported = Some(best_index);
        if searcher.unproven == unproven_before || proven_within(value, depth) {
            return (best_index, true);
        }
        if let Some(budget) = budget {
            if root_moves == 1 || searcher.control.elapsed() >= budget.soft {
                break;
            }
        }
    }
    (best_index, false)
}

/// The report of `depth` with the root value `value` and the searcher's line and counts.
fn progress<G: Game>(
    searcher: &Searcher<'_, G>,
    state: &mut GameState<G>,
    depth: u32,
    value: i32,
) -> Info {
    Info {
        depth,
        seldepth: searcher.seldepth as u32,
        score: value::to_score(value),
        nodes: searcher.nodes,
        time: searcher.control.elapsed(),
        hashfull: searcher.tt.hashfull(),
        pv: notation(state, searcher.workspace.pv.line(0)),
    }
}

/// The deepest iteration `limits` allow: the depth asked (0 counts as 1), at most `MAX_PLY`.
fn max_depth(limits: &Limits) -> u32 {
    limits
        .depth
        .unwrap_or(MAX_PLY as u32)
        .clamp(1, MAX_PLY as u32)
}

/// The table's best move for the root `hash` as an index below `root_moves`, else the first
/// move: a hash collision could hand over another position's index.
fn table_move(tt: &TranspositionTable, hash: u64, root_moves: usize) -> u16 {
    tt.probe(hash, 0)
        .and_then(|entry| entry.move_index)
        .filter(|&i| usize::from(i) < root_moves)
        .unwrap_or(0)
}

/// True when `value` is a mate no deeper than `depth` plies: searching deeper cannot change it.
fn proven_within(value: i32, depth: u32) -> bool {
    is_mate(value) && (MATE - value.abs()) as u32 <= depth
}

/// The moves of `line` (played from the current position of `state`) in notation.
pub(crate) fn notation<G: Game>(state: &mut GameState<G>, line: &[G::Move]) -> Vec<String> {
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        texts.push(state.position().format_move(mv));
        state.make(mv);
    }
    for _ in line {
        state.unmake();
    }
    texts
}
