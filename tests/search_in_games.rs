//! The searcher on the real games: the move played is the one the reports explain, tight
//! limits still give a searched move, and a solved game tree stops deepening.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tablero::games::crossings::Crossings;
use tablero::games::crossjack::CrossJack;
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, Game, GameState, MAX_MOVES};
use tablero::search::{best_move, search, Info, Limits, Score, SearchBuffers, TranspositionTable};

/// Searches `state` within `limits` with a fresh table: the best move in notation and the
/// reports.
fn run<G: Game>(state: &mut GameState<G>, limits: &Limits) -> (Option<String>, Vec<Info>) {
    let mut tt = TranspositionTable::new(4);
    let mut buffers = SearchBuffers::new();
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let best = search(state, limits, &mut tt, &mut buffers, &stop, &mut |info| {
        infos.push(info.clone())
    });
    let best = best.map(|mv| state.position().format_move(mv));
    (best, infos)
}

fn start<G: Game>(size: usize) -> GameState<G> {
    GameState::new(G::start(BoardSize::square(size)).expect("a supported size"))
}

/// `state` after `plies` moves, each the `pick`-th legal move (modulo their number).
fn after_moves<G: Game>(mut state: GameState<G>, plies: usize, pick: usize) -> GameState<G> {
    let mut moves = Vec::with_capacity(MAX_MOVES);
    for ply in 0..plies {
        moves.clear();
        state.generate_moves(&mut moves);
        assert!(!moves.is_empty(), "the game ended after {ply} plies");
        state.make(moves[(pick * (ply + 1)) % moves.len()]);
    }
    state
}

fn nodes(count: u64) -> Limits {
    Limits {
        nodes: Some(count),
        ..Limits::default()
    }
}

fn depth(plies: u32) -> Limits {
    Limits {
        depth: Some(plies),
        ..Limits::default()
    }
}

fn depths(infos: &[Info]) -> Vec<u32> {
    infos.iter().map(|info| info.depth).collect()
}

/// Over searches cut at many node counts, the last `info` line's pv starts with the move
/// returned; returns how many of them ended in an unfinished depth that changed the move.
fn last_line_explains_the_move<G: Game>(state: &mut GameState<G>, limits: &[u64]) -> usize {
    let mut changed_by_partial_depth = 0;
    for &count in limits {
        let (best, infos) = run(state, &nodes(count));
        let last = infos.last().expect("depth 1 is always reported");
        assert_eq!(
            last.pv.first(),
            best.as_ref(),
            "nodes {count}: {:?}",
            depths(&infos)
        );
        // Only the report of an unfinished depth is written when the limit is reached.
        if last.nodes == count {
            changed_by_partial_depth += 1;
        }
    }
    changed_by_partial_depth
}

#[test]
fn crossings_bestmove_is_the_first_move_of_the_last_pv() {
    let counts: Vec<u64> = (1..=30).map(|i| i * 1_000).collect();
    let mut partial = 0;
    for (plies, pick) in [(0, 0), (4, 7), (9, 3), (6, 1)] {
        let mut state = after_moves(start::<Crossings>(8), plies, pick);
        partial += last_line_explains_the_move(&mut state, &counts);
    }
    assert!(
        partial > 0,
        "no search ended in a depth that changed the move"
    );
}

#[test]
fn crossjack_and_jcshock_bestmove_is_the_first_move_of_the_last_pv() {
    let counts: Vec<u64> = (1..=20).map(|i| i * 2_000).collect();
    last_line_explains_the_move(&mut after_moves(start::<CrossJack>(8), 6, 5), &counts);
    last_line_explains_the_move(&mut after_moves(start::<JcShock>(8), 10, 11), &counts);
}

#[test]
fn one_node_still_searches_depth_one_in_every_game() {
    let limits = nodes(1);
    let (best, infos) = run(&mut start::<Crossings>(8), &limits);
    assert_eq!(depths(&infos), [1]);
    assert_eq!(infos[0].pv.first(), best.as_ref());
    let (best, infos) = run(&mut start::<CrossJack>(8), &limits);
    assert_eq!(depths(&infos), [1]);
    assert_eq!(infos[0].pv.first(), best.as_ref());
    let (best, infos) = run(&mut start::<JcShock>(8), &limits);
    assert_eq!(depths(&infos), [1]);
    assert_eq!(infos[0].pv.first(), best.as_ref());
}

#[test]
fn crossjack_three_by_three_is_solved_before_its_ninth_ply() {
    // Nine squares: no game lasts more than nine plies, so deeper search changes nothing.
    let (best, infos) = run(&mut start::<CrossJack>(3), &depth(128));
    let last = infos.last().expect("reports");
    assert!(best.is_some());
    assert!(last.depth <= 9, "{:?}", depths(&infos));
    assert_eq!(depths(&infos), (1..=last.depth).collect::<Vec<_>>());
    assert_eq!(last.pv.first(), best.as_ref());
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    let (_, infinite_infos) = run(&mut start::<CrossJack>(3), &infinite);
    assert_eq!(
        infinite_infos.last().map(|info| info.depth),
        Some(last.depth)
    );
}

#[test]
fn jcshock_stops_deepening_when_its_last_placements_are_searched() {
    // 8x8: 62 placements; after 57 the game has five plies left.
    let mut state = after_moves(start::<JcShock>(8), 57, 13);
    let (best, infos) = run(&mut state, &depth(60));
    assert!(best.is_some());
    assert!(
        infos.last().is_some_and(|info| info.depth <= 5),
        "{:?}",
        depths(&infos)
    );
}

#[test]
fn jcshock_counts_the_moves_each_player_has_left() {
    let state = after_moves(start::<JcShock>(8), 57, 13);
    // 57 plies: White has placed 29 of 31, Black 28; Black to move.
    assert_eq!(state.position().own_moves_left(), Some(3));
}

/// The first JC Shock 8x8 position `plies_left` plies before the end (reached by
/// [`after_moves`]) whose value alpha-beta proves to be a draw.
fn jcshock_proven_draw(plies_left: usize) -> Option<GameState<JcShock>> {
    (1..200)
        .map(|pick| after_moves(start::<JcShock>(8), 62 - plies_left, pick))
        .find(|state| {
            let (_, infos) = run(&mut state.clone(), &depth(60));
            infos.last().is_some_and(|info| {
                info.score == Score::Centipawns(0) && info.depth <= plies_left as u32
            })
        })
}

#[test]
fn jcshock_plays_a_proven_draw_without_monte_carlo() {
    let mut state = jcshock_proven_draw(4).expect("a drawn ending");
    let limits = Limits {
        movetime: Some(Duration::from_millis(3_000)),
        ..Limits::default()
    };
    let mut tt = TranspositionTable::new(4);
    let mut buffers = SearchBuffers::new();
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let best = best_move(
        &mut state,
        &limits,
        &mut tt,
        &mut buffers,
        &stop,
        &mut |_| {},
    );
    assert!(best.is_some());
    // Monte-Carlo would take its share of the 3 s; the proof takes a few milliseconds.
    assert!(
        started.elapsed() < Duration::from_millis(1_500),
        "{:?}",
        started.elapsed()
    );
}
