//! Invariants every game keeps at every position of random games, on every shape of board
//! the game supports: the incremental hash equals the hash from scratch, the position string
//! reads back to the same position, the fast move count equals the generated moves, a game is
//! over exactly when it has no move, every move has its own text and that text reads back to
//! the move (in either case), and unmake restores every position. This file is the one home
//! of these checks; the per-game files test the rules.

use crate::common;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use common::{random_game, Rng};
use tablero::games::crossings::Crossings;
use tablero::games::crossjack::CrossJack;
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, Game, GameState, Player, SearchHints, Status};

/// Random games stop after this many plies (Crossings games may never end).
const MAX_PLIES: usize = 200;

/// Static evaluations stay far from the searcher's mate scores (about 32000).
const EVALUATION_BOUND: i32 = 10_000;

/// How many moves of each kind have their text read back (see [`random_games`]).
const READS_PER_KIND: usize = 4;

/// A quick hasher (FxHash's mixing) for the small keys of the move kinds, looked up for
/// every move of every position: the standard one was a good part of these tests' time.
#[derive(Default)]
struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.add(u64::from(byte));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// The times each kind of move was read, by kind.
type Reads<K> = HashMap<K, usize, BuildHasherDefault<QuickHasher>>;

/// What the random games reached.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    moves: usize,
    /// Games ended by: player 1 winning, player 2 winning, a draw; games cut at `MAX_PLIES`.
    endings: [usize; 4],
}

impl Coverage {
    fn count_ending(&mut self, status: Status) {
        let index = match status {
            Status::Won(Player::One) => 0,
            Status::Won(Player::Two) => 1,
            Status::Draw => 2,
            Status::InPlay => 3,
        };
        self.endings[index] += 1;
    }

    /// Every way a finished game can end was reached.
    fn assert_every_ending(&self) {
        let [p1, p2, draws, _] = self.endings;
        assert!(p1 > 0 && p2 > 0 && draws > 0, "{self:?}");
    }
}

fn check_hash_and_position_string<G: SearchHints>(position: &G) {
    let fen = position.fen();
    assert_eq!(position.hash(), position.hash_from_scratch(), "{fen}");
    let reread = G::from_fen(&fen).unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
    assert_eq!(&reread, position, "{fen}");
    assert_eq!(reread.fen(), fen);
    assert_eq!(reread.hash(), position.hash(), "{fen}");
}

fn check_move_count_and_status<G: SearchHints>(state: &GameState<G>, moves: &[G::Move]) {
    let position = state.position();
    assert_eq!(position.count_moves(), moves.len(), "{}", position.fen());
    assert_eq!(state.count_moves(), moves.len(), "{}", position.fen());
    assert_eq!(
        moves.is_empty(),
        state.status_with_history().is_over(),
        "{}",
        position.fen()
    );
    assert!(
        position.evaluate().abs() < EVALUATION_BOUND,
        "{}",
        position.fen()
    );
    check_status_and_evaluation(position);
    check_move_codes(position, moves);
}

/// A game that gives its moves codes gives every legal move of a position its own code,
/// below the number of codes (the search's history keys on them).
fn check_move_codes<G: SearchHints>(position: &G, moves: &[G::Move]) {
    let codes = position.move_codes();
    if codes == 0 {
        return;
    }
    let mut seen = std::collections::HashSet::new();
    for &mv in moves {
        let code = position.move_code(mv);
        assert!(code < codes, "{mv:?} in {}", position.fen());
        assert!(
            seen.insert(code),
            "{mv:?} shares its code in {}",
            position.fen()
        );
    }
}

/// The search's one-call horizon answer agrees with the two separate answers.
fn check_status_and_evaluation<G: SearchHints>(position: &G) {
    let (status, evaluation) = position.status_and_evaluation();
    assert_eq!(status, position.status(), "{}", position.fen());
    if status == Status::InPlay {
        assert_eq!(evaluation, position.evaluate(), "{}", position.fen());
    }
}

/// Checks that the texts of `moves` differ from each other; returns them.
fn unique_texts<G: SearchHints>(position: &G, moves: &[G::Move]) -> Vec<String> {
    let texts: Vec<String> = moves.iter().map(|&mv| position.format_move(mv)).collect();
    let mut sorted: Vec<&str> = texts.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        texts.len(),
        "two moves share a text in {}",
        position.fen()
    );
    texts
}

fn check_text_reads_back<G: SearchHints>(position: &G, mv: G::Move, text: &str) {
    assert_eq!(
        position.parse_move(text),
        Ok(mv),
        "{text} in {}",
        position.fen()
    );
    let upper = text.to_ascii_uppercase();
    assert_eq!(
        position.parse_move(&upper),
        Ok(mv),
        "{upper} in {}",
        position.fen()
    );
}

fn check_unmake_restores<G: SearchHints>(state: &mut GameState<G>, moves: &[G::Move]) {
    let before = state.position().clone();
    for &mv in moves {
        state.make(mv);
        assert!(state.unmake());
        assert_eq!(state.position(), &before);
    }
}

/// Checks that the texts of a position's moves are unique and reads back the moves whose
/// kind (`kinds[i]` is the kind of `moves[i]`) was read fewer than `READS_PER_KIND` times so
/// far; a position with no such move is skipped.
fn check_texts_of_unread_kinds<G: SearchHints, K: Hash + Eq>(
    position: &G,
    moves: &[G::Move],
    kinds: Vec<K>,
    reads: &mut Reads<K>,
) {
    let unread = |kind: &K| reads.get(kind).is_none_or(|&n| n < READS_PER_KIND);
    if !kinds.iter().any(unread) {
        return;
    }
    unique_texts(position, moves);
    for (&mv, kind) in moves.iter().zip(kinds) {
        let count = reads.entry(kind).or_default();
        if *count < READS_PER_KIND {
            *count += 1;
            check_text_reads_back(position, mv, &position.format_move(mv));
        }
    }
}

/// Unmakes the game back to its start, checking that it passes through `line` (the
/// positions played, the current one last).
fn check_unmake_walks_back<G: SearchHints>(state: &mut GameState<G>, line: &[G]) {
    for (ply, position) in line.iter().enumerate().rev() {
        assert_eq!(state.position(), position, "ply {ply}");
        assert_eq!(state.unmake(), ply > 0, "ply {ply}");
    }
}

/// Plays `games` random games from the start on `size`, checks every invariant at every
/// position, then unmakes each game back to its start, position by position.
///
/// Move texts are the one check that costs: formatting every move allocates, and Crossings
/// confirms a text's legality against the whole move list, so reading every move of a
/// position costs as many move generations as the position has moves. So the texts are
/// checked by kind of move, where `kind` names everything the reading of a move depends on
/// (see [`check_texts_of_unread_kinds`]): every kind of move the games meet is read, in the
/// first positions where it occurs. Returns the kinds met.
fn random_games<G: SearchHints, K: Hash + Eq>(
    size: BoardSize,
    seed: u64,
    games: usize,
    kind: impl Fn(&GameState<G>, G::Move) -> K,
    coverage: &mut Coverage,
) -> Vec<K> {
    let mut rng = Rng::new(seed);
    let mut reads: Reads<K> = Reads::default();
    for _ in 0..games {
        let root = G::start(size).expect("supported size");
        let mut line = Vec::new();
        let mut state = random_game(root, &mut rng, MAX_PLIES, |state, moves| {
            let position = state.position();
            line.push(position.clone());
            check_hash_and_position_string(position);
            check_move_count_and_status(state, moves);
            let kinds = moves.iter().map(|&mv| kind(state, mv)).collect();
            check_texts_of_unread_kinds(position, moves, kinds, &mut reads);
            coverage.positions += 1;
            coverage.moves += moves.len();
        });
        coverage.count_ending(state.status_with_history());
        let mut moves = Vec::new();
        state.generate_moves(&mut moves);
        if line.len() == state.ply() {
            // A game cut at `MAX_PLIES`: its last position is not checked yet.
            check_hash_and_position_string(state.position());
            check_move_count_and_status(&state, &moves);
            line.push(state.position().clone());
        }
        check_unmake_restores(&mut state, &moves);
        check_unmake_walks_back(&mut state, &line);
    }
    reads.into_keys().collect()
}

/// Every invariant at every position of the perft vectors file (and its successors), where
/// the special rules are concentrated: every move's text is read back there.
fn vector_positions<G: SearchHints>(game: &str) {
    let vectors = common::perft_vectors(game);
    assert!(!vectors.is_empty(), "no {game} vectors");
    for (fen, _) in vectors {
        let mut state = GameState::new(common::position::<G>(&fen));
        assert_eq!(state.position().fen(), fen);
        let mut moves = Vec::new();
        state.generate_moves(&mut moves);
        check_hash_and_position_string(state.position());
        check_move_count_and_status(&state, &moves);
        let texts = unique_texts(state.position(), &moves);
        for (&mv, text) in moves.iter().zip(&texts) {
            check_text_reads_back(state.position(), mv, text);
            state.make(mv);
            check_hash_and_position_string(state.position());
            assert!(state.unmake());
        }
        check_unmake_restores(&mut state, &moves);
    }
}

#[test]
fn the_vector_positions_keep_every_invariant() {
    vector_positions::<CrossJack>("crossjack");
    vector_positions::<JcShock>("jcshock");
    vector_positions::<Crossings>("crossings");
}

#[test]
fn crossjack_random_games_keep_every_invariant() {
    const SIZES: [&str; 7] = ["8x8", "3x3", "4x3", "10x7", "16x8", "5x16", "11x11"];
    let mut coverage = Coverage::default();
    for (i, size) in SIZES.iter().enumerate() {
        let size: BoardSize = size.parse().expect("a size");
        // A tick (its square) is read by its square and by whether the mover is setting up
        // (the first four plies of a game).
        let kinds = random_games::<CrossJack, _>(
            size,
            11 + i as u64,
            1000,
            |state, mv| (mv, state.ply() < 4),
            &mut coverage,
        );
        // Every square in play, and both zone rows in setup.
        assert_eq!(
            kinds.len(),
            size.width * size.height + 2 * size.width,
            "{size:?}"
        );
    }
    coverage.assert_every_ending();
}

#[test]
fn jcshock_random_games_keep_every_invariant() {
    let mut coverage = Coverage::default();
    for (i, n) in [8, 4, 5, 9, 11].into_iter().enumerate() {
        // A placement (its square) is read by its square alone: every square is read.
        let kinds = random_games::<JcShock, _>(
            BoardSize::square(n),
            21 + i as u64,
            1000,
            |_, mv| mv,
            &mut coverage,
        );
        assert_eq!(kinds.len(), n * n, "{n}x{n}");
    }
    coverage.assert_every_ending();
}

/// What reading a Crossings move depends on: the tail, the direction, how many stones move
/// and how far, and what the move does (capture, crossing, locking after a counter-crossing,
/// answering a crossing).
fn crossings_kind(
    state: &GameState<Crossings>,
    mv: <Crossings as Game>::Move,
) -> (u8, usize, u32, u32, [bool; 4]) {
    let before = state.position();
    let enemy = before.side_to_move().opponent();
    let mut after = before.clone();
    after.play(mv);
    let does = [
        after.stones_of(enemy) != before.stones_of(enemy),
        after.faces_crossing(),
        after.locked() != before.locked(),
        before.faces_crossing(),
    ];
    (mv.tail(), mv.direction(), mv.stones(), mv.distance(), does)
}

#[test]
fn crossings_random_games_keep_every_invariant() {
    let mut coverage = Coverage::default();
    let mut kinds = Vec::new();
    for seed in 31..33 {
        kinds.extend(random_games::<Crossings, _>(
            BoardSize::square(8),
            seed,
            1000,
            crossings_kind,
            &mut coverage,
        ));
    }
    let [p1, p2, _, _] = coverage.endings;
    assert!(p1 > 0 && p2 > 0, "{coverage:?}");
    // Moves that capture, cross, lock and answer a crossing were read.
    for effect in 0..4 {
        assert!(
            kinds.iter().any(|(.., does)| does[effect]),
            "effect {effect}"
        );
    }
}

/// The hashes of `positions` (one per board size) are all different.
fn assert_hashes_apart<G: SearchHints>(positions: &[G]) {
    let mut hashes: Vec<u64> = positions.iter().map(Game::hash).collect();
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), positions.len());
}

/// One table serves every size a session plays, so the same pieces on two sizes (the empty
/// boards, or a piece on `a1`) must not share a hash.
#[test]
fn the_same_pieces_on_two_board_sizes_hash_apart() {
    let jcshock_sizes = || (4..=11).map(BoardSize::square);
    let empty: Vec<JcShock> = jcshock_sizes()
        .map(|size| JcShock::start(size).expect("a supported size"))
        .collect();
    assert_hashes_apart(&empty);
    let corner: Vec<JcShock> = empty
        .iter()
        .map(|start| {
            let mut position = start.clone();
            position.play(position.parse_move("a1").expect("a1"));
            position
        })
        .collect();
    assert_hashes_apart(&corner);
    let crossjack: Vec<CrossJack> = [(8, 8), (9, 8), (8, 9), (3, 3), (16, 8), (8, 16)]
        .into_iter()
        .map(|(width, height)| CrossJack::start(BoardSize::new(width, height)).expect("a size"))
        .collect();
    assert_hashes_apart(&crossjack);
}
