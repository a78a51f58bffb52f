//! The search in Crossings positions where it used to go wrong, with fixed depths and node
//! limits so that the results do not depend on the machine's speed.

use std::sync::atomic::AtomicBool;

use tablero::games::crossings::Crossings;
use tablero::games::{Game, GameState};
use tablero::search::{in_fresh_context, search, Info, Limits, Request, Score, TranspositionTable};

/// The position it went wrong in: Black to move, and `h8h7` walks into a two-move crossing
/// threat.
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
    let mv = in_fresh_context(&mut tt, &stop, |context| {
        search(state, &Request::of(&limits), context, &mut |info| {
            last = Some(info.clone())
        })
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
    // 150,000 nodes: a tenth of a second at the search's 1.5 M nodes/s; the pruning trades
    // nodes for depth, and this threat is found at depth 7.
    let mut state = after(THREATENED);
    let limits = Limits {
        nodes: Some(150_000),
        ..Limits::default()
    };
    let (mv, _) = best(&mut state, limits);
    assert_ne!(mv, "h8h7");
}

/// The scores of every completed depth from 1 to `depth`.
fn scores_by_depth(state: &mut GameState<Crossings>, depth: u32) -> Vec<i32> {
    let mut tt = TranspositionTable::new(16);
    let stop = AtomicBool::new(false);
    let mut scores = Vec::new();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    in_fresh_context(&mut tt, &stop, |context| {
        search(state, &Request::of(&limits), context, &mut |info| {
            if let Score::Centipawns(cp) = info.score {
                scores.push(cp);
            }
        })
    })
    .expect("the game goes on");
    scores
}

#[test]
fn scores_do_not_swing_between_odd_and_even_depths() {
    // Without the side to move's tempo the odd depths (ending on the searching side's move)
    // scored about 70 cp above the even ones.
    let mut swing = 0;
    let mut steps = 0;
    for line in ["", "e1e3 g7h6", "b1d3 b8d6 e2f3", THREATENED] {
        let scores = scores_by_depth(&mut after(line), 7);
        // `pair` holds the scores of depths `index + 1` and `index + 2`, from depth 2 on.
        for (index, pair) in scores.windows(2).enumerate().skip(1) {
            let odd_minus_even = if (index + 2) % 2 == 1 {
                pair[1] - pair[0]
            } else {
                pair[0] - pair[1]
            };
            swing += odd_minus_even;
            steps += 1;
        }
    }
    assert!(steps >= 16, "{steps} depth pairs compared");
    assert!(
        swing.abs() < 30 * steps,
        "mean odd-even swing {} cp",
        swing / steps
    );
}

#[test]
fn the_null_move_is_the_pass_except_facing_a_crossing() {
    use tablero::games::SearchHints;
    let start = Crossings::start(Crossings::default_size()).unwrap();
    let pass = start.null_move().map(|mv| start.format_move(mv));
    assert_eq!(pass.as_deref(), Some("0000"), "the pass");
    let facing = Crossings::from_fen("r7/8/8/8/8/8/b7/8 b").unwrap();
    assert!(facing.is_forcing(), "Red's stone on a8 has crossed");
    assert_eq!(facing.null_move(), None);
}
