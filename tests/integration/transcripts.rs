//! Every transcript of the documentation is run against the binary, so none can go stale. A
//! transcript is a fenced block with `> ` lines (sent to the engine) and `< ` lines (written by
//! it); the convention is written at the top of protocol.md's `## Transcripts`. Each block is
//! played in a fresh engine process, each `> ` line sent once the `< ` lines before it have
//! arrived, and every line the engine writes is compared with the block's `< ` lines: exactly,
//! except the figures of search and timing lines and the commit of `id name` (see `matches`).

use crate::common::engine::{Engine, PATIENCE};
use crate::version::id_name_build;

use std::sync::mpsc::RecvTimeoutError;

use tablero::games::GameKind;

/// The documents whose transcripts are run, relative to the repository: every Markdown
/// document (`tests/integration/documents.rs` checks their links).
const DOCUMENTS: [&str; 6] = [
    "protocol.md",
    "README.md",
    "scripts/README.md",
    "docs/rules.md",
    "docs/results.md",
    "docs/strength-log.md",
];

/// Lines whose value is a timing figure: bench's summary.
const TIMING_LABELS: [&str; 2] = ["Total time (ms) :", "Nodes/second    :"];

/// Keys whose value is a timing figure in the `info` lines that are not search lines (bench's).
const TIMING_KEYS: [&str; 2] = ["time", "nps"];

/// A fenced block of a document, as written.
struct Block<'a> {
    /// The line number of its opening fence, from 1.
    line: usize,
    /// The heading it stands under.
    heading: &'a str,
    /// Its lines with their numbers, the fence's indentation taken off.
    lines: Vec<(usize, &'a str)>,
}

/// A transcript read from a block.
#[derive(Debug, PartialEq)]
struct Transcript {
    /// The engine's command-line arguments, from the `$ tablero …` line.
    args: Vec<String>,
    steps: Vec<Step>,
}

#[derive(Debug, PartialEq)]
enum Step {
    /// A line sent to the engine.
    Send(String),
    /// A line the engine must write, with its line number in the document.
    Expect { line: usize, text: String },
}

/// The fenced blocks of a markdown text.
fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    let mut heading = "(no heading)";
    let mut open: Option<(usize, Block)> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim_start();
        let is_fence = trimmed.starts_with("```");
        match open.take() {
            Some((_, block)) if is_fence => blocks.push(block),
            Some((indent, mut block)) => {
                let leading = line.len() - trimmed.len();
                let unindented = match leading >= indent {
                    true => line.get(indent..).unwrap_or(trimmed),
                    false => trimmed,
                };
                block.lines.push((number, unindented));
                open = Some((indent, block));
            }
            None if is_fence => {
                let block = Block {
                    line: number,
                    heading,
                    lines: Vec::new(),
                };
                open = Some((line.len() - trimmed.len(), block));
            }
            None if line.starts_with('#') => heading = line,
            None => {}
        }
    }
    blocks
}

/// The text after `mark` and a space, or the empty text of a line that is `mark` alone.
fn after_mark(line: &str, mark: char) -> Option<&str> {
    let rest = line.strip_prefix(mark)?;
    match rest.strip_prefix(' ') {
        Some(text) => Some(text),
        None => rest.is_empty().then_some(""),
    }
}

/// Whether a block is a transcript: it has a line sent or a line received.
fn is_transcript(block: &Block) -> bool {
    block
        .lines
        .iter()
        .any(|(_, line)| after_mark(line, '>').is_some() || after_mark(line, '<').is_some())
}

/// Reads a transcript block; an error names the first line that breaks the convention.
fn transcript(block: &Block) -> Result<Transcript, String> {
    let mut args = None;
    let mut steps = Vec::new();
    for &(number, line) in &block.lines {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            if args.is_some() || !steps.is_empty() {
                return Err(format!(
                    "line {number}: the `$` command line must come first"
                ));
            }
            let mut words = command.split_whitespace();
            match words.next() {
                Some(program) if program.ends_with("tablero") => {
                    args = Some(words.map(String::from).collect());
                }
                _ => return Err(format!("line {number}: `{line}` does not start tablero")),
            }
        } else if let Some(sent) = after_mark(line, '>') {
            steps.push(Step::Send(sent.to_string()));
        } else if let Some(written) = after_mark(line, '<') {
            steps.push(Step::Expect {
                line: number,
                text: written.to_string(),
            });
        } else {
            return Err(format!(
                "line {number}: `{line}` is none of `$ tablero …`, `> …`, `< …`, `# …` or blank"
            ));
        }
    }
    Ok(Transcript {
        args: args.unwrap_or_default(),
        steps,
    })
}

/// Plays a transcript in a fresh engine; an error names the first line that differs.
fn run(transcript: &Transcript) -> Result<(), String> {
    let args: Vec<&str> = transcript.args.iter().map(String::as_str).collect();
    let mut engine = Engine::start(&args);
    let mut last_sent = None;
    for step in &transcript.steps {
        match step {
            Step::Send(line) => {
                engine.send(line);
                last_sent = Some(line.as_str());
            }
            Step::Expect { line, text } => {
                let found = match next_shown_line(&mut engine, text) {
                    Ok(actual) if matches(text, &actual) => continue,
                    Ok(actual) => format!("the binary wrote `{actual}`"),
                    Err(RecvTimeoutError::Timeout) => {
                        format!("the binary wrote nothing within {PATIENCE:?}")
                    }
                    Err(RecvTimeoutError::Disconnected) => "the binary had exited".to_string(),
                };
                let after = match last_sent {
                    Some(sent) => format!("after `> {sent}`"),
                    None => "before any input".to_string(),
                };
                return Err(format!(
                    "line {line}: expected `< {text}`, {found} ({after})"
                ));
            }
        }
    }
    if last_sent.is_some_and(|sent| !sent.trim().eq_ignore_ascii_case("quit")) {
        engine.send("quit");
    }
    engine.close_input();
    match engine.next_line(PATIENCE) {
        Err(RecvTimeoutError::Disconnected) => Ok(()),
        Ok(extra) => Err(format!(
            "after the last `<` line the binary wrote `{extra}` too"
        )),
        Err(RecvTimeoutError::Timeout) => Err(format!(
            "the binary did not exit within {PATIENCE:?} after its input ended"
        )),
    }
}

/// The binary's next line that the transcript may show where it expects `expected`: a search
/// line (`info depth …`) where the transcript shows another line is passed over, since a
/// search also reports every half second and a slow machine adds lines a fast one does not.
fn next_shown_line(engine: &mut Engine, expected: &str) -> Result<String, RecvTimeoutError> {
    loop {
        let actual = engine.next_line(PATIENCE)?;
        if expected.starts_with("info depth ") || !actual.starts_with("info depth ") {
            return Ok(actual);
        }
    }
}

/// Whether the binary's line `actual` is what the transcript shows as `expected`: equal, but
/// for figures. An `info depth …` line (its figures depend on the search's version and the
/// machine) matches by shape (see `same_shape`); the value of bench's `Total time (ms)` and
/// `Nodes/second` lines, and of `time` and `nps` in other `info` lines and in a solve's
/// answer, is any number. An `id name` line gives the same version and any commit in the
/// build's form (the one shown is an example).
fn matches(expected: &str, actual: &str) -> bool {
    if let Some((version, _)) = id_name_build(expected) {
        return id_name_build(actual).is_some_and(|(built, _)| built == version);
    }
    if expected.starts_with("info depth ") {
        return same_shape(expected, actual);
    }
    if let Some(label) = TIMING_LABELS
        .iter()
        .find(|&label| expected.starts_with(label))
    {
        return actual
            .strip_prefix(label)
            .is_some_and(|value| is_number(value.trim_start()));
    }
    if expected.starts_with("info ") || expected.starts_with("solve ") {
        let expected: Vec<&str> = expected.split(' ').collect();
        let actual: Vec<&str> = actual.split(' ').collect();
        return expected.len() == actual.len()
            && (0..expected.len()).all(|i| {
                expected[i] == actual[i]
                    || (i > 0
                        && TIMING_KEYS.contains(&expected[i - 1])
                        && is_number(expected[i])
                        && is_number(actual[i]))
            });
    }
    expected == actual
}

/// The same keywords in the same order, a number where a number is and a move where a move
/// is, then as many moves after `pv` as the search found (at least one when there is a `pv`).
fn same_shape(expected: &str, actual: &str) -> bool {
    let (expected_head, expected_pv) = split_pv(expected);
    let (actual_head, actual_pv) = split_pv(actual);
    expected_head.len() == actual_head.len()
        && expected_head.iter().zip(&actual_head).all(|(e, a)| {
            if is_number(e) {
                is_number(a)
            } else if is_move(e) {
                is_move(a)
            } else {
                e == a
            }
        })
        && expected_pv.is_empty() == actual_pv.is_empty()
        && expected_pv.iter().chain(&actual_pv).all(|m| is_move(m))
}

/// The tokens up to and including `pv`, and the moves after it.
fn split_pv(line: &str) -> (Vec<&str>, Vec<&str>) {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.iter().position(|&token| token == "pv") {
        Some(pv) => (tokens[..=pv].to_vec(), tokens[pv + 1..].to_vec()),
        None => (tokens, Vec::new()),
    }
}

/// A whole number, maybe negative.
fn is_number(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A move of one of the games as the engine writes it: one or two squares (`d7`, `a1a3`,
/// `a10`), or the pass `0000`.
fn is_move(token: &str) -> bool {
    if token == "0000" {
        return true;
    }
    let mut rest = token.as_bytes();
    let mut squares = 0;
    while let Some((file, after_file)) = rest.split_first() {
        let digits = after_file.iter().take_while(|b| b.is_ascii_digit()).count();
        if !file.is_ascii_lowercase() || !(1..=2).contains(&digits) {
            return false;
        }
        rest = &after_file[digits..];
        squares += 1;
    }
    (1..=2).contains(&squares)
}

fn document(name: &str) -> String {
    let path = format!("{}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

#[test]
fn every_transcript_of_the_documentation_plays_as_written() {
    let mut failures = Vec::new();
    let mut count = 0;
    for name in DOCUMENTS {
        let text = document(name);
        for block in blocks(&text).iter().filter(|block| is_transcript(block)) {
            count += 1;
            if let Err(failure) = transcript(block).and_then(|t| run(&t)) {
                failures.push(format!(
                    "{name}:{} under `{}`: {failure}",
                    block.line, block.heading
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the {count} transcripts differ from the binary:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn protocol_md_has_a_transcript_per_game_and_the_readme_one() {
    let count = |name| {
        let text = document(name);
        blocks(&text).iter().filter(|b| is_transcript(b)).count()
    };
    assert!(count("protocol.md") > GameKind::ALL.len());
    assert!(count("README.md") >= 1);
}

#[test]
fn a_block_is_read_as_its_command_line_its_input_and_its_output() {
    let text = "# Title\n\n## Part\n\n```\n$ tablero --game crossjack --size 3\n\
                # a comment\n> uci\n<   3  x x .\n<\n\n> quit\n```\n\n```\nnot a transcript\n```\n";
    let found = blocks(text);
    assert_eq!(found.len(), 2);
    assert_eq!((found[0].line, found[0].heading), (5, "## Part"));
    assert!(is_transcript(&found[0]) && !is_transcript(&found[1]));
    let expect = |line: usize, text: &str| Step::Expect {
        line,
        text: text.to_string(),
    };
    assert_eq!(
        transcript(&found[0]),
        Ok(Transcript {
            args: ["--game", "crossjack", "--size", "3"]
                .map(String::from)
                .to_vec(),
            steps: vec![
                Step::Send("uci".to_string()),
                expect(9, "  3  x x ."),
                expect(10, ""),
                Step::Send("quit".to_string()),
            ],
        })
    );
    let stray =
        "```\n> position startpos moves a3 c1        (Cross-Jack 3x3)\nresponse draw\n```\n";
    assert_eq!(
        transcript(&blocks(stray)[0]),
        Err(
            "line 3: `response draw` is none of `$ tablero …`, `> …`, `< …`, `# …` or blank"
                .to_string()
        )
    );
}

#[test]
fn search_lines_match_by_shape_and_timing_figures_by_being_numbers() {
    let line = "info depth 3 seldepth 3 score cp 0 nodes 25 nps 735294 time 0 hashfull 0 pv a2 c1";
    let other = "info depth 4 seldepth 8 score cp -57 nodes 8200 nps 1 time 4 hashfull 3 pv h1f3";
    assert!(matches(line, other));
    let mate = "info depth 3 seldepth 3 score mate 2 nodes 25 nps 7 time 0 hashfull 0 pv a2 c1";
    assert!(!matches(line, mate), "cp and mate are different keywords");
    assert!(!matches(
        line,
        "info depth 3 seldepth 3 score cp 0 nodes 25 pv a2"
    ));
    assert!(!matches(line, &line.replace("pv a2 c1", "pv a2 up")));
    assert!(!matches(line, &line.replace(" pv a2 c1", "")));

    let bench = "info string bench crossjack 1/8 depth 3 nodes 120 time 0 move a8 fen 8/8/8/8 x";
    assert!(matches(bench, &bench.replace("time 0", "time 17")));
    assert!(!matches(bench, &bench.replace("nodes 120", "nodes 121")));
    assert!(!matches(bench, &bench.replace("move a8", "move a7")));
    assert!(matches("Total time (ms) : 199", "Total time (ms) : 7"));
    let solved = "solve value draw moves (none) nodes 1 time 0 hashfull 0 memory 16";
    assert!(matches(solved, &solved.replace("time 0", "time 5")));
    assert!(!matches(solved, &solved.replace("nodes 1", "nodes 2")));
    assert!(matches(
        "Nodes/second    : 4123000",
        "Nodes/second    : 8267450"
    ));
    assert!(!matches(
        "Nodes searched  : 823326",
        "Nodes searched  : 824827"
    ));

    assert!(matches("bestmove a2", "bestmove a2"));
    assert!(!matches("bestmove a2", "bestmove c3"));
    assert!(!matches("  3  x x .", "  3  x x . "));
    assert!(is_move("a10") && is_move("a1a3") && is_move("0000") && !is_move("a1a2a3"));
}

#[test]
fn id_name_lines_match_by_version_with_any_commit() {
    let shown = "id name tablero 0.2.0 (53ac644b2f99)";
    assert!(matches(shown, "id name tablero 0.2.0 (0123456789ab-dirty)"));
    assert!(matches(shown, "id name tablero 0.2.0 (unknown)"));
    assert!(!matches(shown, "id name tablero 0.3.0 (53ac644b2f99)"));
    assert!(!matches(shown, "id name tablero 0.2.0"));
    assert!(!matches(shown, "id name tablero 0.2.0 (53ac644)"));
    assert!(!matches(
        "id name tablero 0.2.0",
        "id name tablero 0.2.0 (unknown)"
    ));
}
