//! Every relative link of the Markdown documents leads somewhere: the file or folder it names
//! exists and, for a `#anchor`, the Markdown document it names has a heading with that anchor,
//! made as GitHub makes them. A document moved or a heading renamed fails here instead of
//! leaving a dead link behind.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// The documents outside `docs/` whose links are checked, relative to the repository; every
/// `.md` file of `docs/` is checked too.
const DOCUMENTS: [&str; 3] = ["README.md", "protocol.md", "scripts/README.md"];

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every document checked, relative to the repository: `DOCUMENTS`, then `docs/*.md` by name.
fn documents() -> Vec<PathBuf> {
    let docs = root().join("docs");
    let entries =
        std::fs::read_dir(&docs).unwrap_or_else(|e| panic!("cannot read {}: {e}", docs.display()));
    let mut in_docs: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| Path::new("docs").join(path.file_name().expect("a file name")))
        .collect();
    in_docs.sort();
    DOCUMENTS.iter().map(PathBuf::from).chain(in_docs).collect()
}

/// The text with its fenced code blocks blanked out, line breaks kept (so that positions keep
/// their line numbers): what a fenced block holds is neither a heading nor a link.
fn without_fences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fenced = false;
    for line in text.split_inclusive('\n') {
        let is_fence = line.trim_start().starts_with("```");
        if fenced || is_fence {
            out.extend(line.chars().filter(|&c| c == '\n'));
        } else {
            out.push_str(line);
        }
        if is_fence {
            fenced = !fenced;
        }
    }
    out
}

/// The text with its code spans blanked out, line breaks kept: a run of backticks opens a span
/// that the next run of as many backticks closes, within a paragraph (a span may go on to the
/// next line, not past a blank line); a run that nothing closes is a plain backtick.
fn without_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let run_at = |at: usize| chars[at..].iter().take_while(|&&c| c == '`').count();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < chars.len() {
        if chars[at] != '`' {
            out.push(chars[at]);
            at += 1;
            continue;
        }
        let run = run_at(at);
        let mut end = None;
        let mut look = at + run;
        while look < chars.len() {
            if chars[look] == '\n' && chars.get(look + 1) == Some(&'\n') {
                break;
            }
            if chars[look] == '`' {
                let other = run_at(look);
                if other == run {
                    end = Some(look + other);
                    break;
                }
                look += other;
            } else {
                look += 1;
            }
        }
        match end {
            Some(end) => {
                out.extend(
                    chars[at..end]
                        .iter()
                        .map(|&c| if c == '\n' { '\n' } else { ' ' }),
                );
                at = end;
            }
            None => {
                out.extend(&chars[at..at + run]);
                at += run;
            }
        }
    }
    out
}

/// The anchor GitHub gives a heading's text: lower case, each space a `-`, every other
/// character but letters, digits, `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's headings (`#` to `######` outside fenced blocks), in
/// order; a heading whose anchor came before gets `-1`, `-2`, … as on GitHub.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut found = Vec::new();
    for line in without_fences(text).lines() {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        let Some(heading) = line[hashes..].strip_prefix(' ') else {
            continue;
        };
        if !(1..=6).contains(&hashes) {
            continue;
        }
        let base = slug(heading);
        let count = seen.entry(base.clone()).or_insert(0);
        found.push(match *count {
            0 => base,
            n => format!("{base}-{n}"),
        });
        *count += 1;
    }
    found
}

/// The targets of a Markdown text's inline links and images (`[text](target)`,
/// `![alt](target)`) outside fenced blocks and code spans, with their line numbers from 1.
fn links(text: &str) -> Vec<(usize, String)> {
    let prose = without_code_spans(&without_fences(text));
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(offset) = prose[from..].find("](") {
        let start = from + offset + 2;
        let rest = &prose[start..];
        let end = rest
            .find(|c: char| c == ')' || c.is_whitespace())
            .unwrap_or(rest.len());
        let line = prose[..start].matches('\n').count() + 1;
        found.push((line, rest[..end].to_string()));
        from = start + end;
    }
    found
}

/// `path` with its `.` and `..` parts resolved, without asking the file system.
fn normalised(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// What is wrong with each relative link of the document `name` (relative to the repository)
/// whose text is `text`, one line each: `<name>:<line>: <target>: <why>`.
fn broken_links(name: &Path, text: &str) -> Vec<String> {
    let folder = name.parent().unwrap_or(Path::new(""));
    let mut broken = Vec::new();
    for (line, target) in links(text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.as_str(), None),
        };
        let linked = match file {
            "" => name.to_path_buf(),
            file => normalised(&folder.join(file)),
        };
        let mut fail =
            |why: String| broken.push(format!("{}:{line}: {target}: {why}", name.display()));
        let path = root().join(&linked);
        if !path.exists() {
            fail(format!("{} does not exist", linked.display()));
            continue;
        }
        let Some(anchor) = anchor else {
            continue;
        };
        if linked.extension().is_none_or(|ext| ext != "md") {
            fail(format!(
                "an anchor into {}, not a Markdown document",
                linked.display()
            ));
            continue;
        }
        let linked_text = match linked == name {
            true => text.to_string(),
            false => std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())),
        };
        if !anchors(&linked_text).iter().any(|a| a == anchor) {
            fail(format!(
                "{} has no heading with the anchor #{anchor}",
                linked.display()
            ));
        }
    }
    broken
}

#[test]
fn every_relative_link_of_the_documents_resolves() {
    let mut broken = Vec::new();
    let mut count = 0;
    for name in documents() {
        let path = root().join(&name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        count += links(&text).len();
        broken.extend(broken_links(&name, &text));
    }
    assert!(count > 0, "no link found in the documents");
    assert!(
        broken.is_empty(),
        "{} of the {count} links of the documents lead nowhere:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_documents_include_those_of_docs() {
    let names = documents();
    for name in ["docs/rules.md", "docs/results.md", "docs/strength-log.md"] {
        assert!(names.contains(&PathBuf::from(name)), "{name} in {names:?}");
    }
}

#[test]
fn a_link_to_a_missing_file_or_heading_is_reported() {
    // As if the text were README.md: the first three links lead somewhere, the others not.
    let text = "# Title\n\n## Part\n\nSee [the part](#part), [the board](scripts/README.md#the-board-boardpy) \
                and [the rules](docs/rules.md#crossings).\n\
                [Gone](docs/gone.md), [no heading](protocol.md#no-such-heading),\n\
                [no part](#parts), [into a script](scripts/match.py#main).\n\n\
                ```\n[in a fence](nowhere.md)\n```\n\n`[in code](nowhere.md)`\n";
    let broken = broken_links(Path::new("README.md"), text);
    let lines: Vec<&str> = broken
        .iter()
        .map(|b| b.split(": ").next().unwrap_or(""))
        .collect();
    assert_eq!(
        lines,
        ["README.md:6", "README.md:6", "README.md:7", "README.md:7"],
        "{broken:#?}"
    );
    assert!(
        broken[0].contains("docs/gone.md does not exist"),
        "{}",
        broken[0]
    );
    assert!(
        broken[1].contains("no heading with the anchor #no-such-heading"),
        "{}",
        broken[1]
    );
    assert!(
        broken[3].contains("not a Markdown document"),
        "{}",
        broken[3]
    );
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# tablero protocol reference\n\n### `uci` / `ugi`\n\n\
                ### `query after <m1> [<m2> …]`\n\n### Cross-Jack (3×3)\n\n\
                #### JC Shock tuning: exact_tail and reuse\n\n## Part\n\n## Part\n\n\
                ```\n# a comment in a fence\n```\n\n#not a heading\n";
    assert_eq!(
        anchors(text),
        [
            "tablero-protocol-reference",
            "uci--ugi",
            "query-after-m1-m2-",
            "cross-jack-33",
            "jc-shock-tuning-exact_tail-and-reuse",
            "part",
            "part-1",
        ]
    );
}

#[test]
fn links_are_read_outside_code_only() {
    let text = "A [link](a.md) and `[code](b.md)`, ``[two](c.md)``, a `span\nover two lines \
                [x](d.md)` and\n![a picture](e.png \"title\").\n";
    let targets: Vec<(usize, String)> = links(text);
    assert_eq!(targets, [(1, "a.md".to_string()), (3, "e.png".to_string())]);
}
