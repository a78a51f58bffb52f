//! The `Strategy` option's players, through the library: each answers with a legal move
//! within its limits, the baselines do what their names promise, and the Monte-Carlo players
//! see a win in one.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tablero::games::GameKind;
use tablero::search::{Info, Limits, Score, SearchThreads, Settings, Strategy, TranspositionTable};
use tablero::session::AnyGame;
use tablero::session::SearchOrder;

fn start(kind: GameKind) -> AnyGame {
    AnyGame::start(kind, kind.default_size()).expect("every game has a start position")
}

/// The move `strategy` chooses in `game` within `limits`, with the info lines it reported.
fn choose(game: &mut AnyGame, strategy: Strategy, limits: Limits) -> (Option<String>, Vec<Info>) {
    let order = SearchOrder {
        limits,
        settings: Settings {
            strategy,
            ..Settings::default()
        },
        searchmoves: Vec::new(),
    };
    let mut infos = Vec::new();
    let mut tt = TranspositionTable::new(1);
    let mut threads = SearchThreads::new();
    let never = AtomicBool::new(false);
    let best = game.search(&order, &mut tt, &mut threads, &never, &mut |info| {
        infos.push(info.clone())
    });
    (best, infos)
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

#[test]
fn every_strategy_plays_a_legal_move_in_every_game() {
    for kind in GameKind::ALL {
        for strategy in Strategy::ALL {
            let mut game = start(kind);
            let legal = game.legal_moves();
            let (best, _) = choose(&mut game, strategy, nodes(20_000));
            let best = best.unwrap_or_else(|| panic!("{kind} {strategy}: no move"));
            assert!(legal.contains(&best), "{kind} {strategy}: {best}");
            assert_eq!(
                game.legal_moves(),
                legal,
                "{kind} {strategy}: state changed"
            );
        }
    }
}

/// X (North) to move ticks b1 on South's row and wins at once; any other move lets O win.
const CROSSJACK_WIN_IN_ONE: &str = "1x1/1x1/o1o x";

#[test]
fn greedy_and_monte_carlo_take_a_win_in_one() {
    for strategy in [Strategy::Greedy, Strategy::Mcts, Strategy::Search] {
        let mut game = AnyGame::from_fen(GameKind::CrossJack, CROSSJACK_WIN_IN_ONE).unwrap();
        let (best, _) = choose(&mut game, strategy, nodes(50_000));
        assert_eq!(best.as_deref(), Some("b1"), "{strategy}");
    }
}

#[test]
fn random_play_varies_from_one_search_to_the_next() {
    let mut game = start(GameKind::JcShock);
    let order = SearchOrder {
        limits: Limits {
            depth: Some(1),
            ..Limits::default()
        },
        settings: Settings {
            strategy: Strategy::Random,
            ..Settings::default()
        },
        searchmoves: Vec::new(),
    };
    let mut tt = TranspositionTable::new(1);
    let mut threads = SearchThreads::new();
    let never = AtomicBool::new(false);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..20 {
        seen.insert(game.search(&order, &mut tt, &mut threads, &never, &mut |_| {}));
    }
    assert!(seen.len() > 5, "{seen:?}");
}

#[test]
fn monte_carlo_respects_the_node_limit_and_reports_its_line() {
    let mut game = start(GameKind::JcShock);
    let (_, infos) = choose(&mut game, Strategy::Mcts, nodes(30_000));
    let last = infos.last().expect("a final info line");
    // One playout may overrun the limit by at most a game's length.
    assert!(
        last.nodes >= 30_000 && last.nodes <= 30_000 + 64,
        "{}",
        last.nodes
    );
    assert!(!last.pv.is_empty());
}

#[test]
fn monte_carlo_at_depth_n_plays_n_thousand_playouts_and_stops() {
    let mut game = start(GameKind::CrossJack);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let started = Instant::now();
    let (best, infos) = choose(&mut game, Strategy::Mcts, limits);
    assert!(best.is_some());
    assert!(started.elapsed() < Duration::from_secs(20));
    // Every playout of the opening visits at least the tree step and one playout ply.
    assert!(infos.last().is_some_and(|i| i.nodes >= 2_000));
}

#[test]
fn monte_carlo_keeps_to_its_movetime() {
    let mut game = start(GameKind::Crossings);
    let limits = Limits {
        movetime: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let started = Instant::now();
    let (best, _) = choose(&mut game, Strategy::Mcts, limits);
    assert!(best.is_some());
    let spent = started.elapsed();
    assert!(spent >= Duration::from_millis(150), "{spent:?}");
    assert!(spent < Duration::from_millis(1500), "{spent:?}");
}

/// JC Shock's `search` reports like one search going deeper: its endgame solver, whose
/// depths are on another scale than Monte-Carlo's, stays silent unless it proves a win.
#[test]
fn jcshock_search_depths_never_go_back() {
    let mut game = start(GameKind::JcShock);
    let (_, infos) = choose(&mut game, Strategy::Search, nodes(400_000));
    assert!(!infos.is_empty());
    assert!(
        infos.windows(2).all(|pair| pair[0].depth <= pair[1].depth),
        "{:?}",
        infos.iter().map(|i| i.depth).collect::<Vec<_>>()
    );
}

/// Eight plies before the end White is lost; the endgame solver proves it, and the proven
/// score is the one reported.
const JCSHOCK_LOST_IN_FOUR: &str =
    "1oo3xx/oxoxoox1/oxxxoxo1/xxoooxxo/xoxooxxo/xxoxxxox/1oxxooo1/1oxooxo1 o";

/// JC Shock's `search` with 400,000 nodes, of which the endgame solver may use half.
const JCSHOCK_NODES: u64 = 400_000;

#[test]
fn jcshock_search_reports_a_proven_endgame_as_mate() {
    let mut game = AnyGame::from_fen(GameKind::JcShock, JCSHOCK_LOST_IN_FOUR).unwrap();
    let (best, infos) = choose(&mut game, Strategy::Search, nodes(JCSHOCK_NODES));
    let last = infos.last().expect("a final info line");
    assert_eq!(last.score, Score::Mate(-4));
    assert_eq!(last.pv.first(), best.as_ref());
    assert!(infos
        .iter()
        .all(|info| matches!(info.score, Score::Mate(_))));
}

/// Every move of a proven loss loses against best play, so the playouts choose among them
/// the one that leaves a fallible opponent the most ways to go wrong: they get the budget
/// that the proof left, and the reports count the proof's nodes with theirs, so the last
/// one shows the whole limit spent (a playout may run a few plies past it).
#[test]
fn jcshock_search_plays_a_proven_loss_by_playouts() {
    let mut game = AnyGame::from_fen(GameKind::JcShock, JCSHOCK_LOST_IN_FOUR).unwrap();
    let (_, infos) = choose(&mut game, Strategy::Search, nodes(JCSHOCK_NODES));
    let last = infos.last().expect("a final info line");
    assert!(
        (JCSHOCK_NODES..JCSHOCK_NODES + 100).contains(&last.nodes),
        "solver and playouts searched {} nodes",
        last.nodes
    );
}

/// A proven win is played at once, by the proof's line.
#[test]
fn jcshock_search_plays_a_proven_win_by_the_proof() {
    let mut game = AnyGame::from_fen(GameKind::JcShock, JCSHOCK_LOST_IN_FOUR).unwrap();
    let white = game.legal_moves()[0].clone();
    game.play(&white).expect("a legal move");
    let (best, infos) = choose(&mut game, Strategy::Search, nodes(JCSHOCK_NODES));
    let last = infos.last().expect("a final info line");
    assert!(
        matches!(last.score, Score::Mate(moves) if moves > 0),
        "{last:?}"
    );
    assert_eq!(last.pv.first(), best.as_ref());
    assert!(last.nodes <= JCSHOCK_NODES / 2, "{} nodes", last.nodes);
}
