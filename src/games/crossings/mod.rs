//! Crossings (Robert Abbott): groups move along their line as far as they are long, capture
//! the end of a shorter enemy line, and race to cross; a crossing must be answered at once.
//! Red (`r`) is player one. Move counts are kept line by line (`lines`), so perft's bulk
//! count and mobility build no move.

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
mod notation;
mod position;
mod symmetry;
mod tuning;
mod turn;
mod wdl;

pub use moves::Move;
pub use notation::{IllegalReason, Inconsistency};
pub use position::Crossings;

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
use super::strength::{LevelTuning, WdlModel};
use geometry::{bit, square, target_row, DELTAS, SIZE};
use position::{hash_change, key, letter, KEYS, SIDE_KEY};
use turn::Turn;

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
        notation::check_size(size)?;
        Ok(Crossings::with_stones(
            [0xFFFF, 0xFFFF << 48],
            0,
            Player::One,
        ))
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        notation::read_position(text)
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

    /// An unanswerable crossing wins; no moves for either player draws (docs/rules.md).
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
        notation::read_move(self, text)
    }

    fn format_move(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    fn piece_letter(&self, at: Coord) -> Option<char> {
        self.letter_at(square(at))
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

    const LEVELS: LevelTuning = tuning::LEVELS;

    const WDL: WdlModel = wdl::WDL;

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

    /// Builds the endgame tables when each side has at most one stone more than they hold.
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

    /// The pass, except facing a crossing: zugzwang is rare enough for null-move pruning.
    #[inline]
    fn null_move(&self) -> Option<Self::Move> {
        (!self.faces_crossing()).then_some(Move::PASS)
    }

    /// Crossings first, then captures.
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

    /// `from * 64 + to` of the tail (the pass is 0, which no move has).
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
