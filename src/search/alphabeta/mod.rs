//! Alpha-beta: iterative deepening over negamax, with MultiPV lines and helper threads.

pub(super) mod buffers;
mod eval_cache;
mod helpers;
mod negamax;
mod pv;
mod tuning;

use std::time::Duration;

use buffers::Buffers;
use helpers::{start_helpers, Completed};
use negamax::{proven_within, table_move, Searcher};
use tuning::Tuned;

use super::bound::Bound;
use super::context::Context;
use super::control::Control;
use super::info::Info;
use super::kept::Kept;
use super::limits::{Limits, Request};
use super::root::{notation, restrict_root, time_budget};
use super::time::TimeBudget;
use super::value::{self, DRAW, INFINITY, MATE, MAX_PLY};
use crate::games::{GameState, SearchHints};

/// Alpha-beta's search of the current position of `state`, in the buffers it keeps in the
/// context: see [`crate::search::search`], the entry point, for what it does.
pub(crate) fn search<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    context: &mut Context<'_, Kept<Buffers<G::Move>>>,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let Context {
        tt,
        threads,
        workspace: kept,
        stop,
    } = context;
    threads.set_threads(request.settings.threads);
    let mut buffers = Buffers::taken_from(kept);
    let allowed = request.searchmoves;
    state.generate_moves(&mut buffers.root_moves);
    // The same restriction as the searcher's at ply 0, so that root indices agree.
    restrict_root(&mut buffers.root_moves, allowed);
    let root_moves = buffers.root_moves.len();
    let best = if root_moves == 0 {
        None
    } else {
        tt.new_search();
        let limits = request.limits;
        let budget = time_budget(request, state.position());
        let control = Control::holding_limits(stop, limits.nodes, budget.map(|b| b.hard));
        let helpers = (threads.helpers.count() > 0)
            .then(|| start_helpers(&mut threads.helpers, kept, state, tt, allowed));
        let helper_nodes = || helpers.as_ref().map_or(0, |(running, _)| running.nodes());
        let mut searcher = Searcher::<G>::new(tt, control, &mut buffers, report);
        searcher.allowed_at_root = allowed;
        searcher.currmove_after = Some(CURRMOVE_AFTER);
        let lines = request.settings.multipv;
        let mut result = deepen(&mut searcher, state, limits, lines, budget, &helper_nodes);
        // A helper's deeper iteration is played unless the lines or the depth were asked for.
        let vote = lines <= 1 && limits.depth.is_none();
        if let Some((_, deepest)) = helpers.as_ref().filter(|_| vote) {
            if let Some(deeper) = deepest.deeper_than(result.depth) {
                result = play_deeper(&mut searcher, state, &result, &deeper, helper_nodes());
            }
        }
        let best_index = result.index;
        drop(searcher);
        // Stops the helpers; the next search waits for them.
        drop(helpers);
        buffers.root_moves.get(usize::from(best_index)).copied()
    };
    kept.keep(buffers);
    best
}

/// A search longer than this announces each root move it starts (`currmove`), as Stockfish
/// does: shorter searches would only flood the output.
const CURRMOVE_AFTER: Duration = Duration::from_secs(3);

/// What iterative deepening settled on: the best root move's index, the deepest iteration
/// completed (0 when none was), its value, and whether that value is proven (no deeper
/// search can change it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Deepened {
    index: u16,
    depth: u32,
    value: i32,
    proven: bool,
}

/// The helper's `deeper` iteration in place of the main search's `result`, reported, unless
/// the main search proved its result.
fn play_deeper<G: SearchHints>(
    searcher: &mut Searcher<'_, G>,
    state: &mut GameState<G>,
    result: &Deepened,
    deeper: &Completed<G::Move>,
    others: u64,
) -> Deepened {
    let Some(index) = helper_move(&searcher.buffers.root_moves, result, deeper) else {
        return *result;
    };
    let info = progress(
        searcher,
        state,
        deeper.depth,
        deeper.value,
        &deeper.line,
        others,
    );
    (searcher.report)(&info);
    Deepened {
        index,
        depth: deeper.depth,
        value: deeper.value,
        proven: false,
    }
}

/// The index among `root_moves` of the first move of the helper's `deeper` line, unless the
/// main search proved its `result` (or the line's move is not a root move).
fn helper_move<M: PartialEq>(
    root_moves: &[M],
    result: &Deepened,
    deeper: &Completed<M>,
) -> Option<u16> {
    if result.proven {
        return None;
    }
    let first = deeper.line.first()?;
    let index = root_moves.iter().position(|mv| mv == first)?;
    u16::try_from(index).ok()
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
/// best root move with the deepest iteration completed. `others` counts the helpers' nodes.
///
/// With `MultiPV` N, each depth searches the root N times, each time without the moves of
/// the lines already found, and reports the lines best first (`multipv 1` … `multipv N`).
fn deepen<G: SearchHints>(
    searcher: &mut Searcher<'_, G>,
    state: &mut GameState<G>,
    limits: &Limits,
    lines_wanted: usize,
    budget: Option<TimeBudget>,
    others: &dyn Fn() -> u64,
) -> Deepened {
    let root_moves = searcher.buffers.root_moves.len();
    let wanted = lines_wanted.clamp(1, root_moves);
    let mut best = Deepened {
        index: table_move(searcher.tt, state.position(), &searcher.buffers.root_moves),
        depth: 0,
        value: -INFINITY,
        proven: false,
    };
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
                Some(best.index)
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
            let line = searcher.buffers.pv.line(0);
            let mut info = progress(searcher, state, depth, value, line, others());
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
            best.index = index;
            best.value = value;
            // A win is proven by the one move searched to the end, whatever the moves not
            // yet searched would give.
            let proven_win = value > DRAW && proven_within(value, depth);
            // A move of the unfinished depth replaced the last reported one or proved a win:
            // say so, with the score as a bound, since the moves not yet searched may do
            // better (a faster win).
            if proven_win || reported.first() != Some(&best.index) {
                let line = searcher.buffers.pv.line(0);
                let mut info = progress(searcher, state, depth, value, line, others());
                info.bound = Some(Bound::Lower);
                info.multipv = (wanted > 1).then_some(1);
                (searcher.report)(&info);
            }
            if proven_win {
                best.depth = depth;
                best.proven = true;
                return best;
            }
            break;
        }
        if let Some(first) = lines.first() {
            best.index = first.index;
        }
        if searcher.control.aborted() {
            // Cut short after its first line: report the lines found if the move changed.
            if !lines.is_empty() && reported.first() != Some(&best.index) {
                report_lines(searcher, &lines);
            }
            break;
        }
        if searcher.unproven == unproven_before {
            // Every line of this depth reached the end of the game: each value is exact.
            for line in &mut lines {
                line.info.proven = true;
            }
        }
        report_lines(searcher, &lines);
        reported.clear();
        reported.extend(lines.iter().map(|l| l.index));
        let value = lines.first().map_or(-INFINITY, |l| l.value);
        if !lines.is_empty() {
            best.depth = depth;
            best.value = value;
        }
        if searcher.unproven == unproven_before
            || proven_within(value, depth)
            || mate_found(limits, value)
        {
            best.proven = true;
            return best;
        }
        if let Some(budget) = budget {
            if root_moves == 1 || searcher.control.elapsed() >= budget.soft {
                break;
            }
        }
    }
    best
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

/// The report of `depth` with the root value `value`, the best line `line` and the searcher's
/// counts, `others` nodes of helper threads included.
fn progress<G: SearchHints>(
    searcher: &Searcher<'_, G>,
    state: &mut GameState<G>,
    depth: u32,
    value: i32,
    line: &[G::Move],
    others: u64,
) -> Info {
    // A draw is worth -contempt to the player searched for; it is shown as what it is.
    let shown = if G::TUNING.contempt != 0 && value == DRAW - G::TUNING.contempt {
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
        pv: notation(state, line),
        multipv: None,
        bound: None,
        currmove: None,
        proven: value::is_mate(shown),
        wdl: None,
    }
}

/// The deepest iteration `limits` allow: the depth asked (0 counts as 1), at most `MAX_PLY`.
fn max_depth(limits: &Limits) -> u32 {
    limits
        .depth
        .unwrap_or(MAX_PLY as u32)
        .clamp(1, MAX_PLY as u32)
}

/// True when `value` is the mate `limits.mate` asks for: a win for the side to move in at
/// most that many of its moves.
fn mate_found(limits: &Limits, value: i32) -> bool {
    limits
        .mate
        .is_some_and(|moves| value >= value::MATE_BOUND && MATE - value < 2 * moves as i32)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::buffers::Buffers;
    use super::*;
    use crate::games::crossjack::CrossJack;
    use crate::games::{BoardSize, Game};
    use crate::search::context::in_fresh_context;
    use crate::search::info::Score;
    use crate::search::limits::Settings;
    use crate::search::test_support::{jcshock_minimax, jcshock_won_in_seven};
    use crate::search::tt::TranspositionTable;

    #[test]
    fn a_deeper_helper_line_is_played_unless_the_main_search_proved_its_result() {
        let result = Deepened {
            index: 0,
            depth: 7,
            value: 30,
            proven: false,
        };
        let deeper = Completed {
            depth: 8,
            value: -10,
            line: vec![5u8, 1],
        };
        assert_eq!(helper_move(&[3, 4, 5, 6], &result, &deeper), Some(2));
        let proven = Deepened {
            proven: true,
            ..result
        };
        assert_eq!(helper_move(&[3, 4, 5, 6], &proven, &deeper), None);
        // searchmoves left the line's move out of the root.
        assert_eq!(helper_move(&[3, 4, 6], &result, &deeper), None);
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
            let request = Request {
                limits: &limits,
                settings: &Settings::default(),
                searchmoves: &[],
            };
            let mut last = None;
            let best = in_fresh_context(
                &mut TranspositionTable::new(1),
                &AtomicBool::new(false),
                |context| {
                    search(state, &request, context, &mut |info| {
                        last = Some(info.clone())
                    })
                },
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

    /// The reports of a depth-2 search of the 4×4 Cross-Jack start whose root moves are
    /// announced once the search has run `after`.
    fn reports_announcing_after(after: Option<Duration>) -> (Vec<Info>, usize) {
        let mut state = crossjack();
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(false);
        let mut buffers = Buffers::new();
        state.generate_moves(&mut buffers.root_moves);
        let root_moves = buffers.root_moves.len();
        let mut infos = Vec::new();
        let mut report = |info: &Info| infos.push(info.clone());
        let control = Control::new(&stop, None, None);
        let mut searcher = Searcher::<CrossJack>::new(&tt, control, &mut buffers, &mut report);
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
    fn a_search_shorter_than_the_threshold_announces_nothing() {
        assert!(reports_announcing_after(Some(Duration::from_secs(3600)))
            .0
            .is_empty());
        assert!(reports_announcing_after(None).0.is_empty());
    }

    fn crossjack() -> GameState<CrossJack> {
        GameState::new(CrossJack::start(BoardSize::square(4)).expect("a 4x4 start"))
    }
}
