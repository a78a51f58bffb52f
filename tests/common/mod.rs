//! Helpers shared by the integration tests: a small deterministic random generator and
//! random play through the generic game interface.

#![allow(dead_code)]

use tablero::games::{Game, GameState, MAX_MOVES};

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

/// The lines of the shared perft vectors file for `game`: (position string, leaf counts).
pub fn perft_vectors(game: &str) -> Vec<(String, Vec<u64>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vectors/perft.txt");
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read the shared perft vectors at {path}: {e}"));
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let mut fields = line.split('|').map(str::trim);
            let name = fields.next()?;
            let fen = fields.next()?;
            let counts = fields.next()?;
            (name == game).then(|| {
                let counts = counts
                    .split_whitespace()
                    .map(|n| n.parse().expect("perft counts are numbers"))
                    .collect();
                (fen.to_string(), counts)
            })
        })
        .collect()
}

/// The leaf counts of the RULES.md test-vector table row whose first cell starts with
/// `label` (e.g. `crossjack 8×8`).
pub fn rules_table_row(label: &str) -> Vec<u64> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/RULES.md");
    let rules = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read the shared RULES.md at {path}: {e}"));
    let row = rules
        .lines()
        .find(|line| line.starts_with(&format!("| {label}")))
        .unwrap_or_else(|| panic!("no '{label}' row in the RULES.md perft table"));
    row.split('|')
        .skip(2)
        .filter_map(|cell| cell.trim().parse().ok())
        .collect()
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
