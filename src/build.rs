//! Build script: names the commit the binary is built from, for `id name` and `--version`.
//!
//! It sets `TABLERO_COMMIT` for the crate: the commit's first 12 hex digits, with `-dirty`
//! when the files the binary is built from (`src/`, `Cargo.toml`, `Cargo.lock`) differ from
//! that commit (edited, staged or untracked), or `unknown` when the package is not the top of
//! a git work tree or `git` cannot be run (an unpacked archive, a `cargo package` copy).
//!
//! It runs again only when those files or the commit change: cargo checks the modification
//! times of `src/`, `Cargo.toml`, `Cargo.lock`, git's `HEAD` and the branch it points to.
//! Git's index is not watched: staging changes no byte of the build and `git status` rewrites
//! the index, so watching it would rebuild the crate for nothing.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The files and folders the binary is built from, relative to the package: a change in one
/// reruns this script, and the commit is dirty when one differs from it.
const SOURCES: [&str; 3] = ["src", "Cargo.toml", "Cargo.lock"];

/// How many hex digits of the commit's hash are shown.
const HASH_DIGITS: usize = 12;

fn main() {
    let package = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
    let commit = commit(&package).unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=TABLERO_COMMIT={commit}");
}

/// The commit `package` is checked out at, `-dirty` added when its sources differ from it;
/// None outside a git work tree whose top is `package`. Asks cargo to watch git's `HEAD` and
/// the branch it points to.
fn commit(package: &Path) -> Option<String> {
    let top = git(package, &["rev-parse", "--show-toplevel"])?;
    // A package copied below another work tree (cargo package's target/package/…) is not that
    // tree's commit.
    if Path::new(&top).canonicalize().ok()? != package.canonicalize().ok()? {
        return None;
    }
    let mut watched = vec!["HEAD".to_string()];
    // The branch HEAD points to, as a loose file or in packed-refs (none when detached).
    if let Some(branch) = git(package, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
        watched.push("packed-refs".to_string());
    }
    for name in watched {
        let path = git(package, &["rev-parse", "--git-path", &name])?;
        let path = package.join(path);
        // A missing file would rerun this script at every build.
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    let hash = git(package, &["rev-parse", "--verify", "-q", "HEAD"])?;
    let short = hash.get(..HASH_DIGITS)?;
    // --no-optional-locks: status must not rewrite the index (it refreshes it otherwise).
    let mut status = vec![
        "--no-optional-locks",
        "status",
        "--porcelain",
        "--untracked-files=normal",
        "--",
    ];
    status.extend(SOURCES);
    let changes = git(package, &status)?;
    Some(if changes.is_empty() {
        short.to_string()
    } else {
        format!("{short}-dirty")
    })
}

/// What `git -C dir <args>` prints, trimmed; None when git cannot run or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8(output.stdout)
        .ok()
        .map(|text| text.trim().to_string())
}
