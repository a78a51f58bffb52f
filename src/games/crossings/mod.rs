//! Crossings (Robert Abbott): groups of stones move along their line as far as they are
//! long, capture the end of a shorter enemy line, and race to cross to the far row; a
//! crossing must be answered at once by a counter-crossing, which locks the crossed stones.
//!
//! Player one is Red (`r`, starts on ranks 1–2), player two is Black (`b`). The position is
//! three `u64` bitboards (`geometry` has the board and its directions); move generation
//! (`movegen`) works front by front, and each player's number of moves is kept up to date
//! line by line (`lines`), so perft's bulk count and the evaluation's mobility build no move.

mod bench;
mod board;
mod effects;
mod end;
mod endgame;
mod eval;
mod geometry;
mod lines;
mod movegen;
mod moves;
mod position;
mod symmetry;
mod tuning;
mod turn;

pub use moves::{IllegalReason, Move};
pub use position::Inconsistency;

use super::bitboard::Bitboard;
use super::board::BoardDescription;
use super::coord::Coord;
use super::duty::Duty;
use super::effects::Effects;
use super::ending::EndDetails;
use super::error::{MoveError, PositionError};
use super::fen;
use super::hints::{BenchSet, KnownValue, SearchHints, SymmetricKey};
use super::moves::MoveList;
use super::player::Player;
use super::rules::Game;
use super::search_style::SearchStyle;
use super::size::BoardSize;
use super::status::Status;
use super::zobrist;
use geometry::{bit, DELTAS, RANK_1, RANK_8};
use lines::Mobility;
use turn::Turn;

/// The only board Crossings is played on.
const SIZE: BoardSize = BoardSize::square(8);

/// Zobrist keys: four stone kinds (red, locked red, black, locked black) per square, then
/// one key for Black to move.
static KEYS: [u64; 4 * 64 + 1] = zobrist::keys(0xC805_5165_0000_0003);
const SIDE_KEY: usize = 4 * 64;

#[inline(always)]
fn key(player: Player, locked: bool, sq: u8) -> u64 {
    KEYS[(player.index() * 2 + locked as usize) * 64 + sq as usize]
}

/// A Crossings position: the stones of both players, which of them are locked, the player
/// to move, the Zobrist hash, each player's number of moves and the plies since the last
/// irreversible move.
///
/// Equality compares what makes a position repeat (stones, locks, player to move); the
/// hash follows from those, and the reversible-ply counter is history, not position.
#[derive(Debug, Clone)]
pub struct Crossings {
    /// Stones of each player (index [`Player::index`]), locked ones included.
    stones: [u64; 2],
    /// Locked stones of both players.
    locked: u64,
    to_move: Player,
    hash: u64,
    /// Both players' group moves, line by line.
    mobility: Mobility,
    /// Plies since the last capture, crossing or lock.
    reversible: u32,
}

impl PartialEq for Crossings {
    fn eq(&self, other: &Self) -> bool {
        self.stones == other.stones && self.locked == other.locked && self.to_move == other.to_move
    }
}

impl Eq for Crossings {}

/// A player's target row: the row farthest from its side, where its stones cross.
#[inline(always)]
const fn target_row(player: Player) -> u64 {
    match player {
        Player::One => RANK_8,
        Player::Two => RANK_1,
    }
}

/// The number (1–8) of a player's target rank.
fn target_rank_number(player: Player) -> u8 {
    match player {
        Player::One => 8,
        Player::Two => 1,
    }
}

/// The player's name in messages.
fn colour_name(player: Player) -> &'static str {
    match player {
        Player::One => "red",
        Player::Two => "black",
    }
}

/// The player's piece letter (unlocked; a locked stone is written in upper case).
fn letter(player: Player) -> char {
    match player {
        Player::One => 'r',
        Player::Two => 'b',
    }
}

/// The bit index of a coordinate on the 8×8 board.
#[inline]
fn square(c: Coord) -> u8 {
    c.index(SIZE.width) as u8
}

/// The coordinate of square `sq`, which names it (e.g. `e4`) in messages.
fn coord(sq: u8) -> Coord {
    Coord::from_index(usize::from(sq), SIZE.width)
}

/// Refuses every board but 8×8.
fn check_size(size: BoardSize) -> Result<(), PositionError> {
    if size == SIZE {
        Ok(())
    } else {
        Err(PositionError::UnsupportedSize {
            game: Crossings::NAME,
            width: size.width,
            height: size.height,
            supported: "8x8 only",
        })
    }
}

impl Crossings {
    /// A position from its stones, with hash computed and no reversible plies behind it.
    fn with_stones(stones: [u64; 2], locked: u64, to_move: Player) -> Self {
        let mut position = Crossings {
            stones,
            locked,
            to_move,
            hash: 0,
            mobility: Mobility::new(stones, locked),
            reversible: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// The stones of `player`, locked or not, as a bitboard (bit `rank * 8 + file`).
    #[inline(always)]
    pub fn stones_of(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// The locked stones of both players, as a bitboard.
    pub fn locked(&self) -> u64 {
        self.locked
    }

    /// True when the player to move faces a crossing: the opponent has an unlocked stone
    /// on its target row.
    #[inline(always)]
    pub fn faces_crossing(&self) -> bool {
        let opponent = self.to_move.opponent();
        self.stones_of(opponent) & !self.locked & target_row(opponent) != 0
    }

    /// The letter on square `sq`, if any.
    fn letter_at(&self, sq: u8) -> Option<char> {
        let b = bit(sq);
        let player = [Player::One, Player::Two]
            .into_iter()
            .find(|&p| self.stones_of(p) & b != 0)?;
        let c = letter(player);
        Some(if self.locked & b != 0 {
            c.to_ascii_uppercase()
        } else {
            c
        })
    }

    #[inline(always)]
    fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= KEYS[SIDE_KEY];
    }

    /// The square the front stone of the legal move `mv` (not the pass) lands on.
    #[inline(always)]
    fn front_landing(&self, mv: Move) -> u8 {
        let reach = (mv.stones() + mv.distance() - 1) as i32;
        (i32::from(mv.tail()) + reach * DELTAS[mv.direction()]) as u8
    }

    /// The stones on the board.
    #[inline(always)]
    fn layout(&self) -> Layout {
        Layout {
            stones: self.stones,
            locked: self.locked,
        }
    }

    /// The stones the legal move `mv` (not the pass) leaves on the board, and whether it
    /// cannot be undone: a capture, a crossing or the answer to one, after which every
    /// stone on its own player's target row locks.
    #[inline(always)]
    fn layout_after(&self, mv: Move) -> (Layout, bool) {
        let me = self.to_move.index();
        let delta = DELTAS[mv.direction()];
        let tail = i32::from(mv.tail());
        let len = mv.stones() as i32;
        let dist = mv.distance() as i32;
        let mut group = 0u64;
        for i in 0..len {
            group |= 1u64 << (tail + i * delta);
        }
        // Legal moves stay on the board, so shifting the bit indices is the geometric move.
        let shift = dist * delta;
        let moved = if shift > 0 {
            group << shift
        } else {
            group >> -shift
        };
        let mut stones = self.stones;
        stones[me] = (stones[me] & !group) | moved;
        let landing = bit(self.front_landing(mv));
        let captured = stones[1 - me] & landing != 0;
        stones[1 - me] &= !landing;
        let crossed = moved & target_row(self.to_move) != 0;
        let answering_crossing = self.faces_crossing();
        let mut locked = self.locked;
        if answering_crossing {
            locked |= stones[0] & target_row(Player::One) | stones[1] & target_row(Player::Two);
        }
        let after = Layout { stones, locked };
        (after, captured || crossed || answering_crossing)
    }
}

/// The stones on the board: both players', and which of them are locked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Layout {
    /// Stones of each player (index [`Player::index`]), locked ones included.
    stones: [u64; 2],
    /// Locked stones of both players.
    locked: u64,
}

/// The change of the Zobrist hash from the stones of `before` to those of `after`.
#[inline(always)]
fn hash_change(before: Layout, after: Layout) -> u64 {
    let mut change = 0;
    for player in [Player::One, Player::Two] {
        let (was, is) = (before.stones[player.index()], after.stones[player.index()]);
        for locked in [false, true] {
            let kind = |stones: u64, locks: u64| {
                if locked {
                    stones & locks
                } else {
                    stones & !locks
                }
            };
            for sq in Bitboard(kind(was, before.locked) ^ kind(is, after.locked)) {
                change ^= key(player, locked, sq);
            }
        }
    }
    change
}

impl Game for Crossings {
    type Move = Move;
    const NAME: &'static str = "crossings";
    /// Group moves can go back where they came from.
    const POSITIONS_REPEAT: bool = true;

    fn default_size() -> BoardSize {
        SIZE
    }

    fn sizes() -> Vec<BoardSize> {
        board::sizes()
    }

    /// Two full rows each, Red to move.
    fn start(size: BoardSize) -> Result<Self, PositionError> {
        check_size(size)?;
        Ok(Crossings::with_stones(
            [0xFFFF, 0xFFFF << 48],
            0,
            Player::One,
        ))
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        position::read(text)
    }

    fn fen(&self) -> String {
        let board = fen::format_board(SIZE, |c| self.letter_at(square(c)));
        format!("{board} {}", letter(self.to_move))
    }

    fn size(&self) -> BoardSize {
        SIZE
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn generate_moves(&self, out: &mut MoveList<Self::Move>) {
        self.for_each_legal_move(&mut |mv| out.push(mv));
    }

    #[inline]
    fn count_moves(&self) -> usize {
        match self.turn() {
            Turn::Moves(n) | Turn::CounterCrossings(n) => n as usize,
            Turn::Pass => 1,
            Turn::Stuck => 0,
        }
    }

    #[inline]
    fn play(&mut self, mv: Self::Move) {
        if mv.is_pass() {
            self.pass_turn();
            self.reversible = self.reversible.saturating_add(1);
            return;
        }
        let before = self.layout();
        let (after, irreversible) = self.layout_after(mv);
        self.hash ^= hash_change(before, after);
        self.stones = after.stones;
        self.locked = after.locked;
        self.reversible = if irreversible {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        self.mobility
            .update((before.stones, before.locked), (after.stones, after.locked));
        self.pass_turn();
    }

    fn status(&self) -> Status {
        match self.turn() {
            Turn::CounterCrossings(0) => Status::Won(self.to_move.opponent()),
            Turn::Stuck => Status::Draw,
            _ => Status::InPlay,
        }
    }

    /// A crossing the opponent cannot answer wins; neither player able to move draws (the
    /// rules: docs/rules.md). Threefold repetition is the history's
    /// ([`crate::games::GameState`]).
    fn end_reason(&self) -> Option<&'static str> {
        match self.turn() {
            Turn::CounterCrossings(0) => Some("crossing unanswered"),
            Turn::Stuck => Some("no moves"),
            _ => None,
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for player in [Player::One, Player::Two] {
            for sq in Bitboard(self.stones_of(player)) {
                hash ^= key(player, self.locked & bit(sq) != 0, sq);
            }
        }
        if self.to_move == Player::Two {
            hash ^= KEYS[SIDE_KEY];
        }
        hash
    }

    /// Plies since the last capture, crossing or lock.
    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.reversible
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        moves::read(self, text)
    }

    fn format_move(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    fn diagram(&self) -> String {
        fen::diagram(SIZE, |c| self.letter_at(square(c)))
    }

    fn description(&self) -> BoardDescription {
        board::description()
    }

    fn effects(&self, mv: Self::Move) -> Effects {
        effects::effects(self, mv)
    }

    fn duty(&self) -> Duty {
        end::duty(self)
    }

    fn end_details(&self) -> EndDetails {
        end::end_details(self)
    }
}

impl SearchHints for Crossings {
    const BENCH: BenchSet = bench::BENCH;

    /// Alpha-beta, with the pruning of `tuning::ALPHA_BETA`.
    const SEARCH_STYLE: SearchStyle = SearchStyle::AlphaBeta(&tuning::ALPHA_BETA);

    /// The mirror image and the board upside down with the roles exchanged keep every rule.
    fn symmetric_key(&self) -> SymmetricKey {
        self.least_image()
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    /// From the endgame tables, when each side has at most two stones.
    fn known_value(&self) -> Option<KnownValue> {
        endgame::known_value(self)
    }

    /// Builds the endgame tables (seconds of work) when each side has at most one stone
    /// more than they hold: captures may then lead into them.
    fn prepare_known_values(&self, abandon: &(dyn Fn() -> bool + Sync)) {
        let reach = endgame::MAX_STONES as u32 + 1;
        let within = |player| self.stones_of(player).count_ones() <= reach;
        if within(Player::One) && within(Player::Two) {
            // An abandoned build leaves the solve to stop by itself.
            let _ = endgame::build_tables(abandon);
        }
    }

    #[inline]
    fn status_and_evaluation(&self) -> (Status, i32) {
        eval::status_and_evaluation(self)
    }

    /// The pass, except facing a crossing. A player may pass in the rules only when it has
    /// no move, so having to move can hurt (a group forced to step into a capture), but
    /// rarely enough that null-move pruning pays.
    #[inline]
    fn null_move(&self) -> Option<Self::Move> {
        (!self.faces_crossing()).then_some(Move::PASS)
    }

    /// Crossings first (they force the answer or win), then captures; the rest keep
    /// generation order.
    #[inline]
    fn move_priority(&self, mv: Self::Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        let landing = bit(self.front_landing(mv));
        if landing & target_row(self.to_move) != 0 {
            CROSSING_PRIORITY
        } else if landing & self.stones_of(self.to_move.opponent()) != 0 {
            CAPTURE_PRIORITY
        } else {
            0
        }
    }

    /// Facing a crossing: only a counter-crossing saves the game.
    #[inline]
    fn is_forcing(&self) -> bool {
        self.faces_crossing()
    }

    const TAGGED_MOVES: bool = true;

    #[inline]
    fn move_tag(mv: Self::Move) -> u16 {
        mv.tag()
    }

    #[inline]
    fn move_from_tag(tag: u16) -> Option<Self::Move> {
        Move::from_tag(tag)
    }

    #[inline]
    fn is_legal_move(&self, mv: Self::Move) -> bool {
        self.is_legal(mv)
    }

    /// The crossings: the opponent must answer each at once or lose.
    #[inline]
    fn generate_tactical_moves(&self, out: &mut MoveList<Self::Move>) {
        self.for_each_crossing(&mut |mv| out.push(mv));
    }

    /// The tail's square and its landing square, `from * 64 + to` (the pass is 0, which no
    /// move has: a move's tail moves).
    fn move_codes(&self) -> usize {
        64 * 64
    }

    #[inline]
    fn move_code(&self, mv: Self::Move) -> usize {
        let tail = i32::from(mv.tail());
        let landing = tail + mv.distance() as i32 * DELTAS[mv.direction()];
        (tail * 64 + landing) as usize
    }
}

/// [`SearchHints::move_priority`] of a crossing (or counter-crossing).
const CROSSING_PRIORITY: i32 = 2;
/// [`SearchHints::move_priority`] of a capture that does not cross.
const CAPTURE_PRIORITY: i32 = 1;
