//! The typed syntax errors of the grammar (also kept by `go` for ignored parameters).

use std::fmt;

use thiserror::Error;

use crate::perft::MAX_DEPTH as MAX_PERFT_DEPTH;

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxError {
    /// The first word names no command.
    #[error("unknown command '{0}' (send 'help' for the list)")]
    UnknownCommand(String),
    /// The command is known but what follows it is wrong.
    #[error("{command}: {problem}")]
    BadArguments {
        /// The command word as written.
        command: String,
        /// What is wrong.
        problem: Problem,
    },
}

/// What is wrong with a command's arguments.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Problem {
    /// Something else was expected where `found` is.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What could have come.
        expected: &'static str,
        /// What came instead.
        found: Found,
    },
    /// Nothing could come where `found` is.
    #[error("unexpected {0}")]
    Unexpected(Found),
    /// A number that may not be negative is.
    #[error("{what} may not be negative, found '{text}'")]
    Negative {
        /// What the number is.
        what: &'static str,
        /// The number as written.
        text: String,
    },
    /// A negative number beyond the lowest its type holds.
    #[error("{what} '{text}' is out of range")]
    OutOfRange {
        /// What the number is.
        what: &'static str,
        /// The number as written.
        text: String,
    },
    /// A number does not fit its type.
    #[error("{what} '{text}' is too large")]
    TooLarge {
        /// What the number is.
        what: &'static str,
        /// The number as written.
        text: String,
    },
    /// A number that must be positive is zero.
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// The parameters of `go` do not go together.
    #[error(transparent)]
    Go(#[from] GoError),
    /// The line ended in the middle of the command.
    #[error("incomplete command")]
    Incomplete,
}

/// Why the parameters of a `go` do not make one command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GoError {
    /// A parameter came twice (the UCI and UGI spellings of a clock count as one).
    #[error("{0} given twice")]
    Repeated(&'static str),
    /// `perft` came with search limits.
    #[error("perft takes only a depth and cannot be combined with search limits")]
    PerftWithLimits,
    /// `perft` deeper than [`MAX_PERFT_DEPTH`].
    #[error("perft depth {0} is more than {max}", max = MAX_PERFT_DEPTH)]
    PerftTooDeep(u32),
}

/// What the grammar found where it expected something else: a token or the end of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A token, as written.
    Token(String),
    /// Nothing but blanks.
    EndOfLine,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Token(token) => write!(f, "'{token}'"),
            Found::EndOfLine => f.write_str("end of line"),
        }
    }
}
