//! Lazy SMP: the search thread searches as it would alone and alone reports; each helper
//! thread searches the same root at depths of its own (see [`skips_depth`]) and shares what
//! it finds through the transposition table, whose entries then cut the main search short.
//! Each helper also leaves its deepest completed iteration in [`Deepest`], which the main
//! search plays when it is deeper than its own (as Stockfish's best-thread selection).

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Mutex, PoisonError};

use super::buffers::Buffers;
use super::negamax::{proven_within, table_move, Searcher};
use crate::games::{GameState, SearchHints};
use crate::search::control::Control;
use crate::search::info::Info;
use crate::search::kept::{lock_or_empty, Kept};
use crate::search::root::restrict_root;
use crate::search::threads::{Helpers, Running};
use crate::search::tt::TranspositionTable;
use crate::search::value::{INFINITY, MAX_PLY};

/// An iteration a helper completed: its depth, the root's value and the best line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Completed<M> {
    /// The depth of the iteration.
    pub(super) depth: u32,
    /// The root's value.
    pub(super) value: i32,
    /// The best line, its root move first.
    pub(super) line: Vec<M>,
}

/// The deepest iteration any helper of a search completed, shared by the helpers and read by
/// the main search.
#[derive(Debug)]
pub(super) struct Deepest<M>(Mutex<Option<Completed<M>>>);

impl<M: Copy> Deepest<M> {
    fn new() -> Self {
        Deepest(Mutex::new(None))
    }

    /// Keeps iteration `depth` (its `value` and `line`) if no helper completed one as deep.
    fn offer(&self, depth: u32, value: i32, line: &[M]) {
        let mut deepest = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if deepest.as_ref().is_some_and(|kept| kept.depth >= depth) || line.is_empty() {
            return;
        }
        let kept = deepest.get_or_insert_with(|| Completed {
            depth,
            value,
            line: Vec::with_capacity(line.len()),
        });
        kept.depth = depth;
        kept.value = value;
        kept.line.clear();
        kept.line.extend_from_slice(line);
    }

    /// The deepest iteration completed so far, if deeper than `depth`.
    pub(super) fn deeper_than(&self, depth: u32) -> Option<Completed<M>> {
        let deepest = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        deepest.as_ref().filter(|kept| kept.depth > depth).cloned()
    }
}

/// Starts every helper thread of `helpers` on the root of `state`, sharing `tt`, each with
/// the buffers it keeps in `kept`; they leave their deepest iterations in the [`Deepest`]
/// returned.
pub(super) fn start_helpers<G: SearchHints>(
    helpers: &mut Helpers,
    kept: &mut Kept<Buffers<G::Move>>,
    state: &GameState<G>,
    tt: &TranspositionTable,
    allowed: &[G::Move],
) -> (Running, Arc<Deepest<G::Move>>) {
    let deepest = Arc::new(Deepest::new());
    let running = helpers.start(|number, stop, nodes| {
        let mut state = state.clone();
        let tt = tt.share();
        let allowed = allowed.to_vec();
        let own = kept.helper(number);
        let deepest = Arc::clone(&deepest);
        Box::new(move || {
            let shared = Shared {
                tt: &tt,
                stop: &stop,
                nodes: &nodes,
                deepest: &deepest,
            };
            help(number, &mut state, &allowed, &shared, &own);
        })
    });
    (running, deepest)
}

/// What a helper shares with the main search.
struct Shared<'a, M> {
    tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    deepest: &'a Deepest<M>,
}

/// The search of helper thread `number` (from 1): iterative deepening of the root of `state`
/// (restricted to `allowed` when not empty, as the main search's) over the depths the helper
/// does not skip ([`skips_depth`]), until `stop` or a proven result, publishing its node
/// count and its completed iterations. It reports nothing: what it finds reaches the main
/// search through the table and [`Deepest`].
fn help<G: SearchHints>(
    number: usize,
    state: &mut GameState<G>,
    allowed: &[G::Move],
    shared: &Shared<'_, G::Move>,
    own: &Mutex<Kept<Buffers<G::Move>>>,
) {
    let tt = shared.tt;
    let mut own = lock_or_empty(own);
    let mut buffers = Buffers::taken_from(&mut own);
    state.generate_moves(&mut buffers.root_moves);
    restrict_root(&mut buffers.root_moves, allowed);
    let mut best_index = table_move(tt, state.position(), &buffers.root_moves);
    let control = Control::new(shared.stop, None, None).publishing(shared.nodes);
    let mut silent = |_: &Info| {};
    let mut searcher = Searcher::<G>::new(tt, control, &mut buffers, &mut silent);
    searcher.allowed_at_root = allowed;
    for depth in (1..=MAX_PLY as u32).filter(|&d| !skips_depth(number, d)) {
        searcher.root_hint = Some(best_index);
        searcher.root_best = None;
        let unproven_before = searcher.unproven;
        let value = searcher.negamax(state, depth as i32, 0, -INFINITY, INFINITY);
        if searcher.control.aborted() {
            break;
        }
        if let Some((index, _)) = searcher.root_best {
            best_index = index;
            shared
                .deepest
                .offer(depth, value, searcher.buffers.pv.line(0));
        }
        if searcher.unproven == unproven_before || proven_within(value, depth) {
            break;
        }
    }
    drop(searcher);
    own.keep(buffers);
}

/// True when helper `helper` (from 1) leaves iteration `depth` out: the helpers spread over
/// the depths instead of all searching the same one, as in Stockfish's Lazy SMP (helper 1
/// searches the even depths, later ones skip in longer strides and other phases).
pub(crate) fn skips_depth(helper: usize, depth: u32) -> bool {
    const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (helper.max(1) - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deepest_completed_iteration_is_kept_and_only_deeper_ones_are_handed_out() {
        let deepest = Deepest::new();
        assert_eq!(deepest.deeper_than(0), None);
        deepest.offer(4, 10, &[1u8, 2]);
        deepest.offer(3, 50, &[3u8]);
        deepest.offer(6, 20, &[]);
        let kept = Completed {
            depth: 4,
            value: 10,
            line: vec![1, 2],
        };
        assert_eq!(deepest.deeper_than(3), Some(kept));
        assert_eq!(deepest.deeper_than(4), None);
        deepest.offer(6, -5, &[7u8, 8, 9]);
        assert_eq!(
            deepest.deeper_than(5).map(|c| (c.value, c.line)),
            Some((-5, vec![7, 8, 9]))
        );
    }

    #[test]
    fn the_first_helper_searches_the_even_depths_and_the_second_the_odd_ones() {
        let searched =
            |helper| -> Vec<u32> { (1..=8).filter(|&d| !skips_depth(helper, d)).collect() };
        assert_eq!(searched(1), [2, 4, 6, 8]);
        assert_eq!(searched(2), [1, 3, 5, 7]);
    }
}
