//! Invariants every game must keep along thousands of random games: the incremental hash
//! equals the hash from scratch, unmake restores the exact position, position strings and
//! move texts round-trip, and the fast move count equals the generated moves.

mod common;

use common::{random_game, Rng};
use tablero::games::crossings::Crossings;
use tablero::games::crossjack::CrossJack;
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, Game, GameState};

const GAMES_PER_SIZE: usize = 1000;
const MAX_PLIES: usize = 200;

fn check_position<G: Game>(state: &GameState<G>, moves: &[G::Move]) {
    let position = state.position();
    assert_eq!(
        position.hash(),
        position.hash_from_scratch(),
        "{}",
        position.fen()
    );
    let reread = G::from_fen(&position.fen()).unwrap_or_else(|e| {
        panic!("{} does not read back: {e}", position.fen());
    });
    assert_eq!(reread.fen(), position.fen());
    assert_eq!(reread.hash(), position.hash(), "{}", position.fen());
    assert_eq!(position.count_moves(), moves.len(), "{}", position.fen());
    assert_eq!(
        moves.is_empty(),
        state.status_with_history().is_over(),
        "{}",
        position.fen()
    );
    for &mv in moves {
        let text = position.format_move(mv);
        assert_eq!(
            position.parse_move(&text),
            Ok(mv),
            "{text} in {}",
            position.fen()
        );
        assert_eq!(
            position.parse_move(&text.to_ascii_uppercase()),
            Ok(mv),
            "{text} upper case in {}",
            position.fen()
        );
    }
}

fn check_unmake_restores<G: Game>(state: &mut GameState<G>, moves: &[G::Move]) {
    let before = state.position().clone();
    for &mv in moves {
        state.make(mv);
        assert!(state.unmake());
        assert_eq!(state.position(), &before);
        assert_eq!(state.position().hash(), before.hash());
    }
}

fn random_games<G: Game>(size: BoardSize, seed: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..GAMES_PER_SIZE {
        let root = G::start(size).expect("supported size");
        let mut state = random_game(root, &mut rng, MAX_PLIES, check_position::<G>);
        let mut moves = Vec::new();
        state.generate_moves(&mut moves);
        check_unmake_restores(&mut state, &moves);
        let plies = state.ply();
        for _ in 0..plies {
            assert!(state.unmake());
            assert_eq!(
                state.position().hash(),
                state.position().hash_from_scratch()
            );
        }
        assert!(!state.unmake(), "the root cannot be unmade");
    }
}

#[test]
fn crossjack_random_games_keep_every_invariant() {
    for (i, size) in ["8x8", "3x3", "4x3", "10x7", "16x8", "5x16"]
        .iter()
        .enumerate()
    {
        random_games::<CrossJack>(size.parse().unwrap(), 11 + i as u64);
    }
}

#[test]
fn jcshock_random_games_keep_every_invariant() {
    for (i, n) in [8, 4, 5, 9, 11].iter().enumerate() {
        random_games::<JcShock>(BoardSize::square(*n), 21 + i as u64);
    }
}

#[test]
fn crossings_random_games_keep_every_invariant() {
    for seed in 31..33 {
        random_games::<Crossings>(BoardSize::square(8), seed);
    }
}
