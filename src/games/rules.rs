//! The rules of a game: what a GUI, a referee or perft needs, nothing the searchers ask.

use std::fmt::Debug;

use super::board::BoardDescription;
use super::coord::Coord;
use super::duty::Duty;
use super::effects::Effects;
use super::ending::EndDetails;
use super::error::{MoveError, PositionError};
use super::fen;
use super::moves::MoveList;
use super::player::Player;
use super::size::BoardSize;
use super::status::Status;

/// The rules of one game, as a position value copied to make a move (copy-make). Judged
/// from the position alone; history (repetition) is [`super::GameState`]'s.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// A move of this game; small and `Copy`.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;

    /// The name used by `UCI_Variant`, `--game` and `perft --game`.
    const NAME: &'static str;

    /// Whether a position can come back later in a game (the exact solver then deepens).
    const POSITIONS_REPEAT: bool = false;

    /// The board size of the default start position.
    fn default_size() -> BoardSize;

    /// Every board size [`Game::start`] accepts, in the order a GUI lists them.
    fn sizes() -> Vec<BoardSize>;

    /// The start position on a board of `size`.
    fn start(size: BoardSize) -> Result<Self, PositionError>;

    /// Reads a position string (`<board> <side>`), validating it against the rules.
    fn from_fen(text: &str) -> Result<Self, PositionError>;

    /// The position string of this position; [`Game::from_fen`] reads it back unchanged.
    fn fen(&self) -> String;

    /// The board's width and height.
    fn size(&self) -> BoardSize;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// Appends every legal move to `out` (cleared by the caller); none exactly when over.
    fn generate_moves(&self, out: &mut MoveList<Self::Move>);

    /// The number of legal moves, counted without building them (perft's bulk count).
    fn count_moves(&self) -> usize;

    /// Plays a legal move (one [`Game::generate_moves`] produced) in place.
    fn play(&mut self, mv: Self::Move);

    /// Where the game stands, from this position alone.
    fn status(&self) -> Status;

    /// Why the game is over, in the game's own words (`query reason`, e.g. `blockade`);
    /// `None` while in play.
    fn end_reason(&self) -> Option<&'static str> {
        self.status().is_over().then_some("game over")
    }

    /// The position's hash (incremental, or computed when asked).
    fn hash(&self) -> u64;

    /// The hash recomputed from scratch; equals [`Game::hash`] (tests check it).
    fn hash_from_scratch(&self) -> u64;

    /// How many of the last plies later moves could undo; positions further back cannot repeat.
    fn reversible_plies(&self) -> u32 {
        0
    }

    /// Reads a move in this game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Writes a move in this game's notation (one token).
    fn format_move(&self, mv: Self::Move) -> String;

    /// The letter of the piece on `square` (a square of the board) as the position string
    /// writes it; `None` when the square is empty.
    fn piece_letter(&self, square: Coord) -> Option<char>;

    /// A text diagram of the board with coordinates.
    fn diagram(&self) -> String {
        fen::diagram(self.size(), |square| self.piece_letter(square))
    }

    /// The game as a board GUI draws it, in this position (`query board`).
    fn description(&self) -> BoardDescription;

    /// What the legal move `mv` does on the board (`query effects`; see [`Effects`]).
    fn effects(&self, mv: Self::Move) -> Effects;

    /// What the side to move must do, from this position alone.
    fn duty(&self) -> Duty {
        if self.status().is_over() {
            Duty::None
        } else {
            Duty::Move
        }
    }

    /// The details of why the finished game ended (`query end`); none by default.
    fn end_details(&self) -> EndDetails {
        EndDetails::Nothing
    }
}
