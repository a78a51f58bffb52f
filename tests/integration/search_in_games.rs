//! The searcher on the real games: the move played is the one the reports explain, tight
//! limits still give a searched move, and a solved game tree stops deepening.

use std::sync::atomic::AtomicBool;

use tablero::games::crossings::Crossings;
use tablero::games::crossjack::CrossJack;
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, Game, GameState, SearchHints, MAX_MOVES};
use tablero::search::{
    best_move, in_fresh_context, search, Info, Limits, Request, Score, TranspositionTable,
};

/// Searches `state` within `limits` with a fresh table: the best move in notation and the
/// reports.
fn run<G: SearchHints>(state: &mut GameState<G>, limits: &Limits) -> (Option<String>, Vec<Info>) {
    let mut tt = TranspositionTable::new(4);
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let best = in_fresh_context(&mut tt, &stop, |context| {
        search(state, &Request::of(limits), context, &mut |info| {
            infos.push(info.clone())
        })
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
fn last_line_explains_the_move<G: SearchHints>(state: &mut GameState<G>, limits: &[u64]) -> usize {
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
    // A draw (the rules: docs/rules.md), shown as one although the search values it
    // below nothing.
    assert_eq!(last.score, Score::Centipawns(0));
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
    assert_eq!(state.position().expected_own_moves_left(), Some(3));
}

/// The first JC Shock 8x8 position `plies_left` plies before the end (reached by
/// [`after_moves`]) whose value alpha-beta proves to be a draw.
fn jcshock_proven_draw(plies_left: usize) -> Option<GameState<JcShock>> {
    (1..400)
        .map(|pick| after_moves(start::<JcShock>(8), 62 - plies_left, pick))
        .find(|state| proven_draw(state) && some_move_loses(state))
}

/// Whether the search proves `state` a draw.
fn proven_draw(state: &GameState<JcShock>) -> bool {
    let (_, infos) = run(&mut state.clone(), &depth(60));
    let plies_left = state.position().plies_left().unwrap_or(0);
    infos
        .last()
        .is_some_and(|info| info.score == Score::Centipawns(0) && info.depth <= plies_left)
}

/// Whether one of the moves in `state` loses: the search proves a win for the opponent after
/// it.
fn some_move_loses(state: &GameState<JcShock>) -> bool {
    let mut moves = Vec::with_capacity(MAX_MOVES);
    state.generate_moves(&mut moves);
    moves.iter().any(|&mv| {
        let mut after = state.clone();
        after.make(mv);
        let (_, infos) = run(&mut after, &depth(60));
        infos
            .last()
            .is_some_and(|info| matches!(info.score, Score::Mate(moves) if moves > 0))
    })
}

/// A proven draw keeps the drawing moves only (here some move loses), among which the
/// playouts choose the one that leaves a fallible opponent the most ways to go wrong; the
/// reports carry the proven draw.
#[test]
fn jcshock_plays_a_proven_draw_by_playouts_among_the_drawing_moves() {
    let mut state = jcshock_proven_draw(4).expect("a drawn ending");
    let mut tt = TranspositionTable::new(4);
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let limits = nodes(20_000);
    let best = in_fresh_context(&mut tt, &stop, |context| {
        best_move(&mut state, &Request::of(&limits), context, &mut |info| {
            infos.push(info.clone())
        })
    })
    .expect("moves to play");
    let last = infos.last().expect("a report");
    assert_eq!(last.score, Score::Centipawns(0));
    assert!(
        last.nodes > 20_000 / 4,
        "playouts searched {} nodes",
        last.nodes
    );
    state.make(best);
    let (_, after) = run(&mut state, &depth(60));
    assert_eq!(
        after.last().map(|info| &info.score),
        Some(&Score::Centipawns(0)),
        "the move played keeps the draw"
    );
}

/// Cross-Jack values a draw below nothing for the side it plays: O, one tick behind in the
/// race but with five ticks to spare before X can reach h1, goes on instead of filling h1,
/// which would end the game drawn at once (the blockade); an objective search took that draw.
#[test]
fn crossjack_goes_on_while_its_blockade_can_wait() {
    let fen = "xxxxxx2/xx6/8/8/8/8/8/ooooooo1 o";
    let mut state = GameState::new(CrossJack::from_fen(fen).expect("a valid position"));
    let (best, _) = run(&mut state, &depth(6));
    assert_ne!(best.as_deref(), Some("h1"));
}

/// When the race leaves no tick to spare, the draw stays in hand: X (d8, f8, f7) is six
/// ticks from rank 1, and whatever O plays, X has no forced win after it.
#[test]
fn crossjack_keeps_the_draw_in_hand_when_the_race_is_tight() {
    let fen = "3x1x2/5x2/8/8/8/8/8/oo6 o";
    let mut state = GameState::new(CrossJack::from_fen(fen).expect("a valid position"));
    let (best, _) = run(&mut state, &depth(11));
    let best = best.expect("a move");
    let mv = state.position().parse_move(&best).expect("a legal move");
    state.make(mv);
    let (_, infos) = run(&mut state, &depth(12));
    let score = &infos.last().expect("a report").score;
    assert!(
        !matches!(score, Score::Mate(moves) if *moves > 0),
        "{best}: X {score:?}"
    );
}

/// A Cross-Jack position the search once misplayed (`position startpos moves f8 a1 d8 b1
/// f7`), O to move.
const CROSSJACK_ISSUE_8: &str = "3x1x2/5x2/8/8/8/8/8/oo6 o";

/// The best move of a fixed-depth search of `fen` and the last score it reported.
fn crossjack_to_depth(fen: &str, depth: u32) -> (String, Score) {
    let mut state = GameState::new(CrossJack::from_fen(fen).expect("a valid position"));
    let (best, infos) = run(&mut state, &self::depth(depth));
    let score = infos.last().map_or(Score::Centipawns(0), |info| info.score);
    (best.expect("the game is not over"), score)
}

#[test]
fn crossjack_issue_8_at_depth_9_o_blocks_instead_of_racing() {
    // Racing with a2 loses (mate 6 for X).
    let (best, _) = crossjack_to_depth(CROSSJACK_ISSUE_8, 9);
    assert_ne!(best, "a2");
    // The move chosen holds: X finds no forced win after it.
    let mut after = CrossJack::from_fen(CROSSJACK_ISSUE_8).expect("a valid position");
    after.play(after.parse_move(&best).expect("a legal move"));
    let (_, score) = crossjack_to_depth(&after.fen(), 11);
    assert!(
        !matches!(score, Score::Mate(n) if n > 0),
        "{best}: {score:?}"
    );
}
