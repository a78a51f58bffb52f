//! The rules of a game: what a GUI, a referee or perft needs of it, and nothing the searchers
//! ask (that is [`super::SearchHints`]).

use std::fmt::Debug;

use super::board::BoardDescription;
use super::duty::Duty;
use super::effects::Effects;
use super::ending::EndDetails;
use super::error::{MoveError, PositionError};
use super::moves::MoveList;
use super::player::Player;
use super::size::BoardSize;
use super::status::Status;

/// The rules of one game, as a position value that is copied to make a move (copy-make).
///
/// Implementations keep their hash up to date in [`Game::play`] (Zobrist keys) or compute it
/// from the board when asked, whichever is cheaper for the game. Everything here is
/// judged from the position alone; rules that depend on history (repetition) belong to
/// [`super::GameState`], whose answers are the game's.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// A move of this game; small and `Copy`.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;

    /// The name used by `UCI_Variant`, `--game` and `perft --game`.
    const NAME: &'static str;

    /// Whether a position can come back later in a game (a move undoing another): the
    /// exact solver then follows lines to growing horizons, which games where every move
    /// changes the position for good do without. False by default.
    const POSITIONS_REPEAT: bool = false;

    /// The board size of the default start position.
    fn default_size() -> BoardSize;

    /// Every board size the game is played on (each one [`Game::start`] accepts), in the
    /// order a GUI lists them.
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

    /// Appends every legal move to `out` (which the caller clears). No moves exactly when the
    /// position's [`Game::status`] is over.
    fn generate_moves(&self, out: &mut MoveList<Self::Move>);

    /// The number of legal moves, counted without building them (perft's bulk count at the
    /// last ply); equals the length of [`Game::generate_moves`]'s list.
    fn count_moves(&self) -> usize;

    /// Plays a legal move (one [`Game::generate_moves`] produced) in place.
    fn play(&mut self, mv: Self::Move);

    /// Where the game stands, judged from this position alone; the game's status, history
    /// included, is [`super::GameState::status_with_history`].
    fn status(&self) -> Status;

    /// Why the game is over, judged from this position alone, in the game's own words
    /// (`query reason`: e.g. `blockade`); `None` while [`Game::status`] is in play. Each game
    /// names its own reasons; this default only says that the game is over.
    fn end_reason(&self) -> Option<&'static str> {
        self.status().is_over().then_some("game over")
    }

    /// The position's hash: Zobrist keys maintained incrementally by [`Game::play`], or a
    /// hash of the board computed when asked where a move changes too many squares.
    fn hash(&self) -> u64;

    /// The hash recomputed from scratch; equals [`Game::hash`] (tests check it).
    fn hash_from_scratch(&self) -> u64;

    /// How many of the last plies could be undone by later moves; positions further back
    /// cannot repeat. Games where nothing repeats keep the default 0.
    fn reversible_plies(&self) -> u32 {
        0
    }

    /// Reads a move in this game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Writes a move in this game's notation (one token).
    fn format_move(&self, mv: Self::Move) -> String;

    /// A text diagram of the board with coordinates.
    fn diagram(&self) -> String;

    /// The game as a board GUI draws it, in this position (`query board`).
    fn description(&self) -> BoardDescription;

    /// What the legal move `mv` does on the board, as simultaneous operations from this
    /// position to the one [`Game::play`] makes (`query effects`; see [`Effects`]).
    fn effects(&self, mv: Self::Move) -> Effects;

    /// What the side to move must do, judged from this position alone. The default knows
    /// only moves and the end of the game; games with setup, forced answers or a pass say
    /// more.
    fn duty(&self) -> Duty {
        if self.status().is_over() {
            Duty::None
        } else {
            Duty::Move
        }
    }

    /// The details of why the finished game ended (`query end`), judged from this position
    /// alone; the default, for reasons that say it all, has none.
    fn end_details(&self) -> EndDetails {
        EndDetails::Nothing
    }
}
