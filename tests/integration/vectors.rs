//! The repository's perft vectors (`tests/vectors/perft.txt`) against the project's shared
//! rules vectors, where a checkout has them beside it (`../shared/`, as CI does): every
//! shared vector must be in the repository's file with the same counts. A clone without
//! `../shared/` skips the comparison with a notice; no other test reads `../shared/`.

use crate::common;

use std::io::Write;
use std::path::Path;

use common::{parse_vectors, Vector, VECTORS_FILE};

const SHARED_VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vectors/perft.txt");
const SHARED_RULES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/RULES.md");

fn repository_vectors() -> Vec<Vector> {
    let text = std::fs::read_to_string(VECTORS_FILE)
        .unwrap_or_else(|e| panic!("cannot read {VECTORS_FILE}: {e}"));
    parse_vectors(&text)
}

/// The shared file's text, or `None` (after a notice on stderr) where it does not exist.
fn shared_text(path: &str) -> Option<String> {
    if !Path::new(path).exists() {
        // Written to the stderr handle, not with eprintln!, so that the notice shows in a
        // normal `cargo test` run (the harness captures only the print macros).
        writeln!(
            std::io::stderr(),
            "notice: {path} does not exist; the comparison with the shared vectors is skipped"
        )
        .expect("stderr takes the notice");
        return None;
    }
    Some(std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}")))
}

/// The rows of the start-position table of the shared rules file (`SHARED_RULES`):
/// `| game size | 8 | 64 | … |`, the game (first word of the first cell) and its counts.
fn rules_table_rows(rules: &str) -> Vec<(String, Vec<u64>)> {
    let table = rules
        .split("## Test vectors")
        .nth(1)
        .expect("RULES.md has a 'Test vectors' section");
    table
        .lines()
        .filter(|line| {
            line.starts_with('|') && !line.starts_with("| game") && !line.contains("---")
        })
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let game = cells[1].split_whitespace().next().unwrap_or_default();
            let counts = cells[2..]
                .iter()
                .filter_map(|cell| cell.parse().ok())
                .collect();
            (game.to_string(), counts)
        })
        .collect()
}

#[test]
fn every_shared_vector_is_in_the_repository_with_the_same_counts() {
    let Some(shared) = shared_text(SHARED_VECTORS) else {
        return;
    };
    let ours = repository_vectors();
    let shared = parse_vectors(&shared);
    assert!(!shared.is_empty(), "{SHARED_VECTORS} lists no vector");
    for vector in &shared {
        let found = ours
            .iter()
            .find(|v| v.game == vector.game && v.fen == vector.fen)
            .unwrap_or_else(|| panic!("{vector:?} is missing from {VECTORS_FILE}"));
        assert_eq!(
            found.counts, vector.counts,
            "{} {}",
            vector.game, vector.fen
        );
    }
}

#[test]
fn every_start_position_count_of_the_shared_rules_is_in_the_repository() {
    let Some(rules) = shared_text(SHARED_RULES) else {
        return;
    };
    let ours = repository_vectors();
    let rows = rules_table_rows(&rules);
    assert!(!rows.is_empty(), "no start-position rows in {SHARED_RULES}");
    for (game, counts) in rows {
        assert!(
            ours.iter().any(|v| v.game == game && v.counts == counts),
            "{game} {counts:?} from {SHARED_RULES} is missing from {VECTORS_FILE}"
        );
    }
}
