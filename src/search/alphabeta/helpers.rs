//! Lazy SMP: the search thread searches as it would alone and alone reports and decides;
//! each helper thread searches the same root at depths of its own (see [`skips_depth`]) and
//! shares what it finds through the transposition table, whose entries then cut the main
//! search short.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Mutex;

use super::buffers::Buffers;
use super::negamax::Searcher;
use super::{proven_within, table_move};
use crate::games::{GameState, SearchHints};
use crate::search::control::Control;
use crate::search::root::restrict_root;
use crate::search::threads::{Helpers, Running};
use crate::search::value::{INFINITY, MAX_PLY};
use crate::search::{Info, TranspositionTable, Workspace};

/// Starts every helper thread of `helpers` on the root of `state`, sharing `tt`, each in its
/// own workspace of `workspace`.
pub(super) fn start_helpers<G: SearchHints>(
    helpers: &mut Helpers,
    workspace: &mut Workspace<G>,
    state: &GameState<G>,
    tt: &TranspositionTable,
    allowed: &[G::Move],
) -> Running {
    helpers.start(|number, stop, nodes| {
        let mut state = state.clone();
        let tt = tt.share();
        let allowed = allowed.to_vec();
        let own = workspace.helper(number);
        Box::new(move || {
            help(number, &mut state, &tt, &allowed, &stop, &nodes, &own);
        })
    })
}

/// The search of helper thread `number` (from 1): iterative deepening of the root of `state`
/// (restricted to `allowed` when not empty, as the main search's) over the depths the helper
/// does not skip ([`skips_depth`]), until `stop` or a proven
/// result, publishing its node count to `nodes`. It reports nothing: what it finds reaches
/// the main search through the table.
fn help<G: SearchHints>(
    number: usize,
    state: &mut GameState<G>,
    tt: &TranspositionTable,
    allowed: &[G::Move],
    stop: &AtomicBool,
    nodes: &AtomicU64,
    own: &Mutex<Workspace<G>>,
) {
    let mut own = Workspace::lock(own);
    let mut buffers: Box<Buffers<G::Move>> = own.take_buffers();
    state.generate_moves(&mut buffers.root_moves);
    restrict_root(&mut buffers.root_moves, allowed);
    let root_moves = buffers.root_moves.len();
    let control = Control::new(stop, None, None).publishing(nodes);
    let mut silent = |_: &Info| {};
    let mut searcher = Searcher::<G>::new(tt, control, &mut buffers, &mut silent);
    searcher.allowed_at_root = allowed;
    let mut best_index = table_move(tt, state.position(), root_moves);
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
        }
        if searcher.unproven == unproven_before || proven_within(value, depth) {
            break;
        }
    }
    drop(searcher);
    own.put_back_buffers(buffers);
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
    fn the_first_helper_searches_the_even_depths_and_the_second_the_odd_ones() {
        let searched =
            |helper| -> Vec<u32> { (1..=8).filter(|&d| !skips_depth(helper, d)).collect() };
        assert_eq!(searched(1), [2, 4, 6, 8]);
        assert_eq!(searched(2), [1, 3, 5, 7]);
    }
}
