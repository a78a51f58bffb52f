//! Cross-Jack (mode 1): players tick marks a king step from their own, columns wrapping,
//! racing to the opponent's zone row; a player cut off draws. X (North) is player one. The
//! board is a `u128` bitboard, bit `rank * width + file`.

mod access;
mod bench;
mod board;
mod bounds;
mod end;
mod eval;
mod geometry;
mod notation;
mod position;
mod symmetry;
mod tuning;

use self::geometry::bit;
use self::position::{key, letter, KEYS, SIDE_KEY};
use super::bitboard::Bitboard;
use super::board::BoardDescription;
use super::coord::Coord;
use super::duty::Duty;
use super::effects::Effects;
use super::ending::EndDetails;
use super::error::{MoveError, PositionError};
use super::fen;
use super::hints::{BenchSet, OutcomeBounds, SearchHints, SymmetricKey};
use super::moves::MoveList;
use super::player::Player;
use super::rules::Game;
use super::search_style::SearchStyle;
use super::size::BoardSize;
use super::status::Status;
use super::strength::{LevelTuning, WdlModel};
use super::zobrist;

pub use notation::{IllegalReason, Inconsistency};
pub use position::CrossJack;

impl Game for CrossJack {
    /// The index (`rank * width + file`) of the square to tick.
    type Move = u8;
    const NAME: &'static str = "crossjack";

    fn default_size() -> BoardSize {
        BoardSize::square(8)
    }

    fn sizes() -> Vec<BoardSize> {
        board::sizes()
    }

    fn start(size: BoardSize) -> Result<Self, PositionError> {
        Ok(Self::from_parts(
            notation::geometry_of(size)?,
            [0; 2],
            Player::One,
        ))
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        notation::read_position(text)
    }

    fn fen(&self) -> String {
        let board = fen::format_board(self.size(), |c| self.letter_at(c));
        format!("{board} {}", letter(self.to_move))
    }

    fn size(&self) -> BoardSize {
        self.geometry.size()
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn generate_moves(&self, out: &mut MoveList<Self::Move>) {
        out.extend(Bitboard(self.legal_targets()));
    }

    #[inline]
    fn count_moves(&self) -> usize {
        self.legal_targets().count_ones() as usize
    }

    fn play(&mut self, mv: Self::Move) {
        let mover = self.to_move;
        let square = usize::from(mv);
        let tick = bit(square);
        self.marks[mover.index()] |= tick;
        self.hash ^= key(mover, square) ^ KEYS[SIDE_KEY];
        self.to_move = mover.opponent();
        if tick & self.geometry.goal_row(mover) != 0 {
            self.status = Status::Won(mover);
            return;
        }
        // The mover's own chain survives its tick; the opponent's survives unless cut.
        let opponent = mover.opponent().index();
        if self.access[opponent] & tick != 0 {
            self.access[opponent] = 0;
        }
        self.status = self.judge_blockade();
    }

    fn status(&self) -> Status {
        self.status
    }

    /// A mark on the opponent's zone row wins; a blockade draws (docs/rules.md).
    fn end_reason(&self) -> Option<&'static str> {
        match self.status {
            Status::InPlay => None,
            Status::Won(_) => Some("zone row reached"),
            Status::Draw => Some("blockade"),
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        // The same marks on two board sizes are different positions.
        let mut hash = zobrist::size_key(self.geometry.size());
        if self.to_move == Player::Two {
            hash ^= KEYS[SIDE_KEY];
        }
        for player in [Player::One, Player::Two] {
            for square in Bitboard(self.marks_of(player)) {
                hash ^= key(player, usize::from(square));
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        notation::read_move(self, text)
    }

    fn format_move(&self, mv: Self::Move) -> String {
        Coord::from_index(usize::from(mv), self.geometry.width()).to_string()
    }

    fn piece_letter(&self, square: Coord) -> Option<char> {
        self.letter_at(square)
    }

    fn description(&self) -> BoardDescription {
        board::description(self)
    }

    /// A tick: the mover's mark appears on the square.
    fn effects(&self, mv: Self::Move) -> Effects {
        let square = Coord::from_index(usize::from(mv), self.geometry.width());
        Effects::placement(square, letter(self.to_move))
    }

    fn duty(&self) -> Duty {
        end::duty(self)
    }

    fn end_details(&self) -> EndDetails {
        end::end_details(self)
    }
}

impl SearchHints for CrossJack {
    const BENCH: BenchSet = bench::BENCH;

    /// Alpha-beta with contempt for the draw (`tuning::ALPHA_BETA`).
    const SEARCH_STYLE: SearchStyle = SearchStyle::AlphaBeta(&tuning::ALPHA_BETA);

    const LEVELS: LevelTuning = tuning::LEVELS;

    const WDL: WdlModel = tuning::WDL;

    /// Columns turned round the wrap and the mirror image keep every rule.
    fn symmetric_key(&self) -> SymmetricKey {
        self.least_image()
    }

    /// The longer of the two races (the shorter underestimates real games).
    fn expected_own_moves_left(&self) -> Option<u32> {
        let [mine, theirs] = eval::race_ticks(self);
        mine.max(theirs)
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    /// A player that cannot reach its goal row before the other fills it cannot win.
    fn outcome_bounds(&self) -> OutcomeBounds {
        bounds::outcome_bounds(self)
    }

    /// A tick's square: bit indices of the board's `u128` masks.
    fn move_codes(&self) -> usize {
        u128::BITS as usize
    }

    fn move_code(&self, mv: u8) -> usize {
        usize::from(mv)
    }

    /// A tick's tag is its square.
    const TAGGED_MOVES: bool = true;

    fn move_tag(mv: u8) -> u16 {
        u16::from(mv)
    }

    fn move_from_tag(tag: u16) -> Option<u8> {
        u8::try_from(tag)
            .ok()
            .filter(|&sq| u32::from(sq) < u128::BITS)
    }

    fn is_legal_move(&self, mv: u8) -> bool {
        u32::from(mv) < u128::BITS && self.legal_targets() & 1 << mv != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_planned_on_the_longer_race_setup_included() {
        // Two setup ticks on the zone row, then seven king steps to the far row.
        let start = CrossJack::start(BoardSize::square(8)).unwrap();
        assert_eq!(start.expected_own_moves_left(), Some(9));
        // X is two ticks from rank 1, O seven from rank 8: either may still have to play on
        // until O's race ends.
        let uneven = CrossJack::from_fen("3xx3/8/8/8/8/3x4/8/oo6 o").unwrap();
        assert_eq!(uneven.expected_own_moves_left(), Some(7));
    }

    #[test]
    fn a_position_shares_its_geometry_so_copy_make_copies_little() {
        // Board, side, hash, status and access chains; the masks stay in the static table.
        assert!(std::mem::size_of::<CrossJack>() <= 96);
        let a = CrossJack::start(BoardSize::new(10, 7)).unwrap();
        let b = CrossJack::start(BoardSize::new(10, 7)).unwrap();
        assert!(std::ptr::eq(a.geometry, b.geometry));
    }
}
