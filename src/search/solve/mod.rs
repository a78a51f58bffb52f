//! The exact solver: the value of a position under perfect play (win, draw or loss, and the
//! distance to the end), and the exact value of every root move.
//!
//! Game-agnostic negamax with alpha-beta to the end of every line, a win `p` plies from the
//! root worth `WIN - p` (win soonest, lose latest), with a table of its own sized by `Hash`
//! and alpha-beta's move ordering (`search/ordering.rs`). Each value takes two searches: a
//! window around the draw tells won, drawn or lost; a full window then finds the distance.
//!
//! - Margins: in a game with a [`Margin`], a won or lost root move is searched once more,
//!   finished lines scored by margin within that outcome (table keys of their own).
//! - Symmetry: the table is keyed by [`SearchHints::symmetric_key`]; a best move is kept for
//!   the image that stored it only.
//! - Known values ([`SearchHints::known_value`]) are exact on any line (the winner never
//!   repeats a position); proven bounds ([`SearchHints::outcome_bounds`]) narrow the window
//!   in every pass, since they hold beyond any horizon.
//! - Horizons: each root move is solved to a growing horizon (`next_horizon`, up to
//!   [`MAX_PLY`]). A line reaching it scores first as a loss for the root's side to move
//!   (pessimistic), then, if any line reached it, as a win (optimistic); the true value lies
//!   between, proven when they agree. Where nothing repeats, a pessimistic win (or an
//!   optimistic loss) is proven at once. Horizon-cut results are kept under table keys of the
//!   convention and of the plies left to the horizon.
//! - Repetitions ([`crate::games::Game::POSITIONS_REPEAT`]): the history before the root is
//!   not counted; a line back at a position on it scores as one reaching the horizon, and a
//!   win without repeating holds under any repetition rule. Differing results at the last
//!   horizon are reported as bounds. The table is used only at positions no later move can
//!   bring back (no reversible plies behind them), whose value the history cannot change.
//!
//! `search/playouts/solver.rs` is a separate, faster win/draw/loss-only solver for games of
//! fixed length, whose proofs outlive one solve in the engine's table.

mod scale;
mod solution;
mod table;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::control::Control;
use super::ordering::{bring_forward, settle_all, MoveOrdering, PlyBuffers};
use crate::games::{GameState, KnownValue, Margin, MoveList, Player, SearchHints, Status};
use crate::search::bound::Bound;
use scale::{INFINITY, WIN};
pub use solution::{Outcome, Progress, Proven, RootMove, Solution, SolveLimits, Unsolved};
use table::{Entry, Table};

/// The last horizon (see the module): the longest line the solver follows.
pub const MAX_PLY: usize = 512;
/// The first horizon (see the module).
const FIRST_HORIZON: usize = 8;
/// Where nothing repeats, the horizon from which it grows by [`HORIZON_STEP`], not doubling.
const STEPPED_FROM: usize = 16;
/// One move of each player.
const HORIZON_STEP: usize = 2;

/// The horizon of the next pass. Doubling keeps few of the costly passes that just miss a
/// win; past [`STEPPED_FROM`] small steps keep a pass near a win's distance, not far beyond
/// it. Where positions repeat, a repetition reaches every horizon: always double.
fn next_horizon<G: SearchHints>(horizon: usize) -> usize {
    let next = if !G::POSITIONS_REPEAT && horizon >= STEPPED_FROM {
        horizon + HORIZON_STEP
    } else {
        horizon * 2
    };
    next.min(MAX_PLY)
}

/// XORed into the key for the optimistic convention.
const OPTIMISTIC_KEYS: u64 = 0x9e37_79b9_7f4a_7c15;
/// Times the plies left to the horizon (plus one), XORed into a horizon-cut result's key.
const HORIZON_KEYS: u64 = 0xbb67_ae85_84ca_a73b;
/// XORed into the key for the margin search.
const MARGIN_KEYS: u64 = 0x6a09_e667_f3bc_c909;
/// Plies from the root where helpers use an order of their own; deeper, a bad order costs.
const HELPER_SPREAD: usize = 4;
/// Progress is reported at most this often.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);
/// Nodes between clock reads for progress reports.
const PROGRESS_NODES: u64 = 1 << 14;

/// Solves `root` exactly, with a table of `table_mb` megabytes shared by `threads` threads
/// (at least one), within `limits` and until `stop` is set; `progress` hears of each root
/// move solved and, on long solves, of the node count once a second.
///
/// The calling thread solves and reports; helpers solve the same root moves in orders of
/// their own and leave their proofs in the shared table. Where nothing repeats, a helper's
/// exact root-move value lets the calling thread skip to the next move. The node limit
/// counts the calling thread's nodes; the reports count all.
pub fn solve<G: SearchHints>(
    root: &G,
    table_mb: usize,
    threads: usize,
    limits: SolveLimits,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress<G::Move>),
) -> Solution<G::Move> {
    let Some(table) = Table::new(table_mb) else {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        let mut solution = Solution::nothing_yet(moves.len(), 0);
        solution.unsolved = Some(Unsolved::Memory);
        return solution;
    };
    let started = Instant::now();
    let deadline = limits.time.map(|time| started + time);
    root.prepare_known_values(&|| {
        stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
    });
    let helpers_stop = AtomicBool::new(false);
    let helper_nodes: Vec<AtomicU64> = (1..threads.max(1)).map(|_| AtomicU64::new(0)).collect();
    std::thread::scope(|scope| {
        for (index, nodes) in helper_nodes.iter().enumerate() {
            let (table, helpers_stop) = (&table, &helpers_stop);
            let helper = std::thread::Builder::new()
                .name(format!("solve helper {}", index + 1))
                .spawn_scoped(scope, move || {
                    let control = Control::new(helpers_stop, None, None).publishing(nodes);
                    help(
                        root,
                        Solver::new(table, control, root, index + 1, &[], started),
                    );
                });
            if let Err(error) = helper {
                log::error!("cannot start a solve helper thread: {error}");
            }
        }
        // The time limit counts from the start, the known values' preparation included.
        let time_left = limits
            .time
            .map(|time| time.saturating_sub(started.elapsed()));
        let control = Control::new(stop, limits.nodes, time_left);
        let solver = Solver::new(&table, control, root, 0, &helper_nodes, started);
        let solution = solve_root(root, solver, progress);
        helpers_stop.store(true, Ordering::Relaxed);
        solution
    })
}

/// A helper thread's work: every root move, from one chosen by the helper's number.
fn help<G: SearchHints>(root: &G, mut solver: Solver<'_, G>) {
    let mut state = GameState::new(root.clone());
    let mut moves = MoveList::new();
    state.generate_moves(&mut moves);
    if moves.is_empty() {
        return;
    }
    order_root_moves(root, &mut moves);
    let turn = solver.helper % moves.len();
    moves.rotate_left(turn);
    for &mv in moves.iter() {
        state.make(mv);
        let (lower, upper) = solver.solve_move(&mut state, &mut |_| {});
        if solver.unsolved.is_some() {
            return;
        }
        if lower == upper && !G::POSITIONS_REPEAT {
            // Exact where the reporting thread watches for it (see `Solver::watch`).
            let key = state.position().symmetric_key();
            let entry = Entry {
                value: to_table(-lower, 1),
                bound: Bound::Exact,
                best: None,
                image: key.image,
            };
            solver.table.store(key.key, entry, solver.nodes);
        }
        state.unmake();
    }
}

/// The calling thread's part of [`solve`].
fn solve_root<G: SearchHints>(
    root: &G,
    mut solver: Solver<'_, G>,
    progress: &mut dyn FnMut(&Progress<G::Move>),
) -> Solution<G::Move> {
    let mut state = GameState::new(root.clone());
    let mut moves = MoveList::new();
    state.generate_moves(&mut moves);
    let mut solution = Solution::nothing_yet(moves.len(), solver.table.bytes());
    if moves.is_empty() {
        solver.nodes = 1;
        let status = state.status_with_history();
        solution.value = Some(Proven::from_score(terminal(status, root, 0)));
        solution.margin = G::HAS_MARGIN.then(|| root.final_margin());
    } else {
        order_root_moves(root, &mut moves);
        for (index, &mv) in moves.iter().enumerate() {
            state.make(mv);
            let watched = !solver.helper_nodes.is_empty() && !G::POSITIONS_REPEAT;
            solver.watch = watched.then(|| state.position().symmetric_key().key);
            let (lower, upper) = solver.solve_move(&mut state, progress);
            state.unmake();
            if let Some(why) = solver.unsolved {
                solution.unsolved = Some(why);
                break;
            }
            let root_move = RootMove {
                mv,
                lower: Proven::from_score(lower),
                upper: Proven::from_score(upper),
                margin: None,
            };
            progress(&Progress::Move {
                mv,
                number: index + 1,
                of: moves.len(),
                value: root_move.lower,
                upper: root_move.upper,
                nodes: solver.all_nodes(),
                time: solver.started.elapsed(),
            });
            solution.moves.push(root_move);
        }
        // Best first; a stable sort keeps the solving order among equals.
        solution
            .moves
            .sort_by_key(|root| (-root.lower.rank(), -root.upper.rank()));
        if solution.unsolved.is_none() {
            let lower = solution
                .moves
                .iter()
                .map(|root| root.lower)
                .max_by_key(|v| v.rank());
            let upper = solution
                .moves
                .iter()
                .map(|root| root.upper)
                .max_by_key(|v| v.rank());
            if let (Some(lower), Some(upper)) = (lower, upper) {
                if lower == upper {
                    solution.value = Some(lower);
                    solution.margin =
                        find_margins(&mut state, &mut solver, &mut solution, progress);
                } else {
                    solution.bounds = Some((lower, upper));
                    solution.unsolved = Some(Unsolved::Repetition);
                }
            }
        }
    }
    solution.nodes = solver.all_nodes();
    solution.time = solver.started.elapsed();
    solution.table_permille = solver.table.permille();
    solution
}

/// The margins of the root moves that keep the value, best first, and the root's (none
/// searched for a draw; a stop leaves the rest out).
fn find_margins<G: SearchHints>(
    state: &mut GameState<G>,
    solver: &mut Solver<'_, G>,
    solution: &mut Solution<G::Move>,
    progress: &mut dyn FnMut(&Progress<G::Move>),
) -> Option<Margin> {
    let value = solution.value?;
    if !G::HAS_MARGIN || G::POSITIONS_REPEAT || value.outcome == Outcome::Draw {
        return G::HAS_MARGIN.then_some(Margin::EVEN);
    }
    solver.watch = None;
    for root in (solution.moves.iter_mut()).filter(|root| root.lower.outcome == value.outcome) {
        state.make(root.mv);
        let after = solver.margin(state, -value.rank(), progress);
        state.unmake();
        root.margin = after.map(Margin::for_opponent);
    }
    // Largest margin first among equal values; moves without one after them.
    solution.moves.sort_by_key(|root| {
        let margin = root.margin.map(Margin::score);
        (
            -root.lower.rank(),
            -root.upper.rank(),
            std::cmp::Reverse(margin),
        )
    });
    let best = solution.moves.first()?;
    best.margin.filter(|_| solver.unsolved.is_none())
}

/// The value of the finished position `position` (`status`), `ply` plies from the root.
fn terminal<G: SearchHints>(status: Status, position: &G, ply: usize) -> i32 {
    match status {
        Status::Won(winner) if winner == position.side_to_move() => WIN - ply as i32,
        Status::Won(_) => -(WIN - ply as i32),
        Status::Draw | Status::InPlay => 0,
    }
}

/// The score of a position `ply` plies from the root whose value the game knows.
fn known_score(known: KnownValue, ply: usize) -> i32 {
    match known {
        KnownValue::Win(plies) => WIN - (ply as i32 + plies as i32),
        KnownValue::Loss(plies) => -(WIN - (ply as i32 + plies as i32)),
        KnownValue::Draw => 0,
    }
}

/// Sorts the root's `moves` by the game's priority, stably.
fn order_root_moves<G: SearchHints>(position: &G, moves: &mut MoveList<G::Move>) {
    moves.sort_by_key(|&mv| -position.move_priority(mv));
}

/// A value as the table keeps it: counted from the stored position, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > 0 => s + ply as i32,
        s if s < 0 => s - ply as i32,
        s => s,
    }
}

/// A value from the table, counted from the root again.
fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > 0 => s - ply as i32,
        s if s < 0 => s + ply as i32,
        s => s,
    }
}

/// What the solver scores a finished line by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scoring {
    /// Win, draw or loss and how soon (see the module).
    Outcome,
    /// The game's [`Margin`] (see the module).
    Margin,
}

/// A cutoff's weight in the history: having no depth, the solver uses the bits of the size
/// of the subtree searched.
fn cutoff_depth(subtree_nodes: u64) -> i32 {
    (u64::BITS - subtree_nodes.leading_zeros()) as i32
}

struct Solver<'a, G: SearchHints> {
    table: &'a Table,
    control: Control<'a>,
    /// 0 for the thread that reports, else the helper's number: how it orders its moves.
    helper: usize,
    /// The helpers' node counts, as they publish them (the reporting thread's only).
    helper_nodes: &'a [AtomicU64],
    /// The key of the root move being solved while helpers run: once a helper stores its
    /// exact value, this thread stops its own search of it.
    watch: Option<u64>,
    /// The search of the watched root move was left for the helper's value.
    overtaken: bool,
    nodes: u64,
    unsolved: Option<Unsolved>,
    /// Whether a line cut by a repetition or the horizon wins for the root's side to move.
    optimistic: bool,
    /// The horizon of this pass, in plies from the root.
    horizon: usize,
    /// What this search scores finished lines by.
    scoring: Scoring,
    /// Lines that came back to a position on them, so far.
    recurrences: u64,
    /// Lines that reached the horizon, so far.
    horizons: u64,
    /// The root's side to move.
    root_side: Player,
    /// One move list per ply, reused.
    buffers: Vec<PlyBuffers<G::Move>>,
    /// Killer moves and history, as alpha-beta keeps them.
    ordering: MoveOrdering<G::Move>,
    next_progress: Duration,
    /// When the solve began, the known values' preparation included: `time` counts from it.
    started: Instant,
}

impl<'a, G: SearchHints> Solver<'a, G> {
    fn new(
        table: &'a Table,
        control: Control<'a>,
        root: &G,
        helper: usize,
        helper_nodes: &'a [AtomicU64],
        started: Instant,
    ) -> Self {
        Solver {
            table,
            control,
            helper,
            helper_nodes,
            watch: None,
            overtaken: false,
            nodes: 0,
            unsolved: None,
            optimistic: false,
            horizon: MAX_PLY,
            scoring: Scoring::Outcome,
            recurrences: 0,
            horizons: 0,
            root_side: root.side_to_move(),
            buffers: Vec::new(),
            ordering: MoveOrdering::new(),
            next_progress: PROGRESS_INTERVAL,
            started,
        }
    }

    /// Nodes of this thread and of the helpers.
    fn all_nodes(&self) -> u64 {
        let helpers: u64 = self
            .helper_nodes
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum();
        self.nodes + helpers
    }

    /// The bounds of the position after a root move, for the root's side to move.
    fn solve_move(
        &mut self,
        state: &mut GameState<G>,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> (i32, i32) {
        let bounds = self.solve_move_alone(state, progress);
        if !self.overtaken {
            return bounds;
        }
        // A helper proved the move: its value is in the table, found at the first node.
        self.overtaken = false;
        self.watch = None;
        self.solve_move_alone(state, progress)
    }

    /// True once a helper has stored the exact value of the watched root move.
    fn helper_proved_watched_move(&self) -> bool {
        self.watch
            .and_then(|key| self.table.probe(key))
            .is_some_and(|entry| entry.bound == Bound::Exact)
    }

    /// True once this thread's search means nothing: stopped, or overtaken by a helper.
    fn abandoned(&self) -> bool {
        self.unsolved.is_some() || self.overtaken
    }

    /// [`Solver::solve_move`] by this thread's own search.
    fn solve_move_alone(
        &mut self,
        state: &mut GameState<G>,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> (i32, i32) {
        // Where every line lasts as long, a horizon spares nothing: one pass.
        let mut horizon = if state.position().plies_left().is_some() {
            MAX_PLY
        } else {
            FIRST_HORIZON
        };
        loop {
            self.horizon = horizon;
            let (recurrences, horizons) = (self.recurrences, self.horizons);
            self.optimistic = false;
            let lower = -self.value(state, progress);
            let settled = self.recurrences == recurrences && self.horizons == horizons;
            // Where nothing repeats, a win within the horizon is a win.
            let won = !G::POSITIONS_REPEAT && lower > 0;
            if settled || won || self.abandoned() {
                return (lower, lower);
            }
            self.optimistic = true;
            let upper = -self.value(state, progress);
            let lost = !G::POSITIONS_REPEAT && upper < 0;
            if lost {
                return (upper, upper);
            }
            if lower == upper || self.horizons == horizons || horizon >= MAX_PLY {
                return (lower, upper);
            }
            horizon = next_horizon::<G>(horizon);
        }
    }

    /// The exact value of the current position: won, drawn or lost, then the distance.
    fn value(
        &mut self,
        state: &mut GameState<G>,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> i32 {
        let outcome = self.negamax(state, -1, 1, progress);
        if outcome == 0 || self.abandoned() {
            return outcome;
        }
        self.negamax(state, -INFINITY, INFINITY, progress)
    }

    /// The margin of the current position, proven a win or a loss (`value`, side to move's
    /// view); `None` when stopped.
    fn margin(
        &mut self,
        state: &mut GameState<G>,
        value: i32,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> Option<Margin> {
        let (alpha, beta) = if value > 0 {
            (0, INFINITY)
        } else {
            (-INFINITY, 0)
        };
        self.scoring = Scoring::Margin;
        let score = self.negamax(state, alpha, beta, progress);
        self.scoring = Scoring::Outcome;
        (!self.abandoned()).then(|| Margin::from_score(score))
    }

    /// The score of a finished position, as this search scores it.
    fn finished(&self, status: Status, position: &G, ply: usize) -> i32 {
        match self.scoring {
            Scoring::Outcome => terminal(status, position, ply),
            Scoring::Margin => position.final_margin().score(),
        }
    }

    /// A score as the table keeps it: wins and losses counted from the stored position.
    fn table_value(&self, score: i32, ply: usize) -> i32 {
        match self.scoring {
            Scoring::Outcome => to_table(score, ply),
            Scoring::Margin => score,
        }
    }

    /// A score from the table, counted from the root again.
    fn value_from_table(&self, score: i32, ply: usize) -> i32 {
        match self.scoring {
            Scoring::Outcome => from_table(score, ply),
            Scoring::Margin => score,
        }
    }

    /// The value of the current position within (alpha, beta), side to move's view; it means
    /// nothing once [`Solver::abandoned`].
    fn negamax(
        &mut self,
        state: &mut GameState<G>,
        mut alpha: i32,
        mut beta: i32,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> i32 {
        if self.abandoned() {
            return 0;
        }
        if self.control.must_stop(self.nodes) {
            self.unsolved = Some(Unsolved::Stopped);
            return 0;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(PROGRESS_NODES) {
            if self.helper_proved_watched_move() {
                self.overtaken = true;
                return 0;
            }
            let time = self.started.elapsed();
            if time >= self.next_progress {
                self.next_progress = time + PROGRESS_INTERVAL;
                progress(&Progress::Running {
                    nodes: self.all_nodes(),
                    time,
                    table_permille: self.table.permille(),
                });
            }
        }
        let ply = state.ply();
        let position = state.position();
        let status = position.status();
        if status.is_over() {
            return self.finished(status, position, ply);
        }
        if self.scoring == Scoring::Outcome {
            if let Some(known) = position.known_value() {
                return known_score(known, ply);
            }
            let bounds = position.outcome_bounds();
            if !bounds.can_win {
                beta = beta.min(0);
            }
            if !bounds.can_lose {
                alpha = alpha.max(0);
            }
            if alpha >= beta {
                return 0;
            }
        }
        // Only positions no later move can bring back use the table (see the module).
        let repeatable = position.reversible_plies() > 0;
        let recurs = repeatable && state.repeats_within(usize::MAX);
        if recurs || ply >= self.horizon {
            if recurs {
                self.recurrences += 1;
            } else {
                self.horizons += 1;
            }
            let mover_wins = self.optimistic == (position.side_to_move() == self.root_side);
            let win = WIN - ply as i32;
            return if mover_wins { win } else { -win };
        }
        if self.scoring == Scoring::Outcome {
            // No line from here can win sooner than the next ply or lose sooner than this move.
            alpha = alpha.max(-(WIN - ply as i32 - 1));
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        // Symmetric images of a position share its value, and so its table entry.
        let symmetric = position.symmetric_key();
        let key = match self.scoring {
            Scoring::Outcome => symmetric.key,
            Scoring::Margin => symmetric.key ^ MARGIN_KEYS,
        };
        let mut convention_key = if self.optimistic {
            key ^ OPTIMISTIC_KEYS
        } else {
            key ^ OPTIMISTIC_KEYS.rotate_left(32)
        };
        if !G::POSITIONS_REPEAT {
            // What a line cut by the horizon proves depends on the plies left to it.
            convention_key ^= HORIZON_KEYS.wrapping_mul(1 + (self.horizon - ply) as u64);
        }
        let mut first = None;
        if !repeatable {
            let (direct, by_convention) = self.table.probe_both(key, convention_key);
            let entry = direct.or_else(|| {
                let entry = by_convention?;
                // The entry holds by the convention (and the horizon): so does this node.
                if G::POSITIONS_REPEAT {
                    self.recurrences += 1;
                } else {
                    self.horizons += 1;
                }
                Some(entry)
            });
            if let Some(entry) = entry {
                let value = self.value_from_table(entry.value, ply);
                match entry.bound {
                    Bound::Exact => return value,
                    Bound::Lower => alpha = alpha.max(value),
                    Bound::Upper => beta = beta.min(value),
                }
                if alpha >= beta {
                    return value;
                }
                first = entry.best_for(symmetric.image);
            }
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Default::default);
        }
        let mut ply_moves = std::mem::take(&mut self.buffers[ply]);
        ply_moves.moves.clear();
        position.generate_moves(&mut ply_moves.moves);
        self.ordering.order_lazily(
            &ply_moves.moves,
            ply,
            first,
            &mut ply_moves.order,
            &mut ply_moves.keys,
            position.side_to_move().index(),
            |mv| (position.move_priority(mv), position.move_code(mv)),
        );
        if self.helper > 0 && ply < HELPER_SPREAD {
            // A helper's own order after the table's move (see `solve`).
            settle_all(&mut ply_moves.order, &mut ply_moves.keys);
            let rest = &mut ply_moves.order[usize::from(first.is_some())..];
            if !rest.is_empty() {
                let turn = (self.helper + ply) % rest.len();
                rest.rotate_left(turn);
            }
        }
        let (nodes_before, recurrences, horizons) = (self.nodes, self.recurrences, self.horizons);
        let (best, best_index) = self.search_moves(state, &mut ply_moves, alpha, beta, progress);
        let ended = self.horizons == horizons;
        let keepable = ended || !G::POSITIONS_REPEAT;
        if !self.abandoned() && !repeatable && keepable && !ply_moves.moves.is_empty() {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let entry = Entry {
                value: self.table_value(best, ply),
                bound,
                best: best_index,
                image: symmetric.image,
            };
            let key = if self.recurrences == recurrences && ended {
                key
            } else {
                convention_key
            };
            self.table.store(key, entry, self.nodes - nodes_before);
        }
        self.buffers[ply] = ply_moves;
        best
    }

    /// The best value of `ply_moves` within (alpha, beta) and its move's index; no move scores
    /// a draw, as in the other searchers.
    fn search_moves(
        &mut self,
        state: &mut GameState<G>,
        ply_moves: &mut PlyBuffers<G::Move>,
        mut alpha: i32,
        beta: i32,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> (i32, Option<u16>) {
        if ply_moves.order.is_empty() {
            return (0, None);
        }
        let mut best = -INFINITY;
        let mut best_index = None;
        for tried in 0..ply_moves.order.len() {
            bring_forward(&mut ply_moves.order, &mut ply_moves.keys, tried);
            let index = ply_moves.order[tried];
            let mv = ply_moves.moves[usize::from(index)];
            let nodes_before = self.nodes;
            state.make(mv);
            let score = -self.negamax(state, -beta, -alpha, progress);
            state.unmake();
            if self.abandoned() {
                return (0, None);
            }
            if score > best {
                best = score;
                best_index = Some(index);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let depth = cutoff_depth(self.nodes - nodes_before);
                        self.record_cutoff(state, ply_moves, tried, depth);
                        break;
                    }
                }
            }
        }
        (best, best_index)
    }

    /// Records the cutoff move as a killer and credits it in the history, debiting those tried
    /// before it.
    fn record_cutoff(
        &mut self,
        state: &GameState<G>,
        ply_moves: &PlyBuffers<G::Move>,
        tried: usize,
        depth: i32,
    ) {
        let position = state.position();
        let code_at =
            |t: usize| position.move_code(ply_moves.moves[usize::from(ply_moves.order[t])]);
        let mv = ply_moves.moves[usize::from(ply_moves.order[tried])];
        self.ordering.record_cutoff(state.ply(), mv);
        self.ordering.record_history(
            position.side_to_move().index(),
            position.move_codes(),
            depth,
            code_at(tried),
            (0..tried).map(code_at),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossings::Crossings;
    use crate::games::crossjack::CrossJack;

    fn horizons<G: SearchHints>() -> Vec<usize> {
        std::iter::successors(Some(FIRST_HORIZON), |&h| {
            (h < MAX_PLY).then(|| next_horizon::<G>(h))
        })
        .take(8)
        .collect()
    }

    #[test]
    fn where_nothing_repeats_the_horizon_doubles_to_16_plies_then_grows_a_move_each() {
        assert_eq!(horizons::<CrossJack>(), [8, 16, 18, 20, 22, 24, 26, 28]);
    }

    #[test]
    fn where_positions_repeat_the_horizon_doubles_up_to_the_last() {
        assert_eq!(horizons::<Crossings>(), [8, 16, 32, 64, 128, 256, 512]);
    }
}
