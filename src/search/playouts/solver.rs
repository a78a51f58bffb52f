//! An exact win/draw/loss solver for games of fixed length ([`SearchHints::plies_left`]): the
//! endgame solve of the playouts' search, which runs it before Monte-Carlo near the end of
//! the game.
//!
//! Every line of such a game ends after the same number of plies, so there is nothing to
//! evaluate on the way: the solver searches every line to the end with alpha-beta on the
//! three values loss, draw and win. It plays moves on copies of positions (nothing repeats in
//! a game of fixed length, so no history is needed), orders the moves of its upper nodes by
//! the game's evaluation after the move and those of its lower nodes by the cutoffs the moves
//! made so far (history heuristic), and keeps what it proves in the transposition table with
//! the plies left as depth, where later searches of the game find it: a result proven for a
//! position stays true. At the root it first asks of every move whether it wins, with a null
//! window at the draw, and only when none does which of them draw.
//!
//! Much of its time goes on waiting for memory: a node's first act is to probe the table,
//! and the probe misses the cache. So a node whose children use the table computes them all
//! at once and asks the cache for their table clusters before ordering and searching them,
//! and those misses overlap; the last plies, where a search costs less than a probe, do not
//! use the table at all.
//!
//! It is not a client of the `solve` command's solver ([`crate::search::solve`]), which
//! answers more for any game (distances, margins, every root move's exact value, positions
//! that repeat) with a history of positions and a table of its own probed at every node, and
//! is markedly slower on the search's job. This one answers only the search's question, as
//! fast as it can, in the engine's table, which outlives the move; and its node count and the
//! order of its proofs decide what a search under a node limit plays.

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

/// Nodes with at least this many plies left try their moves in the order of the evaluation
/// after the move, and look in the table for a child already known to lose (for its side to
/// move) before searching any (enhanced transposition cutoff); below, the table's move goes
/// first and the others follow by the history heuristic. Each lookahead probes the table for
/// every child, and a probe is a cache miss, so it pays only far enough from the end.
const ETC_FROM_PLIES: u32 = 7;

/// Nodes with fewer plies left are neither looked up in the table nor stored: below, a
/// search costs less than a probe.
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

/// The search value of `wdl` for a node `ply` plies from the root with `left` plies to the
/// end: the mate values of the end of the game, or a draw.
pub(crate) fn to_value(wdl: Wdl, ply: usize, left: u32) -> i32 {
    let end = ply + left as usize;
    match wdl {
        WIN => value::mate_in(end),
        LOSS => value::mated_in(end),
        _ => DRAW,
    }
}

/// The result a proven search value stands for: a mate value is a win or a loss, anything
/// else (in a game of fixed length, only the draw) a draw.
fn from_value(value: i32) -> Wdl {
    if value >= MATE_BOUND {
        WIN
    } else if value <= -MATE_BOUND {
        LOSS
    } else {
        DRAWN
    }
}

/// The bounds a table entry proves on the result of a node with `left` plies to go: none if
/// it was not searched to the end.
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

/// The result of `position` for its side to move by plain minimax to the end, whatever the
/// stop conditions say: for the last plies of a reported line (fewer than
/// [`TABLE_FROM_PLIES`], so a few thousand positions at most), which must be right even when
/// the solve that proved the line has used up its limits.
fn minimax<G: SearchHints>(position: &G, left: u32) -> Wdl {
    let mut buffers = vec![Vec::with_capacity(MAX_MOVES); left as usize];
    result_for(perfect_end(position, &mut buffers), position.side_to_move())
}

/// The status at the end of a game of fixed length that ends `buffers.len()` plies after
/// `position`, both sides playing perfectly: minimax over every line, each ply with its
/// move buffer (so that playouts, which end this way, allocate nothing). A mover takes the
/// first win it finds.
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
    /// Per side and [`SearchHints::move_code`], what the move's cutoffs were worth this solve
    /// (history heuristic); empty for games whose moves have no codes.
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

    /// The result of each of `moves` (legal in `position`) for the side to move, in the order
    /// of the evaluation after the move: first whether each wins, until one does (then it is
    /// the only result), then whether each draws or loses. `None` for the moves not solved
    /// when the control stops the solve; a stop in the first pass leaves every move unsolved.
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
        // Null windows: a move is shown not to win by the first defence that holds the draw,
        // where a full window would go on to tell a draw from a loss; the second pass asks
        // that of the moves left, with the first pass's bounds in the table.
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

    /// The line that starts with `first` in `position`: then the best move the table gives
    /// at each position, and in the last plies, which the table does not keep, the first
    /// best move a search finds, to the end of the game or of what the table knows.
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

    /// The result of `position` for its side to move, `left` plies before the end and `ply`
    /// plies from the root, if it lies within (`alpha`, `beta`); else a bound beyond the
    /// window on that side (fail-soft). Meaningless once the solve is aborted.
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
            // Every child searched (and from ETC_FROM_PLIES every child) is looked up in the
            // table first, a cache miss each: asking for them all now overlaps the misses.
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
                // Every move of a node that failed low does as badly; the one kept shows the
                // line through it.
                move_index: best_index,
            };
            self.tt.store(hash, ply, entry);
        }
        best
    }

    /// Credits `mv`, which made a node of `position` `left` plies before the end cut off,
    /// in the history heuristic: the nearer the root, the more it saved.
    fn credit_cutoff(&mut self, position: &G, mv: G::Move, left: u32) {
        let table = &mut self.history[position.side_to_move().index()];
        if let Some(worth) = table.get_mut(position.move_code(mv)) {
            *worth = worth.saturating_add((left * left) as i32);
        }
    }

    /// The sort key of `mv` in `position` by the history heuristic: the moves that cut off
    /// the most first.
    fn history_key(&self, position: &G, mv: G::Move) -> i32 {
        self.history[position.side_to_move().index()]
            .get(position.move_code(mv))
            .map_or(0, |&worth| -worth)
    }

    /// Fills `order` with the indices of `moves` in the order to try them. Near the end
    /// (below [`TABLE_FROM_PLIES`]) in generation order; then the table's move `hint` first
    /// and the others by the history heuristic; far enough from the end
    /// ([`ETC_FROM_PLIES`]) by the opponent's evaluation after the move, lowest first, having
    /// looked each move's position up in the table: it returns the index of one the table
    /// proves lost for the opponent, if any, a win without search.
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

/// The sort key of the move of index `index`: first of all when it is the table's move
/// `hint`, else `key()` (computed only then).
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

/// A random JC Shock game on a `width` board played until `left` plies before its end, for
/// tests of exact endings.
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
