//! The recursive search: fail-soft negamax alpha-beta with principal-variation search, table
//! cutoffs off the principal variation, mate-distance pruning, and the pruning the game's
//! [`AlphaBetaTuning`] or null move allows (each makes a result unproven).
//!
//! A result is *proven* when every leaf under it is a finished game: deeper search cannot
//! change it, so it is stored at [`PROVEN_DEPTH`] and ends the deepening at the root.

use std::time::Duration;

use super::buffers::Buffers;
use super::eval_cache::EvalCache;
use super::tuning::Tuned;
#[cfg(doc)]
use crate::games::AlphaBetaTuning;
use crate::games::{GameState, Player, SearchHints, Status};
use crate::search::bound::Bound;
use crate::search::control::Control;
use crate::search::info::{CurrMove, Info, Score};
use crate::search::ordering::{bring_forward, settle_all, KILLERS};
use crate::search::root::restrict_root;
use crate::search::tt::{TranspositionTable, TtEntry};
use crate::search::value::{self, clamp_eval, is_mate, mate_in, mated_in, INFINITY, MATE, MAX_PLY};

/// The table depth of a proven result: deeper than any search (the table keeps up to 255).
pub(crate) const PROVEN_DEPTH: u32 = u8::MAX as u32;
const _: () = assert!(PROVEN_DEPTH as usize > MAX_PLY);

/// Mixed into the table keys of searches for the second player in a game with contempt.
const SECOND_PLAYER_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// The table key of `position` in a search for `root_side`. With
/// [`AlphaBetaTuning::contempt`], stored draws are valued for one side, so the two sides'
/// searches keep apart keys.
pub(crate) fn table_key<G: SearchHints>(position: &G, root_side: Player) -> u64 {
    let hash = position.hash();
    if G::TUNING.contempt != 0 && root_side == Player::Two {
        hash ^ SECOND_PLAYER_KEY
    } else {
        hash
    }
}

/// The state of one search: everything the recursion needs, allocated before it starts.
pub(crate) struct Searcher<'a, G: SearchHints> {
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) control: Control<'a>,
    /// Nodes visited so far.
    pub(crate) nodes: u64,
    /// Deepest ply reached.
    pub(crate) seldepth: usize,
    /// Results so far that deeper search could change (horizon leaves, unproven table
    /// cutoffs, repetitions); a subtree searched while it stayed the same is proven.
    pub(crate) unproven: u64,
    /// The root move to try first (the previous iteration's best), by index.
    pub(crate) root_hint: Option<u16>,
    /// The running iteration's best fully searched root move and value; survives an abort.
    pub(crate) root_best: Option<(u16, i32)>,
    /// Root moves (by index) of lines already found under `MultiPV`, left out.
    pub(crate) root_excluded: Vec<u16>,
    /// The move buffers, the best lines (`buffers.pv`) and the killer moves.
    pub(crate) buffers: &'a mut Buffers<G::Move>,
    /// The root moves searched (`go searchmoves`); every move when empty.
    pub(crate) allowed_at_root: &'a [G::Move],
    /// Where progress goes; the searcher only announces root moves.
    pub(crate) report: &'a mut dyn FnMut(&Info),
    /// After this long, each root move is announced as it starts (`currmove`); `None` never.
    pub(crate) currmove_after: Option<Duration>,
    /// The player to move at the root, whom [`AlphaBetaTuning::contempt`] makes dislike draws.
    root_side: Player,
    /// The ply after the latest null move on the path: no null move answers another.
    null_child: usize,
}

impl<'a, G: SearchHints> Searcher<'a, G> {
    /// A searcher at its first node, working in `buffers`.
    pub(crate) fn new(
        tt: &'a TranspositionTable,
        control: Control<'a>,
        buffers: &'a mut Buffers<G::Move>,
        report: &'a mut dyn FnMut(&Info),
    ) -> Self {
        Searcher {
            tt,
            control,
            nodes: 0,
            seldepth: 0,
            unproven: 0,
            root_hint: None,
            root_best: None,
            root_excluded: Vec::new(),
            buffers,
            allowed_at_root: &[],
            report,
            currmove_after: None,
            root_side: Player::One,
            null_child: 0,
        }
    }

    /// What a draw is worth to `side`: minus the contempt for the root's side to move, plus
    /// for the other.
    #[inline]
    fn draw_value(&self, side: Player) -> i32 {
        if side == self.root_side {
            value::DRAW - G::TUNING.contempt
        } else {
            value::DRAW + G::TUNING.contempt
        }
    }

    /// The value of the current position searched `depth` more plies within (`alpha`,
    /// `beta`); meaningless (0) after an abort.
    pub(crate) fn negamax(
        &mut self,
        state: &mut GameState<G>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.control.must_stop(self.nodes) {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.buffers.pv.clear(ply);
        if ply == 0 {
            self.root_side = state.position().side_to_move();
        }
        if ply > 0 && state.repeats_within(ply) {
            // A repetition can be repeated to a draw; path-dependent, so unproven.
            self.unproven += 1;
            return self.draw_value(state.position().side_to_move());
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(state, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            // No result here can beat winning on the spot or be worse than losing on the spot.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply));
            if alpha >= beta {
                return alpha;
            }
        }

        let hash = table_key(state.position(), self.root_side);
        // No table cutoff at the root (repetitions make values path-dependent).
        let entry = if ply > 0 {
            self.tt.probe(hash, ply)
        } else {
            None
        };
        if let Some(entry) = entry {
            if !pv_node && entry.depth >= depth as u32 && cuts_off(&entry, alpha, beta) {
                if entry.depth < PROVEN_DEPTH {
                    self.unproven += 1;
                }
                return entry.score;
            }
        }
        if !pv_node && ply > 0 {
            if let Some(value) = self.futile_node(state, depth, beta) {
                return value;
            }
            if let Some(value) = self.null_move_cutoff(state, depth, ply, beta) {
                return value;
            }
        }
        let unproven_before = self.unproven;
        // The table's move: an index into the generated moves, or the move itself where
        // the game tags its moves (see `SearchHints::TAGGED_MOVES`).
        let table_move = if ply == 0 {
            None
        } else {
            entry.and_then(|e| e.move_index)
        };
        let reducing =
            G::TUNING.late_move_reductions && depth >= 3 && !state.position().is_forcing();
        let mut node = Node {
            depth,
            ply,
            alpha,
            beta,
            pv_node,
            reducing,
            best_value: -INFINITY,
            best_move: None,
        };

        // Most nodes cut off on the table's move or a killer: try them before generating.
        let early = if G::TAGGED_MOVES && ply > 0 {
            self.early_moves(state, ply, table_move)
        } else {
            EarlyMoves::default()
        };
        for (tried, mv) in early.iter().enumerate() {
            match self.try_move(state, &mut node, mv, tried) {
                Outcome::Stopped => return 0,
                Outcome::Refutes => {
                    self.record_history(state.position(), depth, mv, early.iter().take(tried));
                    self.store(hash, &node, None, unproven_before);
                    return node.best_value;
                }
                Outcome::Raises | Outcome::Below => {}
            }
        }

        let mut buffers = std::mem::take(&mut self.buffers.plies[ply]);
        buffers.moves.clear();
        state.generate_moves(&mut buffers.moves);
        if ply == 0 {
            restrict_root(&mut buffers.moves, self.allowed_at_root);
        }
        if buffers.moves.is_empty() {
            self.buffers.plies[ply] = buffers;
            return self.terminal_value(state, ply);
        }
        let hinted = if ply == 0 {
            self.root_hint
        } else if G::TAGGED_MOVES {
            early.hint.and_then(|hint| index_of(&buffers.moves, hint))
        } else {
            table_move
        };
        let position = state.position();
        let side = position.side_to_move().index();
        self.buffers.ordering.order_lazily(
            &buffers.moves,
            ply,
            hinted,
            &mut buffers.order,
            &mut buffers.keys,
            side,
            |mv| (position.move_priority(mv), position.move_code(mv)),
        );
        if ply == 0 {
            // Settled at once, so that MultiPV can leave out the lines already found.
            settle_all(&mut buffers.order, &mut buffers.keys);
            let excluded = &self.root_excluded;
            buffers.order.retain(|index| !excluded.contains(index));
        }
        // The moves tried already lead the order (see `MoveOrdering::order_lazily`).
        debug_assert!(early
            .iter()
            .zip(&buffers.order)
            .all(|(mv, &index)| buffers.moves[usize::from(index)] == mv));
        // Only games without tags store the index, and they try no move early.
        let mut best_index = None;

        for tried in early.len..buffers.order.len() {
            bring_forward(&mut buffers.order, &mut buffers.keys, tried);
            let index = buffers.order[tried];
            let mv = buffers.moves[usize::from(index)];
            if ply == 0 {
                self.announce(state, depth, mv, tried);
            }
            let outcome = self.try_move(state, &mut node, mv, tried);
            if matches!(outcome, Outcome::Raises | Outcome::Refutes) {
                best_index = Some(index);
                if ply == 0 {
                    self.root_best = Some((index, node.best_value));
                }
            }
            match outcome {
                Outcome::Stopped => break,
                Outcome::Refutes => {
                    let tried_before = buffers.order[..tried]
                        .iter()
                        .map(|&i| buffers.moves[usize::from(i)]);
                    self.record_history(state.position(), depth, mv, tried_before);
                    break;
                }
                Outcome::Raises | Outcome::Below => {}
            }
        }
        self.buffers.plies[ply] = buffers;
        if self.control.aborted() {
            return 0;
        }
        self.store(hash, &node, best_index, unproven_before);
        node.best_value
    }

    /// The table's move (`tag`) then the killers of `ply`, each if legal, as `order_lazily`
    /// would lead; none when a third occurrence ends the game.
    fn early_moves(
        &self,
        state: &GameState<G>,
        ply: usize,
        tag: Option<u16>,
    ) -> EarlyMoves<G::Move> {
        let mut early = EarlyMoves::default();
        let position = state.position();
        early.hint = tag
            .and_then(G::move_from_tag)
            .filter(|&mv| position.is_legal_move(mv));
        if let Some(hint) = early.hint {
            early.push(hint);
        }
        for killer in self.buffers.ordering.killers(ply).into_iter().flatten() {
            if !early.iter().any(|mv| mv == killer) && position.is_legal_move(killer) {
                early.push(killer);
            }
        }
        if early.len > 0 && state.is_threefold() {
            return EarlyMoves::default();
        }
        early
    }

    /// Searches `mv`, the `tried`-th move of `node` (from 0), into the node.
    fn try_move(
        &mut self,
        state: &mut GameState<G>,
        node: &mut Node<G::Move>,
        mv: G::Move,
        tried: usize,
    ) -> Outcome {
        let (depth, ply, alpha, beta) = (node.depth, node.ply, node.alpha, node.beta);
        let reduction = if node.reducing && reduces(state.position(), tried, mv) {
            late_move_reduction(depth, tried, node.pv_node)
        } else {
            0
        };
        state.make(mv);
        let value = if tried == 0 {
            -self.negamax(state, depth - 1, ply + 1, -beta, -alpha)
        } else {
            // Null window first (reduced for a late quiet move); a move that beats it is
            // searched again in full.
            let mut scout =
                -self.negamax(state, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
            if reduction > 0 && scout > alpha {
                scout = -self.negamax(state, depth - 1, ply + 1, -alpha - 1, -alpha);
            }
            if scout > alpha && scout < beta {
                -self.negamax(state, depth - 1, ply + 1, -beta, -alpha)
            } else {
                scout
            }
        };
        state.unmake();
        if self.control.aborted() {
            return Outcome::Stopped;
        }
        if value <= node.best_value {
            return Outcome::Below;
        }
        node.best_value = value;
        if value <= alpha {
            return Outcome::Below;
        }
        node.alpha = value;
        node.best_move = Some(mv);
        self.buffers.pv.update(ply, mv);
        if value < beta {
            return Outcome::Raises;
        }
        self.buffers.ordering.record_cutoff(ply, mv);
        Outcome::Refutes
    }

    /// Stores `node`'s result and best move (its tag, else `best_index`); proven when nothing
    /// unproven came in since `unproven_before`.
    fn store(
        &self,
        hash: u64,
        node: &Node<G::Move>,
        best_index: Option<u16>,
        unproven_before: u64,
    ) {
        let bound = if node.best_value >= node.beta {
            Bound::Lower
        } else if node.best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let proven = self.unproven == unproven_before;
        self.tt.store(
            hash,
            node.ply,
            TtEntry {
                depth: if proven {
                    PROVEN_DEPTH
                } else {
                    node.depth as u32
                },
                bound,
                score: node.best_value,
                move_index: if G::TAGGED_MOVES {
                    node.best_move.map(G::move_tag)
                } else {
                    best_index
                },
            },
        );
    }
}

/// A node as its moves are searched: its place, window and best so far.
struct Node<M> {
    depth: i32,
    ply: usize,
    alpha: i32,
    beta: i32,
    pv_node: bool,
    /// Late quiet moves are searched shallower first.
    reducing: bool,
    best_value: i32,
    /// The move that raised `alpha`, if any did.
    best_move: Option<M>,
}

/// What searching one move of a node did to it.
enum Outcome {
    /// Not better than the node's best so far, or not above `alpha`.
    Below,
    /// Raised `alpha`: the node's best move so far.
    Raises,
    /// Reached `beta`: the node's parent is refuted, no other move need be searched.
    Refutes,
    /// The search was stopped: the value is meaningless.
    Stopped,
}

/// The moves a node tries before it generates the others (see `Searcher::early_moves`).
struct EarlyMoves<M> {
    slots: [Option<M>; 1 + KILLERS],
    len: usize,
    /// The table's move, when legal: the first of them.
    hint: Option<M>,
}

impl<M: Copy> EarlyMoves<M> {
    fn push(&mut self, mv: M) {
        self.slots[self.len] = Some(mv);
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = M> + '_ {
        self.slots[..self.len].iter().flatten().copied()
    }
}

impl<M: Copy> Default for EarlyMoves<M> {
    fn default() -> Self {
        EarlyMoves {
            slots: [None; 1 + KILLERS],
            len: 0,
            hint: None,
        }
    }
}

impl<G: SearchHints> Searcher<'_, G> {
    /// Reverse futility pruning: `Some(evaluation)` when a node near the horizon evaluates
    /// above `beta` by [`AlphaBetaTuning::futility_margin`] per ply left. Unproven.
    fn futile_node(&mut self, state: &GameState<G>, depth: i32, beta: i32) -> Option<i32> {
        if G::TUNING.futility_margin == 0
            || depth > G::TUNING.futility_depth
            || value::is_mate(beta)
        {
            return None;
        }
        let position = state.position();
        if position.is_forcing() {
            return None;
        }
        let evaluation = match self.buffers.evaluations.status_and_evaluation(position) {
            (Status::InPlay, evaluation) => clamp_eval(evaluation),
            _ => return None,
        };
        if evaluation - G::TUNING.futility_margin * depth < beta {
            return None;
        }
        self.unproven += 1;
        Some(evaluation)
    }

    /// Null-move pruning off the principal variation: `Some(value)` when the side to move stays
    /// at or above `beta` after a [`SearchHints::null_move`] searched [`null_move_reduction`]
    /// plies shallower. Unproven: the rules may not allow a pass.
    fn null_move_cutoff(
        &mut self,
        state: &mut GameState<G>,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Option<i32> {
        if depth < NULL_MOVE_MIN_DEPTH || self.null_child == ply || value::is_mate(beta) {
            return None;
        }
        let position = state.position();
        let pass = position.null_move()?;
        match self.buffers.evaluations.status_and_evaluation(position) {
            (Status::InPlay, evaluation) if evaluation >= beta => {}
            _ => return None,
        }
        let outer = self.null_child;
        self.null_child = ply + 1;
        state.make(pass);
        let reduced = depth - 1 - null_move_reduction(depth);
        let value = -self.negamax(state, reduced, ply + 1, -beta, -beta + 1);
        state.unmake();
        self.null_child = outer;
        if self.control.aborted() || value < beta {
            return None;
        }
        self.unproven += 1;
        Some(if value::is_mate(value) { beta } else { value })
    }

    /// Announces the root move `mv` (`tried`-th, from 0) once [`Searcher::currmove_after`] passed.
    fn announce(&mut self, state: &GameState<G>, depth: i32, mv: G::Move, tried: usize) {
        let due = self.currmove_after;
        if due.is_none_or(|after| self.control.elapsed() < after) {
            return;
        }
        let number = tried + self.root_excluded.len() + 1;
        (self.report)(&Info {
            depth: depth as u32,
            seldepth: self.seldepth as u32,
            score: Score::Centipawns(0),
            nodes: self.nodes,
            time: self.control.elapsed(),
            hashfull: 0,
            pv: Vec::new(),
            multipv: None,
            bound: None,
            currmove: Some(CurrMove {
                mv: state.position().format_move(mv),
                number: number as u32,
            }),
            proven: false,
            wdl: None,
        });
    }

    /// The value of a node without moves. One still in play occurred for the third time: a
    /// draw, unproven since another path may not repeat it.
    fn terminal_value(&mut self, state: &GameState<G>, ply: usize) -> i32 {
        let status = state.position().status();
        if status == Status::InPlay {
            self.unproven += 1;
        }
        let side = state.position().side_to_move();
        match status {
            Status::Won(_) => value::terminal(status, side, ply),
            Status::Draw | Status::InPlay => self.draw_value(side),
        }
    }

    /// `best` refuted the opponent's move in `position`, `depth` plies from the horizon,
    /// after the moves `tried_before` had not.
    fn record_history(
        &mut self,
        position: &G,
        depth: i32,
        best: G::Move,
        tried_before: impl Iterator<Item = G::Move>,
    ) {
        let tried = tried_before.map(|mv| position.move_code(mv));
        self.buffers.ordering.record_history(
            position.side_to_move().index(),
            position.move_codes(),
            depth,
            position.move_code(best),
            tried,
        );
    }
}

impl<G: SearchHints> Searcher<'_, G> {
    /// Quiescence search at the horizon within (`alpha`, `beta`): a forcing position
    /// ([`SearchHints::is_forcing`]) tries all moves; others stand on the evaluation unless a
    /// tactical move ([`SearchHints::generate_tactical_moves`]) does better. Already counted.
    fn quiesce(&mut self, state: &mut GameState<G>, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let position = state.position();
        let mut buffers = std::mem::take(&mut self.buffers.plies[ply]);
        buffers.moves.clear();
        let mut best = -INFINITY;
        if position.is_forcing() && ply < MAX_PLY {
            state.generate_moves(&mut buffers.moves);
            if buffers.moves.is_empty() {
                self.buffers.plies[ply] = buffers;
                return self.terminal_value(state, ply);
            }
        } else {
            let draw = self.draw_value(position.side_to_move());
            let (status, stand) = horizon_value(state, ply, draw, &mut self.buffers.evaluations);
            if status == Status::InPlay || (status == Status::Draw && state.is_threefold()) {
                // The evaluation, or a repetition draw that depends on the path: unproven.
                self.unproven += 1;
            }
            if status.is_over() || stand >= beta || ply >= MAX_PLY {
                self.buffers.plies[ply] = buffers;
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
            position.generate_tactical_moves(&mut buffers.moves);
        }
        for &mv in &buffers.moves {
            if self.control.must_stop(self.nodes) {
                break;
            }
            state.make(mv);
            self.nodes += 1;
            self.seldepth = self.seldepth.max(ply + 1);
            self.buffers.pv.clear(ply + 1);
            let value = -self.quiesce(state, ply + 1, -beta, -alpha);
            state.unmake();
            if self.control.aborted() {
                break;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    self.buffers.pv.update(ply, mv);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers.plies[ply] = buffers;
        if self.control.aborted() {
            return 0;
        }
        best
    }
}

/// The status (with threefold repetition) and static value of the current position, a draw
/// worth `draw` to the side to move.
fn horizon_value<G: SearchHints>(
    state: &GameState<G>,
    ply: usize,
    draw: i32,
    evaluations: &mut EvalCache,
) -> (Status, i32) {
    let side = state.position().side_to_move();
    match evaluations.status_and_evaluation(state.position()) {
        (Status::InPlay, _) if state.is_threefold() => (Status::Draw, draw),
        (Status::InPlay, evaluation) => (Status::InPlay, clamp_eval(evaluation)),
        (Status::Draw, _) => (Status::Draw, draw),
        (status, _) => (status, value::terminal(status, side, ply)),
    }
}

/// The shallowest node that tries a null move: nearer, it costs what it saves.
const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// How much shallower the null move is searched (beyond its ply): more in deeper nodes.
fn null_move_reduction(depth: i32) -> i32 {
    2 + depth / 6
}

/// How many plies shallower a late quiet move, the `tried`-th of a node `depth` plies from
/// the horizon, is searched first: one at least, more the later the move and the deeper
/// the node (the logarithmic rule of chess programs), one less on the principal variation;
/// the move keeps a ply of search.
fn late_move_reduction(depth: i32, tried: usize, pv_node: bool) -> i32 {
    let scale = f64::from(depth).ln() * (tried as f64).ln() / 1.6;
    let reduction = (scale as i32).max(1) - i32::from(pv_node && scale >= 2.0);
    reduction.min(depth - 2).max(0)
}

/// True when `mv`, tried `tried`-th in `position`, is a late quiet move: after the table's
/// move, the killers and the first others, such moves rarely refute, so they are searched
/// [`late_move_reduction`] plies shallower first (see
/// [`AlphaBetaTuning::late_move_reductions`]).
fn reduces<G: SearchHints>(position: &G, tried: usize, mv: G::Move) -> bool {
    tried >= 3 && position.move_priority(mv) == 0
}

/// Where `mv` stands among `moves`, as the table's indices count.
pub(super) fn index_of<M: PartialEq>(moves: &[M], mv: M) -> Option<u16> {
    moves.iter().position(|m| *m == mv).map(|i| i as u16)
}

/// The table's best move for the root `position` as an index into `root_moves`, else the
/// first move: a hash collision could hand over another position's move.
pub(super) fn table_move<G: SearchHints>(
    tt: &TranspositionTable,
    position: &G,
    root_moves: &[G::Move],
) -> u16 {
    let stored = tt
        .probe(table_key(position, position.side_to_move()), 0)
        .and_then(|entry| entry.move_index);
    let index = if G::TAGGED_MOVES {
        stored
            .and_then(G::move_from_tag)
            .and_then(|mv| index_of(root_moves, mv))
    } else {
        stored.filter(|&i| usize::from(i) < root_moves.len())
    };
    index.unwrap_or(0)
}

/// True when `value` is a mate no deeper than `depth` plies: searching deeper cannot change it.
pub(super) fn proven_within(value: i32, depth: u32) -> bool {
    is_mate(value) && (MATE - value.abs()) as u32 <= depth
}

/// True when a stored result settles the node for the window (`alpha`, `beta`).
fn cuts_off(entry: &TtEntry, alpha: i32, beta: i32) -> bool {
    match entry.bound {
        Bound::Exact => true,
        Bound::Lower => entry.score >= beta,
        Bound::Upper => entry.score <= alpha,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossjack::CrossJack;
    use crate::games::jcshock::JcShock;
    use crate::games::BoardSize;
    use crate::games::Game;

    #[test]
    fn with_contempt_the_two_sides_searches_keep_apart_table_keys() {
        let position = CrossJack::start(BoardSize::square(8)).expect("a supported size");
        assert_eq!(table_key(&position, Player::One), position.hash());
        assert_ne!(
            table_key(&position, Player::Two),
            table_key(&position, Player::One)
        );
    }

    #[test]
    fn late_moves_of_deep_nodes_are_reduced_most_and_keep_a_ply() {
        assert_eq!(late_move_reduction(3, 3, false), 1);
        assert!(late_move_reduction(12, 40, false) > late_move_reduction(12, 4, false));
        assert!(late_move_reduction(12, 40, false) > late_move_reduction(4, 40, false));
        assert!(late_move_reduction(12, 40, true) < late_move_reduction(12, 40, false));
        for depth in 3..40 {
            for tried in 3..200 {
                for pv in [false, true] {
                    let reduction = late_move_reduction(depth, tried, pv);
                    assert!(reduction >= 0 && depth - 1 - reduction >= 1);
                }
            }
        }
    }

    #[test]
    fn the_null_move_is_searched_shallower_the_deeper_the_node() {
        assert_eq!(null_move_reduction(NULL_MOVE_MIN_DEPTH), 2);
        assert!(null_move_reduction(30) > null_move_reduction(6));
    }

    #[test]
    fn without_contempt_both_sides_share_the_table_keys() {
        let position = JcShock::start(BoardSize::square(8)).expect("a supported size");
        assert_eq!(table_key(&position, Player::Two), position.hash());
        assert_eq!(table_key(&position, Player::One), position.hash());
    }
}
