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
mod smp;
mod solver;
pub mod strategy;
pub mod time;
pub mod tt;
pub mod value;

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use buffers::SearchBuffers;
pub use info::{Bound, CurrMove, Info, Score};
pub use limits::{Clock, Limits};
pub use smp::MAX_HELPERS;
pub use strategy::Strategy;
pub use tt::TranspositionTable;

use crate::games::{
    GameState, LongSearch, MoveList, PlayoutTuning, SearchHints, SearchStyle, SolverReach,
    TreePolicy,
};
use control::Control;
use negamax::Searcher;
use time::TimeBudget;
use value::{is_mate, DRAW, INFINITY, MATE, MAX_PLY};

/// The move `limits.strategy` chooses in the current position of `state`; `None` only when
/// the game is over. `state` is returned as it came. See [`search`] for the engine's own
/// search; the baselines answer at once, and `mcts` plays out until a limit:
/// - `movetime` and the clocks give it its time as they give `search` (see [`time`]);
/// - `nodes` counts positions visited, in the tree and in the playouts;
/// - `depth N` alone means N thousand playouts (a fixed amount of work, like a depth);
/// - without a limit it runs until `stop`.
///
/// Whatever the strategy, only the root moves `limits.searchmoves` names are considered
/// when it names any legal one, and `limits.mate` makes the search alpha-beta (see
/// [`Limits::mate`]).
pub fn best_move<G: SearchHints>(
    state: &mut GameState<G>,
    limits: &Limits,
    tt: &mut TranspositionTable,
    buffers: &mut SearchBuffers,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let seed = buffers.seed(state.position().hash());
    let allowed = allowed_root_moves(state.position(), limits);
    match limits.strategy {
        Strategy::Search => match G::SEARCH_STYLE {
            SearchStyle::AlphaBeta => search(state, limits, tt, buffers, stop, report),
            // Proving a mate is alpha-beta's work.
            SearchStyle::Playouts(_) if limits.mate.is_some() => {
                search(state, limits, tt, buffers, stop, report)
            }
            SearchStyle::Playouts(tuning) => {
                solve_then_play_out(state, limits, tuning, tt, buffers, seed, stop, report)
            }
        },
        Strategy::Mcts => monte_carlo(
            state,
            limits,
            mcts::PLAIN_UCT,
            false,
            buffers,
            seed,
            stop,
            &[],
            report,
        ),
        Strategy::Greedy => baseline::greedy_move(state, &allowed, &mut rng::Rng::new(seed)),
        Strategy::Random => baseline::random_move(state, &allowed, &mut rng::Rng::new(seed)),
    }
}

/// The moves of `position` that `limits.searchmoves` names (the texts that are not legal
/// moves are left out); empty, meaning every move, when it names none.
fn allowed_root_moves<G: SearchHints>(position: &G, limits: &Limits) -> Vec<G::Move> {
    limits
        .searchmoves
        .iter()
        .filter_map(|text| position.parse_move(text).ok())
        .collect()
}

/// Keeps in the root `moves` only those in `allowed`, unless `allowed` is empty or names
/// none of them: a search always has every move to fall back on.
pub(crate) fn restrict_root<M: Copy + Eq>(moves: &mut MoveList<M>, allowed: &[M]) {
    if !allowed.is_empty() && moves.iter().any(|mv| allowed.contains(mv)) {
        moves.retain(|mv| allowed.contains(mv));
    }
}

/// How many plies before the end of the game the exact solver is tried, for a search of
/// `target` time (none: a node or depth limit), as the game's `reach` says.
fn solvable_plies(reach: &SolverReach, target: Option<Duration>) -> u32 {
    match target {
        Some(time) if time < reach.deep_time => reach.plies,
        _ => reach.deep_plies,
    }
}

/// The `search` of [`SearchStyle::Playouts`] games. Within [`solvable_plies`] of the end of a
/// game of fixed length, the exact solver first gets its [`SolverReach::share`] of the effort; a
/// win it proves is played at once. Otherwise Monte-Carlo with RAVE chooses the move with the
/// rest, among the moves not proven lost: after a proven draw among the drawing moves, after
/// a proven loss among all (against best play every move loses, and the move that wins the
/// most playouts leaves a fallible opponent the most ways to go wrong), and after a solve cut
/// short among those not proven lost. Its reports then carry the proven value;
/// their `nodes` and `time` count the solver's work too.
#[allow(clippy::too_many_arguments)]
fn solve_then_play_out<G: SearchHints>(
    state: &mut GameState<G>,
    limits: &Limits,
    tuning: &PlayoutTuning,
    tt: &mut TranspositionTable,
    buffers: &mut SearchBuffers,
    seed: u64,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let started = std::time::Instant::now();
    let target = time_budget(limits, state.position()).map(playout_time);
    let endgame = solve_endgame(state, limits, &tuning.solver, target, tt, stop);
    if let Some((win, info)) = endgame.win {
        report(&info);
        return Some(win);
    }
    let solving_time = started.elapsed();
    // The reports count the solver's work with the playouts', and carry its proven value.
    let mut shown = |info: &Info| {
        report(&Info {
            score: endgame.proven.map_or(info.score, value::to_score),
            nodes: info.nodes + endgame.nodes,
            time: info.time + solving_time,
            ..info.clone()
        })
    };
    let rest = Limits {
        movetime: target.map(|t| t.saturating_sub(solving_time)),
        nodes: limits
            .nodes
            .map(|nodes| nodes.saturating_sub(endgame.nodes).max(1)),
        clock: None,
        move_overhead: Duration::ZERO,
        ..limits.clone()
    };
    let banned = &endgame.lost;
    buffers.set_threads(limits.threads);
    let long = is_long_search(limits, state.position(), &tuning.long_search);
    if buffers.helpers.count() > 0 {
        return parallel_monte_carlo(
            state,
            &rest,
            tuning.tree,
            long,
            buffers,
            seed,
            stop,
            banned,
            &mut shown,
        );
    }
    monte_carlo(
        state,
        &rest,
        tuning.tree,
        long,
        buffers,
        seed,
        stop,
        banned,
        &mut shown,
    )
}

/// What the exact solver found in [`solve_endgame`].
struct Endgame<M> {
    /// A winning move, with the report of its proof.
    win: Option<(M, Info)>,
    /// The root moves proven lost, unless every move is: the moves not to play.
    lost: Vec<M>,
    /// The root's value when every move was solved.
    proven: Option<i32>,
    /// Positions the solver visited, which a node limit counts.
    nodes: u64,
}

/// Runs the exact solver on the current position of `state` with its `reach`'s share of the
/// time `target` or of the node limit (`go depth N` standing for N thousand playouts), if the
/// game has a fixed length and ends within [`solvable_plies`]; without any such limit (an
/// infinite search) the solver is not run.
fn solve_endgame<G: SearchHints>(
    state: &mut GameState<G>,
    limits: &Limits,
    reach: &SolverReach,
    target: Option<Duration>,
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
) -> Endgame<G::Move> {
    let mut endgame = Endgame {
        win: None,
        lost: Vec::new(),
        proven: None,
        nodes: 0,
    };
    let Some(left) = state
        .position()
        .plies_left()
        .filter(|&l| l <= solvable_plies(reach, target))
    else {
        return endgame;
    };
    let nodes = limits
        .nodes
        .or(limits
            .depth
            .filter(|_| target.is_none())
            .map(playouts_for_depth))
        .map(|nodes| nodes / u64::from(reach.share));
    let time = target.map(|t| t / reach.share);
    if nodes.is_none() && time.is_none() {
        return endgame;
    }
    let started = std::time::Instant::now();
    tt.new_search();
    let mut moves = Vec::new();
    state.generate_moves(&mut moves);
    restrict_root(&mut moves, &allowed_root_moves(state.position(), limits));
    let mut solver = solver::Solver::<G>::new(tt, Control::new(stop, nodes, time));
    let results = solver.solve_root(state.position(), &moves);
    endgame.nodes = solver.nodes;
    let value_of = |result| solver::to_value(result, 0, left);
    if let Some(win) = results.iter().position(|&r| r == Some(solver::WIN)) {
        let line = solver.line(state.position(), moves[win]);
        let info = Info {
            depth: left,
            seldepth: left,
            score: value::to_score(value_of(solver::WIN)),
            nodes: solver.nodes,
            time: started.elapsed(),
            hashfull: tt.hashfull(),
            pv: notation(state, &line),
            multipv: None,
            bound: None,
            currmove: None,
        };
        endgame.win = Some((moves[win], info));
        return endgame;
    }
    endgame.lost = moves
        .iter()
        .zip(&results)
        .filter(|&(_, &result)| result == Some(solver::LOSS))
        .map(|(&mv, _)| mv)
        .collect();
    if endgame.lost.len() == moves.len() {
        endgame.lost.clear();
    }
    if !solver.aborted() {
        endgame.proven = results.iter().flatten().max().map(|&r| value_of(r));
    }
    endgame
}

/// The stop conditions of a Monte-Carlo search under `limits` for the side to move in
/// `position`: its time budget, the node limit, or `go depth N` alone as N thousand playouts.
fn monte_carlo_run<'a, 'r, G: SearchHints>(
    limits: &Limits,
    position: &G,
    long: bool,
    stop: &'a AtomicBool,
    report: &'r mut dyn FnMut(&Info),
) -> mcts::Run<'a, 'r> {
    let budget = time_budget(limits, position);
    let playouts = playout_limit(limits, budget);
    mcts::Run {
        control: Control::new(stop, limits.nodes, budget.map(|b| b.hard)),
        time: budget.map(playout_time),
        playouts,
        report,
        lines: limits.multipv,
        long,
    }
}

/// The playouts a Monte-Carlo search under `limits` (and its time `budget`) stops after:
/// `go depth N` alone stands for N thousand.
fn playout_limit(limits: &Limits, budget: Option<TimeBudget>) -> Option<u64> {
    limits
        .depth
        .filter(|_| budget.is_none() && limits.nodes.is_none())
        .map(playouts_for_depth)
}

/// Whether a Monte-Carlo search under `limits` is long: its time target, node limit or
/// playouts reach those of `long`, or it has no limit at all (`go infinite`, pondering).
fn is_long_search<G: SearchHints>(limits: &Limits, position: &G, long: &LongSearch) -> bool {
    let budget = time_budget(limits, position);
    match (budget, limits.nodes, playout_limit(limits, budget)) {
        (Some(budget), _, _) => playout_time(budget) >= long.time,
        (None, Some(nodes), _) => nodes >= long.nodes,
        (None, None, Some(playouts)) => playouts >= long.playouts,
        (None, None, None) => true,
    }
}

/// Root parallelization of [`monte_carlo`] with the game's tree policy: every helper
/// thread grows a tree of its own (another seed) until this thread's tree reaches a limit,
/// and the move played is the root move with the most visits over all the trees (those of
/// helpers that stop within `HELPER_PATIENCE`). Only this
/// thread reports; if the summed visits choose another move than its own tree, one more
/// report gives that move's line in this thread's tree.
#[allow(clippy::too_many_arguments)]
fn parallel_monte_carlo<G: SearchHints>(
    state: &mut GameState<G>,
    limits: &Limits,
    config: TreePolicy,
    long: bool,
    buffers: &mut SearchBuffers,
    seed: u64,
    stop: &AtomicBool,
    banned: &[G::Move],
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let allowed = allowed_root_moves(state.position(), limits);
    let mut tree = mcts::Mcts::<G>::kept_or_new(buffers, config, seed);
    tree.restrict_root(&allowed);
    tree.ban_at_root(banned);
    let banned = banned.to_vec();
    let votes: Votes<G::Move> = Arc::default();
    let helpers = buffers.helpers.start(|number, stop, nodes| {
        let mut state = state.clone();
        let votes = Arc::clone(&votes);
        let allowed = allowed.clone();
        let banned = banned.clone();
        let seed = seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Box::new(move |buffers: &mut SearchBuffers| {
            let mut silent = |_: &Info| {};
            let mut run = mcts::Run {
                control: Control::new(&stop, None, None).publishing(&nodes),
                time: None,
                playouts: None,
                report: &mut silent,
                lines: 1,
                long,
            };
            let mut tree = mcts::Mcts::<G>::kept_or_new(buffers, config, seed);
            tree.restrict_root(&allowed);
            tree.ban_at_root(&banned);
            tree.run(&mut state, &mut run);
            if let Ok(mut votes) = votes.lock() {
                add_votes(&mut votes, tree.root_visits());
            }
            buffers.keep_tree(tree);
        })
    });
    let mut run = monte_carlo_run(limits, state.position(), long, stop, report);
    let own = tree.run(state, &mut run);
    drop(helpers);
    // A helper that does not stop at once (descheduled on a busy machine) must not make the
    // answer late: its visits are left out.
    buffers.helpers.settle(HELPER_PATIENCE);
    let best = votes.lock().ok().and_then(|mut votes| {
        add_votes(&mut votes, tree.root_visits());
        votes
            .iter()
            .max_by_key(|&&(_, visits)| visits)
            .map(|&(mv, _)| mv)
    });
    if let Some(chosen) = best.filter(|&mv| Some(mv) != own) {
        let info = tree.line_of(state, chosen, run.control.elapsed());
        (run.report)(&info);
    }
    buffers.keep_tree(tree);
    best.or(own)
}

/// The root visits of the helpers' trees, summed per move.
type Votes<M> = Arc<Mutex<Vec<(M, u64)>>>;

/// How long a Monte-Carlo search waits for its helpers' visits once it has stopped them.
const HELPER_PATIENCE: Duration = Duration::from_millis(2);

/// Adds the root `visits` of one tree to the sums in `votes`.
fn add_votes<M: Copy + Eq>(votes: &mut Vec<(M, u64)>, visits: impl Iterator<Item = (M, u32)>) {
    for (mv, count) in visits {
        match votes.iter_mut().find(|(known, _)| *known == mv) {
            Some((_, sum)) => *sum += u64::from(count),
            None => votes.push((mv, u64::from(count))),
        }
    }
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

/// UCT within `limits` (see [`best_move`]), never playing a `banned` root move.
#[allow(clippy::too_many_arguments)]
fn monte_carlo<G: SearchHints>(
    state: &mut GameState<G>,
    limits: &Limits,
    config: TreePolicy,
    long: bool,
    buffers: &mut SearchBuffers,
    seed: u64,
    stop: &AtomicBool,
    banned: &[G::Move],
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let mut run = monte_carlo_run(limits, state.position(), long, stop, report);
    let mut tree = mcts::Mcts::<G>::kept_or_new(buffers, config, seed);
    tree.restrict_root(&allowed_root_moves(state.position(), limits));
    tree.ban_at_root(banned);
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
/// - `stop` ends the search at once;
/// - `mate` ends it once a win in that many moves of the side to move is proven;
/// - `searchmoves` is not a limit: only the root moves it names are searched.
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
pub fn search<G: SearchHints>(
    state: &mut GameState<G>,
    limits: &Limits,
    tt: &mut TranspositionTable,
    buffers: &mut SearchBuffers,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    buffers.set_threads(limits.threads);
    let mut workspace = buffers.take::<G::Move>();
    let allowed = allowed_root_moves(state.position(), limits);
    state.generate_moves(&mut workspace.root_moves);
    // The same restriction as the searcher's at ply 0, so that root indices agree.
    restrict_root(&mut workspace.root_moves, &allowed);
    let root_moves = workspace.root_moves.len();
    let best = if root_moves == 0 {
        None
    } else {
        tt.new_search();
        let budget = time_budget(limits, state.position());
        let control = Control::holding_limits(stop, limits.nodes, budget.map(|b| b.hard));
        let helpers = (buffers.helpers.count() > 0)
            .then(|| start_helpers(&mut buffers.helpers, state, tt, &allowed));
        let helper_nodes = || helpers.as_ref().map_or(0, smp::Running::nodes);
        let mut searcher = Searcher::<G>::new(tt, control, &mut workspace, report);
        searcher.allowed_at_root = &allowed;
        searcher.currmove_after = Some(CURRMOVE_AFTER);
        let best_index = deepen(&mut searcher, state, limits, budget, &helper_nodes);
        drop(searcher);
        // Stops the helpers; the next search waits for them.
        drop(helpers);
        workspace.root_moves.get(usize::from(best_index)).copied()
    };
    buffers.put_back(workspace);
    best
}

/// The time budget of `limits` for the side to move in `position` (see [`time::budget`]).
fn time_budget<G: SearchHints>(limits: &Limits, position: &G) -> Option<TimeBudget> {
    time::budget(
        limits,
        position.side_to_move(),
        position.expected_own_moves_left(),
    )
}

/// A search longer than this announces each root move it starts (`currmove`), as Stockfish
/// does: shorter searches would only flood the output.
const CURRMOVE_AFTER: Duration = Duration::from_secs(3);

/// Starts every helper thread of `helpers` on the root of `state`, sharing `tt`.
fn start_helpers<G: SearchHints>(
    helpers: &mut smp::Helpers,
    state: &GameState<G>,
    tt: &TranspositionTable,
    allowed: &[G::Move],
) -> smp::Running {
    helpers.start(|number, stop, nodes| {
        let mut state = state.clone();
        let tt = tt.share();
        let allowed = allowed.to_vec();
        Box::new(move |buffers: &mut SearchBuffers| {
            help(number, &mut state, &tt, &allowed, &stop, &nodes, buffers);
        })
    })
}

/// The search of helper thread `number` (from 1): iterative deepening of the root of `state`
/// (restricted to `allowed` when not empty, as the main search's) over the depths the helper
/// does not skip ([`smp::skips_depth`]), until `stop` or a proven
/// result, publishing its node count to `nodes`. It reports nothing: what it finds reaches
/// the main search through the table.
fn help<G: SearchHints>(
    number: usize,
    state: &mut GameState<G>,
    tt: &TranspositionTable,
    allowed: &[G::Move],
    stop: &AtomicBool,
    nodes: &AtomicU64,
    buffers: &mut SearchBuffers,
) {
    let mut workspace = buffers.take::<G::Move>();
    state.generate_moves(&mut workspace.root_moves);
    restrict_root(&mut workspace.root_moves, allowed);
    let root_moves = workspace.root_moves.len();
    let control = Control::new(stop, None, None).publishing(nodes);
    let mut silent = |_: &Info| {};
    let mut searcher = Searcher::<G>::new(tt, control, &mut workspace, &mut silent);
    searcher.allowed_at_root = allowed;
    let mut best_index = table_move(tt, state.position(), root_moves);
    for depth in (1..=MAX_PLY as u32).filter(|&d| !smp::skips_depth(number, d)) {
        searcher.root_hint = Some(best_index);
        searcher.root_best = None;
        let unproven_before = searcher.unproven;
        let value = searcher.negamax(state, depth as i32, 0, -INFINITY, INFINITY);
        if searcher.control.aborted() {
            break;
        }
        if let Some((index, _)) = searcher.root_best {
            best_index = index;
        }
        if searcher.unproven == unproven_before || proven_within(value, depth) {
            break;
        }
    }
    drop(searcher);
    buffers.put_back(workspace);
}

/// One best line of an iteration: the root move's index, its value and its report.
struct Line {
    index: u16,
    value: i32,
    info: Info,
}

/// Iterative deepening: searches one ply deeper at a time until a limit ends it or the
/// result is proven (by a completed depth, or by a depth cut short once a move searched to
/// its end has proven a win), reporting each completed depth, and returns the index of the
/// best root move. `others` counts the helpers' nodes.
///
/// With `MultiPV` N, each depth searches the root N times, each time without the moves of
/// the lines already found, and reports the lines best first (`multipv 1` … `multipv N`).
fn deepen<G: SearchHints>(
    searcher: &mut Searcher<'_, G>,
    state: &mut GameState<G>,
    limits: &Limits,
    budget: Option<TimeBudget>,
    others: &dyn Fn() -> u64,
) -> u16 {
    let root_moves = searcher.workspace.root_moves.len();
    let wanted = limits.multipv.clamp(1, root_moves);
    let mut best_index = table_move(searcher.tt, state.position(), root_moves);
    // The root moves of the last reported lines, best first.
    let mut reported: Vec<u16> = Vec::new();
    let mut lines: Vec<Line> = Vec::with_capacity(wanted);
    for depth in 1..=max_depth(limits) {
        let unproven_before = searcher.unproven;
        searcher.root_excluded.clear();
        lines.clear();
        let mut partial = None;
        for rank in 0..wanted {
            // Each line starts from the move that held its rank at the last depth.
            searcher.root_hint = if rank == 0 {
                Some(best_index)
            } else {
                reported.get(rank).copied()
            };
            searcher.root_best = None;
            let value = searcher.negamax(state, depth as i32, 0, -INFINITY, INFINITY);
            if searcher.control.aborted() {
                partial = searcher.root_best.filter(|_| rank == 0);
                break;
            }
            let Some((index, _)) = searcher.root_best else {
                // Every move failed low: only a mate bound was found; keep the order.
                break;
            };
            let mut info = progress(searcher, state, depth, value, others());
            info.multipv = (wanted > 1).then_some(rank as u32 + 1);
            lines.push(Line { index, value, info });
            searcher.root_excluded.push(index);
        }
        searcher.root_excluded.clear();
        if depth == 1 {
            searcher.control.arm_limits();
        }
        rank_lines(&mut lines);
        if let Some((index, value)) = partial {
            best_index = index;
            // A win is proven by the one move searched to the end, whatever the moves not
            // yet searched would give.
            let proven_win = value > DRAW && proven_within(value, depth);
            // A move of the unfinished depth replaced the last reported one or proved a win:
            // say so, with the score as a bound, since the moves not yet searched may do
            // better (a faster win).
            if proven_win || reported.first() != Some(&best_index) {
                let mut info = progress(searcher, state, depth, value, others());
                info.bound = Some(Bound::Lower);
                info.multipv = (wanted > 1).then_some(1);
                (searcher.report)(&info);
            }
            if proven_win {
                return best_index;
            }
            break;
        }
        if let Some(first) = lines.first() {
            best_index = first.index;
        }
        if searcher.control.aborted() {
            // Cut short after its first line: report the lines found if the move changed.
            if !lines.is_empty() && reported.first() != Some(&best_index) {
                report_lines(searcher, &lines);
            }
            break;
        }
        report_lines(searcher, &lines);
        reported.clear();
        reported.extend(lines.iter().map(|l| l.index));
        let value = lines.first().map_or(-INFINITY, |l| l.value);
        if searcher.unproven == unproven_before
            || proven_within(value, depth)
            || mate_found(limits, value)
        {
            return best_index;
        }
        if let Some(budget) = budget {
            if root_moves == 1 || searcher.control.elapsed() >= budget.soft {
                break;
            }
        }
    }
    best_index
}

/// Orders `lines` best first (a later search may find a better value than an earlier one
/// through the table) and numbers them again.
fn rank_lines(lines: &mut [Line]) {
    lines.sort_by_key(|line| std::cmp::Reverse(line.value));
    for (rank, line) in lines.iter_mut().enumerate() {
        if line.info.multipv.is_some() {
            line.info.multipv = Some(rank as u32 + 1);
        }
    }
}

/// Reports every line of `lines`.
fn report_lines<G: SearchHints>(searcher: &mut Searcher<'_, G>, lines: &[Line]) {
    for line in lines {
        (searcher.report)(&line.info);
    }
}

/// The report of `depth` with the root value `value` and the searcher's line and counts,
/// `others` nodes of helper threads included.
fn progress<G: SearchHints>(
    searcher: &Searcher<'_, G>,
    state: &mut GameState<G>,
    depth: u32,
    value: i32,
    others: u64,
) -> Info {
    // A draw is worth -CONTEMPT to the player searched for; it is shown as what it is.
    let shown = if G::CONTEMPT != 0 && value == DRAW - G::CONTEMPT {
        DRAW
    } else {
        value
    };
    Info {
        depth,
        seldepth: searcher.seldepth as u32,
        score: value::to_score(shown),
        nodes: searcher.nodes + others,
        time: searcher.control.elapsed(),
        hashfull: searcher.tt.hashfull(),
        pv: notation(state, searcher.workspace.pv.line(0)),
        multipv: None,
        bound: None,
        currmove: None,
    }
}

/// The deepest iteration `limits` allow: the depth asked (0 counts as 1), at most `MAX_PLY`.
fn max_depth(limits: &Limits) -> u32 {
    limits
        .depth
        .unwrap_or(MAX_PLY as u32)
        .clamp(1, MAX_PLY as u32)
}

/// The table's best move for the root `position` as an index below `root_moves`, else the
/// first move: a hash collision could hand over another position's index.
fn table_move<G: SearchHints>(tt: &TranspositionTable, position: &G, root_moves: usize) -> u16 {
    tt.probe(negamax::table_key(position, position.side_to_move()), 0)
        .and_then(|entry| entry.move_index)
        .filter(|&i| usize::from(i) < root_moves)
        .unwrap_or(0)
}

/// True when `value` is the mate `limits.mate` asks for: a win for the side to move in at
/// most that many of its moves.
fn mate_found(limits: &Limits, value: i32) -> bool {
    limits
        .mate
        .is_some_and(|moves| value >= value::MATE_BOUND && MATE - value < 2 * moves as i32)
}

/// True when `value` is a mate no deeper than `depth` plies: searching deeper cannot change it.
fn proven_within(value: i32, depth: u32) -> bool {
    is_mate(value) && (MATE - value.abs()) as u32 <= depth
}

/// The moves of `line` (played from the current position of `state`) in notation.
pub(crate) fn notation<G: SearchHints>(state: &mut GameState<G>, line: &[G::Move]) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossjack::CrossJack;
    use crate::games::{BoardSize, Game};

    /// JC Shock's playout tuning, the one `search` plays it with.
    fn jcshock_tuning() -> &'static PlayoutTuning {
        match <crate::games::jcshock::JcShock as SearchHints>::SEARCH_STYLE {
            SearchStyle::Playouts(tuning) => tuning,
            SearchStyle::AlphaBeta => unreachable!("JC Shock is played by playouts"),
        }
    }

    fn crossjack() -> GameState<CrossJack> {
        GameState::new(CrossJack::start(BoardSize::square(4)).expect("a 4x4 start"))
    }

    #[test]
    fn a_clock_is_planned_on_the_moves_the_game_is_expected_to_last() {
        let start = CrossJack::start(BoardSize::square(8)).expect("an 8x8 start");
        let clock = Clock {
            time: [Some(Duration::from_secs(1)); 2],
            increment: [Duration::from_millis(10); 2],
            moves_to_go: None,
        };
        let limits = Limits {
            clock: Some(clock),
            move_overhead: Duration::from_millis(30),
            ..Limits::default()
        };
        let planned = time_budget(&limits, &start).expect("a clock budget");
        let side = start.side_to_move();
        let expected = start.expected_own_moves_left();
        assert_eq!(Some(planned), time::budget(&limits, side, expected));
        let unknown = time::budget(&limits, side, None).expect("a clock budget");
        assert!(
            planned.soft > unknown.soft,
            "{planned:?} against {unknown:?}"
        );
    }

    /// The result of a JC Shock game with perfect play from here, for the side to move: 1, 0
    /// or −1, by minimax over every line.
    fn jcshock_minimax(state: &mut GameState<crate::games::jcshock::JcShock>) -> i32 {
        let mut moves = Vec::new();
        state.generate_moves(&mut moves);
        if moves.is_empty() {
            return match state.status_with_history() {
                crate::games::Status::Won(winner) if winner == state.position().side_to_move() => 1,
                crate::games::Status::Won(_) => -1,
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
    fn jcshock_won_in_seven() -> GameState<crate::games::jcshock::JcShock> {
        use crate::games::jcshock::JcShock;
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

    #[test]
    fn a_win_proven_by_an_unfinished_depth_is_proven() {
        let mut state = jcshock_won_in_seven();
        // The last report of alpha-beta within `nodes`, and the move it returns.
        let search = |state: &mut GameState<_>, nodes: Option<u64>| {
            let limits = Limits {
                nodes,
                ..Limits::default()
            };
            let mut last = None;
            let best = search(
                state,
                &limits,
                &mut TranspositionTable::new(1),
                &mut SearchBuffers::new(),
                &AtomicBool::new(false),
                &mut |info| last = Some(info.clone()),
            );
            (best.expect("moves to play"), last.expect("a report"))
        };
        let (_, complete) = search(&mut state, None);
        assert!(matches!(complete.score, Score::Mate(moves) if moves > 0));
        let mut proven_early = 0;
        for tenth in 1..10 {
            let (best, last) = search(&mut state, Some(complete.nodes * tenth / 10));
            if last.bound == Some(Bound::Lower) && matches!(last.score, Score::Mate(_)) {
                assert!(matches!(last.score, Score::Mate(moves) if moves > 0));
                state.make(best);
                assert_eq!(jcshock_minimax(&mut state), -1, "the move wins");
                state.unmake();
                proven_early += 1;
            }
        }
        assert!(proven_early > 0, "no search cut short proved the win");
    }

    /// What [`solve_endgame`] makes of `state` within `nodes`.
    fn endgame<G: SearchHints>(state: &mut GameState<G>, nodes: u64) -> Endgame<G::Move> {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let mut tt = TranspositionTable::new(1);
        let reach = match G::SEARCH_STYLE {
            SearchStyle::Playouts(tuning) => tuning.solver,
            SearchStyle::AlphaBeta => jcshock_tuning().solver,
        };
        solve_endgame(
            state,
            &limits,
            &reach,
            None,
            &mut tt,
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn the_solver_runs_only_near_the_end_of_a_game_of_fixed_length() {
        use crate::games::jcshock::JcShock;
        let mut jcshock = GameState::new(JcShock::start(BoardSize::square(8)).expect("8x8"));
        let far = endgame(&mut jcshock, 1_000_000);
        assert!(far.win.is_none() && far.lost.is_empty() && far.proven.is_none());
        let near = endgame(&mut jcshock_won_in_seven(), 1_000_000);
        assert!(near.win.is_some(), "a win 7 plies before the end is found");
        let open = endgame(&mut crossjack(), 1_000_000);
        assert!(
            open.win.is_none() && open.proven.is_none(),
            "a game of open length"
        );
    }

    #[test]
    fn a_monte_carlo_search_is_long_from_300_ms_3_m_nodes_or_50_000_playouts_or_unlimited() {
        use crate::games::jcshock::JcShock;
        let start = JcShock::start(BoardSize::square(8)).expect("8x8");
        let long = |limits: Limits| is_long_search(&limits, &start, &jcshock_tuning().long_search);
        let movetime = |ms| Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        };
        assert!(!long(movetime(100)));
        assert!(!long(movetime(299)));
        assert!(long(movetime(300)));
        assert!(long(movetime(1000)));
        let nodes = |nodes| Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        assert!(!long(nodes(jcshock_tuning().long_search.nodes - 1)));
        assert!(long(nodes(jcshock_tuning().long_search.nodes)));
        let depth = |depth| Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        assert!(!long(depth(5)), "bench's depth");
        assert!(long(depth(50)));
        assert!(long(Limits::default()), "no limit: go infinite");
        let infinite = Limits {
            infinite: true,
            ..Limits::default()
        };
        assert!(long(infinite));
    }

    #[test]
    fn fourteen_plies_before_the_end_only_a_long_or_node_limited_search_tries_the_solver() {
        use crate::games::jcshock::JcShock;
        // 5×5: 24 placements in all, 14 left after the first 10.
        let mut state = GameState::new(JcShock::start(BoardSize::square(5)).expect("5x5"));
        for _ in 0..10 {
            let mut moves = Vec::new();
            state.generate_moves(&mut moves);
            state.make(moves[moves.len() / 2]);
        }
        assert_eq!(
            state.position().plies_left(),
            Some(jcshock_tuning().solver.deep_plies)
        );
        let solved = |state: &mut GameState<JcShock>, target: Option<Duration>| {
            let limits = Limits {
                nodes: Some(1_000_000),
                ..Limits::default()
            };
            let mut tt = TranspositionTable::new(1);
            solve_endgame(
                state,
                &limits,
                &jcshock_tuning().solver,
                target,
                &mut tt,
                &AtomicBool::new(false),
            )
            .nodes
        };
        assert_eq!(solved(&mut state, Some(Duration::from_millis(100))), 0);
        assert!(solved(&mut state, Some(jcshock_tuning().solver.deep_time)) > 0);
        assert!(solved(&mut state, None) > 0);
        state.make({
            let mut moves = Vec::new();
            state.generate_moves(&mut moves);
            moves[0]
        });
        assert!(solved(&mut state, Some(Duration::from_millis(100))) > 0);
    }

    #[test]
    fn a_proven_win_is_reported_as_mate_with_its_line() {
        let mut state = jcshock_won_in_seven();
        let (win, info) = endgame(&mut state, 1_000_000).win.expect("a win");
        assert_eq!(info.score, Score::Mate(4));
        assert_eq!(info.depth, 7);
        let first = state.position().format_move(win);
        assert_eq!(info.pv.first(), Some(&first));
        state.make(win);
        assert_eq!(jcshock_minimax(&mut state), -1, "the move wins");
    }

    /// The reports of a depth-2 search of the 4×4 Cross-Jack start whose root moves are
    /// announced once the search has run `after`.
    fn reports_announcing_after(after: Option<Duration>) -> (Vec<Info>, usize) {
        let mut state = crossjack();
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(false);
        let mut buffers = SearchBuffers::new();
        let mut workspace = buffers.take::<<CrossJack as crate::games::Game>::Move>();
        state.generate_moves(&mut workspace.root_moves);
        let root_moves = workspace.root_moves.len();
        let mut infos = Vec::new();
        let mut report = |info: &Info| infos.push(info.clone());
        let control = Control::new(&stop, None, None);
        let mut searcher = Searcher::<CrossJack>::new(&tt, control, &mut workspace, &mut report);
        searcher.currmove_after = after;
        searcher.negamax(&mut state, 2, 0, -INFINITY, INFINITY);
        drop(searcher);
        (infos, root_moves)
    }

    #[test]
    fn a_long_search_announces_each_root_move_with_its_number() {
        let (infos, root_moves) = reports_announcing_after(Some(Duration::ZERO));
        let numbers: Vec<u32> = infos
            .iter()
            .filter_map(|info| info.currmove.as_ref().map(|c| c.number))
            .collect();
        assert_eq!(numbers, (1..=root_moves as u32).collect::<Vec<_>>());
        let mut moves: Vec<&String> = infos
            .iter()
            .filter_map(|info| info.currmove.as_ref().map(|c| &c.mv))
            .collect();
        moves.sort();
        moves.dedup();
        assert_eq!(moves.len(), root_moves, "every root move once");
        assert!(infos.iter().all(|info| info.depth == 2));
    }

    #[test]
    fn the_root_visits_of_every_tree_are_summed_per_move() {
        let mut votes = Vec::new();
        add_votes(&mut votes, [(1u8, 10u32), (2, 30)].into_iter());
        add_votes(&mut votes, [(2u8, 5u32), (1, 40), (3, 1)].into_iter());
        assert_eq!(votes, [(1, 50), (2, 35), (3, 1)]);
    }

    #[test]
    fn a_search_shorter_than_the_threshold_announces_nothing() {
        assert!(reports_announcing_after(Some(Duration::from_secs(3600)))
            .0
            .is_empty());
        assert!(reports_announcing_after(None).0.is_empty());
    }
}
