//! The playouts' endgame solve: exact win/draw/loss alpha-beta to the end of every line, for
//! games of fixed length ([`SearchHints::plies_left`]), where nothing repeats (moves are
//! played on copies, no history) and nothing needs evaluating. Proofs go to the engine's
//! table with the plies left as depth, so later searches of the game reuse them.
//!
//! Table probes miss the cache, so a node prefetches all its children's clusters at once and
//! the last plies skip the table. It is separate from [`crate::search::solve`], which answers
//! more but far slower; its node count and proof order decide play under a node limit.

use crate::games::{MoveList, Player, SearchHints, Status, MAX_MOVES};
use crate::search::bound::Bound;
use crate::search::control::Control;
use crate::search::tt::{TranspositionTable, TtEntry};
use crate::search::value::{self, DRAW, MATE_BOUND};

/// A proven result for the side to move: [`LOSS`], [`DRAWN`] or [`WIN`].
pub(crate) type Wdl = i8;

/// The side to move loses whatever it does.
pub(crate) const LOSS: Wdl = -1;
/// Neither side can force a win.
pub(crate) const DRAWN: Wdl = 0;
/// The side to move can force a win.
pub(crate) const WIN: Wdl = 1;

/// From this many plies left, moves are ordered by evaluation and every child is looked up
/// for a proven loss first (enhanced transposition cutoff); a probe per child pays only far
/// from the end. Below, the table's move then the history heuristic.
const ETC_FROM_PLIES: u32 = 7;

/// Below this many plies left the table is not used: a search costs less than a probe.
const TABLE_FROM_PLIES: u32 = 3;

// The lookahead reads the children that only nodes past TABLE_FROM_PLIES compute.
const _: () = assert!(ETC_FROM_PLIES > TABLE_FROM_PLIES);

/// The value of a finished game for its side to move.
#[inline]
fn result_for(status: Status, side: Player) -> Wdl {
    match status {
        Status::Won(winner) if winner == side => WIN,
        Status::Won(_) => LOSS,
        Status::Draw | Status::InPlay => DRAWN,
    }
}

/// The search value of `wdl` at `ply` from the root, `left` plies before the end.
pub(crate) fn to_value(wdl: Wdl, ply: usize, left: u32) -> i32 {
    let end = ply + left as usize;
    match wdl {
        WIN => value::mate_in(end),
        LOSS => value::mated_in(end),
        _ => DRAW,
    }
}

/// The result a proven search value stands for (anything but a mate value is a draw).
fn from_value(value: i32) -> Wdl {
    if value >= MATE_BOUND {
        WIN
    } else if value <= -MATE_BOUND {
        LOSS
    } else {
        DRAWN
    }
}

/// The bounds a table entry proves with `left` plies to go; none unless searched to the end.
fn known_bounds(entry: &TtEntry, left: u32) -> Option<(Wdl, Wdl)> {
    if entry.depth < left {
        return None;
    }
    let wdl = from_value(entry.score);
    Some(match entry.bound {
        Bound::Exact => (wdl, wdl),
        Bound::Lower => (wdl, WIN),
        Bound::Upper => (LOSS, wdl),
    })
}

/// The result of `position` by plain minimax to the end, ignoring the limits: for the last
/// plies of a reported line (fewer than [`TABLE_FROM_PLIES`]), which must be right anyway.
fn minimax<G: SearchHints>(position: &G, left: u32) -> Wdl {
    let mut buffers = vec![Vec::with_capacity(MAX_MOVES); left as usize];
    result_for(perfect_end(position, &mut buffers), position.side_to_move())
}

/// The status under perfect play of a game ending `buffers.len()` plies after `position`,
/// by minimax with one buffer per ply (playouts end this way and allocate nothing).
pub(crate) fn perfect_end<G: SearchHints>(
    position: &G,
    buffers: &mut [MoveList<G::Move>],
) -> Status {
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return position.status();
    };
    moves.clear();
    position.generate_moves(moves);
    let mover = position.side_to_move();
    let mut best = None;
    for &mv in moves.iter() {
        match perfect_end(&after(position, mv), deeper) {
            Status::Won(winner) if winner == mover => return Status::Won(mover),
            Status::Won(_) => best = best.or(Some(Status::Won(mover.opponent()))),
            _ => best = Some(Status::Draw),
        }
    }
    best.unwrap_or_else(|| position.status())
}

/// One solve: the table, the stop conditions and the move buffers of each ply.
pub(crate) struct Solver<'a, G: SearchHints> {
    tt: &'a TranspositionTable,
    control: Control<'a>,
    /// Positions visited.
    pub(crate) nodes: u64,
    /// Per ply, the buffers its nodes reuse.
    plies: Vec<PlyBuffers<G>>,
    /// History heuristic per side and [`SearchHints::move_code`]; empty without codes.
    history: [Vec<i32>; 2],
}

impl<'a, G: SearchHints> Solver<'a, G> {
    /// A solver keeping its proofs in `tt`, stopping as `control` says.
    pub(crate) fn new(tt: &'a TranspositionTable, control: Control<'a>) -> Self {
        Solver {
            tt,
            control,
            nodes: 0,
            plies: Vec::new(),
            history: [Vec::new(), Vec::new()],
        }
    }

    /// Whether the control stopped the solve: results since are incomplete.
    pub(crate) fn aborted(&self) -> bool {
        self.control.aborted()
    }

    /// The result of each of `moves` for the side to move: first whether each wins, until one
    /// does (then the only result), then whether each draws. `None` for moves not solved
    /// before a stop; a stop in the first pass leaves all unsolved.
    pub(crate) fn solve_root(&mut self, position: &G, moves: &[G::Move]) -> Vec<Option<Wdl>> {
        let mut results = vec![None; moves.len()];
        let left = position.plies_left().unwrap_or(0);
        if left == 0 {
            return results;
        }
        for table in &mut self.history {
            table.clear();
            table.resize(position.move_codes(), 0);
        }
        let mut order: Vec<(i32, usize)> = moves
            .iter()
            .enumerate()
            .map(|(index, &mv)| (after(position, mv).evaluate(), index))
            .collect();
        order.sort_unstable();
        // Null windows: "not a win" is cheaper than a full value; the second pass reuses the
        // first's bounds from the table.
        for &(_, index) in &order {
            let child = after(position, moves[index]);
            let result = -self.search(&child, left - 1, 1, -WIN, -DRAWN);
            if self.control.aborted() {
                return results;
            }
            if result > DRAWN {
                results[index] = Some(WIN);
                return results;
            }
        }
        for &(_, index) in &order {
            let child = after(position, moves[index]);
            let result = -self.search(&child, left - 1, 1, -DRAWN, -LOSS);
            if self.control.aborted() {
                break;
            }
            results[index] = Some(if result >= DRAWN { DRAWN } else { LOSS });
        }
        results
    }

    /// The line from `first`: the table's best moves, then in the last plies a search's.
    pub(crate) fn line(&mut self, position: &G, first: G::Move) -> Vec<G::Move> {
        let mut line = vec![first];
        let mut position = after(position, first);
        let mut moves = Vec::with_capacity(MAX_MOVES);
        while let Some(left) = position.plies_left().filter(|&left| left > 0) {
            moves.clear();
            position.generate_moves(&mut moves);
            let best = if left >= TABLE_FROM_PLIES {
                self.tt
                    .probe(position.hash(), line.len())
                    .and_then(|entry| entry.move_index)
                    .and_then(|index| moves.get(usize::from(index)).copied())
            } else {
                let results = moves
                    .iter()
                    .map(|&mv| -minimax(&after(&position, mv), left - 1));
                let best = results
                    .enumerate()
                    .max_by_key(|&(index, r)| (r, -(index as i32)));
                best.map(|(index, _)| moves[index])
            };
            let Some(mv) = best else {
                break;
            };
            line.push(mv);
            position.play(mv);
        }
        line
    }

    /// The fail-soft value of `position` within (`alpha`, `beta`); meaningless once aborted.
    fn search(&mut self, position: &G, left: u32, ply: usize, mut alpha: Wdl, beta: Wdl) -> Wdl {
        self.nodes += 1;
        if left == 0 {
            return result_for(position.status(), position.side_to_move());
        }
        if self.control.must_stop(self.nodes) {
            return DRAWN;
        }
        let tabled = left >= TABLE_FROM_PLIES;
        let hash = if tabled { position.hash() } else { 0 };
        let mut hint = None;
        if let Some(entry) = tabled.then(|| self.tt.probe(hash, ply)).flatten() {
            if let Some((lower, upper)) = known_bounds(&entry, left) {
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
            }
            hint = entry.move_index;
        }
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, PlyBuffers::default);
        }
        let mut buffers = std::mem::take(&mut self.plies[ply]);
        let PlyBuffers {
            moves,
            order,
            children,
        } = &mut buffers;
        moves.clear();
        position.generate_moves(moves);
        if moves.is_empty() {
            self.plies[ply] = buffers;
            return result_for(position.status(), position.side_to_move());
        }
        children.clear();
        if left > TABLE_FROM_PLIES {
            // Prefetch every child's cluster now, so that the cache misses overlap.
            children.extend(moves.iter().map(|&mv| after(position, mv)));
            for child in children.iter() {
                self.tt.prefetch(child.hash());
            }
        }
        let known_win = self.order_moves(position, left, ply, (moves, children), hint, order);
        let alpha_before = alpha;
        let (mut best, mut best_index) = match known_win {
            Some(index) => (WIN, Some(index)),
            None => (LOSS - 1, None),
        };
        for &(_, index) in order.iter().take_while(|_| known_win.is_none()) {
            let made;
            let child = match children.get(usize::from(index)) {
                Some(child) => child,
                None => {
                    made = after(position, moves[usize::from(index)]);
                    &made
                }
            };
            let result = -self.search(child, left - 1, ply + 1, -beta, -alpha);
            if self.control.aborted() {
                break;
            }
            if result > best {
                best = result;
                best_index = Some(index);
                alpha = alpha.max(result);
                if alpha >= beta {
                    self.credit_cutoff(position, moves[usize::from(index)], left);
                    break;
                }
            }
        }
        self.plies[ply] = buffers;
        if self.control.aborted() {
            return DRAWN;
        }
        if tabled {
            let bound = if best >= beta {
                Bound::Lower
            } else if best <= alpha_before {
                Bound::Upper
            } else {
                Bound::Exact
            };
            let entry = TtEntry {
                depth: left,
                bound,
                score: to_value(best, ply, left),
                // All moves failed low; the one kept shows a line.
                move_index: best_index,
            };
            self.tt.store(hash, ply, entry);
        }
        best
    }

    /// Credits the cutoff move `mv` in the history, more the more plies `left`.
    fn credit_cutoff(&mut self, position: &G, mv: G::Move, left: u32) {
        let table = &mut self.history[position.side_to_move().index()];
        if let Some(worth) = table.get_mut(position.move_code(mv)) {
            *worth = worth.saturating_add((left * left) as i32);
        }
    }

    /// The history sort key of `mv`: the moves that cut off most first.
    fn history_key(&self, position: &G, mv: G::Move) -> i32 {
        self.history[position.side_to_move().index()]
            .get(position.move_code(mv))
            .map_or(0, |&worth| -worth)
    }

    /// Fills `order` with the indices of `moves` in the order to try them (see
    /// [`TABLE_FROM_PLIES`], [`ETC_FROM_PLIES`]); returns a move the table proves winning.
    fn order_moves(
        &self,
        position: &G,
        left: u32,
        ply: usize,
        (moves, children): (&[G::Move], &[G]),
        hint: Option<u16>,
        order: &mut Vec<(i32, u16)>,
    ) -> Option<u16> {
        order.clear();
        let hint = hint.filter(|&h| usize::from(h) < moves.len());
        if left < TABLE_FROM_PLIES {
            order.extend((0..moves.len() as u16).map(|index| (0, index)));
            return None;
        }
        if left < ETC_FROM_PLIES {
            order.extend(moves.iter().enumerate().map(|(index, &mv)| {
                let index = index as u16;
                (
                    hint_first(index, hint, || self.history_key(position, mv)),
                    index,
                )
            }));
            order.sort_unstable();
            return None;
        }
        for (index, child) in children.iter().enumerate() {
            let index = index as u16;
            let lost = self
                .tt
                .probe(child.hash(), ply + 1)
                .and_then(|entry| known_bounds(&entry, left - 1))
                .is_some_and(|(_, upper)| upper == LOSS);
            if lost {
                return Some(index);
            }
            order.push((hint_first(index, hint, || child.evaluate()), index));
        }
        order.sort_unstable();
        None
    }
}

/// The buffers of one ply of the solve, reused by every node at that ply.
struct PlyBuffers<G: SearchHints> {
    moves: MoveList<G::Move>,
    /// The order of the moves: a sort key and the move's index.
    order: Vec<(i32, u16)>,
    /// The position after each move, at nodes whose children use the table.
    children: Vec<G>,
}

// Not derived: a derive would ask `G: Default` of every game.
impl<G: SearchHints> Default for PlyBuffers<G> {
    fn default() -> Self {
        PlyBuffers {
            moves: Vec::new(),
            order: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// The sort key of move `index`: first if it is `hint`, else `key()`.
#[inline]
fn hint_first(index: u16, hint: Option<u16>, key: impl FnOnce() -> i32) -> i32 {
    if Some(index) == hint {
        i32::MIN
    } else {
        key()
    }
}

/// `position` after `mv`.
#[inline]
fn after<G: SearchHints>(position: &G, mv: G::Move) -> G {
    let mut child = position.clone();
    child.play(mv);
    child
}

/// A random JC Shock game on a `width` board, `left` plies before its end (for tests).
#[cfg(test)]
pub(crate) fn random_ending(
    width: usize,
    left: u32,
    rng: &mut crate::search::rng::Rng,
) -> crate::games::jcshock::JcShock {
    use crate::games::Game;
    let start = crate::games::jcshock::JcShock::start(crate::games::BoardSize::square(width));
    let mut position = start.expect("a supported size");
    let mut moves = Vec::new();
    while position.plies_left() > Some(left) {
        moves.clear();
        position.generate_moves(&mut moves);
        let pick = (rng.next_u64() % moves.len() as u64) as usize;
        position.play(moves[pick]);
    }
    position
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::games::jcshock::JcShock;
    use crate::games::Game;
    use crate::search::rng::Rng;

    /// The result of `position` for its side to move by plain minimax to the end.
    fn solved(position: &JcShock) -> Wdl {
        minimax(position, position.plies_left().unwrap_or(0))
    }

    /// `position`'s root moves solved within `nodes` in `tt`: their results and the solver.
    fn solve<'a>(
        position: &JcShock,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        nodes: Option<u64>,
    ) -> (
        Vec<<JcShock as crate::games::Game>::Move>,
        Vec<Option<Wdl>>,
        Solver<'a, JcShock>,
    ) {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mut solver = Solver::new(tt, Control::new(stop, nodes, None));
        let results = solver.solve_root(position, &moves);
        (moves, results, solver)
    }

    #[test]
    fn every_result_the_solver_proves_is_the_minimax_result() {
        let mut rng = Rng::new(11);
        let stop = AtomicBool::new(false);
        for round in 0..120 {
            let (width, left) = (4 + round % 2, 1 + (round % 6) as u32);
            let position = random_ending(width, left, &mut rng);
            let tt = TranspositionTable::new(1);
            let (moves, results, solver) = solve(&position, &tt, &stop, None);
            assert!(!solver.aborted());
            for (&mv, &result) in moves.iter().zip(&results) {
                if let Some(result) = result {
                    assert_eq!(result, -solved(&after(&position, mv)), "{}", position.fen());
                }
            }
            let best = results.iter().flatten().max().copied();
            assert_eq!(best, Some(solved(&position)), "{}", position.fen());
            let solved_moves = results.iter().flatten().count();
            if best == Some(WIN) {
                assert_eq!(solved_moves, 1, "a winning move is the only result");
            } else {
                assert_eq!(
                    solved_moves,
                    moves.len(),
                    "only a win stops the solve early"
                );
            }
        }
    }

    #[test]
    fn a_solve_stopped_before_it_knows_whether_a_move_wins_proves_nothing() {
        let mut rng = Rng::new(5);
        let stop = AtomicBool::new(false);
        let position = random_ending(5, 9, &mut rng);
        let tt = TranspositionTable::new(1);
        let (_, results, solver) = solve(&position, &tt, &stop, Some(20));
        assert!(solver.aborted());
        assert!(results.iter().all(Option::is_none));
    }

    #[test]
    fn a_solve_cut_short_leaves_its_unfinished_moves_unsolved() {
        let mut rng = Rng::new(5);
        let stop = AtomicBool::new(false);
        let position = (0..50)
            .map(|_| random_ending(5, 9, &mut rng))
            .find(|position| solved(position) < WIN)
            .expect("an ending not won");
        let tt = TranspositionTable::new(1);
        let (moves, results, solver) = solve(&position, &tt, &stop, Some(300));
        assert!(solver.aborted());
        assert!(results.iter().any(Option::is_none));
        for (&mv, &result) in moves.iter().zip(&results) {
            if let Some(result) = result {
                assert_eq!(result, -solved(&after(&position, mv)));
            }
        }
    }

    #[test]
    fn what_the_solver_proved_is_found_again_in_the_table() {
        let mut rng = Rng::new(3);
        let stop = AtomicBool::new(false);
        let position = random_ending(5, 8, &mut rng);
        let tt = TranspositionTable::new(4);
        let (_, first, solver) = solve(&position, &tt, &stop, None);
        let first_nodes = solver.nodes;
        let (_, again, solver) = solve(&position, &tt, &stop, None);
        assert_eq!(first, again);
        assert!(
            solver.nodes * 10 < first_nodes,
            "{} then {}",
            first_nodes,
            solver.nodes
        );
    }

    /// A won 5×5 ending `left` plies before the end (from a generator seeded with `seed`),
    /// solved in `tt`, and its winning move.
    fn won_ending(
        tt: &TranspositionTable,
        left: u32,
        seed: u64,
    ) -> (JcShock, <JcShock as crate::games::Game>::Move) {
        let mut rng = Rng::new(seed);
        let won = (0..50)
            .map(|_| random_ending(5, left, &mut rng))
            .find(|position| solved(position) == WIN)
            .expect("a won ending");
        let (moves, results, _) = solve(&won, tt, &AtomicBool::new(false), None);
        let win = results.iter().position(|&r| r == Some(WIN)).expect("a win");
        (won, moves[win])
    }

    /// Whether `line` from `position` plays to the end of the game and wins it for the side
    /// to move.
    fn wins_at_the_end(position: &JcShock, line: &[<JcShock as crate::games::Game>::Move]) -> bool {
        let end = line
            .iter()
            .fold(position.clone(), |position, &mv| after(&position, mv));
        end.plies_left() == Some(0) && end.status() == Status::Won(position.side_to_move())
    }

    #[test]
    fn the_line_of_a_proven_win_plays_to_the_end_of_the_game() {
        let tt = TranspositionTable::new(1);
        let (won, win) = won_ending(&tt, 7, 8);
        let stop = AtomicBool::new(false);
        let (_, _, mut solver) = solve(&won, &tt, &stop, None);
        let line = solver.line(&won, win);
        assert!(wins_at_the_end(&won, &line), "{}", won.fen());
    }

    /// The winner moves 2 plies before the end of an even line, where the table keeps
    /// nothing and a search is needed; the solve's exhausted limits must not spoil it.
    #[test]
    fn the_line_of_a_proven_win_stays_right_after_the_solve_ran_out() {
        for seed in 0..12 {
            let tt = TranspositionTable::new(1);
            let (won, win) = won_ending(&tt, 8, seed);
            let stop = AtomicBool::new(false);
            let (_, again, mut solver) = solve(&won, &tt, &stop, Some(1));
            assert!(solver.aborted(), "{again:?}");
            let line = solver.line(&won, win);
            assert!(wins_at_the_end(&won, &line), "{}", won.fen());
        }
    }
}
