//! Root parallelization of the playout search.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::budget::monte_carlo_run;
use super::plan::Plan;
use super::tree::{Mcts, RunTerms};
use crate::games::{GameState, SearchHints};
use crate::search::context::Context;
use crate::search::control::Control;
use crate::search::info::Info;
use crate::search::kept::{lock_or_empty, Kept};
use crate::search::limits::Request;

/// Root parallelization of [`super::monte_carlo`] as `plan` says: every helper thread
/// grows a tree of its own (another seed) until this thread's tree reaches a limit, and the
/// move played is the root move with the most visits over all the trees (those of helpers
/// that stop within `HELPER_PATIENCE`). Only this thread reports; if the summed visits choose
/// another move than its own tree, one more report gives that move's line in this thread's
/// tree.
pub(super) fn parallel_monte_carlo<G: SearchHints>(
    state: &mut GameState<G>,
    request: &Request<'_, G::Move>,
    plan: &Plan<'_, G::Move>,
    context: &mut Context<'_, Kept<Mcts<G>>>,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let Plan {
        policy: config,
        long,
        seed,
        banned,
    } = *plan;
    let allowed = request.searchmoves.to_vec();
    let kept = &mut *context.workspace;
    let mut tree = Mcts::<G>::kept_or_new(kept.take(), config, seed);
    tree.restrict_root(&allowed);
    tree.ban_at_root(banned);
    let banned = banned.to_vec();
    let votes: Votes<G::Move> = Arc::default();
    let helpers = context.threads.helpers.start(|number, stop, nodes| {
        let mut state = state.clone();
        let votes = Arc::clone(&votes);
        let allowed = allowed.clone();
        let banned = banned.clone();
        let own = kept.helper(number);
        let seed = seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Box::new(move || {
            let mut own = lock_or_empty(&own);
            let mut silent = |_: &Info| {};
            let mut run = RunTerms {
                control: Control::new(&stop, None, None).publishing(&nodes),
                time: None,
                playouts: None,
                report: &mut silent,
                lines: 1,
                long,
            };
            let mut tree = Mcts::<G>::kept_or_new(own.take(), config, seed);
            tree.restrict_root(&allowed);
            tree.ban_at_root(&banned);
            tree.run(&mut state, &mut run);
            if let Ok(mut votes) = votes.lock() {
                add_votes(&mut votes, tree.root_visits());
            }
            own.keep(tree);
        })
    });
    let mut run = monte_carlo_run(request, state.position(), long, context.stop, report);
    let own = tree.run(state, &mut run);
    drop(helpers);
    // A helper that does not stop at once (descheduled on a busy machine) must not make the
    // answer late: its visits are left out.
    context.threads.helpers.settle(HELPER_PATIENCE);
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
    context.workspace.keep(tree);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_visits_of_every_tree_are_summed_per_move() {
        let mut votes = Vec::new();
        add_votes(&mut votes, [(1u8, 10u32), (2, 30)].into_iter());
        add_votes(&mut votes, [(2u8, 5u32), (1, 40), (3, 1)].into_iter());
        assert_eq!(votes, [(1, 50), (2, 35), (3, 1)]);
    }
}
