//! The Monte-Carlo tree's tests, on JC Shock.

use std::sync::atomic::AtomicBool;

use super::rave::{mark_key, marked_before, result_for};
use super::report::win_rate_to_centipawns;
use super::*;
use crate::games::jcshock::JcShock;
use crate::games::{BoardSize, Game, Player, RaveSchedule, SearchStyle, Status};
use crate::search::control::Control;
use crate::search::rng::Rng;

/// JC Shock's tree policy, the one `search` plays it with.
fn strong() -> TreePolicy {
    match <JcShock as SearchHints>::SEARCH_STYLE {
        SearchStyle::Playouts(tuning) => tuning.tree,
        SearchStyle::AlphaBeta(_) => unreachable!("JC Shock is played by playouts"),
    }
}

/// Runs `tree` for `playouts` playouts from the current position of `state`.
fn grow(tree: &mut Mcts<JcShock>, state: &mut GameState<JcShock>, playouts: u64) {
    grow_as(tree, state, playouts, false);
}

/// [`grow`], as a long search or not ([`RunTerms::long`]).
fn grow_as(tree: &mut Mcts<JcShock>, state: &mut GameState<JcShock>, playouts: u64, long: bool) {
    let never = AtomicBool::new(false);
    let mut run = RunTerms {
        control: Control::new(&never, None, None),
        time: None,
        playouts: Some(playouts),
        report: &mut |_| {},
        lines: 1,
        long,
    };
    tree.run(state, &mut run);
}

#[test]
fn a_long_search_explores_by_the_long_exploration_constant() {
    // Greedy when short, nearly uniform when long: the least visited root move tells.
    let config = TreePolicy {
        exploration: 0.0,
        long_exploration: 10.0,
        ..PLAIN_UCT
    };
    let least_visited = |long| {
        let mut tree = Mcts::new(config, 1);
        grow_as(&mut tree, &mut jcshock(), 4000, long);
        tree.root_visits().map(|(_, visits)| visits).min()
    };
    let (short, long) = (least_visited(false), least_visited(true));
    assert_eq!(
        short,
        Some(1),
        "exploration 0 tries each move once, then the best"
    );
    assert!(long > Some(100), "{long:?}: 4,000 playouts over 25 moves");
}

fn jcshock() -> GameState<JcShock> {
    GameState::new(JcShock::start(BoardSize::square(5)).unwrap())
}

#[test]
fn multipv_reports_the_most_visited_root_moves_first_and_line_one_is_the_move() {
    let never = AtomicBool::new(false);
    let mut infos = Vec::new();
    let mut state = jcshock();
    let mut tree = Mcts::<JcShock>::new(PLAIN_UCT, 7);
    let mut run = RunTerms {
        control: Control::new(&never, None, None),
        time: None,
        playouts: Some(3000),
        report: &mut |info| infos.push(info.clone()),
        lines: 3,
        long: false,
    };
    let best = tree.run(&mut state, &mut run);
    let last = &infos[infos.len() - 3..];
    let ranks: Vec<Option<u32>> = last.iter().map(|info| info.multipv).collect();
    assert_eq!(ranks, [Some(1), Some(2), Some(3)]);
    let best = best.map(|mv| state.position().format_move(mv));
    assert_eq!(last[0].pv.first(), best.as_ref());
    let root = &tree.nodes[0];
    let visits = |text: &String| {
        root.child_range()
            .find(|&c| {
                tree.nodes[c]
                    .mv
                    .map(|mv| state.position().format_move(mv))
                    .as_ref()
                    == Some(text)
            })
            .map(|c| tree.nodes[c].visits)
    };
    let counts: Vec<Option<u32>> = last.iter().map(|info| visits(&info.pv[0])).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let most = root.child_range().map(|c| tree.nodes[c].visits).max();
    assert_eq!(counts[0], most);
}

#[test]
fn a_reused_tree_starts_from_what_it_learnt_two_plies_ago() {
    let mut state = jcshock();
    let mut tree = Mcts::new(strong(), 1);
    grow(&mut tree, &mut state, 3000);
    let first = tree.best_child(0).unwrap();
    let reply = tree.best_child(first).unwrap();
    let known = tree.nodes[reply].visits;
    assert!(known > 1);
    state.make(tree.nodes[first].mv.unwrap());
    state.make(tree.nodes[reply].mv.unwrap());
    grow(&mut tree, &mut state, 1);
    assert_eq!(tree.nodes[0].visits, known + 1);
}

#[test]
fn selection_reads_each_move_at_the_rave_mix_of_its_counts() {
    let mut state = jcshock();
    let mut tree = Mcts::new(strong(), 5);
    grow(&mut tree, &mut state, 4000);
    // A kept tree too: its nodes are copied to a new root.
    for text in ["d4", "e5"] {
        let mv = state.position().parse_move(text).unwrap();
        state.make(mv);
    }
    grow(&mut tree, &mut state, 2000);
    let stale = tree
        .nodes
        .iter()
        .filter(|n| n.rave.to_bits() != tree.weights.rave_value(n).to_bits())
        .count();
    assert_eq!(stale, 0, "of {} nodes", tree.nodes.len());
    assert!(tree
        .nodes
        .iter()
        .any(|n| n.visits > 0 && n.amaf_visits > n.visits));
}

#[test]
fn a_reused_tree_starts_from_the_most_visited_node_of_its_position() {
    let mut state = jcshock();
    let mut tree = Mcts::new(strong(), 1);
    grow(&mut tree, &mut state, 3000);
    let start = state.position().clone();
    let after = |moves: [&str; 2]| {
        let (mut position, mut node) = (start.clone(), 0);
        for text in moves {
            let mv = position.parse_move(text).unwrap();
            let mut children = tree.nodes[node].child_range();
            node = children.find(|&c| tree.nodes[c].mv == Some(mv)).unwrap();
            position.play(mv);
        }
        (position, node)
    };
    // Black's a3 pulls White's a1 up to a2: the position of a2 then a3.
    let (pulled, pulled_node) = after(["a1", "a3"]);
    let (placed, placed_node) = after(["a2", "a3"]);
    assert_eq!(pulled, placed);
    // The node found first (a1 comes before a2) is the less visited.
    tree.nodes[pulled_node].visits = 7;
    tree.nodes[placed_node].visits = 500;
    for text in ["a2", "a3"] {
        let mv = state.position().parse_move(text).unwrap();
        state.make(mv);
    }
    grow(&mut tree, &mut state, 1);
    assert!(tree.nodes[0].visits > 500, "{}", tree.nodes[0].visits);
}

#[test]
fn a_leaf_gets_children_only_after_enough_playouts() {
    let mut state = jcshock();
    let mut tree = Mcts::new(strong(), 3);
    grow(&mut tree, &mut state, 5000);
    let expand_after = strong().expand_after;
    assert!(expand_after > 1);
    let inner = &tree.nodes[1..];
    assert!(inner.iter().any(|n| n.expanded), "the tree grew");
    // A node's visit count includes the playout that expanded it.
    assert!(inner
        .iter()
        .filter(|n| n.expanded)
        .all(|n| n.visits > expand_after));
    assert!(inner
        .iter()
        .any(|n| !n.expanded && (1..expand_after).contains(&n.visits)));
}

#[test]
fn a_banned_root_move_is_neither_explored_nor_played() {
    let mut state = jcshock();
    let mut free = Mcts::new(strong(), 1);
    grow(&mut free, &mut state, 2000);
    let favourite = free.best_child(0).and_then(|c| free.nodes[c].mv).unwrap();
    let mut tree = Mcts::new(strong(), 1);
    tree.ban_at_root(&[favourite]);
    grow(&mut tree, &mut state, 2000);
    let root = tree.nodes[0];
    let children = &tree.nodes[root.child_range()];
    let banned = children.iter().find(|c| c.mv == Some(favourite)).unwrap();
    assert_eq!(banned.visits, 0);
    assert!(children
        .iter()
        .filter(|c| c.mv != Some(favourite))
        .all(|c| c.visits > 0));
    let best = tree.best_child(0).and_then(|c| tree.nodes[c].mv);
    assert!(best.is_some_and(|mv| mv != favourite));
    let reported: Vec<_> = tree.root_visits().map(|(mv, _)| mv).collect();
    assert!(
        !reported.contains(&favourite),
        "nor given to the votes of other trees"
    );
}

#[test]
fn a_plain_tree_starts_afresh() {
    let mut state = jcshock();
    let mut tree = Mcts::new(PLAIN_UCT, 1);
    grow(&mut tree, &mut state, 3000);
    let first = tree.best_child(0).unwrap();
    let reply = tree.best_child(first).unwrap();
    state.make(tree.nodes[first].mv.unwrap());
    state.make(tree.nodes[reply].mv.unwrap());
    let children = state.position().count_moves() as u64;
    grow(&mut tree, &mut state, 1);
    // One playout per root move at least, and nothing from before.
    assert_eq!(u64::from(tree.nodes[0].visits), children);
}

#[test]
fn a_position_not_in_the_tree_starts_afresh() {
    let mut state = jcshock();
    let mut tree = Mcts::new(strong(), 1);
    grow(&mut tree, &mut state, 500);
    let mut moves = Vec::new();
    state.generate_moves(&mut moves);
    for &mv in &moves[..3] {
        state.make(mv);
    }
    grow(&mut tree, &mut state, 1);
    assert_eq!(
        u64::from(tree.nodes[0].visits),
        state.position().count_moves() as u64
    );
}

/// A tree of `config` that has run once on `state`, its MAST and pair tables emptied.
fn tables_emptied(config: TreePolicy, state: &mut GameState<JcShock>) -> Mcts<JcShock> {
    let mut tree = Mcts::new(config, 1);
    grow(&mut tree, state, 1);
    for table in tree.mast.iter_mut().chain(tree.pairs.iter_mut()) {
        table.fill((0.0, 0.0));
    }
    tree.line.clear();
    tree
}

#[test]
fn a_playout_move_is_valued_by_its_pair_with_the_move_before() {
    let mut state = jcshock();
    let mut tree = tables_emptied(strong(), &mut state);
    let position = state.position().clone();
    let mut moves = Vec::new();
    state.generate_moves(&mut moves);
    let (good, bad) = (moves[0], moves[1]);
    let before = position.move_code(moves[2]);
    let codes = position.move_codes();
    let mover = position.side_to_move();
    let table = &mut tree.pairs[mover.index()];
    table[before * codes + position.move_code(good)] = (9.0, 10.0);
    table[before * codes + position.move_code(bad)] = (1.0, 10.0);
    let value = |tree: &Mcts<JcShock>, mv| tree.playout_value(&position, mv);
    assert_eq!(value(&tree, good), value(&tree, bad), "no move before");
    tree.line.push((before, mover.opponent()));
    assert!(value(&tree, good) > value(&tree, bad));
    tree.line[0].0 = position.move_code(moves[3]);
    assert_eq!(
        value(&tree, good),
        value(&tree, bad),
        "after another move, neither pair has been played"
    );
}

#[test]
fn mast_chooses_only_its_share_of_the_playout_moves() {
    let mut state = jcshock();
    let mut picks_of_the_best = |share: f64| {
        let config = TreePolicy {
            mast_share: share,
            pairs: 0.0,
            ..strong()
        };
        let mut tree = tables_emptied(config, &mut state);
        let position = state.position().clone();
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let best = moves[5];
        let mover = position.side_to_move().index();
        tree.mast[mover][position.move_code(best)] = (100.0, 100.0);
        (0..20_000)
            .filter(|_| tree.playout_move(&position) == Some(best))
            .count()
    };
    // Among the 25 moves of 5×5: a uniform pick finds the best 1/25 of the time (800 of
    // 20,000), the better of two 2/25 − 1/25² (1,568), half and half about 1,184.
    let (never, half, always) = (
        picks_of_the_best(0.0),
        picks_of_the_best(0.5),
        picks_of_the_best(1.0),
    );
    assert!((650..950).contains(&never), "{never}");
    assert!((1050..1320).contains(&half), "{half}");
    assert!((1420..1720).contains(&always), "{always}");
}

#[test]
fn pairs_are_off_in_plain_uct_and_without_a_weight() {
    let mut state = jcshock();
    let plain = tables_emptied(PLAIN_UCT, &mut state);
    assert!(plain.pairs.iter().all(Vec::is_empty));
    let alone = TreePolicy {
        pairs: 0.0,
        ..strong()
    };
    let tree = tables_emptied(alone, &mut state);
    assert!(!tree.mast[0].is_empty() && tree.pairs.iter().all(Vec::is_empty));
}

#[test]
fn each_pair_of_consecutive_moves_is_credited_to_the_second_mover() {
    let mut state = jcshock();
    let mut tree = tables_emptied(strong(), &mut state);
    let codes = state.position().move_codes();
    let (one, two) = (Player::One, Player::Two);
    tree.line.extend([(3, one), (7, two), (2, one)]);
    tree.credit_mast(Status::Won(two));
    assert_eq!(tree.pairs[two.index()][3 * codes + 7], (1.0, 1.0));
    assert_eq!(tree.pairs[one.index()][7 * codes + 2], (0.0, 1.0));
    let credited: f32 = tree.pairs.iter().flatten().map(|&(_, visits)| visits).sum();
    assert_eq!(credited, 2.0, "only the two pairs of the line");
    assert_eq!(tree.mast[one.index()][3], (0.0, 1.0));
}

/// The all-moves-as-first visits each root child gets from one iteration whose line,
/// all of it played out below the root, is `line`, with RAVE counting `window` plies.
fn amaf_credit_of(window: usize, line: &[(usize, Player)]) -> Vec<(usize, u32)> {
    let mut state = jcshock();
    let config = TreePolicy {
        amaf_window: window,
        ..strong()
    };
    let mut tree = Mcts::new(config, 1);
    grow(&mut tree, &mut state, 1);
    let before: Vec<u32> = tree.nodes.iter().map(|n| n.amaf_visits).collect();
    tree.path.clear();
    tree.path.push(0);
    tree.movers.clear();
    tree.movers.push(state.position().side_to_move());
    tree.line.clear();
    tree.line.extend_from_slice(line);
    tree.back_up(Status::Draw);
    let root = tree.nodes[0];
    root.child_range()
        .filter(|&c| tree.nodes[c].amaf_visits > before[c])
        .map(|c| {
            (
                tree.nodes[c].code as usize,
                tree.nodes[c].amaf_visits - before[c],
            )
        })
        .collect()
}

#[test]
fn rave_counts_a_move_only_within_its_window_after_the_node() {
    let (one, two) = (Player::One, Player::Two);
    // Player one moves first on 5×5 and plays codes 3, 9 and 12, plies 0, 2 and 4.
    let line = [(3, one), (4, two), (9, one), (5, two), (12, one)];
    assert_eq!(amaf_credit_of(4, &line), [(3, 1), (9, 1)]);
    assert_eq!(amaf_credit_of(usize::MAX, &line), [(3, 1), (9, 1), (12, 1)]);
    assert_eq!(amaf_credit_of(1, &line), [(3, 1)]);
}

#[test]
fn a_move_played_twice_counts_from_its_earliest_play() {
    let (one, two) = (Player::One, Player::Two);
    let line = [(3, one), (4, two), (9, one), (5, two), (3, one)];
    assert_eq!(amaf_credit_of(2, &line), [(3, 1)], "once, from ply 0");
    let late = [(9, one), (4, two), (3, one), (5, two), (3, one)];
    assert_eq!(amaf_credit_of(2, &late), [(9, 1)], "first played at ply 2");
}

#[test]
fn a_mark_of_an_earlier_iteration_never_counts() {
    let whole_game = usize::MAX;
    for (iteration, ply) in [(1, 0), (7, 3), (7, u32::MAX as usize), (u32::MAX - 1, 5)] {
        let key = mark_key(iteration, ply);
        assert!(marked_before(key, iteration, ply + 1));
        assert!(
            !marked_before(key, iteration, ply),
            "ply {ply} is past the horizon"
        );
        assert!(!marked_before(key, iteration + 1, whole_game));
    }
    assert!(!marked_before(0, 1, whole_game), "a mark never set");
}

#[test]
fn an_even_win_rate_is_zero_and_the_scale_is_symmetric() {
    assert_eq!(win_rate_to_centipawns(0.5), 0);
    assert_eq!(win_rate_to_centipawns(0.75), 191);
    assert_eq!(win_rate_to_centipawns(0.25), -191);
}

#[test]
fn results_are_counted_for_the_mover() {
    assert_eq!(result_for(Status::Won(Player::One), Player::One), 1.0);
    assert_eq!(result_for(Status::Won(Player::One), Player::Two), 0.0);
    assert_eq!(result_for(Status::Draw, Player::Two), 0.5);
}

/// How good the end `status` is for `player`: 2 a win, 1 a draw, 0 a loss.
fn worth(status: Status, player: Player) -> u8 {
    match status {
        Status::Won(winner) if winner == player => 2,
        Status::Won(_) => 0,
        _ => 1,
    }
}

/// How good the end of `position`'s game, `plies` plies away, is for its mover when both
/// sides play their best moves.
fn best_outcome(position: &JcShock, plies: u32) -> u8 {
    let mover = position.side_to_move();
    if plies == 0 {
        return worth(position.status(), mover);
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let answered = moves.iter().map(|&mv| {
        let mut after = position.clone();
        after.play(mv);
        2 - best_outcome(&after, plies - 1)
    });
    answered.max().unwrap_or(worth(position.status(), mover))
}

#[test]
fn a_playout_plays_its_last_plies_perfectly() {
    let tail = strong().exact_tail;
    assert!(tail >= 2, "JC Shock's playouts end with an exact tail");
    let mut rng = Rng::new(1);
    let positions: Vec<JcShock> = (0..40)
        .map(|_| super::super::solver::random_ending(4, tail as u32, &mut rng))
        .collect();
    let mut perfect = Mcts::<JcShock>::new(strong(), 5);
    let mut random = Mcts::<JcShock>::new(PLAIN_UCT, 5);
    let mut random_endings_differ = false;
    for position in &positions {
        let mover = position.side_to_move();
        let best = best_outcome(position, tail as u32);
        for _ in 0..10 {
            let visited = perfect.visited;
            let perfect_end = perfect.fixed_length_playout(position, tail);
            assert_eq!(worth(perfect_end, mover), best);
            assert_eq!(
                perfect.visited - visited,
                tail as u64,
                "the line's plies, not the lookahead"
            );
            let random_end = random.fixed_length_playout(position, tail);
            random_endings_differ |= worth(random_end, mover) != best;
        }
    }
    assert_eq!(PLAIN_UCT.exact_tail, 0);
    assert!(
        random_endings_differ,
        "no position where random endings go wrong"
    );
}

/// Whether two weights are equal but for rounding.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn rave_of_least_error_weighs_the_two_means_by_their_counts_until_own_visits_add_up() {
    let weights = weights::Weights::new(Some(RaveSchedule::MinimumError(0.01)));
    assert!(
        close(weights.beta(10, 10), 10.0 / 21.0),
        "few visits: by count"
    );
    assert!(
        (weights.beta(100, 1_000_000) - 0.5).abs() < 1e-3,
        "many AMAF visits: half at 1 / 4b² own visits"
    );
    assert!(weights.beta(200, 1000) < weights.beta(100, 1000));
    assert!(weights.beta(100, 2000) > weights.beta(100, 1000));
}

#[test]
fn rave_of_equivalence_weighs_the_two_means_alike_after_k_own_visits() {
    let weights = weights::Weights::new(Some(RaveSchedule::Equivalence(600.0)));
    assert!(close(weights.beta(600, 5), 0.5));
    assert!(
        close(weights.beta(600, 50_000), 0.5),
        "whatever the AMAF visits"
    );
    assert!(close(weights.beta(10_000, 5), (600.0f64 / 30_600.0).sqrt()));
}

/// Every solved node below the root of `tree` (whose position is `position`): its position,
/// its result and whether it has children.
fn solved_nodes(tree: &Mcts<JcShock>, position: &JcShock) -> Vec<(JcShock, Status, bool)> {
    let mut solved = Vec::new();
    let mut stack = vec![(0usize, position.clone())];
    while let Some((node, at)) = stack.pop() {
        let n = tree.nodes[node];
        if node != 0 && n.solved.is_over() {
            solved.push((at.clone(), n.solved, n.expanded));
        }
        for child in n.child_range() {
            let mut next = at.clone();
            next.play(tree.nodes[child].mv.expect("children have moves"));
            stack.push((child, next));
        }
    }
    solved
}

/// JC Shock's tree policy solving nodes within 4 plies of the end after `expand_after`
/// playouts.
fn solving_within_4(expand_after: u32) -> TreePolicy {
    TreePolicy {
        solved_within: 4,
        expand_after,
        ..strong()
    }
}

#[test]
fn a_node_near_the_end_holds_the_result_of_best_play_once_solved() {
    let config = solving_within_4(2);
    let mut rng = Rng::new(3);
    let (mut leaves, mut interior) = (0, 0);
    for _ in 0..6 {
        let position = super::super::solver::random_ending(5, 8, &mut rng);
        let mut tree = Mcts::new(config, 9);
        grow(&mut tree, &mut GameState::new(position.clone()), 20_000);
        for (at, status, has_children) in solved_nodes(&tree, &position) {
            let plies = at.plies_left().expect("JC Shock has fixed length");
            if has_children {
                interior += 1;
            } else {
                assert!(plies <= 4, "a leaf {plies} plies from the end was solved");
                leaves += 1;
            }
            assert_eq!(
                worth(status, at.side_to_move()),
                best_outcome(&at, plies),
                "{at:?}"
            );
        }
    }
    assert!(leaves > 100, "{leaves} leaves solved");
    assert!(
        interior > 10,
        "{interior} proofs passed up to nodes with children"
    );
}

#[test]
fn a_kept_root_that_was_solved_below_the_last_root_is_searched_again() {
    let config = solving_within_4(1);
    let mut rng = Rng::new(4);
    let position = super::super::solver::random_ending(5, 6, &mut rng);
    let mut state = GameState::new(position);
    let mut tree = Mcts::new(config, 2);
    grow(&mut tree, &mut state, 5_000);
    let first = tree.best_child(0).unwrap();
    let grandchild = tree.nodes[first].child_range().start;
    assert!(tree.nodes[grandchild].solved.is_over(), "the premise");
    state.make(tree.nodes[first].mv.unwrap());
    state.make(tree.nodes[grandchild].mv.unwrap());
    grow(&mut tree, &mut state, 500);
    assert!(!tree.nodes[0].solved.is_over());
    assert!(tree.nodes[0].visits >= 500, "the kept root was searched");
    assert!(tree.best_child(0).is_some());
}

#[test]
fn plain_uct_solves_no_node() {
    assert_eq!(PLAIN_UCT.solved_within, 0);
    let mut rng = Rng::new(5);
    let position = super::super::solver::random_ending(5, 6, &mut rng);
    let mut tree = Mcts::new(PLAIN_UCT, 1);
    grow(&mut tree, &mut GameState::new(position.clone()), 5_000);
    assert!(solved_nodes(&tree, &position).is_empty());
}
