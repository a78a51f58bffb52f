//! The properties the fuzzer checks on the engine's answer to one line, whatever carries
//! the line (the engine called in-process or the binary through pipes).
//!
//! They hold for any wording of the errors: a rejected line is answered by exactly one
//! `info string error: <command>: <cause>` line naming the command as written, any token it
//! says it found is a token of the line, and the cause is not a generic "unexpected" or
//! "incomplete"; a line is never silently dropped unless it is blank or a command that
//! answers nothing on success.

use super::gen::{COMMANDS, LINE_LIMIT};

/// The prefix of every error line.
pub const ERROR: &str = "info string error: ";

/// Causes that say nothing about what is wrong: the grammar's fallbacks, nom's debug output
/// and bare words.
const GENERIC_STARTS: &[&str] = &["unexpected ", "incomplete", "Error(", "Err(", "Failure("];
const GENERIC_WHOLE: &[&str] = &[
    "error",
    "invalid",
    "syntax error",
    "parse error",
    "bad input",
];
const NOM_DEBUG: &[&str] = &["ErrorKind", "Error {", "code: "];

/// `text` as the engine's output escapes it: control characters and line separators as
/// `\u{…}`.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
            escaped.extend(c.escape_unicode());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// The tokens of a line, as the protocol splits them (runs of ASCII blanks).
pub fn tokens(line: &str) -> Vec<&str> {
    line.split_ascii_whitespace().collect()
}

/// The first word of `line`, lower case; empty for a blank line.
pub fn command_word(line: &str) -> String {
    line.split_ascii_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// The error lines among `lines`, without their prefix.
pub fn errors(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|l| l.strip_prefix(ERROR)).collect()
}

/// Checks the answer to a line that could not be read as text (`bytes` long, valid UTF-8
/// up to `valid_up_to` when it is not).
pub fn unreadable_line(
    bytes: usize,
    invalid_at: Option<usize>,
    lines: &[String],
) -> Result<(), String> {
    let errors = errors(lines);
    let [error] = errors[..] else {
        return Err(format!("expected one error line, got {lines:?}"));
    };
    let number = match invalid_at {
        _ if bytes > LINE_LIMIT => bytes,
        Some(at) => at,
        None => return Err(format!("a readable line was refused: {error:?}")),
    };
    if !error.contains("ignored") || !error.contains(&number.to_string()) {
        return Err(format!("the error does not name {number}: {error:?}"));
    }
    Ok(())
}

/// Checks the answer `lines` to the readable line `line`: at most one error line (a `go`
/// may have one per parameter it could not use), each specific; no silent drop. Returns whether the line was refused.
pub fn readable_line(line: &str, lines: &[String]) -> Result<bool, String> {
    let errors = errors(lines);
    let word = command_word(line);
    match errors[..] {
        [] => {
            if word.is_empty() || COMMANDS.contains(&word.as_str()) {
                Ok(false)
            } else {
                Err(format!("a line of no command was not refused: {lines:?}"))
            }
        }
        [error] => specific(line, error).map(|()| true),
        // A `go` reports each parameter it could not use, then searches on the rest.
        _ if word == "go" => errors
            .iter()
            .try_for_each(|error| specific(line, error))
            .map(|()| true),
        _ => Err(format!("more than one error line: {errors:?}")),
    }
}

/// The error names the command as written and a specific cause.
fn specific(line: &str, error: &str) -> Result<(), String> {
    let tokens = tokens(line);
    let Some(first) = tokens.first() else {
        return Err(format!("a blank line was refused: {error:?}"));
    };
    let first = escape(first);
    if let Some(rest) = error.strip_prefix("unknown command '") {
        if COMMANDS.contains(&first.to_ascii_lowercase().as_str()) {
            return Err(format!("a known command called unknown: {error:?}"));
        }
        return match rest.strip_prefix(first.as_str()) {
            Some(after) if after.starts_with('\'') => Ok(()),
            _ => Err(format!(
                "the unknown command is not the line's word: {error:?}"
            )),
        };
    }
    if let Some((named, cause)) = error.split_once(": ") {
        if same_command(named, &first) {
            return specific_cause(&tokens, cause).map_err(|e| format!("{e}: {error:?}"));
        }
        if same_query(named, &tokens) {
            return query_cause(&tokens, cause).map_err(|e| format!("{e}: {error:?}"));
        }
    }
    if first.eq_ignore_ascii_case("position") {
        if let Some(rest) = error.strip_prefix("move ") {
            return bad_move(&tokens, "moves", " in 'moves': ", rest)
                .map_err(|e| format!("{e}: {error:?}"));
        }
    }
    Err(format!(
        "the error does not start with the command '{first}': {error:?}"
    ))
}

/// The error names the line's command: as written, in another case, or its other
/// spelling (`ucinewgame` for `uginewgame`).
fn same_command(named: &str, first: &str) -> bool {
    let new_game = |word: &str| {
        word.eq_ignore_ascii_case("ucinewgame") || word.eq_ignore_ascii_case("uginewgame")
    };
    named.eq_ignore_ascii_case(first) || (new_game(named) && new_game(first))
}

/// The error names a query that checks a move (`query effects`, `query after`) and the
/// line is that query.
fn same_query(named: &str, tokens: &[&str]) -> bool {
    let [command, subject, ..] = tokens else {
        return false;
    };
    let is = |word: &str| subject.eq_ignore_ascii_case(word);
    command.eq_ignore_ascii_case("query")
        && (is("effects") || is("after"))
        && named.eq_ignore_ascii_case(&format!("query {subject}"))
}

/// The cause of a refused `query effects` (the game's reason) or `query after` (the
/// first bad move, `move <i> '<move>': <cause>`).
fn query_cause(tokens: &[&str], cause: &str) -> Result<(), String> {
    if tokens[1].eq_ignore_ascii_case("after") {
        let rest = cause.strip_prefix("move ").ok_or("no move index")?;
        bad_move(tokens, "after", ": ", rest)
    } else {
        specific_cause(tokens, cause)
    }
}

/// A cause that names what is wrong; every token it says it found is one of the line's.
fn specific_cause(tokens: &[&str], cause: &str) -> Result<(), String> {
    if cause.trim().is_empty() {
        return Err("empty cause".into());
    }
    let generic = GENERIC_STARTS.iter().any(|g| cause.starts_with(g))
        || GENERIC_WHOLE.iter().any(|g| cause.eq_ignore_ascii_case(g))
        || NOM_DEBUG.iter().any(|g| cause.contains(g));
    if generic {
        return Err("a generic cause".into());
    }
    for (at, _) in cause.match_indices("found '") {
        let quoted = &cause[at + "found '".len()..];
        let named = tokens
            .iter()
            .any(|t| quoted.starts_with(&format!("{}'", escape(t))));
        if !named {
            return Err("the token found is not in the line".into());
        }
    }
    Ok(())
}

/// `move <i> '<move>'<separator><cause>`: the i-th move of the line after the keyword
/// `list` (`moves` of `position`, `after` of `query after`), and a cause.
fn bad_move(tokens: &[&str], list: &str, separator: &str, rest: &str) -> Result<(), String> {
    let (index, rest) = rest.split_once(" '").ok_or("no move index")?;
    let index: usize = index.parse().map_err(|_| "the move index is no number")?;
    let moves_at = tokens
        .iter()
        .position(|t| t.eq_ignore_ascii_case(list))
        .ok_or("a move error without its list")?;
    let moves = &tokens[moves_at + 1..];
    let mv = index
        .checked_sub(1)
        .and_then(|i| moves.get(i))
        .ok_or("the move index is not a move of the line")?;
    let cause = rest
        .strip_prefix(&format!("{}'{separator}", escape(mv)))
        .ok_or("the quoted move is not the line's move at that index")?;
    if cause.trim().is_empty() {
        return Err("empty cause".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn specific_errors_pass_and_vague_ones_fail() {
        let ok = |line, error: &str| readable_line(line, &lines(&[&format!("{ERROR}{error}")]));
        assert_eq!(
            ok("GO depth x", "GO: expected a depth, found 'x'"),
            Ok(true)
        );
        assert!(ok("go depth x", "go: expected a depth, found 'y'").is_err());
        assert!(ok("go depth x", "go: unexpected 'x'").is_err());
        assert!(ok("go depth x", "depth: bad").is_err());
        assert_eq!(
            ok("fly", "unknown command 'fly' (send 'help' for the list)"),
            Ok(true)
        );
        assert!(ok("quit", "unknown command 'quit' (send 'help' for the list)").is_err());
        assert_eq!(
            ok(
                "position startpos moves a1 b2",
                "move 2 'b2' in 'moves': occupied"
            ),
            Ok(true)
        );
        assert!(ok(
            "position startpos moves a1 b2",
            "move 1 'b2' in 'moves': occupied"
        )
        .is_err());
        assert_eq!(
            ok(
                "query after a3 a3",
                "query after: move 2 'a3': a3: square is occupied"
            ),
            Ok(true)
        );
        assert!(ok("query after a3 b2", "query after: move 1 'b2': occupied").is_err());
        assert_eq!(
            ok("QUERY Effects e4", "query effects: e4: x is setting up"),
            Ok(true)
        );
        assert!(ok("query board", "query effects: e4: x is setting up").is_err());
        assert!(readable_line("fly", &[]).is_err());
        assert_eq!(readable_line("", &[]), Ok(false));
        assert!(readable_line(
            "ucinewgame",
            &lines(&[
                &format!("{ERROR}ucinewgame: a"),
                &format!("{ERROR}ucinewgame: b")
            ])
        )
        .is_err());
        assert_eq!(
            readable_line(
                "go depth x nodes y",
                &lines(&[
                    &format!("{ERROR}go: expected a depth, found 'x'"),
                    &format!("{ERROR}go: expected a node count, found 'y'")
                ])
            ),
            Ok(true)
        );
        assert!(readable_line(
            "go depth x nodes y",
            &lines(&[
                &format!("{ERROR}go: expected a depth, found 'x'"),
                &format!("{ERROR}go: unexpected 'y'")
            ])
        )
        .is_err());
    }
}
