//! Crossings (Robert Abbott): groups of stones move along their line as far as they are
//! long, capture the end of a shorter enemy line, and race to cross to the far row; a
//! crossing must be answered at once by a counter-crossing, which locks the crossed stones.
//!
//! The position ([`position`]) is three `u64` bitboards; move generation ([`movegen`])
//! works front by front, and the bulk count used by perft never builds a move.

mod bench;
pub mod bitboard;
mod eval;
pub mod movegen;
pub mod moves;
pub mod position;

pub use moves::Move;
pub use position::Crossings;

use super::{fen, BoardSize, Game, MoveError, MoveList, Player, PositionError, Status};
use movegen::Turn;
use position::square;

impl Game for Crossings {
    type Move = Move;
    const NAME: &'static str = "crossings";
    const BENCH: super::BenchSet = bench::BENCH;

    fn default_size() -> BoardSize {
        BoardSize::square(8)
    }

    fn start(size: BoardSize) -> Result<Self, PositionError> {
        if size != BoardSize::square(8) {
            return Err(PositionError::UnsupportedSize {
                game: Self::NAME,
                width: size.width,
                height: size.height,
                supported: "8x8 only",
            });
        }
        Ok(Crossings::start_position())
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        Crossings::parse_fen(text)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn size(&self) -> BoardSize {
        BoardSize::square(8)
    }

    fn side_to_move(&self) -> Player {
        self.side()
    }

    #[inline]
    fn generate_moves(&self, out: &mut MoveList<Self::Move>) {
        self.legal_moves(&mut |mv| out.push(mv));
    }

    #[inline]
    fn count_moves(&self) -> usize {
        self.legal_move_count()
    }

    #[inline]
    fn play(&mut self, mv: Self::Move) {
        self.play_move(mv);
    }

    fn status(&self) -> Status {
        match self.turn() {
            Turn::CounterCrossings(0) => Status::Won(self.side().opponent()),
            Turn::Stuck => Status::Draw,
            _ => Status::InPlay,
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        Crossings::hash(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        Crossings::hash_from_scratch(self)
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.reversible()
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move_text(text)
    }

    fn format_move(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    fn evaluate(&self) -> i32 {
        self.evaluation()
    }

    fn diagram(&self) -> String {
        fen::diagram(BoardSize::square(8), |c| self.letter_at(square(c)))
    }
}
