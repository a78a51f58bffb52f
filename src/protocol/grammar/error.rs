//! What goes wrong in a line: the typed syntax errors and nom's error type for the grammar.

use std::fmt;

use nom::error::{ErrorKind, ParseError};
use nom::IResult;
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

/// The grammar's nom error: where it happened and, once known, what was expected there or
/// what is wrong with the token found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrammarError<'a> {
    input: &'a str,
    expected: Option<&'static str>,
    problem: Option<Problem>,
}

impl<'a> ParseError<&'a str> for GrammarError<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        GrammarError {
            input,
            expected: None,
            problem: None,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        if other.is_specific() {
            other
        } else {
            self
        }
    }
}

pub(super) type Res<'a, T> = IResult<&'a str, T, GrammarError<'a>>;

impl Found {
    /// The first token of `rest`, or the end of the line.
    pub(super) fn first_of(rest: &str) -> Self {
        match rest.split_ascii_whitespace().next() {
            Some(token) => Found::Token(token.to_string()),
            None => Found::EndOfLine,
        }
    }
}

impl<'a> GrammarError<'a> {
    pub(super) fn expected(input: &'a str, what: &'static str) -> Self {
        GrammarError {
            input,
            expected: Some(what),
            problem: None,
        }
    }

    pub(super) fn problem(input: &'a str, problem: Problem) -> Self {
        GrammarError {
            input,
            expected: None,
            problem: Some(problem),
        }
    }

    pub(super) fn is_specific(&self) -> bool {
        self.expected.is_some() || self.problem.is_some()
    }

    pub(super) fn into_problem(self) -> Problem {
        match (self.problem, self.expected) {
            (Some(problem), _) => problem,
            (None, Some(expected)) => Problem::Expected {
                expected,
                found: Found::first_of(self.input),
            },
            (None, None) => Problem::Unexpected(Found::first_of(self.input)),
        }
    }
}
