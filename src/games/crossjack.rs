//! CrossJack (stub until its rules land).

use super::{BoardSize, Game, MoveError, MoveList, Player, PositionError, Status};

/// A CrossJack position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossJack {
    size: BoardSize,
}

impl Game for CrossJack {
    type Move = u16;
    const NAME: &'static str = "crossjack";

    fn default_size() -> BoardSize {
        BoardSize::square(8)
    }
    fn start(size: BoardSize) -> Result<Self, PositionError> {
        Ok(CrossJack { size })
    }
    fn from_fen(_text: &str) -> Result<Self, PositionError> {
        Err(PositionError::Inconsistent("not implemented".into()))
    }
    fn fen(&self) -> String {
        String::new()
    }
    fn size(&self) -> BoardSize {
        self.size
    }
    fn side_to_move(&self) -> Player {
        Player::One
    }
    fn generate_moves(&self, _out: &mut MoveList<Self::Move>) {}
    fn play(&mut self, _mv: Self::Move) {}
    fn status(&self) -> Status {
        Status::Draw
    }
    fn hash(&self) -> u64 {
        0
    }
    fn hash_from_scratch(&self) -> u64 {
        0
    }
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        Err(MoveError::GameOver(text.into()))
    }
    fn format_move(&self, mv: Self::Move) -> String {
        mv.to_string()
    }
    fn evaluate(&self) -> i32 {
        0
    }
    fn diagram(&self) -> String {
        String::new()
    }
}
