//! Typed errors for position strings, moves and board sizes; a game's own reasons reach
//! them as a [`GameReason`], so they name no game.

use std::fmt;

use thiserror::Error;

/// Largest width or height any game reads; bigger boards are refused before allocating.
pub const MAX_SIDE: usize = 32;

/// How a position string breaks the `<board> <side>` grammar.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxError {
    /// Not exactly two whitespace-separated fields.
    #[error("expected 2 fields '<board> <side>', found {0}")]
    FieldCount(usize),
    /// The board field is not rows of letters and counts separated by `/`.
    #[error("board '{0}' must be rows of piece letters and empty counts separated by '/'")]
    Board(String),
    /// More rows than any game reads.
    #[error("{0} rows, more than {MAX_SIDE}")]
    TooManyRows(usize),
    /// A run of empty squares that is zero or longer than any row.
    #[error("row {row}: empty-run count {digits} is not between 1 and {MAX_SIDE}")]
    EmptyRun {
        /// Row number counted from the top, starting at 1.
        row: usize,
        /// The count as written.
        digits: String,
    },
    /// A row wider than any game reads.
    #[error("row {0} is wider than {MAX_SIDE} squares")]
    RowTooWide(usize),
}

/// Why a position string (or a board size) was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text does not follow the `<board> <side>` grammar.
    #[error("malformed position string: {0}")]
    Syntax(#[from] SyntaxError),
    /// A row's squares do not add up to the width of the first row.
    #[error("row {row} has {found} squares, expected {expected}")]
    RowWidth {
        /// Row number counted from the top, starting at 1.
        row: usize,
        /// Squares the row describes.
        found: usize,
        /// Squares of the first row.
        expected: usize,
    },
    /// A character that is not a piece of this game.
    #[error("'{0}' is not a piece of {1}")]
    UnknownPiece(char, &'static str),
    /// The side-to-move field names no player of this game.
    #[error("'{0}' is not a side of {1}")]
    UnknownSide(String, &'static str),
    /// The board has a size this game does not support.
    #[error("{game} does not support a {width}x{height} board ({supported})")]
    UnsupportedSize {
        /// Game name.
        game: &'static str,
        /// Board width in squares.
        width: usize,
        /// Board height in squares.
        height: usize,
        /// The supported sizes, in words.
        supported: &'static str,
    },
    /// A game name that names none of the games.
    #[error("unknown game '{name}' (expected {expected})")]
    UnknownGame {
        /// The name as written.
        name: String,
        /// Every game's name, in words.
        expected: String,
    },
    /// A board size text such as `8x8` or `9` that cannot be read.
    #[error("malformed board size '{0}': expected WxH or N")]
    BadSize(String),
    /// The position is well formed but cannot arise under the rules.
    #[error("{0}")]
    Inconsistent(GameReason),
}

/// Why a move text was rejected in a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    #[error("{0}: not a move in {1} notation ({2})")]
    Syntax(String, &'static str, &'static str),
    /// A square outside the board.
    #[error("{square} is off the {width}x{height} board")]
    OffBoard {
        /// The square as written (lower case).
        square: String,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// The target square already holds a piece.
    #[error("{0}: square is occupied")]
    Occupied(String),
    /// The game is over; no move can be played.
    #[error("{0}: the game is over")]
    GameOver(String),
    /// Well formed, on the board, but against a rule of the game.
    #[error("{mv}: {reason}")]
    Illegal {
        /// The move as written.
        mv: String,
        /// The rule it breaks.
        reason: GameReason,
    },
}

/// A game's own reason for refusing a position or a move (its typed reason as it leaves the
/// game), so these errors name no game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReason(String);

impl GameReason {
    /// The reason `reason` gives, as its message reads.
    pub fn of(reason: &impl fmt::Display) -> Self {
        GameReason(reason.to_string())
    }
}

impl fmt::Display for GameReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
