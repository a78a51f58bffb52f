//! The search in Crossings positions where it used to go wrong (issue 8), with fixed depths
//! and node limits so that the results do not depend on the machine's speed.

mod common;

use std::sync::atomic::AtomicBool;

use tablero::games::crossings::Crossings;
use tablero::games::{Game, GameState};
use tablero::search::{search, Info, Limits, Score, SearchBuffers, TranspositionTable};

/// The position: Black to move, and `h8h7` walks into a two-move crossing threat.
const THREATENED: &str = "e1e3 g7h6 g2f3 a7a6 c1f4 d8f6 f1f3";

/// The start position after the moves `line`.
fn after(line: &str) -> GameState<Crossings> {
    let mut state = GameState::new(Crossings::start(Crossings::default_size()).unwrap());
    for text in line.split_whitespace() {
        let mv = state.position().parse_move(text).unwrap();
        state.make(mv);
    }
    state
}

/// The move chosen within `limits` (as text) and the last report.
fn best(state: &mut GameState<Crossings>, limits: Limits) -> (String, Option<Info>) {
    let mut tt = TranspositionTable::new(16);
    let stop = AtomicBool::new(false);
    let mut last = None;
    let mut buffers = SearchBuffers::new();
    let mv = search(state, &limits, &mut tt, &mut buffers, &stop, &mut |info| {
        last = Some(info.clone())
    })
    .expect("the game goes on");
    (state.position().format_move(mv), last)
}

#[test]
fn a_crossing_threat_one_move_beyond_the_horizon_is_seen_as_mate() {
    // Red wins by e4g6, f6g6 and the crossing h6h7 that Black cannot answer: five plies,
    // seen at depth 4 because the crossing at the horizon is still tried.
    let mut state = after(&format!("{THREATENED} h8h7"));
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (mv, info) = best(&mut state, limits);
    assert_eq!(info.map(|i| i.score), Some(Score::Mate(3)));
    assert_eq!(mv, "e4g6");
}

#[test]
fn black_avoids_the_two_move_crossing_threat_within_the_nodes_of_a_tenth_of_a_second() {
    let mut state = after(THREATENED);
    let limits = Limits {
        nodes: Some(100_000),
        ..Limits::default()
    };
    let (mv, _) = best(&mut state, limits);
    assert_ne!(mv, "h8h7");
}
