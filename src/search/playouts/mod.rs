//! Playouts: Monte-Carlo tree search, after an exact solver in the endgame of a game of
//! fixed length.

mod budget;
mod parallel;
mod plan;
mod solver;
mod tree;

use std::time::{Duration, Instant};

use budget::{is_long_search, monte_carlo_run, playout_time, playouts_for_depth};
use parallel::parallel_monte_carlo;
pub use plan::Plan;
use solver::Solver;
pub(super) use tree::{Mcts, PLAIN_UCT};

use super::context::Context;
use super::control::Control;
use super::info::Info;
use super::kept::Kept;
use super::limits::{Limits, Request, Settings};
use super::root::{notation, restrict_root, time_budget};
use super::tt::TranspositionTable;
use super::value;
use crate::games::{GameState, PlayoutTuning, SearchHints, SolverReach};

/// How many plies before the end of the game the exact solver is tried, for a search of
/// `target` time (none: a node or depth limit), as the game's `reach` says.
fn solvable_plies(reach: &SolverReach, target: Option<Duration>) -> u32 {
    match target {
        Some(time) if time < reach.deep_time => reach.plies,
        _ => reach.deep_plies,
    }
}

/// The `search` of [`crate::games::SearchStyle::Playouts`] games, as `tuning` says. Within
/// the solver's reach of the end of a game of fixed length, the exact solver first gets its
/// [`SolverReach::share`] of the effort; a win it proves is played at once. Otherwise
/// Monte-Carlo chooses with the rest among the moves not proven lost, or among all when all
/// are (the move that wins the most playouts leaves a fallible opponent the most ways to go
/// wrong). Its reports then carry the proven value and count the solver's work too.
pub fn solve_then_play_out<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    tuning: &PlayoutTuning,
    context: &mut Context<'_, Kept<Mcts<G>>>,
    seed: u64,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let started = Instant::now();
    let limits = request.limits;
    let target = time_budget(request, state.position()).map(playout_time);
    let endgame = solve_endgame(
        state,
        request,
        &tuning.solver,
        target,
        context.tt,
        context.stop,
    );
    if let Some((win, info)) = endgame.win {
        report(&info);
        return Some(win);
    }
    let solving_time = started.elapsed();
    let mut shown = |info: &Info| {
        report(&Info {
            score: endgame.proven.map_or(info.score, value::to_score),
            nodes: info.nodes + endgame.nodes,
            time: info.time + solving_time,
            proven: info.proven || endgame.proven.is_some(),
            ..info.clone()
        })
    };
    let rest = Limits {
        movetime: target.map(|t| t.saturating_sub(solving_time)),
        nodes: limits
            .nodes
            .map(|nodes| nodes.saturating_sub(endgame.nodes).max(1)),
        clock: None,
        ..limits.clone()
    };
    let settings = Settings {
        move_overhead: Duration::ZERO,
        ..*request.settings
    };
    let rest = Request {
        limits: &rest,
        settings: &settings,
        searchmoves: request.searchmoves,
    };
    context.threads.set_threads(settings.threads);
    let plan = Plan {
        policy: tuning.tree,
        long: is_long_search(request, state.position(), &tuning.long_search),
        seed,
        banned: &endgame.lost,
    };
    if context.threads.helpers.count() > 0 {
        return parallel_monte_carlo(state, &rest, &plan, context, &mut shown);
    }
    monte_carlo(state, &rest, &plan, context, &mut shown)
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
    request: &Request<'_, G::Move>,
    reach: &SolverReach,
    target: Option<Duration>,
    tt: &mut TranspositionTable,
    stop: &std::sync::atomic::AtomicBool,
) -> Endgame<G::Move> {
    let limits = request.limits;
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
    let started = Instant::now();
    tt.new_search();
    let mut moves = Vec::new();
    state.generate_moves(&mut moves);
    restrict_root(&mut moves, request.searchmoves);
    let mut solver = Solver::<G>::new(tt, Control::new(stop, nodes, time));
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
            proven: true,
            wdl: None,
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

/// UCT as `plan` says within `request`. Its limits:
/// - `movetime` and the clocks give it its time as they give alpha-beta (see
///   [`super::time`]), all of which it uses;
/// - `nodes` counts positions visited, in the tree and in the playouts;
/// - `depth N` alone means N thousand playouts (a fixed amount of work, like a depth);
/// - without a limit it runs until `stop`.
pub fn monte_carlo<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    plan: &Plan<'_, G::Move>,
    context: &mut Context<'_, Kept<Mcts<G>>>,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let long = plan.long;
    let mut run = monte_carlo_run(request, state.position(), long, context.stop, report);
    let kept = context.workspace.take();
    let mut tree = Mcts::<G>::kept_or_new(kept, plan.policy, plan.seed);
    tree.restrict_root(request.searchmoves);
    tree.ban_at_root(plan.banned);
    let best = tree.run(state, &mut run);
    context.workspace.keep(tree);
    best
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::games::crossjack::CrossJack;
    use crate::games::{BoardSize, Game, SearchStyle};
    use crate::search::info::Score;
    use crate::search::test_support::{jcshock_minimax, jcshock_won_in_seven};

    fn request<M>(limits: &Limits) -> Request<'_, M> {
        Request::of(limits)
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
            SearchStyle::AlphaBeta(_) => jcshock_tuning().solver,
        };
        solve_endgame(
            state,
            &request(&limits),
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
        let mut crossjack = GameState::new(CrossJack::start(BoardSize::square(4)).expect("4x4"));
        let open = endgame(&mut crossjack, 1_000_000);
        assert!(
            open.win.is_none() && open.proven.is_none(),
            "a game of open length"
        );
    }

    #[test]
    fn a_monte_carlo_search_is_long_from_300_ms_3_m_nodes_or_50_000_playouts_or_unlimited() {
        use crate::games::jcshock::JcShock;
        let start = JcShock::start(BoardSize::square(8)).expect("8x8");
        let long = |limits: Limits| {
            is_long_search(&request(&limits), &start, &jcshock_tuning().long_search)
        };
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
                &request(&limits),
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

    /// JC Shock's playout tuning, the one `search` plays it with.
    fn jcshock_tuning() -> &'static PlayoutTuning {
        match <crate::games::jcshock::JcShock as SearchHints>::SEARCH_STYLE {
            SearchStyle::Playouts(tuning) => tuning,
            SearchStyle::AlphaBeta(_) => unreachable!("JC Shock is played by playouts"),
        }
    }
}
