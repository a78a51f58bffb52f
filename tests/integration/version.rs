//! The build says what it is: `id name tablero <version> (<commit>)` in the `uci` answer and
//! `tablero <version> (<commit>)` from `tablero --version`, the commit being 12 lowercase hex
//! digits with `-dirty` when the sources differed from it, or `unknown` outside git
//! (src/build.rs; the form is protocol.md's, under `uci`). Also the Python suite of
//! scripts/release.py and of the binary the scripts run by default (tests/match/test_release.py).

use crate::common::engine::Engine;

use std::path::Path;
use std::process::Command;

/// How many hex digits of the commit's hash the build shows.
const HASH_DIGITS: usize = 12;

/// The version and the commit of an `id name` line of tablero: `id name tablero 0.2.0
/// (3772838b7f0b-dirty)` gives `("0.2.0", "3772838b7f0b-dirty")`; None for any other line or
/// a commit not in the build's form.
pub fn id_name_build(line: &str) -> Option<(&str, &str)> {
    build(line.strip_prefix("id name tablero ")?)
}

/// The version and the commit of `<version> (<commit>)`, the commit in the build's form.
fn build(text: &str) -> Option<(&str, &str)> {
    let (version, rest) = text.split_once(" (")?;
    let commit = rest.strip_suffix(')')?;
    let hash = commit.strip_suffix("-dirty").unwrap_or(commit);
    let is_hash = hash.len() == HASH_DIGITS
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let is_version = !version.is_empty() && !version.contains(char::is_whitespace);
    (is_version && (is_hash || commit == "unknown")).then_some((version, commit))
}

/// The `id name` line of the `uci` answer.
fn id_name() -> String {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    let lines = engine.lines_until(|l| l == "uciok");
    lines
        .into_iter()
        .find(|l| l.starts_with("id name "))
        .expect("an id name line")
}

/// What `git -C <the package> <args>` prints, trimmed; None without git or outside a work tree.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

#[test]
fn id_name_gives_the_package_version_and_a_commit() {
    let line = id_name();
    let (version, _) = id_name_build(&line).unwrap_or_else(|| panic!("{line}"));
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
}

#[test]
fn version_flag_names_the_same_build_as_id_name() {
    let output = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .arg("--version")
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    let printed = String::from_utf8(output.stdout).expect("UTF-8");
    let line = id_name();
    assert_eq!(
        printed.trim_end(),
        format!("tablero {}", &line["id name tablero ".len()..])
    );
}

#[test]
fn the_commit_is_the_checked_out_one_when_built_in_its_work_tree() {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    let top = git(&["rev-parse", "--show-toplevel"]).map(|top| Path::new(&top).canonicalize());
    if !matches!(top, Some(Ok(top)) if top == package.canonicalize().expect("the package")) {
        eprintln!("not built in a git work tree: the build's commit is unknown");
        assert_eq!(id_name_build(&id_name()).map(|b| b.1), Some("unknown"));
        return;
    }
    let hash = git(&["rev-parse", "HEAD"]).expect("a commit");
    let changes = git(&[
        "status",
        "--porcelain",
        "--untracked-files=normal",
        "--",
        "src",
        "Cargo.toml",
        "Cargo.lock",
    ])
    .expect("git status");
    let expected = if changes.is_empty() {
        hash[..HASH_DIGITS].to_string()
    } else {
        format!("{}-dirty", &hash[..HASH_DIGITS])
    };
    let line = id_name();
    assert_eq!(
        id_name_build(&line).map(|b| b.1),
        Some(&*expected),
        "{line}"
    );
}

#[test]
fn builds_are_read_in_their_one_form() {
    assert_eq!(
        id_name_build("id name tablero 0.2.0 (3772838b7f0b)"),
        Some(("0.2.0", "3772838b7f0b"))
    );
    assert_eq!(
        id_name_build("id name tablero 0.2.0 (3772838b7f0b-dirty)"),
        Some(("0.2.0", "3772838b7f0b-dirty"))
    );
    assert_eq!(
        id_name_build("id name tablero 1.0.0-rc.1 (unknown)"),
        Some(("1.0.0-rc.1", "unknown"))
    );
    for wrong in [
        "id name tablero 0.2.0",
        "id name tablero 0.2.0 ()",
        "id name tablero 0.2.0 (3772838)",
        "id name tablero 0.2.0 (3772838B7F0B)",
        "id name tablero 0.2.0 (3772838b7f0b-clean)",
        "id name tablero 0.2.0 (unknown-dirty)",
        "id name tablero  (unknown)",
        "id name tablero 0.2.0 (3772838b7f0b) x",
        "id name other 0.2.0 (unknown)",
    ] {
        assert_eq!(id_name_build(wrong), None, "{wrong}");
    }
}

#[test]
fn release_archive_and_the_scripts_default_binary() {
    crate::common::python_test("match", "test_release.py");
}
