//! The grammar's small parsers: tokens, keywords, numbers and the end of a line.

use nom::bytes::complete::{take_till1, take_while};
use nom::combinator::verify;
use nom::sequence::preceded;
use nom::{Err, Parser};

use super::error::{GrammarError, Res};
use crate::protocol::syntax::{Found, Problem};

pub(super) fn is_space(c: char) -> bool {
    c.is_ascii_whitespace()
}

/// One token: a run of non-blank characters, after any blanks.
pub(super) fn token(input: &str) -> Res<'_, &str> {
    preceded(take_while(is_space), take_till1(is_space)).parse(input)
}

/// A token equal to `word`, ignoring ASCII case.
pub(super) fn keyword(word: &'static str) -> impl FnMut(&str) -> Res<'_, &str> {
    move |input| verify(token, |t: &str| t.eq_ignore_ascii_case(word)).parse(input)
}

/// Runs `parser`; if it fails without saying why, fails for good saying `what` was expected
/// where it started.
pub(super) fn expect<'a, T>(
    what: &'static str,
    mut parser: impl Parser<&'a str, Output = T, Error = GrammarError<'a>>,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |input| {
        parser.parse(input).map_err(|e| match e {
            Err::Error(e) | Err::Failure(e) if e.is_specific() => Err::Failure(e),
            Err::Error(_) | Err::Failure(_) => Err::Failure(GrammarError::expected(input, what)),
            Err::Incomplete(n) => Err::Incomplete(n),
        })
    }
}

/// Nothing but blanks is left; otherwise fails saying `what` could have come instead.
pub(super) fn end_of_line(what: &'static str) -> impl FnMut(&str) -> Res<'_, ()> {
    move |input| {
        if input.trim_start_matches(is_space).is_empty() {
            Ok(("", ()))
        } else {
            Err(Err::Failure(GrammarError::expected(input, what)))
        }
    }
}

/// A decimal number that fits in `T`; `what` names it in the error.
pub(super) fn number<'a, T: std::str::FromStr>(
    what: &'static str,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |input| {
        let (rest, text) = expect(what, token)(input)?;
        let digits = text.strip_prefix('-').unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Err::Failure(GrammarError::problem(
                input,
                Problem::Expected {
                    expected: what,
                    found: Found::Token(text.to_string()),
                },
            )));
        }
        // `-0` is zero, which an unsigned number may be, not a negative number.
        let signed = if digits.bytes().all(|b| b == b'0') {
            digits
        } else {
            text
        };
        match signed.parse::<T>() {
            Ok(value) => Ok((rest, value)),
            Err(_) => {
                let text = text.to_string();
                // A signed number takes "-1": its failure is the size, not the sign.
                let signed_type = "-1".parse::<T>().is_ok();
                let problem = if text.starts_with('-') && signed_type {
                    Problem::OutOfRange { what, text }
                } else if text.starts_with('-') {
                    Problem::Negative { what, text }
                } else {
                    Problem::TooLarge { what, text }
                };
                Err(Err::Failure(GrammarError::problem(input, problem)))
            }
        }
    }
}

/// A positive number: like [`number`] but zero is refused.
pub(super) fn positive<'a, T: std::str::FromStr + Default + PartialEq>(
    what: &'static str,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |input| {
        let (rest, value) = number::<T>(what)(input)?;
        if value == T::default() {
            return Err(Err::Failure(GrammarError::problem(
                input,
                Problem::Zero(what),
            )));
        }
        Ok((rest, value))
    }
}

/// Tokens joined by one space.
pub(super) fn words(tokens: Vec<&str>) -> String {
    tokens.join(" ")
}
