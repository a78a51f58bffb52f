//! The playouts of a Monte-Carlo tree: random moves (with MAST, partly the better of two),
//! the last plies of a game of fixed length played perfectly.

use super::mcts::{Mcts, FULL_SHARE};
use super::rave::result_for;
use crate::games::{GameState, Player, SearchHints, Status};
use crate::search::playouts::solver::perfect_end;

/// A MAST entry's average result, with a prior so an unplayed move is worth ½.
#[inline]
pub(super) fn average(entry: Option<&(f32, f32)>) -> f32 {
    entry.map_or(0.5, |&(reward, visits)| (reward + 0.5) / (visits + 1.0))
}

/// Where a pair table keeps the move of code `code` played right after the move of code
/// `before`, for games of `codes` move codes.
#[inline]
pub(super) fn pair_index(before: usize, code: usize, codes: usize) -> usize {
    before * codes + code
}

/// Adds a playout that ended in `status` to `player`'s MAST or pair `entry`, if any.
#[inline]
pub(super) fn add_result(entry: Option<&mut (f32, f32)>, status: Status, player: Player) {
    if let Some(entry) = entry {
        entry.0 += result_for(status, player) as f32;
        entry.1 += 1.0;
    }
}

/// A playout still going after this many plies is scored as a draw.
pub(super) const MAX_PLAYOUT_PLIES: usize = 4096;

impl<G: SearchHints> Mcts<G> {
    /// Plays random moves to the end; the final status and the plies played (to take back).
    pub(super) fn playout(&mut self, state: &mut GameState<G>) -> (Status, usize) {
        if let Some(left) = state.position().plies_left() {
            return (
                self.fixed_length_playout(state.position(), left as usize),
                0,
            );
        }
        let mut played = 0;
        loop {
            let status = state.status_with_history();
            if status.is_over() {
                return (status, played);
            }
            if played >= MAX_PLAYOUT_PLIES {
                return (Status::Draw, played);
            }
            let Some(mv) = self.playout_move(state.position()) else {
                return (Status::Draw, played);
            };
            self.remember(state.position(), mv);
            state.make(mv);
            self.visited += 1;
            played += 1;
        }
    }

    /// [`Mcts::playout`] in a game ending after exactly `left` plies, on a copy (no history,
    /// status read once); the last [`crate::games::TreePolicy::exact_tail`] plies perfectly.
    pub(super) fn fixed_length_playout(&mut self, position: &G, left: usize) -> Status {
        let mut position = position.clone();
        let tail = self.config.exact_tail.min(left);
        for _ in 0..(left - tail).min(MAX_PLAYOUT_PLIES) {
            let Some(mv) = self.playout_move(&position) else {
                break;
            };
            self.remember(&position, mv);
            position.play(mv);
            self.visited += 1;
        }
        // Count the perfect line's plies, not the lookahead: a count independent of the seed.
        self.visited += tail as u64;
        perfect_end(&position, &mut self.exact_moves[..tail])
    }

    /// A playout's move: random, or for MAST's share the better of two by
    /// [`Mcts::playout_value`].
    #[inline]
    pub(super) fn playout_move(&mut self, position: &G) -> Option<G::Move> {
        let first = position.random_move(self.rng.next_u64(), &mut self.moves)?;
        if self.mast[0].is_empty() || !self.mast_chooses() {
            return Some(first);
        }
        let second = position.random_move(self.rng.next_u64(), &mut self.moves)?;
        Some(
            if self.playout_value(position, second) > self.playout_value(position, first) {
                second
            } else {
                first
            },
        )
    }

    /// Whether MAST chooses the playout's next move
    /// ([`crate::games::TreePolicy::mast_share`]); a share of 1 draws no random number.
    #[inline]
    pub(super) fn mast_chooses(&mut self) -> bool {
        self.mast_threshold >= FULL_SHARE || self.rng.next_u64() >> 32 < self.mast_threshold
    }

    /// The MAST average of `mv` for the mover, mixed with its pair average when there is one.
    #[inline]
    pub(super) fn playout_value(&self, position: &G, mv: G::Move) -> f32 {
        let mover = position.side_to_move().index();
        let table = &self.mast[mover];
        let code = position.move_code(mv);
        let alone = average(table.get(code));
        let pair = self.line.last().and_then(|&(before, _)| {
            self.pairs[mover]
                .get(pair_index(before, code, table.len()))
                .filter(|&&(_, visits)| visits > 0.0)
        });
        match pair {
            Some(pair) => {
                let weight = self.config.pairs;
                (1.0 - weight) * alone + weight * average(Some(pair))
            }
            None => alone,
        }
    }

    /// Credits `status` to the iteration's moves and consecutive pairs, for their movers.
    pub(super) fn credit_mast(&mut self, status: Status) {
        for &(code, player) in &self.line {
            add_result(self.mast[player.index()].get_mut(code), status, player);
        }
        if self.pairs[0].is_empty() {
            return;
        }
        let codes = self.mast[0].len();
        for pair in self.line.windows(2) {
            let ((before, _), (code, player)) = (pair[0], pair[1]);
            let entry = self.pairs[player.index()].get_mut(pair_index(before, code, codes));
            add_result(entry, status, player);
        }
    }

    /// Notes that `mv` is played in `position`, for RAVE.
    pub(super) fn remember(&mut self, position: &G, mv: G::Move) {
        if !self.marks[0].is_empty() {
            self.line
                .push((position.move_code(mv), position.side_to_move()));
        }
    }
}
