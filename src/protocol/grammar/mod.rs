//! The protocol grammar (nom): one text line → one typed [`Command`].
//!
//! A line is whitespace-separated tokens. Keywords are matched case-insensitively; everything
//! else (option names and values, position strings, moves) is passed on as written. Every
//! failure becomes a [`SyntaxError`] that names the command, what was expected and the token
//! found instead, never nom's debug output.

mod error;
mod go;
mod tokens;

use std::time::Duration;

use nom::branch::alt;
use nom::combinator::{map, opt, verify};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::{Err, Parser};

use error::Res;
use go::go_command;
use tokens::{end_of_line, expect, keyword, number, positive, token, words};

use super::command::{Command, Dialect, Query, StartPosition};
use super::syntax::{Problem, SyntaxError};
use crate::search::solve::SolveLimits;

// ---------------------------------------------------------------------------------------
// The commands
// ---------------------------------------------------------------------------------------

/// `debug on|off`.
fn debug_args(input: &str) -> Res<'_, Command> {
    let (rest, on) = expect(
        "'on' or 'off'",
        alt((map(keyword("on"), |_| true), map(keyword("off"), |_| false))),
    )
    .parse(input)?;
    let (rest, ()) = end_of_line("end of line")(rest)?;
    Ok((rest, Command::Debug(on)))
}

/// `setoption name <words…> [value <words…>]`.
fn setoption_args(input: &str) -> Res<'_, Command> {
    let (rest, _) = expect("'name'", keyword("name")).parse(input)?;
    let not_value = |t: &str| !t.eq_ignore_ascii_case("value");
    let (rest, name) = expect("an option name", many1(verify(token, not_value))).parse(rest)?;
    let (rest, value) = opt(preceded(keyword("value"), many0(token))).parse(rest)?;
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
    )
    .parse(input)
}

/// `startpos|fen <fen> [moves <move>…]`.
fn position_args(input: &str) -> Res<'_, Command> {
    let (rest, start) = start_position(input)?;
    let (rest, moves) = opt(preceded(keyword("moves"), many0(token))).parse(rest)?;
    let (rest, ()) = end_of_line("'moves' or end of line")(rest)?;
    let moves = moves
        .unwrap_or_default()
        .into_iter()
        .map(String::from)
        .collect();
    Ok((rest, Command::Position { start, moves }))
}

/// `bench [depth <plies>]`.
fn bench_args(input: &str) -> Res<'_, Command> {
    let (rest, depth) =
        opt(preceded(keyword("depth"), positive("a depth in plies"))).parse(input)?;
    let after = match depth {
        Some(_) => "end of line",
        None => "'depth' or end of line",
    };
    let (rest, ()) = end_of_line(after)(rest)?;
    Ok((rest, Command::Bench(depth)))
}

/// `solve [movetime <ms>] [nodes <n>]`, the limits in either order, each at most once.
fn solve_args(input: &str) -> Res<'_, Command> {
    let mut limits = SolveLimits::default();
    let mut rest = input;
    loop {
        let after = match (limits.time, limits.nodes) {
            (None, None) => "'movetime', 'nodes' or end of line",
            (None, Some(_)) => "'movetime' or end of line",
            (Some(_), None) => "'nodes' or end of line",
            (Some(_), Some(_)) => "end of line",
        };
        if limits.time.is_none() {
            if let Ok((next, _)) = keyword("movetime")(rest) {
                let (next, ms) = number::<u64>("a time in milliseconds")(next)?;
                limits.time = Some(Duration::from_millis(ms));
                rest = next;
                continue;
            }
        }
        if limits.nodes.is_none() {
            if let Ok((next, _)) = keyword("nodes")(rest) {
                let (next, nodes) = positive::<u64>("a node count")(next)?;
                limits.nodes = Some(nodes);
                rest = next;
                continue;
            }
        }
        let (rest, ()) = end_of_line(after)(rest)?;
        return Ok((rest, Command::Solve(limits)));
    }
}

/// What `query` may ask, in words.
const QUERY_SUBJECTS: &str =
    "gameover, p1turn, result, reason, fen, moves, board, effects, after, duty, end or turn";

/// `query <subject> [<moves>]`.
fn query_args(input: &str) -> Res<'_, Command> {
    let (rest, query) = expect(
        QUERY_SUBJECTS,
        alt((
            map(keyword("gameover"), |_| Query::GameOver),
            map(keyword("p1turn"), |_| Query::P1Turn),
            map(keyword("result"), |_| Query::Result),
            map(keyword("reason"), |_| Query::Reason),
            map(keyword("fen"), |_| Query::Fen),
            map(keyword("moves"), |_| Query::Moves),
            map(keyword("board"), |_| Query::Board),
            map(
                preceded(keyword("effects"), expect("a move after 'effects'", token)),
                |mv| Query::Effects(mv.to_string()),
            ),
            map(
                preceded(
                    keyword("after"),
                    expect("a move after 'after'", many1(token)),
                ),
                |moves| Query::After(moves.into_iter().map(String::from).collect()),
            ),
            map(keyword("duty"), |_| Query::Duty),
            map(keyword("end"), |_| Query::End),
            map(keyword("turn"), |_| Query::Turn),
        )),
    )
    .parse(input)?;
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
        "solve" => solve_args(args),
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
    use super::go::{GoKey, GO_KEYWORDS};
    use super::*;
    use crate::protocol::command::GoParams;
    use crate::protocol::syntax::{Found, GoError};

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
    fn solve_takes_its_limits_in_either_order_once_each() {
        let both = Command::Solve(SolveLimits {
            nodes: Some(5),
            time: Some(Duration::from_millis(10)),
        });
        assert_eq!(parse("solve"), Command::Solve(SolveLimits::default()));
        assert_eq!(parse("solve nodes 5 movetime 10"), both);
        assert_eq!(parse("SOLVE MoveTime 10 nodes 5"), both);
        assert_eq!(
            error("solve nodes 5 nodes 6"),
            "solve: expected 'movetime' or end of line, found 'nodes'"
        );
        assert_eq!(
            error("solve nodes 0"),
            "solve: a node count must be at least 1"
        );
        assert_eq!(
            error("solve depth 3"),
            "solve: expected 'movetime', 'nodes' or end of line, found 'depth'"
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
                    expected: QUERY_SUBJECTS,
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
    fn queries_are_the_twelve_known_ones() {
        assert_eq!(parse("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(parse("query REASON"), Command::Query(Query::Reason));
        assert_eq!(parse("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(parse("query result"), Command::Query(Query::Result));
        assert_eq!(parse("query fen"), Command::Query(Query::Fen));
        assert_eq!(parse("query moves"), Command::Query(Query::Moves));
        assert_eq!(parse("query Board"), Command::Query(Query::Board));
        assert_eq!(parse("query duty"), Command::Query(Query::Duty));
        assert_eq!(parse("query END"), Command::Query(Query::End));
        assert_eq!(parse("query turn"), Command::Query(Query::Turn));
        assert_eq!(
            error("query score"),
            "query: expected gameover, p1turn, result, reason, fen, moves, board, effects, \
             after, duty, end or turn, found 'score'"
        );
    }

    #[test]
    fn every_query_subject_is_read_and_in_the_help() {
        let help = crate::protocol::answers::HELP.join(" ");
        let subjects = QUERY_SUBJECTS
            .split([',', ' '])
            .filter(|w| !w.is_empty() && *w != "or");
        for subject in subjects {
            assert!(
                parse_line(&format!("query {subject} a1")).is_ok_and(|c| c.is_some())
                    || parse_line(&format!("query {subject}")).is_ok_and(|c| c.is_some())
            );
            assert!(
                help.split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|w| w == subject),
                "help does not mention the query '{subject}'"
            );
        }
    }

    #[test]
    fn query_effects_takes_one_move_as_written() {
        assert_eq!(
            parse("query EFFECTS A1a3"),
            Command::Query(Query::Effects("A1a3".into()))
        );
        assert_eq!(
            error("query effects"),
            "query: expected a move after 'effects', found end of line"
        );
        assert_eq!(
            error("query effects a1a3 h8h6"),
            "query: expected end of line, found 'h8h6'"
        );
    }

    #[test]
    fn query_after_takes_every_move_to_the_end_of_the_line() {
        assert_eq!(
            parse("query after d7 D2  e7"),
            Command::Query(Query::After(vec!["d7".into(), "D2".into(), "e7".into()]))
        );
        assert_eq!(
            error("query after"),
            "query: expected a move after 'after', found end of line"
        );
    }

    #[test]
    fn the_subjects_without_arguments_end_the_line() {
        for subject in ["board", "duty", "end", "fen"] {
            assert_eq!(
                error(&format!("query {subject} now")),
                "query: expected end of line, found 'now'"
            );
        }
    }

    #[test]
    fn debug_takes_on_or_off() {
        assert_eq!(parse("debug on"), Command::Debug(true));
        assert_eq!(parse("DEBUG Off"), Command::Debug(false));
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
