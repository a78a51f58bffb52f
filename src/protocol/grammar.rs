//! The protocol grammar (nom): one text line → one typed [`Command`].
//!
//! A line is whitespace-separated tokens. Keywords are matched case-insensitively; everything
//! else (option names and values, position strings, moves) is passed on as written. Every
//! failure becomes a [`SyntaxError`] that names the command, what was expected and the token
//! found instead, never nom's debug output.

use std::fmt;
use std::sync::LazyLock;

use nom::branch::alt;
use nom::bytes::complete::{take_till1, take_while};
use nom::combinator::{map, opt, verify};
use nom::error::{ErrorKind, ParseError};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::{Err, IResult};
use thiserror::Error;

use super::command::{Command, Dialect, GoParams, Query, StartPosition};
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

impl Found {
    /// The first token of `rest`, or the end of the line.
    fn first_of(rest: &str) -> Self {
        match rest.split_ascii_whitespace().next() {
            Some(token) => Found::Token(token.to_string()),
            None => Found::EndOfLine,
        }
    }
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

impl<'a> GrammarError<'a> {
    fn expected(input: &'a str, what: &'static str) -> Self {
        GrammarError {
            input,
            expected: Some(what),
            problem: None,
        }
    }

    fn problem(input: &'a str, problem: Problem) -> Self {
        GrammarError {
            input,
            expected: None,
            problem: Some(problem),
        }
    }

    fn is_specific(&self) -> bool {
        self.expected.is_some() || self.problem.is_some()
    }

    fn into_problem(self) -> Problem {
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

type Res<'a, T> = IResult<&'a str, T, GrammarError<'a>>;

fn is_space(c: char) -> bool {
    c.is_ascii_whitespace()
}

/// One token: a run of non-blank characters, after any blanks.
fn token(input: &str) -> Res<'_, &str> {
    preceded(take_while(is_space), take_till1(is_space))(input)
}

/// A token equal to `word`, ignoring ASCII case.
fn keyword(word: &'static str) -> impl FnMut(&str) -> Res<'_, &str> {
    move |input| verify(token, |t: &str| t.eq_ignore_ascii_case(word))(input)
}

/// Runs `parser`; if it fails without saying why, fails for good saying `what` was expected
/// where it started.
fn expect<'a, T>(
    what: &'static str,
    mut parser: impl FnMut(&'a str) -> Res<'a, T>,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |input| {
        parser(input).map_err(|e| match e {
            Err::Error(e) | Err::Failure(e) if e.is_specific() => Err::Failure(e),
            Err::Error(_) | Err::Failure(_) => Err::Failure(GrammarError::expected(input, what)),
            Err::Incomplete(n) => Err::Incomplete(n),
        })
    }
}

/// Nothing but blanks is left; otherwise fails saying `what` could have come instead.
fn end_of_line(what: &'static str) -> impl FnMut(&str) -> Res<'_, ()> {
    move |input| {
        if input.trim_start_matches(is_space).is_empty() {
            Ok(("", ()))
        } else {
            Err(Err::Failure(GrammarError::expected(input, what)))
        }
    }
}

/// A decimal number that fits in `T`; `what` names it in the error.
fn number<'a, T: std::str::FromStr>(what: &'static str) -> impl FnMut(&'a str) -> Res<'a, T> {
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
fn positive<'a, T: std::str::FromStr + Default + PartialEq>(
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
fn words(tokens: Vec<&str>) -> String {
    tokens.join(" ")
}

// ---------------------------------------------------------------------------------------
// The commands
// ---------------------------------------------------------------------------------------

/// `debug on|off`: either word is read, and neither changes anything.
fn debug_args(input: &str) -> Res<'_, Command> {
    let (rest, _) = expect("'on' or 'off'", alt((keyword("on"), keyword("off"))))(input)?;
    let (rest, ()) = end_of_line("end of line")(rest)?;
    Ok((rest, Command::Debug))
}

/// `setoption name <words…> [value <words…>]`.
fn setoption_args(input: &str) -> Res<'_, Command> {
    let (rest, _) = expect("'name'", keyword("name"))(input)?;
    let not_value = |t: &str| !t.eq_ignore_ascii_case("value");
    let (rest, name) = expect("an option name", many1(verify(token, not_value)))(rest)?;
    let (rest, value) = opt(preceded(keyword("value"), many0(token)))(rest)?;
    let (rest, ()) = end_of_line("end of line")(rest)?;
    Ok((
        rest,
        Command::SetOption {
            name: words(name),
            value: value.map(words),
        },
    ))
}

/// `startpos` or `fen <fields…>` (every token up to `moves`).
fn start_position(input: &str) -> Res<'_, StartPosition> {
    let not_moves = |t: &str| !t.eq_ignore_ascii_case("moves");
    expect(
        "'startpos' or 'fen'",
        alt((
            map(keyword("startpos"), |_| StartPosition::StartPos),
            preceded(
                keyword("fen"),
                map(
                    expect(
                        "a position string after 'fen'",
                        many1(verify(token, not_moves)),
                    ),
                    |fields| StartPosition::Fen(words(fields)),
                ),
            ),
        )),
    )(input)
}

/// `startpos|fen <fen> [moves <move>…]`.
fn position_args(input: &str) -> Res<'_, Command> {
    let (rest, start) = start_position(input)?;
    let (rest, moves) = opt(preceded(keyword("moves"), many0(token)))(rest)?;
    let (rest, ()) = end_of_line("'moves' or end of line")(rest)?;
    let moves = moves
        .unwrap_or_default()
        .into_iter()
        .map(String::from)
        .collect();
    Ok((rest, Command::Position { start, moves }))
}

/// One `go` parameter as written.
#[derive(Debug, Clone, PartialEq, Eq)]
enum GoParam<'a> {
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
enum GoKey {
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
const GO_KEYWORDS: [(&str, GoKey); 17] = [
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
fn go_parameters() -> &'static str {
    static TEXT: LazyLock<String> = LazyLock::new(|| {
        let keywords: Vec<&str> = GO_KEYWORDS.iter().map(|&(word, _)| word).collect();
        format!("a go parameter ({})", keywords.join(", "))
    });
    &TEXT
}

impl GoKey {
    /// The parameter `token` starts, ignoring ASCII case; `None` if it is no `go` keyword.
    fn of(token: &str) -> Option<GoKey> {
        GO_KEYWORDS
            .iter()
            .find(|(word, _)| word.eq_ignore_ascii_case(token))
            .map(|&(_, key)| key)
    }

    /// The name used in "given twice" errors; the UCI and UGI spellings of a clock share one.
    fn name(self) -> &'static str {
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
    fn read(self, rest: &str) -> Res<'_, GoParam<'_>> {
        match self {
            GoKey::Depth => map(positive("a depth in plies"), GoParam::Depth)(rest),
            GoKey::Nodes => map(positive("a node count"), GoParam::Nodes)(rest),
            GoKey::MoveTime => map(number("a time in milliseconds"), GoParam::MoveTime)(rest),
            GoKey::P1Time => map(number("a time in milliseconds"), GoParam::P1Time)(rest),
            GoKey::P2Time => map(number("a time in milliseconds"), GoParam::P2Time)(rest),
            GoKey::P1Inc => map(number("an increment in milliseconds"), GoParam::P1Inc)(rest),
            GoKey::P2Inc => map(number("an increment in milliseconds"), GoParam::P2Inc)(rest),
            GoKey::MovesToGo => map(number("a move count"), GoParam::MovesToGo)(rest),
            GoKey::Perft => map(positive("a perft depth"), GoParam::Perft)(rest),
            GoKey::Mate => map(positive("a mate distance in moves"), GoParam::Mate)(rest),
            GoKey::SearchMoves => searchmoves(rest),
            GoKey::Infinite => Ok((rest, GoParam::Infinite)),
            GoKey::Ponder => Ok((rest, GoParam::Ponder)),
        }
    }
}

fn is_go_keyword(token: &str) -> bool {
    GoKey::of(token).is_some()
}

/// `searchmoves <move>…`: every token up to the next `go` parameter.
fn searchmoves(input: &str) -> Res<'_, GoParam<'_>> {
    let (rest, moves) = expect(
        "a move after 'searchmoves'",
        many1(verify(token, |t: &str| !is_go_keyword(t))),
    )(input)?;
    Ok((rest, GoParam::SearchMoves(moves)))
}

/// One `go` parameter: a keyword and, for most, its number.
fn go_param(input: &str) -> Res<'_, (GoKey, GoParam<'_>)> {
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
fn skip_bad_param(input: &str) -> &str {
    let Ok((after_keyword, _)) = token(input) else {
        return "";
    };
    match token(after_keyword) {
        Ok((after_value, value)) if !is_go_keyword(value) => after_value,
        _ => after_keyword,
    }
}

/// `input` from its first `go` parameter on: what is left once unknown tokens are skipped.
fn skip_to_go_param(mut input: &str) -> &str {
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
fn go_params(input: &str) -> (Vec<(GoKey, GoParam<'_>)>, Vec<Problem>) {
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
fn go_command(word: &str, input: &str) -> Result<Command, SyntaxError> {
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

/// `bench [depth <plies>]`.
fn bench_args(input: &str) -> Res<'_, Command> {
    let (rest, depth) = opt(preceded(keyword("depth"), positive("a depth in plies")))(input)?;
    let after = match depth {
        Some(_) => "end of line",
        None => "'depth' or end of line",
    };
    let (rest, ()) = end_of_line(after)(rest)?;
    Ok((rest, Command::Bench(depth)))
}

/// `query gameover|p1turn|result|reason|fen|moves`.
fn query_args(input: &str) -> Res<'_, Command> {
    let (rest, query) = expect(
        "gameover, p1turn, result, reason, fen or moves",
        alt((
            map(keyword("gameover"), |_| Query::GameOver),
            map(keyword("p1turn"), |_| Query::P1Turn),
            map(keyword("result"), |_| Query::Result),
            map(keyword("reason"), |_| Query::Reason),
            map(keyword("fen"), |_| Query::Fen),
            map(keyword("moves"), |_| Query::Moves),
        )),
    )(input)?;
    let (rest, ()) = end_of_line("end of line")(rest)?;
    Ok((rest, Command::Query(query)))
}

/// A command that takes no arguments.
fn bare(command: Command) -> impl FnMut(&str) -> Res<'_, Command> {
    move |input| {
        let (rest, ()) = end_of_line("end of line")(input)?;
        Ok((rest, command.clone()))
    }
}

/// Parses one line (without its line break). `Ok(None)` for a blank line.
pub fn parse_line(line: &str) -> Result<Option<Command>, SyntaxError> {
    let Ok((args, word)) = token(line) else {
        return Ok(None);
    };
    let parsed = match word.to_ascii_lowercase().as_str() {
        "uci" => bare(Command::Hello(Dialect::Uci))(args),
        "ugi" => bare(Command::Hello(Dialect::Ugi))(args),
        "isready" => bare(Command::IsReady)(args),
        "ucinewgame" | "uginewgame" => bare(Command::NewGame)(args),
        "setoption" => setoption_args(args),
        "position" => position_args(args),
        "go" => return go_command(word, args).map(Some),
        "stop" => bare(Command::Stop)(args),
        "ponderhit" => bare(Command::PonderHit)(args),
        "query" => query_args(args),
        "bench" => bench_args(args),
        "d" => bare(Command::Display)(args),
        "debug" => debug_args(args),
        "help" => bare(Command::Help)(args),
        "quit" => bare(Command::Quit)(args),
        _ => return Err(SyntaxError::UnknownCommand(word.to_string())),
    };
    let problem = match parsed {
        Ok((_, command)) => return Ok(Some(command)),
        Err(Err::Error(e)) | Err(Err::Failure(e)) => e.into_problem(),
        Err(Err::Incomplete(_)) => Problem::Incomplete,
    };
    Err(SyntaxError::BadArguments {
        command: word.to_string(),
        problem,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        match parse_line(line) {
            Ok(Some(command)) => command,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    /// The parameters of a `go` line (which always is a command).
    fn go(line: &str) -> GoParams {
        match parse(line) {
            Command::Go(params) => params,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    /// The problems reported for a `go` line whose search runs on the rest.
    fn go_errors(line: &str) -> Vec<String> {
        go(line).ignored.iter().map(|e| e.to_string()).collect()
    }

    fn error(line: &str) -> String {
        match parse_line(line) {
            Err(e) => e.to_string(),
            other => panic!("{line:?} should fail but gave {other:?}"),
        }
    }

    #[test]
    fn blank_lines_are_no_command() {
        assert_eq!(parse_line(""), Ok(None));
        assert_eq!(parse_line("  \t "), Ok(None));
    }

    #[test]
    fn tokens_are_separated_by_any_blanks() {
        assert_eq!(token("  \tgo  depth"), Ok(("  depth", "go")));
        assert!(token("   ").is_err());
    }

    #[test]
    fn keywords_ignore_case() {
        assert_eq!(parse("ISREADY"), Command::IsReady);
        assert_eq!(
            parse("Position StartPos Moves a1"),
            parse("position startpos moves a1")
        );
    }

    #[test]
    fn handshakes_name_their_dialect() {
        assert_eq!(parse("uci"), Command::Hello(Dialect::Uci));
        assert_eq!(parse("ugi"), Command::Hello(Dialect::Ugi));
    }

    #[test]
    fn both_new_game_spellings_mean_the_same() {
        assert_eq!(parse("ucinewgame"), Command::NewGame);
        assert_eq!(parse("uginewgame"), Command::NewGame);
    }

    #[test]
    fn bare_commands_refuse_extra_tokens() {
        assert_eq!(
            error("isready now"),
            "isready: expected end of line, found 'now'"
        );
        assert_eq!(error("quit 1"), "quit: expected end of line, found '1'");
    }

    #[test]
    fn unknown_commands_are_named() {
        assert_eq!(
            error("jump a1"),
            "unknown command 'jump' (send 'help' for the list)"
        );
    }

    #[test]
    fn setoption_names_and_values_may_contain_spaces() {
        assert_eq!(
            parse("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            parse("setoption   name Move  Overhead value 50"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            }
        );
        assert_eq!(
            parse("setoption name Size value"),
            Command::SetOption {
                name: "Size".into(),
                value: Some(String::new())
            }
        );
    }

    #[test]
    fn setoption_needs_name_then_a_name() {
        assert_eq!(
            error("setoption Hash 3"),
            "setoption: expected 'name', found 'Hash'"
        );
        assert_eq!(
            error("setoption name"),
            "setoption: expected an option name, found end of line"
        );
        assert_eq!(
            error("setoption name value 3"),
            "setoption: expected an option name, found 'value'"
        );
    }

    #[test]
    fn position_startpos_with_and_without_moves() {
        assert_eq!(
            parse("position startpos"),
            Command::Position {
                start: StartPosition::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            parse("position startpos moves d8 d1 E8"),
            Command::Position {
                start: StartPosition::StartPos,
                moves: vec!["d8".into(), "d1".into(), "E8".into()]
            }
        );
        assert_eq!(
            parse("position startpos moves"),
            Command::Position {
                start: StartPosition::StartPos,
                moves: vec![]
            }
        );
    }

    #[test]
    fn position_fen_takes_every_field_up_to_moves() {
        assert_eq!(
            parse("position fen 3/3/3   x moves b3"),
            Command::Position {
                start: StartPosition::Fen("3/3/3 x".into()),
                moves: vec!["b3".into()]
            }
        );
        assert_eq!(
            parse("position fen 3/3/3 x extra"),
            Command::Position {
                start: StartPosition::Fen("3/3/3 x extra".into()),
                moves: vec![]
            }
        );
    }

    #[test]
    fn position_errors_name_the_token() {
        assert_eq!(
            error("position"),
            "position: expected 'startpos' or 'fen', found end of line"
        );
        assert_eq!(
            error("position start"),
            "position: expected 'startpos' or 'fen', found 'start'"
        );
        assert_eq!(
            error("position fen"),
            "position: expected a position string after 'fen', found end of line"
        );
        assert_eq!(
            error("position fen moves a1"),
            "position: expected a position string after 'fen', found 'moves'"
        );
        assert_eq!(
            error("position startpos a1 a2"),
            "position: expected 'moves' or end of line, found 'a1'"
        );
    }

    #[test]
    fn go_reads_every_limit() {
        let Command::Go(go) =
            parse("go depth 5 nodes 1000 movetime 300 wtime 1 btime 2 winc 3 binc 4 movestogo 7")
        else {
            panic!("not a go");
        };
        assert_eq!(go.depth, Some(5));
        assert_eq!(go.nodes, Some(1000));
        assert_eq!(go.movetime, Some(300));
        assert_eq!(
            (go.p1time, go.p2time, go.p1inc, go.p2inc),
            (Some(1), Some(2), Some(3), Some(4))
        );
        assert_eq!(go.movestogo, Some(7));
        assert!(!go.infinite);
    }

    #[test]
    fn ugi_clocks_are_the_uci_clocks() {
        assert_eq!(
            parse("go p1time 10 p2time 20 p1inc 1 p2inc 2"),
            parse("go wtime 10 btime 20 winc 1 binc 2")
        );
    }

    #[test]
    fn clocks_may_be_negative() {
        let Command::Go(go) = parse("go wtime -20 btime 100") else {
            panic!("not a go");
        };
        assert_eq!(go.p1time, Some(-20));
    }

    #[test]
    fn go_alone_and_infinite_and_ponder() {
        assert_eq!(parse("go"), Command::Go(GoParams::default()));
        assert_eq!(
            parse("go infinite ponder"),
            Command::Go(GoParams {
                infinite: true,
                ponder: true,
                ..GoParams::default()
            })
        );
        assert_eq!(go_errors("go ponder ponder"), ["go: ponder given twice"]);
    }

    #[test]
    fn go_mate_takes_a_positive_move_count() {
        assert_eq!(go("go mate 3").mate, Some(3));
        assert_eq!(
            go_errors("go mate 0"),
            ["go: a mate distance in moves must be at least 1"]
        );
    }

    #[test]
    fn searchmoves_takes_every_token_up_to_the_next_parameter() {
        let params = go("go searchmoves a8 B2 depth 3");
        assert_eq!(params.searchmoves, ["a8", "B2"]);
        assert_eq!(params.depth, Some(3));
        assert_eq!(go("go depth 3 searchmoves c1").searchmoves, ["c1"]);
        assert_eq!(
            go_errors("go searchmoves"),
            ["go: expected a move after 'searchmoves', found end of line"]
        );
    }

    #[test]
    fn movestogo_zero_counts_as_absent() {
        let params = go("go wtime 1000 btime 1000 movestogo 0");
        assert_eq!(params.movestogo, None);
        assert!(params.ignored.is_empty());
        assert_eq!(params.p1time, Some(1000));
    }

    #[test]
    fn unknown_go_tokens_are_reported_and_the_rest_is_read() {
        let params = go("go depth 3 frobnicate 7 8 nodes 100");
        assert_eq!((params.depth, params.nodes), (Some(3), Some(100)));
        assert_eq!(params.ignored.len(), 1);
        let message = params.ignored[0].to_string();
        assert!(
            message.starts_with("go: expected a go parameter"),
            "{message}"
        );
        assert!(message.ends_with("found 'frobnicate'"), "{message}");
    }

    #[test]
    fn a_go_parameter_with_a_bad_value_is_reported_and_skipped() {
        let params = go("go depth x nodes 5");
        assert_eq!((params.depth, params.nodes), (None, Some(5)));
        assert_eq!(
            go_errors("go depth x nodes 5"),
            ["go: expected a depth in plies, found 'x'"]
        );
        // A keyword in place of the value is read as the next parameter.
        let params = go("go depth nodes 5");
        assert_eq!((params.depth, params.nodes), (None, Some(5)));
    }

    #[test]
    fn a_repeated_go_parameter_keeps_its_first_value() {
        let params = go("go depth 2 depth 3");
        assert_eq!(params.depth, Some(2));
        assert_eq!(go_errors("GO depth 2 depth 3"), ["GO: depth given twice"]);
    }

    #[test]
    fn go_perft_depth_is_bounded() {
        assert_eq!(parse("go perft 1024"), Command::Perft(1024));
        assert_eq!(
            error("go perft 1025"),
            "go: perft depth 1025 is more than 1024"
        );
    }

    #[test]
    fn go_perft_is_its_own_command() {
        assert_eq!(parse("go perft 3"), Command::Perft(3));
        assert_eq!(
            error("go perft 3 depth 2"),
            "go: perft takes only a depth and cannot be combined with search limits"
        );
    }

    #[test]
    fn go_numbers_are_checked() {
        for (line, message) in [
            (
                "go depth",
                "go: expected a depth in plies, found end of line",
            ),
            ("go depth x", "go: expected a depth in plies, found 'x'"),
            ("go depth 0", "go: a depth in plies must be at least 1"),
            (
                "go depth -3",
                "go: a depth in plies may not be negative, found '-3'",
            ),
            (
                "go nodes 99999999999999999999999",
                "go: a node count '99999999999999999999999' is too large",
            ),
            (
                "go wtime -99999999999999999999",
                "go: a time in milliseconds '-99999999999999999999' is out of range",
            ),
            (
                "go movetime 1.5",
                "go: expected a time in milliseconds, found '1.5'",
            ),
        ] {
            assert_eq!(go_errors(line), [message], "{line}");
        }
    }

    #[test]
    fn minus_zero_is_zero() {
        assert_eq!(
            go_errors("go depth -0"),
            ["go: a depth in plies must be at least 1"]
        );
        let params = go("go movetime -0 wtime -00");
        assert_eq!((params.movetime, params.p1time), (Some(0), Some(0)));
    }

    #[test]
    fn go_perft_refuses_any_problem() {
        assert_eq!(error("go perft 2 perft 3"), "go: perft given twice");
        assert_eq!(
            error("go perft 2 mate 3"),
            "go: perft takes only a depth and cannot be combined with search limits"
        );
        assert_eq!(error("go perft x"), "go: expected a perft depth, found 'x'");
        assert_eq!(
            error("go perft 2 bogus"),
            "go: expected a go parameter (depth, nodes, movetime, wtime, btime, winc, binc, \
             p1time, p2time, p1inc, p2inc, movestogo, infinite, ponder, perft, mate, \
             searchmoves), found 'bogus'"
        );
    }

    #[test]
    fn every_go_keyword_is_read_and_in_the_help() {
        let help = crate::protocol::answers::HELP.join(" ");
        let help_words = help.split(|c: char| !c.is_ascii_alphanumeric());
        for (word, key) in GO_KEYWORDS {
            assert_eq!(GoKey::of(&word.to_ascii_uppercase()), Some(key), "{word}");
            assert!(
                help_words.clone().any(|w| w == word),
                "help does not mention '{word}'"
            );
        }
        assert_eq!(GoKey::of("bogus"), None);
    }

    #[test]
    fn errors_carry_their_cause_as_data() {
        let bad = |command: &str, problem| {
            Err(SyntaxError::BadArguments {
                command: command.into(),
                problem,
            })
        };
        assert_eq!(
            parse_line("GO perft 2 perft 3"),
            bad("GO", Problem::Go(GoError::Repeated("perft")))
        );
        assert_eq!(
            parse_line("go perft 2000"),
            bad("go", Problem::Go(GoError::PerftTooDeep(2000)))
        );
        assert_eq!(
            go("go depth 0").ignored,
            [SyntaxError::BadArguments {
                command: "go".into(),
                problem: Problem::Zero("a depth in plies")
            }]
        );
        assert_eq!(
            parse_line("query"),
            bad(
                "query",
                Problem::Expected {
                    expected: "gameover, p1turn, result, reason, fen or moves",
                    found: Found::EndOfLine
                }
            )
        );
        assert_eq!(
            parse_line("fly"),
            Err(SyntaxError::UnknownCommand("fly".into()))
        );
    }

    #[test]
    fn queries_are_the_six_known_ones() {
        assert_eq!(parse("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(parse("query REASON"), Command::Query(Query::Reason));
        assert_eq!(parse("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(parse("query result"), Command::Query(Query::Result));
        assert_eq!(parse("query fen"), Command::Query(Query::Fen));
        assert_eq!(parse("query moves"), Command::Query(Query::Moves));
        assert_eq!(
            error("query score"),
            "query: expected gameover, p1turn, result, reason, fen or moves, found 'score'"
        );
    }

    #[test]
    fn debug_takes_on_or_off() {
        assert_eq!(parse("debug on"), Command::Debug);
        assert_eq!(parse("DEBUG Off"), Command::Debug);
        assert_eq!(
            error("debug"),
            "debug: expected 'on' or 'off', found end of line"
        );
    }

    #[test]
    fn bench_takes_an_optional_depth() {
        assert_eq!(parse("bench"), Command::Bench(None));
        assert_eq!(parse("BENCH Depth 4"), Command::Bench(Some(4)));
        assert_eq!(
            error("bench 4"),
            "bench: expected 'depth' or end of line, found '4'"
        );
        assert_eq!(
            error("bench depth"),
            "bench: expected a depth in plies, found end of line"
        );
        assert_eq!(
            error("bench depth 0"),
            "bench: a depth in plies must be at least 1"
        );
        assert_eq!(
            error("bench depth 3 depth 4"),
            "bench: expected end of line, found 'depth'"
        );
    }

    #[test]
    fn small_commands() {
        assert_eq!(parse("stop"), Command::Stop);
        assert_eq!(parse("ponderhit"), Command::PonderHit);
        assert_eq!(parse("d"), Command::Display);
        assert_eq!(parse("help"), Command::Help);
        assert_eq!(parse("quit"), Command::Quit);
    }
}
