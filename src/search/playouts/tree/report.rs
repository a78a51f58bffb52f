//! What a Monte-Carlo tree tells: its most visited lines as `info` reports and its root
//! moves' visits.

use std::time::Duration;

use super::mcts::{Mcts, MAX_TREE_NODES};
use super::run_terms::RunTerms;
use crate::games::{GameState, SearchHints};
use crate::search::info::{Info, Score};
use crate::search::root::notation;

/// A win rate shown on the centipawn scale, with the logistic curve engines commonly use
/// (a 75% win rate is about +190).
pub(super) fn win_rate_to_centipawns(rate: f64) -> i32 {
    let rate = rate.clamp(0.001, 0.999);
    (-400.0 * (1.0 / rate - 1.0).log10()).round() as i32
}

impl<G: SearchHints> Mcts<G> {
    /// Each root move with its visits.
    pub(crate) fn root_visits(&self) -> impl Iterator<Item = (G::Move, u32)> + '_ {
        let root = &self.nodes[0];
        root.child_range()
            .filter(|&c| !self.banned(0, c))
            .filter_map(|c| self.nodes[c].mv.map(|mv| (mv, self.nodes[c].visits)))
    }

    /// The report of the line that starts with the root move `mv` (its first move only when
    /// the tree has no such child).
    pub(crate) fn line_of(&self, state: &mut GameState<G>, mv: G::Move, time: Duration) -> Info {
        let root = &self.nodes[0];
        let child = root.child_range().find(|&c| self.nodes[c].mv == Some(mv));
        let mut info = self.info(state, time, child);
        if info.pv.is_empty() {
            info.pv = notation(state, &[mv]);
        }
        info
    }

    /// Reports the search so far: the most visited line, or with `MultiPV` the lines of
    /// the most visited root moves, most visited first.
    pub(super) fn report(&self, state: &mut GameState<G>, run: &mut RunTerms<'_, '_>) {
        let time = run.control.elapsed();
        if run.lines <= 1 {
            let info = self.info(state, time, self.best_child(0));
            (run.report)(&info);
            return;
        }
        let root = &self.nodes[0];
        let mut children: Vec<usize> = root.child_range().filter(|&c| !self.banned(0, c)).collect();
        // Ties go to the later child, as in `best_child`, so that line 1 is the move played.
        children.sort_by_key(|&c| std::cmp::Reverse((self.nodes[c].visits, c)));
        for (rank, &child) in children.iter().take(run.lines).enumerate() {
            let mut info = self.info(state, time, Some(child));
            info.multipv = Some(rank as u32 + 1);
            (run.report)(&info);
        }
    }

    /// The search so far as an `info` report: the line that starts with the root child
    /// `start` and follows the most visited children, its first move's win rate, and as depth
    /// the deepest tree node this search reached.
    pub(super) fn info(
        &self,
        state: &mut GameState<G>,
        time: Duration,
        start: Option<usize>,
    ) -> Info {
        let mut line = Vec::new();
        let mut next = start.filter(|&c| self.nodes[c].visits > 0);
        while let Some(child) = next {
            line.push(child);
            next = self.best_child(child).filter(|&c| self.nodes[c].visits > 0);
        }
        let mean = line.first().map_or(0.5, |&c| self.nodes[c].mean());
        let pv = notation(
            state,
            &line
                .iter()
                .filter_map(|&c| self.nodes[c].mv)
                .collect::<Vec<_>>(),
        );
        // The deepest tree node so far: unlike the most visited line's length it never
        // shrinks during a search, so `depth` only grows from one report to the next.
        let depth = self.max_depth.max(line.len()) as u32;
        Info {
            depth,
            seldepth: depth,
            score: Score::Centipawns(win_rate_to_centipawns(mean)),
            nodes: self.visited,
            time,
            hashfull: (self.nodes.len() * 1000 / MAX_TREE_NODES) as u32,
            pv,
            multipv: None,
            bound: None,
            currmove: None,
            proven: false,
            wdl: None,
        }
    }
}
