//! nom's error type for the grammar: where a parse failed and what was expected there; it
//! becomes a typed [`Problem`] once the command is known.

use nom::error::{ErrorKind, ParseError};
use nom::IResult;

use crate::protocol::syntax::{Found, Problem};

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
