//! Nothing panics on any input: random and mutated position strings and move texts give
//! either a typed error or a value that is valid (a position that reads back, a legal move),
//! for every game.

use crate::common;

use common::{random_game, Rng};
use tablero::games::crossings::Crossings;
use tablero::games::crossjack::CrossJack;
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, Game, GameKind};
use tablero::session::AnyGame;

const ALPHABET: &[u8] = b"xobrXOBR0123456789/ -abcdefghijklmnopq\t\n\xc3\xa9#";

fn random_text(rng: &mut Rng, max_len: usize) -> String {
    let len = rng.below(max_len + 1);
    let bytes: Vec<u8> = (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(3) {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 if at < bytes.len() => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
            _ => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A position string that reads must write back to one that reads to the same position.
fn assert_reads_back<G: Game>(text: &str) {
    if let Ok(position) = G::from_fen(text) {
        let written = position.fen();
        assert_eq!(
            G::from_fen(&written).as_ref(),
            Ok(&position),
            "{text:?} read as {written}"
        );
    }
}

/// A move text that reads must name one of the legal moves.
fn assert_accepted_move_is_legal<G: Game>(position: &G, legal: &[G::Move], text: &str) {
    if let Ok(mv) = position.parse_move(text) {
        assert!(
            legal.contains(&mv),
            "{text:?} read as {mv:?} in {}",
            position.fen()
        );
    }
}

fn no_input_panics<G: Game>(size: BoardSize, seed: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..2000 {
        assert_reads_back::<G>(&random_text(&mut rng, 80));
    }
    for _ in 0..50 {
        let root = G::start(size).expect("supported size");
        let state = random_game(root, &mut rng, 30, |_, _| {});
        let position = state.position();
        let fen = position.fen();
        let mut legal = Vec::new();
        position.generate_moves(&mut legal);
        for _ in 0..100 {
            assert_reads_back::<G>(&mutate(&mut rng, &fen));
            assert_accepted_move_is_legal(position, &legal, &random_text(&mut rng, 8));
        }
        for &mv in &legal {
            let mutated = mutate(&mut rng, &position.format_move(mv));
            assert_accepted_move_is_legal(position, &legal, &mutated);
        }
    }
}

#[test]
fn crossjack_survives_any_text() {
    no_input_panics::<CrossJack>(BoardSize::square(8), 1);
    no_input_panics::<CrossJack>(BoardSize::new(16, 8), 2);
}

#[test]
fn jcshock_survives_any_text() {
    no_input_panics::<JcShock>(BoardSize::square(8), 3);
    no_input_panics::<JcShock>(BoardSize::square(11), 4);
}

#[test]
fn crossings_survives_any_text() {
    no_input_panics::<Crossings>(BoardSize::square(8), 5);
}

#[test]
fn absurd_start_sizes_are_errors_naming_the_size() {
    let max = usize::MAX;
    for size in [
        BoardSize::new(0, 0),
        BoardSize::new(1, 1),
        BoardSize::new(max, max),
        BoardSize::new(max, 8),
        BoardSize::new(8, max),
        BoardSize::new(1 << 32, 1 << 32),
    ] {
        for kind in GameKind::ALL {
            let err = AnyGame::start(kind, size).expect_err("unsupported");
            let named = format!("{}x{}", size.width, size.height);
            assert!(err.to_string().contains(&named), "{kind} {named}: {err}");
        }
    }
}

#[test]
fn absurd_squares_are_refused_without_changing_the_game() {
    let texts = [
        "a0",
        "A0",
        "z1",
        "a18446744073709551615",
        "a18446744073709551616",
        "a99999999999999999999999999999",
        "\u{e4}1",
        "a0a0",
        "a1a18446744073709551616",
        " ",
    ];
    for kind in GameKind::ALL {
        let mut game = AnyGame::start(kind, kind.default_size()).expect("default size");
        let fen = game.fen();
        for text in texts {
            assert!(game.play(text).is_err(), "{kind} {text:?}");
            assert_eq!(game.fen(), fen, "{kind} {text:?}");
        }
    }
}

#[test]
fn off_board_squares_are_named_as_written() {
    for (kind, text, message) in [
        (GameKind::CrossJack, "A0", "a0 is off the 8x8 board"),
        (GameKind::CrossJack, "i8", "i8 is off the 8x8 board"),
        (
            GameKind::JcShock,
            "a18446744073709551615",
            "a18446744073709551615 is off the 8x8 board",
        ),
        (
            GameKind::JcShock,
            " a18446744073709551616 ",
            "a18446744073709551616: not a move in jcshock notation (a square such as e2)",
        ),
    ] {
        let mut game = AnyGame::start(kind, kind.default_size()).expect("default size");
        assert_eq!(
            game.play(text).map_err(|e| e.to_string()),
            Err(message.to_string())
        );
    }
}
