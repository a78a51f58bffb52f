//! Helpers shared by the integration tests: a small deterministic random generator, random
//! play through the generic game interface, and the perft vectors of `tests/vectors/`.

#![allow(dead_code)]

pub mod engine;
pub mod inproc;

use std::process::Command;

use tablero::games::{Game, GameState, MAX_MOVES};

/// Runs the Python test file `file` of the folder `tests/<folder>/` with the tablero binary
/// cargo built as `TABLERO` and `scripts/` as `PYTHONPATH` (where the packages `tablero_match`
/// and `tablero_board` are), and fails with its whole output if it fails; returns its
/// standard output. Needs `python3` (3.8 or later) on the PATH.
pub fn python_test(folder: &str, file: &str) -> String {
    python_test_args(folder, file, &[])
}

/// Runs the Python test file `file` of `tests/<folder>/` as [`python_test`] does, with the
/// command-line arguments `args` (for a unittest file, the test classes to run).
pub fn python_test_args(folder: &str, file: &str, args: &[&str]) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let output = Command::new("python3")
        .arg(file)
        .args(args)
        .current_dir(format!("{root}/tests/{folder}"))
        .env("TABLERO", env!("CARGO_BIN_EXE_tablero"))
        .env("PYTHONPATH", format!("{root}/scripts"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs (the Python tests need Python 3.8 or later on the PATH)");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "tests/{folder}/{file} {} failed:\n{stdout}\n{}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The position of a position string that must be valid.
pub fn position<G: Game>(fen: &str) -> G {
    G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays the move written `text`, which must be legal.
pub fn play<G: Game>(position: &mut G, text: &str) {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", position.fen()));
    position.play(mv);
}

/// The texts of the legal moves, sorted.
pub fn legal_texts<G: Game>(position: &G) -> Vec<String> {
    let mut moves = Vec::with_capacity(MAX_MOVES);
    position.generate_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| position.format_move(mv)).collect();
    texts.sort();
    texts
}

/// The error of a position string that must be refused.
pub fn position_error<G: Game>(fen: &str) -> String {
    match G::from_fen(fen) {
        Ok(position) => panic!("{fen} was accepted as {}", position.fen()),
        Err(e) => e.to_string(),
    }
}

/// The error of a move text that must be refused in `position`.
pub fn move_error<G: Game>(position: &G, text: &str) -> String {
    match position.parse_move(text) {
        Ok(mv) => panic!("{text} was accepted as {mv:?} in {}", position.fen()),
        Err(e) => e.to_string(),
    }
}

/// xorshift64*: deterministic, seedable, good enough to pick moves and characters.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Plays random legal moves from `root` until the game ends or `max_plies` were played,
/// calling `check` on the state before every move with the move list of that position.
pub fn random_game<G: Game>(
    root: G,
    rng: &mut Rng,
    max_plies: usize,
    mut check: impl FnMut(&GameState<G>, &[G::Move]),
) -> GameState<G> {
    let mut state = GameState::new(root);
    let mut moves = Vec::with_capacity(MAX_MOVES);
    for _ in 0..max_plies {
        moves.clear();
        state.generate_moves(&mut moves);
        check(&state, &moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        state.make(mv);
    }
    state
}

/// The perft vectors file of the repository, `tests/vectors/perft.txt`.
pub const VECTORS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/perft.txt");

/// One perft vector: a game, a position string and the leaf counts at depth 1, 2, ….
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vector {
    pub game: String,
    pub fen: String,
    pub counts: Vec<u64>,
}

/// Reads a vectors text: `game | position string | counts` per line; `#` lines and blank
/// lines are comments.
pub fn parse_vectors(text: &str) -> Vec<Vector> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let [game, fen, counts] = fields[..] else {
                panic!("a vector line has three fields separated by '|': {line:?}");
            };
            let counts = counts
                .split_whitespace()
                .map(|n| {
                    n.parse()
                        .unwrap_or_else(|e| panic!("{n:?} in {line:?}: {e}"))
                })
                .collect();
            Vector {
                game: game.to_string(),
                fen: fen.to_string(),
                counts,
            }
        })
        .collect()
}

/// The vectors of the repository's file for `game`: (position string, leaf counts).
pub fn perft_vectors(game: &str) -> Vec<(String, Vec<u64>)> {
    let text = std::fs::read_to_string(VECTORS_FILE)
        .unwrap_or_else(|e| panic!("cannot read the perft vectors at {VECTORS_FILE}: {e}"));
    parse_vectors(&text)
        .into_iter()
        .filter(|vector| vector.game == game)
        .map(|vector| (vector.fen, vector.counts))
        .collect()
}

/// The leaf counts of `game`'s vector for the position string `fen`.
pub fn perft_vector(game: &str, fen: &str) -> Vec<u64> {
    perft_vectors(game)
        .into_iter()
        .find(|(vector_fen, _)| vector_fen == fen)
        .map(|(_, counts)| counts)
        .unwrap_or_else(|| panic!("no {game} vector for {fen} in {VECTORS_FILE}"))
}

/// Checks `counts` (depth 1, 2, …) from `root`, skipping depths with more than `max_leaves`
/// leaves; returns how many depths were checked.
pub fn assert_perft<G: Game>(root: G, counts: &[u64], max_leaves: u64) -> usize {
    let fen = root.fen();
    let mut state = GameState::new(root);
    let mut checked = 0;
    for (depth, &expected) in counts.iter().enumerate() {
        if expected > max_leaves {
            continue;
        }
        let depth = depth as u32 + 1;
        assert_eq!(
            tablero::perft::perft(&mut state, depth),
            expected,
            "{fen} depth {depth}"
        );
        checked += 1;
    }
    checked
}
