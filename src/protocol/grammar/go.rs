//! `go` and its parameters, from one table of keywords.

use std::sync::LazyLock;

use nom::combinator::{map, verify};
use nom::error::{ErrorKind, ParseError};
use nom::multi::many1;
use nom::{Err, Parser};

use super::error::{GrammarError, Res};
use super::tokens::{expect, is_space, number, positive, token};
use crate::perft::MAX_DEPTH as MAX_PERFT_DEPTH;
use crate::protocol::command::{Command, GoParams};
use crate::protocol::syntax::{Found, GoError, Problem, SyntaxError};

/// One `go` parameter as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum GoParam<'a> {
    Depth(u32),
    Nodes(u64),
    MoveTime(u64),
    P1Time(i64),
    P2Time(i64),
    P1Inc(i64),
    P2Inc(i64),
    MovesToGo(u32),
    Infinite,
    Ponder,
    Perft(u32),
    Mate(u32),
    SearchMoves(Vec<&'a str>),
}

/// The parameter a `go` keyword starts; the UCI and UGI spellings of a clock start the same
/// one. Its spellings are in [`GO_KEYWORDS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GoKey {
    Depth,
    Nodes,
    MoveTime,
    P1Time,
    P2Time,
    P1Inc,
    P2Inc,
    MovesToGo,
    Infinite,
    Ponder,
    Perft,
    Mate,
    SearchMoves,
}

/// Every word that starts a `go` parameter, in the order the "expected a go parameter" error
/// lists them, with the parameter it starts: the one list of `go` keywords, from which the
/// parsing ([`GoKey::of`]), the skipping of bad parameters and that error's text derive.
pub(super) const GO_KEYWORDS: [(&str, GoKey); 17] = [
    ("depth", GoKey::Depth),
    ("nodes", GoKey::Nodes),
    ("movetime", GoKey::MoveTime),
    ("wtime", GoKey::P1Time),
    ("btime", GoKey::P2Time),
    ("winc", GoKey::P1Inc),
    ("binc", GoKey::P2Inc),
    ("p1time", GoKey::P1Time),
    ("p2time", GoKey::P2Time),
    ("p1inc", GoKey::P1Inc),
    ("p2inc", GoKey::P2Inc),
    ("movestogo", GoKey::MovesToGo),
    ("infinite", GoKey::Infinite),
    ("ponder", GoKey::Ponder),
    ("perft", GoKey::Perft),
    ("mate", GoKey::Mate),
    ("searchmoves", GoKey::SearchMoves),
];

/// What the grammar expected where a token is no `go` keyword: every keyword of
/// [`GO_KEYWORDS`], in its order.
pub(super) fn go_parameters() -> &'static str {
    static TEXT: LazyLock<String> = LazyLock::new(|| {
        let keywords: Vec<&str> = GO_KEYWORDS.iter().map(|&(word, _)| word).collect();
        format!("a go parameter ({})", keywords.join(", "))
    });
    &TEXT
}

pub(super) fn is_go_keyword(token: &str) -> bool {
    GoKey::of(token).is_some()
}

/// `searchmoves <move>…`: every token up to the next `go` parameter.
pub(super) fn searchmoves(input: &str) -> Res<'_, GoParam<'_>> {
    let (rest, moves) = expect(
        "a move after 'searchmoves'",
        many1(verify(token, |t: &str| !is_go_keyword(t))),
    )
    .parse(input)?;
    Ok((rest, GoParam::SearchMoves(moves)))
}

/// One `go` parameter: a keyword and, for most, its number.
pub(super) fn go_param(input: &str) -> Res<'_, (GoKey, GoParam<'_>)> {
    let (rest, word) = token(input)?;
    let Some(key) = GoKey::of(word) else {
        return Err(Err::Error(GrammarError::from_error_kind(
            input,
            ErrorKind::Tag,
        )));
    };
    let (rest, param) = key.read(rest)?;
    Ok((rest, (key, param)))
}

/// `input` after its first token, and after the token that follows too unless it starts a
/// `go` parameter: what is left once a parameter with a bad value is skipped.
pub(super) fn skip_bad_param(input: &str) -> &str {
    let Ok((after_keyword, _)) = token(input) else {
        return "";
    };
    match token(after_keyword) {
        Ok((after_value, value)) if !is_go_keyword(value) => after_value,
        _ => after_keyword,
    }
}

/// `input` from its first `go` parameter on: what is left once unknown tokens are skipped.
pub(super) fn skip_to_go_param(mut input: &str) -> &str {
    while let Ok((rest, word)) = token(input) {
        if is_go_keyword(word) {
            return input;
        }
        input = rest;
    }
    ""
}

/// The parameters of `go`, read one by one: a parameter that cannot be read is a problem,
/// skipped with its value, and so is a token that is no parameter (with what follows it up
/// to the next parameter).
pub(super) fn go_params(input: &str) -> (Vec<(GoKey, GoParam<'_>)>, Vec<Problem>) {
    let mut params = Vec::new();
    let mut problems = Vec::new();
    let mut rest = input;
    while !rest.trim_start_matches(is_space).is_empty() {
        match go_param(rest) {
            Ok((after, param)) => {
                params.push(param);
                rest = after;
            }
            Err(Err::Failure(e)) => {
                problems.push(e.into_problem());
                rest = skip_bad_param(rest);
            }
            Err(_) => {
                problems.push(Problem::Expected {
                    expected: go_parameters(),
                    found: Found::first_of(rest),
                });
                rest = skip_to_go_param(skip_bad_param(rest));
            }
        }
    }
    (params, problems)
}

/// Folds the parameters into one `go` or `go perft` command. A repeated parameter is a
/// problem and the first one counts. `go perft` is strict: any problem refuses the line, as
/// does a perft mixed with search limits; a search runs on what was understood.
pub(super) fn go_command(word: &str, input: &str) -> Result<Command, SyntaxError> {
    let bad = |problem| SyntaxError::BadArguments {
        command: word.to_string(),
        problem,
    };
    let (params, mut problems) = go_params(input);
    let perft_asked = input
        .split_ascii_whitespace()
        .any(|t| GoKey::of(t) == Some(GoKey::Perft));
    let mut go = GoParams::default();
    let mut perft = None;
    let mut seen: Vec<GoKey> = Vec::new();
    for (key, param) in &params {
        if seen.contains(key) {
            problems.push(GoError::Repeated(key.name()).into());
            continue;
        }
        seen.push(*key);
        match param {
            GoParam::Depth(d) => go.depth = Some(*d),
            GoParam::Nodes(n) => go.nodes = Some(*n),
            GoParam::MoveTime(t) => go.movetime = Some(*t),
            GoParam::P1Time(t) => go.p1time = Some(*t),
            GoParam::P2Time(t) => go.p2time = Some(*t),
            GoParam::P1Inc(t) => go.p1inc = Some(*t),
            GoParam::P2Inc(t) => go.p2inc = Some(*t),
            // No moves to go is no information (as in Stockfish).
            GoParam::MovesToGo(m) => go.movestogo = Some(*m).filter(|&m| m > 0),
            GoParam::Infinite => go.infinite = true,
            GoParam::Ponder => go.ponder = true,
            GoParam::Mate(m) => go.mate = Some(*m),
            GoParam::SearchMoves(moves) => {
                go.searchmoves = moves.iter().map(|m| m.to_string()).collect();
            }
            GoParam::Perft(d) => perft = Some(*d),
        }
    }
    if !perft_asked {
        go.ignored = problems.into_iter().map(bad).collect();
        return Ok(Command::Go(go));
    }
    if let Some(problem) = problems.into_iter().next() {
        return Err(bad(problem));
    }
    match perft {
        Some(_) if params.len() > 1 => Err(bad(GoError::PerftWithLimits.into())),
        // A deeper perft would recurse past the search thread's stack before it could count.
        Some(depth) if depth > MAX_PERFT_DEPTH => Err(bad(GoError::PerftTooDeep(depth).into())),
        Some(depth) => Ok(Command::Perft(depth)),
        // `perft_asked` but no perft read: its problem was returned above.
        None => Err(bad(Problem::Incomplete)),
    }
}

impl GoKey {
    /// The parameter `token` starts, ignoring ASCII case; `None` if it is no `go` keyword.
    pub(super) fn of(token: &str) -> Option<GoKey> {
        GO_KEYWORDS
            .iter()
            .find(|(word, _)| word.eq_ignore_ascii_case(token))
            .map(|&(_, key)| key)
    }

    /// The name used in "given twice" errors; the UCI and UGI spellings of a clock share one.
    pub(super) fn name(self) -> &'static str {
        match self {
            GoKey::Depth => "depth",
            GoKey::Nodes => "nodes",
            GoKey::MoveTime => "movetime",
            GoKey::P1Time => "player 1 time (wtime/p1time)",
            GoKey::P2Time => "player 2 time (btime/p2time)",
            GoKey::P1Inc => "player 1 increment (winc/p1inc)",
            GoKey::P2Inc => "player 2 increment (binc/p2inc)",
            GoKey::MovesToGo => "movestogo",
            GoKey::Infinite => "infinite",
            GoKey::Ponder => "ponder",
            GoKey::Perft => "perft",
            GoKey::Mate => "mate",
            GoKey::SearchMoves => "searchmoves",
        }
    }

    /// Reads what follows the keyword: the parameter's number or moves, if it takes any.
    pub(super) fn read(self, rest: &str) -> Res<'_, GoParam<'_>> {
        match self {
            GoKey::Depth => map(positive("a depth in plies"), GoParam::Depth).parse(rest),
            GoKey::Nodes => map(positive("a node count"), GoParam::Nodes).parse(rest),
            GoKey::MoveTime => map(number("a time in milliseconds"), GoParam::MoveTime).parse(rest),
            GoKey::P1Time => map(number("a time in milliseconds"), GoParam::P1Time).parse(rest),
            GoKey::P2Time => map(number("a time in milliseconds"), GoParam::P2Time).parse(rest),
            GoKey::P1Inc => map(number("an increment in milliseconds"), GoParam::P1Inc).parse(rest),
            GoKey::P2Inc => map(number("an increment in milliseconds"), GoParam::P2Inc).parse(rest),
            GoKey::MovesToGo => map(number("a move count"), GoParam::MovesToGo).parse(rest),
            GoKey::Perft => map(positive("a perft depth"), GoParam::Perft).parse(rest),
            GoKey::Mate => map(positive("a mate distance in moves"), GoParam::Mate).parse(rest),
            GoKey::SearchMoves => searchmoves(rest),
            GoKey::Infinite => Ok((rest, GoParam::Infinite)),
            GoKey::Ponder => Ok((rest, GoParam::Ponder)),
        }
    }
}
