//! The searcher on toy games whose results are known exactly: Nim (take one to three stones,
//! taking the last wins), tic-tac-toe, small hand-made game trees and an endless game whose
//! tree never runs out (for the limits).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tablero::games::zobrist::splitmix64;
use tablero::games::SyntaxError;
use tablero::games::{
    AlphaBetaTuning, BoardDescription, BoardSize, Coord, Effects, Game, GameState, MoveError,
    MoveList, Player, PlayerLook, PositionError, SearchHints, SearchStyle, Status,
};
use tablero::search::tt::TtEntry;
use tablero::search::value::{mate_in, mated_in};
use tablero::search::{
    search, Bound, Clock, Context, Info, Limits, Request, Score, SearchThreads, Settings,
    TranspositionTable, Workspace,
};
use tablero::session::SearchOrder;

/// The parts of [`Game`] the searcher never looks at.
macro_rules! toy_game_texts {
    () => {
        fn default_size() -> BoardSize {
            BoardSize::square(3)
        }
        fn sizes() -> Vec<BoardSize> {
            vec![Self::default_size()]
        }
        fn from_fen(text: &str) -> Result<Self, PositionError> {
            Err(SyntaxError::Board(text.to_string()).into())
        }
        fn count_moves(&self) -> usize {
            let mut moves = Vec::new();
            self.generate_moves(&mut moves);
            moves.len()
        }
        fn fen(&self) -> String {
            format!("{self:?}")
        }
        fn size(&self) -> BoardSize {
            BoardSize::square(3)
        }
        fn hash_from_scratch(&self) -> u64 {
            self.hash()
        }
        fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
            text.parse()
                .map_err(|_| MoveError::Syntax(text.to_string(), Self::NAME, "a number"))
        }
        fn format_move(&self, mv: Self::Move) -> String {
            mv.to_string()
        }
        fn piece_letter(&self, _: Coord) -> Option<char> {
            None
        }
        fn diagram(&self) -> String {
            self.fen()
        }
        fn description(&self) -> BoardDescription {
            BoardDescription::unmarked(
                [PlayerLook {
                    name: Self::NAME,
                    colour: "black",
                }; 2],
            )
        }
        fn effects(&self, _: Self::Move) -> Effects {
            Effects::default()
        }
    };
}

fn mix(value: u64) -> u64 {
    splitmix64(value).1
}

// ---------------------------------------------------------------------------------------------
// Nim: a move takes 1, 2 or 3 stones; whoever takes the last stone wins. The side to move wins
// exactly when the stones are not a multiple of 4, by taking `stones % 4`.

#[derive(Debug, Clone, PartialEq)]
struct Nim {
    stones: u32,
    side: Player,
}

fn nim(stones: u32) -> GameState<Nim> {
    GameState::new(Nim {
        stones,
        side: Player::One,
    })
}

impl Game for Nim {
    type Move = u32;
    const NAME: &'static str = "nim";
    toy_game_texts!();

    fn start(_size: BoardSize) -> Result<Self, PositionError> {
        Ok(Nim {
            stones: 21,
            side: Player::One,
        })
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn generate_moves(&self, out: &mut MoveList<u32>) {
        out.extend(1..=self.stones.min(3));
    }
    fn play(&mut self, mv: u32) {
        self.stones -= mv;
        self.side = self.side.opponent();
    }
    fn status(&self) -> Status {
        if self.stones == 0 {
            Status::Won(self.side.opponent())
        } else {
            Status::InPlay
        }
    }
    fn hash(&self) -> u64 {
        mix(u64::from(self.stones) * 2 + self.side.index() as u64)
    }
}

impl SearchHints for Nim {}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe: squares 0..9 from a1 row by row; X (player one) moves first.

#[derive(Debug, Clone, PartialEq)]
struct TicTacToe {
    x: u16,
    o: u16,
}

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

fn tic_tac_toe(x: &[u8], o: &[u8]) -> GameState<TicTacToe> {
    let marks = |squares: &[u8]| squares.iter().fold(0u16, |acc, &s| acc | 1 << s);
    GameState::new(TicTacToe {
        x: marks(x),
        o: marks(o),
    })
}

impl TicTacToe {
    fn has_line(marks: u16) -> bool {
        LINES.iter().any(|&line| line & !marks == 0)
    }
}

impl Game for TicTacToe {
    type Move = u8;
    const NAME: &'static str = "tictactoe";
    toy_game_texts!();

    fn start(_size: BoardSize) -> Result<Self, PositionError> {
        Ok(TicTacToe { x: 0, o: 0 })
    }
    fn side_to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::One
        } else {
            Player::Two
        }
    }
    fn generate_moves(&self, out: &mut MoveList<u8>) {
        if self.status() == Status::InPlay {
            out.extend((0..9).filter(|&s| (self.x | self.o) & (1 << s) == 0));
        }
    }
    fn play(&mut self, mv: u8) {
        match self.side_to_move() {
            Player::One => self.x |= 1 << mv,
            Player::Two => self.o |= 1 << mv,
        }
    }
    fn status(&self) -> Status {
        if Self::has_line(self.x) {
            Status::Won(Player::One)
        } else if Self::has_line(self.o) {
            Status::Won(Player::Two)
        } else if (self.x | self.o).count_ones() == 9 {
            Status::Draw
        } else {
            Status::InPlay
        }
    }
    fn hash(&self) -> u64 {
        mix(u64::from(self.x) | u64::from(self.o) << 9)
    }
}

impl SearchHints for TicTacToe {}

/// Plain minimax without pruning: the value with wins worth `100 - ply`, the independent
/// reference for the searcher's results.
fn minimax(game: &TicTacToe, ply: i32) -> i32 {
    match game.status() {
        Status::Won(winner) if winner == game.side_to_move() => 100 - ply,
        Status::Won(_) => ply - 100,
        Status::Draw => 0,
        Status::InPlay => {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut next = game.clone();
                    next.play(mv);
                    -minimax(&next, ply + 1)
                })
                .max()
                .unwrap_or(0)
        }
    }
}

/// A minimax value as a UCI score: mates in moves of the side to move.
fn expected_score(value: i32) -> Score {
    let plies = 100 - value.abs();
    match value.signum() {
        1 => Score::Mate((plies + 1) / 2),
        -1 => Score::Mate(-(plies + 1) / 2),
        _ => Score::Centipawns(0),
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-made game trees: nodes with their successors; a node without successors ends the game
// with its `end` for the player to move there.

#[derive(Debug, Clone, Copy, PartialEq)]
enum End {
    MoverWins,
    MoverLoses,
    Draw,
}

#[derive(Debug, PartialEq)]
struct Node {
    next: &'static [u8],
    end: End,
    eval: i32,
    /// The mover must answer a threat here ([`Game::is_forcing`]).
    forcing: bool,
    /// The moves of `next` the search still tries at its horizon.
    tactical: &'static [u8],
}

const fn inner(next: &'static [u8], eval: i32) -> Node {
    Node {
        next,
        end: End::Draw,
        eval,
        forcing: false,
        tactical: &[],
    }
}

/// An inner node where the mover must answer a threat.
const fn forced(next: &'static [u8], eval: i32) -> Node {
    Node {
        forcing: true,
        ..inner(next, eval)
    }
}

/// An inner node whose moves `tactical` are tried at the horizon.
const fn tactics(next: &'static [u8], tactical: &'static [u8], eval: i32) -> Node {
    Node {
        tactical,
        ..inner(next, eval)
    }
}

const fn leaf(end: End) -> Node {
    Node {
        next: &[],
        end,
        eval: 0,
        forcing: false,
        tactical: &[],
    }
}

/// A position of a tree: its node and the player to move. Every move is reversible, so a
/// path through a cycle repeats positions.
#[derive(Debug, Clone)]
struct Tree {
    nodes: &'static [Node],
    at: u8,
    side: Player,
    /// Moves played since the start.
    plies: u32,
}

impl PartialEq for Tree {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.side) == (other.at, other.side)
    }
}

fn tree(nodes: &'static [Node]) -> GameState<Tree> {
    GameState::new(Tree {
        nodes,
        at: 0,
        side: Player::One,
        plies: 0,
    })
}

impl Tree {
    fn node(&self) -> &'static Node {
        &self.nodes[usize::from(self.at)]
    }
}

impl Game for Tree {
    type Move = u8;
    const NAME: &'static str = "tree";
    const POSITIONS_REPEAT: bool = true;
    toy_game_texts!();

    fn start(size: BoardSize) -> Result<Self, PositionError> {
        Err(PositionError::UnsupportedSize {
            game: Self::NAME,
            width: size.width,
            height: size.height,
            supported: "none: a tree is built from its nodes",
        })
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn generate_moves(&self, out: &mut MoveList<u8>) {
        out.extend_from_slice(self.node().next);
    }
    fn play(&mut self, mv: u8) {
        self.at = mv;
        self.side = self.side.opponent();
        self.plies += 1;
    }
    fn reversible_plies(&self) -> u32 {
        self.plies
    }
    fn status(&self) -> Status {
        let node = self.node();
        if !node.next.is_empty() {
            return Status::InPlay;
        }
        match node.end {
            End::MoverWins => Status::Won(self.side),
            End::MoverLoses => Status::Won(self.side.opponent()),
            End::Draw => Status::Draw,
        }
    }
    fn hash(&self) -> u64 {
        mix(u64::from(self.at) * 2 + self.side.index() as u64)
    }
}

impl SearchHints for Tree {
    fn is_forcing(&self) -> bool {
        self.node().forcing
    }
    fn generate_tactical_moves(&self, out: &mut MoveList<u8>) {
        out.extend_from_slice(self.node().tactical);
    }
    fn evaluate(&self) -> i32 {
        self.node().eval
    }
}

/// Player one can win at once (node 2) or in three plies (node 1, generated first).
static SHORT_AND_LONG_WIN: [Node; 5] = [
    inner(&[1, 2], 0),
    inner(&[3], 0),
    leaf(End::MoverLoses),
    inner(&[4], 0),
    leaf(End::MoverLoses),
];

/// Player one's first move (node 1) ends the game with player two, to move there, the winner;
/// the second (node 2) ends it drawn.
static A_LOSS_BY_ENDING_THE_GAME: [Node; 3] =
    [inner(&[1, 2], 0), leaf(End::MoverWins), leaf(End::Draw)];

/// A single move from the root, then a cycle that never ends.
static ONE_WAY_IN: [Node; 4] = [
    inner(&[1], 0),
    inner(&[2, 3], 5),
    inner(&[1], -3),
    inner(&[1], 7),
];

/// Player one may move to node 2, which player two's evaluation rates badly, but there
/// player two must answer a threat and its only answer wins (node 3); node 1 is quiet and a
/// little worse for player one.
static A_THREAT_BEHIND_THE_HORIZON: [Node; 4] = [
    inner(&[1, 2], 0),
    inner(&[1], 50),
    forced(&[3], -100),
    leaf(End::MoverLoses),
];

/// At node 1 player two, whose evaluation there is even, has a tactical move that wins at
/// once (node 3); node 2 is quiet and a little worse for player one.
static A_TACTIC_BEHIND_THE_HORIZON: [Node; 5] = [
    inner(&[1, 2], 0),
    tactics(&[3, 4], &[3], 0),
    inner(&[2], 10),
    leaf(End::MoverLoses),
    inner(&[4], 0),
];

/// Player one either goes to node 1, from which player two can only return to the start, or
/// to node 2, a long line (longer than the searches) that player one's evaluation rates
/// -100 at every ply; the start and node 1 evaluate -200 for player one.
static A_REPETITION_OR_A_BAD_LINE: [Node; 10] = [
    inner(&[1, 2], -200),
    inner(&[0], 200),
    inner(&[3], 100),
    inner(&[4], -100),
    inner(&[5], 100),
    inner(&[6], -100),
    inner(&[7], 100),
    inner(&[8], -100),
    inner(&[9], 100),
    inner(&[], -100),
];

// ---------------------------------------------------------------------------------------------
// An endless game: nine moves everywhere, every line a new position, pseudo-random evaluation.

thread_local! {
    /// Moves played by [`Endless`] on this thread: the search's node count, seen from outside.
    static ENDLESS_PLAYS: Cell<u64> = const { Cell::new(0) };
}

/// The pruning an [`Endless`] game asks for: bits of `PRUNING`.
const REDUCED: u8 = 1;
/// The game offers a pass (move 9) for null-move pruning.
const NULL_MOVES: u8 = 2;
/// The game sets a reverse futility margin.
const FUTILE: u8 = 4;

/// An endless game turning on the pruning of `PRUNING` (none by default).
#[derive(Debug, Clone, PartialEq)]
struct Endless<const PRUNING: u8 = 0> {
    key: u64,
    side: Player,
}

fn endless() -> GameState<Endless> {
    endless_with()
}

/// The endless game with the pruning of `PRUNING`.
fn endless_with<const PRUNING: u8>() -> GameState<Endless<PRUNING>> {
    GameState::new(Endless {
        key: 12345,
        side: Player::One,
    })
}

impl<const PRUNING: u8> Game for Endless<PRUNING> {
    type Move = u8;
    const NAME: &'static str = "endless";
    toy_game_texts!();

    fn start(_size: BoardSize) -> Result<Self, PositionError> {
        Ok(Endless {
            key: 1,
            side: Player::One,
        })
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn generate_moves(&self, out: &mut MoveList<u8>) {
        out.extend(0..9);
    }
    fn play(&mut self, mv: u8) {
        ENDLESS_PLAYS.with(|plays| plays.set(plays.get() + 1));
        self.key = mix(self.key ^ u64::from(mv));
        self.side = self.side.opponent();
    }
    fn status(&self) -> Status {
        Status::InPlay
    }
    fn hash(&self) -> u64 {
        self.key ^ self.side.index() as u64
    }
}

impl<const PRUNING: u8> SearchHints for Endless<PRUNING> {
    const SEARCH_STYLE: SearchStyle = SearchStyle::AlphaBeta(&AlphaBetaTuning {
        late_move_reductions: PRUNING & REDUCED != 0,
        futility_margin: if PRUNING & FUTILE != 0 { 30 } else { 0 },
        ..AlphaBetaTuning::DEFAULT
    });
    fn evaluate(&self) -> i32 {
        (mix(self.key) % 201) as i32 - 100
    }
    fn null_move(&self) -> Option<u8> {
        (PRUNING & NULL_MOVES != 0).then_some(9)
    }
}

/// Plain fixed-depth minimax over evaluations, the reference for the searcher's values.
fn endless_minimax(game: &Endless, depth: u32) -> i32 {
    if depth == 0 {
        return game.evaluate();
    }
    (0..9)
        .map(|mv| {
            let mut next = game.clone();
            next.play(mv);
            -endless_minimax(&next, depth - 1)
        })
        .max()
        .unwrap_or(0)
}

fn endless_plays() -> u64 {
    ENDLESS_PLAYS.with(Cell::get)
}

// ---------------------------------------------------------------------------------------------
// Running searches.

/// What a search is asked: bare limits (the default settings), or a whole order.
trait AsOrder {
    fn order(&self) -> SearchOrder;
}

impl AsOrder for Limits {
    fn order(&self) -> SearchOrder {
        SearchOrder {
            limits: self.clone(),
            ..SearchOrder::default()
        }
    }
}

impl AsOrder for SearchOrder {
    fn order(&self) -> SearchOrder {
        self.clone()
    }
}

fn run<G: SearchHints>(
    state: &mut GameState<G>,
    order: &impl AsOrder,
) -> (Option<G::Move>, Vec<Info>) {
    let mut tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(false);
    run_with(state, order, &mut tt, &stop)
}

fn run_with<G: SearchHints>(
    state: &mut GameState<G>,
    order: &impl AsOrder,
    tt: &mut TranspositionTable,
    stop: &AtomicBool,
) -> (Option<G::Move>, Vec<Info>) {
    let mut infos = Vec::new();
    let mut threads = SearchThreads::new();
    let mut workspace = Workspace::new();
    let best = search_in(
        state,
        &order.order(),
        tt,
        &mut threads,
        &mut workspace,
        stop,
        &mut |info| infos.push(info.clone()),
    );
    (best, infos)
}

/// Searches `state` as `order` says, in `workspace` with `threads`; its text moves are read
/// as the session reads them (the ones not legal here left out).
fn search_in<G: SearchHints>(
    state: &mut GameState<G>,
    order: &SearchOrder,
    tt: &mut TranspositionTable,
    threads: &mut SearchThreads,
    workspace: &mut Workspace<G>,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<G::Move> {
    let searchmoves: Vec<G::Move> = order
        .searchmoves
        .iter()
        .filter_map(|text| state.position().parse_move(text).ok())
        .collect();
    let request = Request {
        limits: &order.limits,
        settings: &order.settings,
        searchmoves: &searchmoves,
    };
    let mut context = Context {
        tt,
        threads,
        workspace,
        stop,
    };
    search(state, &request, &mut context, report)
}

fn depth(plies: u32) -> Limits {
    Limits {
        depth: Some(plies),
        ..Limits::default()
    }
}

fn last_score(infos: &[Info]) -> Option<Score> {
    infos.last().map(|info| info.score)
}

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

// ---------------------------------------------------------------------------------------------
// Results.

#[test]
fn a_forced_win_is_found_with_its_exact_mate_distance() {
    for stones in (1..=14).filter(|s| s % 4 != 0) {
        let (best, infos) = run(&mut nim(stones), &depth(9));
        assert_eq!(best, Some(stones % 4), "{stones} stones");
        let plies = 1 + 2 * (stones as i32 / 4);
        assert_eq!(
            last_score(&infos),
            Some(Score::Mate((plies + 1) / 2)),
            "{stones} stones"
        );
    }
}

#[test]
fn a_lost_position_reports_being_mated_after_the_longest_defence() {
    for stones in [4, 8, 12] {
        let (best, infos) = run(&mut nim(stones), &depth(9));
        assert!(best.is_some());
        assert_eq!(last_score(&infos), Some(Score::Mate(-(stones as i32) / 4)));
    }
}

#[test]
fn the_shortest_win_is_preferred() {
    let (best, infos) = run(&mut tree(&SHORT_AND_LONG_WIN), &depth(5));
    assert_eq!(best, Some(2));
    assert_eq!(last_score(&infos), Some(Score::Mate(1)));
}

#[test]
fn a_forced_loss_is_avoided() {
    // X threatens c1 (square 2); every O move but the block loses at once.
    let (best, infos) = run(&mut tic_tac_toe(&[0, 1], &[4]), &depth(4));
    assert_eq!(best, Some(2));
    assert_ne!(last_score(&infos), Some(Score::Mate(-1)));
}

#[test]
fn a_game_ending_in_the_opponents_favour_is_a_loss_for_the_mover() {
    let (best, infos) = run(&mut tree(&A_LOSS_BY_ENDING_THE_GAME), &depth(3));
    assert_eq!(best, Some(2));
    assert_eq!(last_score(&infos), Some(Score::Centipawns(0)));
    let mut forced = tree(&A_LOSS_BY_ENDING_THE_GAME);
    forced.make(1);
    assert_eq!(run(&mut forced, &depth(3)).0, None);
}

#[test]
fn a_forcing_position_at_the_horizon_is_searched_on() {
    let (best, infos) = run(&mut tree(&A_THREAT_BEHIND_THE_HORIZON), &depth(1));
    assert_eq!(best, Some(1));
    assert_eq!(last_score(&infos), Some(Score::Centipawns(-50)));
}

#[test]
fn a_tactical_move_at_the_horizon_is_tried_against_the_evaluation() {
    let (best, infos) = run(&mut tree(&A_TACTIC_BEHIND_THE_HORIZON), &depth(1));
    assert_eq!(best, Some(2));
    assert_eq!(last_score(&infos), Some(Score::Centipawns(-10)));
}

#[test]
fn a_position_repeated_on_the_search_path_is_a_draw() {
    for plies in 2..=6 {
        let (best, infos) = run(&mut tree(&A_REPETITION_OR_A_BAD_LINE), &depth(plies));
        assert_eq!(best, Some(1), "depth {plies}");
        assert_eq!(
            last_score(&infos),
            Some(Score::Centipawns(0)),
            "depth {plies}"
        );
    }
}

#[test]
fn a_finished_game_has_no_move_and_no_report() {
    let (best, infos) = run(&mut nim(0), &depth(3));
    assert_eq!(best, None);
    assert!(infos.is_empty());
    let (best, _) = run(&mut tic_tac_toe(&[0, 1, 2], &[3, 4]), &depth(3));
    assert_eq!(best, None);
}

#[test]
fn tic_tac_toe_is_a_draw_with_best_play() {
    let (best, infos) = run(&mut tic_tac_toe(&[], &[]), &depth(9));
    assert!(best.is_some());
    assert_eq!(last_score(&infos), Some(Score::Centipawns(0)));
}

#[test]
fn every_tic_tac_toe_opening_is_valued_as_plain_minimax_values_it() {
    let mut tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(false);
    for first in 0..9u8 {
        for second in (0..9u8).filter(|&s| s != first) {
            let mut state = tic_tac_toe(&[first], &[second]);
            let (best, infos) = run_with(&mut state, &depth(7), &mut tt, &stop);
            let value = minimax(state.position(), 0);
            let opening = format!("x {first} o {second}");
            assert_eq!(last_score(&infos), Some(expected_score(value)), "{opening}");
            let mut after = state.position().clone();
            after.play(best.expect("the game goes on"));
            assert_eq!(
                -minimax(&after, 1),
                value,
                "{opening}: the move keeps the value"
            );
        }
    }
}

/// The nodes of a depth-6 search of the endless game with the pruning of `PRUNING`, which
/// must complete every depth and find a move.
fn endless_nodes<const PRUNING: u8>() -> u64 {
    let (best, infos) = run(&mut endless_with::<PRUNING>(), &depth(6));
    assert!(best.is_some());
    assert_eq!(infos.len(), 6);
    infos.last().map_or(0, |info| info.nodes)
}

#[test]
fn late_move_reductions_search_fewer_nodes_to_the_same_depth() {
    let (plain, reduced) = (endless_nodes::<0>(), endless_nodes::<REDUCED>());
    assert!(reduced < plain, "{reduced} nodes against {plain}");
}

#[test]
fn null_move_pruning_searches_fewer_nodes_to_the_same_depth() {
    let (plain, pruned) = (endless_nodes::<0>(), endless_nodes::<NULL_MOVES>());
    assert!(pruned < plain, "{pruned} nodes against {plain}");
}

#[test]
fn reverse_futility_pruning_searches_fewer_nodes_to_the_same_depth() {
    let (plain, pruned) = (endless_nodes::<0>(), endless_nodes::<FUTILE>());
    assert!(pruned < plain, "{pruned} nodes against {plain}");
}

#[test]
fn every_depth_is_valued_as_plain_minimax_values_it() {
    let mut state = endless();
    let (best, infos) = run(&mut state, &depth(5));
    assert_eq!(infos.len(), 5);
    for info in &infos {
        let value = endless_minimax(state.position(), info.depth);
        assert_eq!(info.score, Score::Centipawns(value), "depth {}", info.depth);
    }
    let mut after = state.position().clone();
    after.play(best.expect("the game goes on"));
    let value = endless_minimax(state.position(), 5);
    assert_eq!(
        -endless_minimax(&after, 4),
        value,
        "the move keeps the value"
    );
}

#[test]
fn the_principal_variation_is_a_legal_line_starting_with_the_best_move() {
    let mut state = nim(11);
    let (best, infos) = run(&mut state, &depth(7));
    let pv = &infos.last().expect("a report").pv;
    assert_eq!(pv.first(), best.map(|m| m.to_string()).as_ref());
    let mut stones = 11;
    for text in pv {
        let taken: u32 = text.parse().expect("a number of stones");
        assert!((1..=3).contains(&taken) && taken <= stones);
        stones -= taken;
    }
    assert_eq!(stones, 0, "the winning line ends the game");
}

// ---------------------------------------------------------------------------------------------
// Limits.

#[test]
fn depth_three_reports_depths_one_to_three_and_no_more() {
    let (_, infos) = run(&mut endless(), &depth(3));
    let depths: Vec<u32> = infos.iter().map(|info| info.depth).collect();
    assert_eq!(depths, vec![1, 2, 3]);
    assert!(infos.iter().all(|info| info.seldepth <= 3));
}

#[test]
fn the_node_limit_is_obeyed_within_a_small_overshoot() {
    let before = endless_plays();
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let (best, infos) = run(&mut endless(), &limits);
    let plays = endless_plays() - before;
    assert!(best.is_some());
    // The search itself plays at most one move per node; the reports replay their lines.
    assert!(plays <= 20_000 + 100, "{plays} moves played");
    assert!(
        plays >= 10_000,
        "the limit, not the depth, ended the search: {plays}"
    );
    assert!(infos.iter().all(|info| info.nodes <= 20_000));
}

#[test]
fn stop_from_another_thread_ends_an_infinite_search_with_a_legal_move() {
    let stop = AtomicBool::new(false);
    let mut tt = TranspositionTable::new(1);
    let mut state = endless();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let started = Instant::now();
    let (best, _) = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(ms(100));
            stop.store(true, Ordering::Relaxed);
        });
        run_with(&mut state, &limits, &mut tt, &stop)
    });
    assert!(started.elapsed() < ms(2_000));
    assert!(best.is_some_and(|mv| mv < 9));
}

#[test]
fn a_search_stopped_before_depth_one_still_returns_a_legal_move() {
    let stop = AtomicBool::new(true);
    let mut tt = TranspositionTable::new(1);
    let (best, infos) = run_with(&mut endless(), &depth(5), &mut tt, &stop);
    assert_eq!(best, Some(0));
    assert!(infos.is_empty());
}

/// The move a depth-1 search of `game` plays: the one whose position is worst for the
/// opponent (the first of equals).
fn endless_depth_one_best(game: &Endless) -> u8 {
    let value = |mv: u8| {
        let mut next = game.clone();
        next.play(mv);
        -next.evaluate()
    };
    (0..9u8).rev().max_by_key(|&mv| value(mv)).unwrap_or(0)
}

#[test]
fn every_limit_lets_depth_one_complete() {
    let mut state = endless();
    state.make(2);
    let searched = endless_depth_one_best(state.position());
    assert_ne!(searched, 0, "the first move would pass unnoticed");
    let mover = state.position().side_to_move();
    let mut opponents_clock = Clock::default();
    opponents_clock.time[mover.opponent().index()] = Some(ms(60_000));
    let mut empty_clock = Clock::default();
    empty_clock.time[mover.index()] = Some(ms(0));
    let tight = [
        Limits {
            nodes: Some(0),
            ..Limits::default()
        },
        Limits {
            nodes: Some(1),
            ..Limits::default()
        },
        Limits {
            movetime: Some(ms(0)),
            ..Limits::default()
        },
        Limits {
            clock: Some(empty_clock),
            ..Limits::default()
        },
        Limits {
            clock: Some(opponents_clock),
            ..Limits::default()
        },
    ];
    for limits in tight {
        let (best, infos) = run(&mut state, &limits);
        assert_eq!(best, Some(searched), "{limits:?}");
        let depths: Vec<u32> = infos.iter().map(|info| info.depth).collect();
        assert_eq!(depths, [1], "{limits:?}");
    }
}

#[test]
fn the_last_report_starts_with_the_move_returned() {
    // Node limits cut iterations at every stage: the move returned may come from a depth
    // that did not finish, and a report must say so.
    let mut partial_reports = 0;
    for nodes in (100..6_000).step_by(97) {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let (best, infos) = run(&mut endless(), &limits);
        let last = infos.last().expect("depth 1 is always reported");
        assert_eq!(
            last.pv.first(),
            best.map(|mv| mv.to_string()).as_ref(),
            "nodes {nodes}: {infos:?}"
        );
        // Only the report of an unfinished depth is written when the limit is reached.
        if last.nodes == nodes {
            partial_reports += 1;
        }
    }
    assert!(partial_reports > 0, "no search ended with a new move");
}

#[test]
fn the_report_of_a_cut_short_depth_gives_its_score_as_a_lower_bound() {
    let mut bounds = 0;
    for nodes in (100..6_000).step_by(97) {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let (_, infos) = run(&mut endless(), &limits);
        for (i, info) in infos.iter().enumerate() {
            let cut_short = i + 1 == infos.len() && info.nodes == nodes;
            let expected = cut_short.then_some(Bound::Lower);
            assert_eq!(info.bound, expected, "nodes {nodes}: {info:?}");
            bounds += usize::from(cut_short);
        }
    }
    assert!(bounds > 0, "no search ended with a new move");
}

fn lines(plies: u32, multipv: usize) -> SearchOrder {
    SearchOrder {
        settings: Settings {
            multipv,
            ..Settings::default()
        },
        ..depth(plies).order()
    }
}

#[test]
fn multipv_reports_the_best_lines_of_each_depth_best_first_with_distinct_moves() {
    let mut state = endless();
    let (best, infos) = run(&mut state, &lines(4, 3));
    assert_eq!(infos.len(), 4 * 3);
    for depth_lines in infos.chunks(3) {
        let ranks: Vec<Option<u32>> = depth_lines.iter().map(|info| info.multipv).collect();
        assert_eq!(ranks, [Some(1), Some(2), Some(3)]);
        let scores: Vec<Score> = depth_lines.iter().map(|info| info.score).collect();
        assert!(
            scores.windows(2).all(|pair| match pair {
                [Score::Centipawns(a), Score::Centipawns(b)] => a >= b,
                _ => false,
            }),
            "{scores:?}"
        );
        let mut firsts: Vec<&String> = depth_lines.iter().map(|info| &info.pv[0]).collect();
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "{depth_lines:?}");
    }
    let last = &infos[infos.len() - 3..];
    assert_eq!(last[0].pv.first(), best.map(|mv| mv.to_string()).as_ref());
}

#[test]
fn multipv_lines_are_the_best_moves_valued_as_minimax_values_them() {
    let mut state = endless();
    let (_, infos) = run(&mut state, &lines(4, 3));
    let mut values: Vec<(i32, u8)> = (0..9u8)
        .map(|mv| {
            let mut after = state.position().clone();
            after.play(mv);
            (-endless_minimax(&after, 3), mv)
        })
        .collect();
    values.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
    for (info, (value, _)) in infos[infos.len() - 3..].iter().zip(&values) {
        assert_eq!(info.score, Score::Centipawns(*value), "{info:?}");
        let first: u8 = info.pv[0].parse().expect("a move");
        let mut after = state.position().clone();
        after.play(first);
        assert_eq!(-endless_minimax(&after, 3), *value);
    }
}

#[test]
fn multipv_one_reports_as_a_single_line_search_does() {
    let strip_time = |infos: Vec<Info>| -> Vec<Info> {
        infos
            .into_iter()
            .map(|info| Info {
                time: Duration::ZERO,
                ..info
            })
            .collect()
    };
    let (single, plain) = run(&mut endless(), &depth(5));
    let (one, of_one) = run(&mut endless(), &lines(5, 1));
    assert_eq!(single, one);
    assert!(plain.iter().all(|info| info.multipv.is_none()));
    assert_eq!(strip_time(plain), strip_time(of_one));
}

#[test]
fn multipv_beyond_the_number_of_moves_reports_every_move_once() {
    let (best, infos) = run(&mut nim(2), &lines(3, 5));
    assert_eq!(best, Some(2));
    let last_depth: Vec<&Info> = infos
        .iter()
        .filter(|info| info.depth == infos.last().map_or(0, |l| l.depth))
        .collect();
    assert_eq!(last_depth.len(), 2, "two moves from two stones: {infos:?}");
    assert_eq!(last_depth[0].score, Score::Mate(1));
}

fn threads(count: usize, limits: Limits) -> SearchOrder {
    SearchOrder {
        settings: Settings {
            threads: count,
            ..Settings::default()
        },
        ..limits.order()
    }
}

#[test]
fn a_parallel_search_finds_the_same_forced_wins() {
    let mut threads_kept = SearchThreads::new();
    let mut workspace = Workspace::new();
    let mut tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(false);
    for stones in (5..=14).filter(|s| s % 4 != 0) {
        let order = threads(2, depth(12));
        let best = search_in(
            &mut nim(stones),
            &order,
            &mut tt,
            &mut threads_kept,
            &mut workspace,
            &stop,
            &mut |_| {},
        );
        assert_eq!(best, Some(stones % 4), "{stones} stones");
    }
}

#[test]
fn a_parallel_search_keeps_to_its_time() {
    let limits = threads(
        3,
        Limits {
            movetime: Some(ms(200)),
            ..Limits::default()
        },
    );
    let started = Instant::now();
    let (best, infos) = run(&mut endless(), &limits);
    assert!(best.is_some());
    assert!(!infos.is_empty());
    assert!(started.elapsed() < ms(1000), "{:?}", started.elapsed());
}

#[test]
fn a_parallel_search_ends_at_once_on_stop() {
    let stop = AtomicBool::new(true);
    let mut tt = TranspositionTable::new(1);
    let limits = threads(2, Limits::default());
    let started = Instant::now();
    let (best, _) = run_with(&mut endless(), &limits, &mut tt, &stop);
    assert!(best.is_some(), "the first move, unsearched");
    assert!(started.elapsed() < ms(500));
}

#[test]
fn a_short_search_announces_no_root_move() {
    let (_, infos) = run(&mut endless(), &depth(5));
    assert!(infos.iter().all(|info| info.currmove.is_none()));
}

#[test]
fn a_proven_result_ends_the_deepening_whatever_the_depth_asked() {
    // Nim with 7 stones: taking 3 wins on the third ply.
    let (best, infos) = run(&mut nim(7), &depth(60));
    assert_eq!(best, Some(3));
    assert_eq!(infos.last().map(|info| info.depth), Some(3));
    // Tic-tac-toe: a draw, proven once every line reaches the end of the game.
    let (_, infos) = run(&mut tic_tac_toe(&[], &[]), &depth(60));
    assert_eq!(infos.last().map(|info| info.depth), Some(9));
    assert_eq!(last_score(&infos), Some(Score::Centipawns(0)));
}

#[test]
fn an_infinite_search_of_a_solved_tree_returns_without_waiting_for_stop() {
    // Waiting for `stop` is the caller's business (see `Limits::waits_for_stop`).
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let (best, infos) = run(&mut tic_tac_toe(&[0, 1], &[4]), &limits);
    assert_eq!(best, Some(2), "the only move that does not lose");
    assert!(infos.last().is_some_and(|info| info.depth <= 7));
}

#[test]
fn movetime_ends_the_search_in_reasonable_time() {
    let limits = Limits {
        movetime: Some(ms(50)),
        ..Limits::default()
    };
    let started = Instant::now();
    let (best, infos) = run(&mut endless(), &limits);
    assert!(started.elapsed() < ms(2_000));
    assert!(best.is_some());
    assert!(!infos.is_empty());
}

#[test]
fn a_short_clock_ends_the_search_in_reasonable_time() {
    let mut clock = Clock::default();
    clock.time[Player::One.index()] = Some(ms(200));
    let order = SearchOrder {
        settings: Settings {
            move_overhead: ms(20),
            ..Settings::default()
        },
        ..Limits {
            clock: Some(clock),
            ..Limits::default()
        }
        .order()
    };
    let started = Instant::now();
    let (best, _) = run(&mut endless(), &order);
    assert!(started.elapsed() < ms(1_000));
    assert!(best.is_some());
}

#[test]
fn a_timed_search_with_one_legal_move_answers_after_depth_one() {
    let limits = Limits {
        movetime: Some(ms(10_000)),
        ..Limits::default()
    };
    let (best, infos) = run(&mut tree(&ONE_WAY_IN), &limits);
    assert_eq!(best, Some(1));
    assert_eq!(infos.len(), 1);
}

#[test]
fn a_timed_search_ends_once_a_mate_is_proven() {
    let limits = Limits {
        movetime: Some(ms(10_000)),
        ..Limits::default()
    };
    let started = Instant::now();
    let (best, infos) = run(&mut nim(7), &limits);
    assert!(started.elapsed() < ms(2_000));
    assert_eq!(best, Some(3));
    assert_eq!(infos.last().map(|info| info.depth), Some(3));
}

#[test]
fn the_search_returns_the_state_as_it_came() {
    let mut state = endless();
    let mut line = vec![state.position().clone()];
    for mv in [4, 7] {
        state.make(mv);
        line.push(state.position().clone());
    }
    run(&mut state, &depth(3));
    let limits = Limits {
        nodes: Some(777),
        ..Limits::default()
    };
    run(&mut state, &limits);
    assert_eq!(state.ply(), 2);
    assert_eq!(state.position().hash(), line[2].hash());
    // Unmaking walks back through exactly the positions played before the searches.
    for (ply, expected) in line.iter().enumerate().rev() {
        assert_eq!(state.position(), expected, "ply {ply}");
        assert_eq!(state.unmake(), ply > 0, "ply {ply}");
    }
}

// ---------------------------------------------------------------------------------------------
// The transposition table.

fn entry(depth: u32, bound: Bound, score: i32, move_index: Option<u16>) -> TtEntry {
    TtEntry {
        depth,
        bound,
        score,
        move_index,
    }
}

#[test]
fn a_stored_result_is_probed_back() {
    let tt = TranspositionTable::new(1);
    let stored = entry(6, Bound::Lower, -37, Some(12));
    tt.store(0xDEAD_BEEF, 4, stored);
    assert_eq!(tt.probe(0xDEAD_BEEF, 4), Some(stored));
    assert_eq!(tt.probe(0xDEAD_BEEF ^ 1, 4), None);
}

#[test]
fn mate_scores_are_kept_relative_to_the_stored_node() {
    let tt = TranspositionTable::new(1);
    tt.store(7, 3, entry(4, Bound::Exact, mate_in(5), None));
    tt.store(8, 3, entry(4, Bound::Exact, mated_in(6), None));
    // The same position met one ply from the root: the mate is two plies nearer.
    assert_eq!(tt.probe(7, 1).map(|e| e.score), Some(mate_in(3)));
    assert_eq!(tt.probe(8, 1).map(|e| e.score), Some(mated_in(4)));
}

#[test]
fn hashfull_grows_with_a_search_and_clear_empties_the_table() {
    let mut tt = TranspositionTable::new(1);
    assert_eq!(tt.hashfull(), 0);
    let stop = AtomicBool::new(false);
    let (_, infos) = run_with(&mut endless(), &depth(5), &mut tt, &stop);
    assert!(tt.hashfull() > 0);
    assert!(infos.last().is_some_and(|info| info.hashfull > 0));
    tt.clear();
    assert_eq!(tt.hashfull(), 0);
    assert_eq!(tt.probe(endless().position().hash(), 0), None);
}

#[test]
fn a_search_in_reused_buffers_visits_the_same_tree_as_a_fresh_one() {
    let stop = AtomicBool::new(false);
    let nodes = |workspace: &mut Workspace<TicTacToe>| {
        let mut tt = TranspositionTable::new(1);
        let mut last = None;
        search_in(
            &mut tic_tac_toe(&[], &[]),
            &depth(9).order(),
            &mut tt,
            &mut SearchThreads::new(),
            workspace,
            &stop,
            &mut |info| last = Some(info.nodes),
        );
        last
    };
    let fresh = nodes(&mut Workspace::new());
    assert!(fresh.is_some());
    let mut reused = Workspace::new();
    nodes(&mut reused);
    assert_eq!(nodes(&mut reused), fresh);
}

// ---------------------------------------------------------------------------------------------
// Root restrictions (`go searchmoves`).

fn searching_only(moves: &[&str], plies: u32) -> SearchOrder {
    SearchOrder {
        searchmoves: moves.iter().map(|m| m.to_string()).collect(),
        ..depth(plies).order()
    }
}

#[test]
fn searchmoves_restricts_the_root_even_to_losing_moves() {
    // Taking 3 of 7 wins; restricted to 1 or 2, the search must pick one of them and see the loss.
    let (best, infos) = run(&mut nim(7), &searching_only(&["1", "2"], 9));
    assert!(matches!(best, Some(1 | 2)), "{best:?}");
    assert!(
        matches!(last_score(&infos), Some(Score::Mate(n)) if n < 0),
        "{infos:?}"
    );
    assert!(infos.iter().all(|info| info.pv[0] != "3"));
}

#[test]
fn searchmoves_naming_no_legal_move_searches_every_move() {
    let (best, _) = run(&mut nim(7), &searching_only(&["9"], 9));
    assert_eq!(best, Some(3));
}

#[test]
fn a_restricted_search_leaves_the_next_search_free() {
    let mut state = nim(7);
    let mut tt = TranspositionTable::new(1);
    let stop = AtomicBool::new(false);
    let (restricted, _) = run_with(&mut state, &searching_only(&["1"], 9), &mut tt, &stop);
    assert_eq!(restricted, Some(1));
    let (free, _) = run_with(&mut state, &depth(9), &mut tt, &stop);
    assert_eq!(free, Some(3));
}
