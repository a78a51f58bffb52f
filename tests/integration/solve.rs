//! The exact solver (`tablero solve`, the protocol's `solve`) against a plain minimax written
//! here, separately: on the smallest boards its values and distances agree, every move it
//! lists as keeping the value keeps it (played and solved again, the value is the same) and
//! no other move does.

use std::collections::HashMap;
use std::process::Command;
use std::sync::atomic::AtomicBool;

use tablero::games::crossings::Crossings;
use tablero::games::crossjack::CrossJack;
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, Game, GameState, Margin, SearchHints, Status};
use tablero::search::solve::{solve, Outcome, Proven, Solution, SolveLimits, Unsolved};

/// A win `d` plies away in the reference's scale.
const WIN: i32 = 1000;

/// The solver's value in the reference's scale.
fn scale(value: Proven) -> i32 {
    match (value.outcome, value.distance) {
        (Outcome::Win, Some(d)) => WIN - d as i32,
        (Outcome::Loss, Some(d)) => -(WIN - d as i32),
        (Outcome::Draw, None) => 0,
        other => panic!("malformed value {other:?}"),
    }
}

/// Plain minimax over every line, with the rules' own history (threefold repetition), to
/// `horizon` plies: the value for the side to move (a win `d` plies away is `WIN - d`), or
/// `None` when lines that reach the horizon could change it. A known win needs no more
/// (any win hidden beyond the horizon is longer); anything else does. Positions are
/// remembered by their string when `memo` is given (games where nothing repeats).
fn minimax<G: Game>(
    state: &mut GameState<G>,
    ply: usize,
    horizon: usize,
    memo: &mut Option<HashMap<String, Option<i32>>>,
) -> Option<i32> {
    match state.status_with_history() {
        Status::Won(winner) if winner == state.position().side_to_move() => {
            return Some(WIN - ply as i32)
        }
        Status::Won(_) => return Some(-(WIN - ply as i32)),
        Status::Draw => return Some(0),
        Status::InPlay => {}
    }
    if ply >= horizon {
        return None;
    }
    let key = state.position().fen();
    if let Some(Some(&known)) = memo.as_ref().map(|m| m.get(&key)) {
        // Remembered relative to the position: the distance counted from it.
        return known.map(|v| v - v.signum() * ply as i32);
    }
    let mut moves = Vec::new();
    state.generate_moves(&mut moves);
    let mut best: Option<i32> = None;
    let mut unknown = false;
    for mv in moves {
        state.make(mv);
        match minimax(state, ply + 1, horizon, memo) {
            Some(v) => best = Some(best.map_or(-v, |b| b.max(-v))),
            None => unknown = true,
        }
        state.unmake();
    }
    let value = match best {
        None if !unknown => Some(0),
        Some(b) if b > 0 || !unknown => Some(b),
        _ => None,
    };
    if let Some(memo) = memo {
        memo.insert(key, value.map(|v| v + v.signum() * ply as i32));
    }
    value
}

/// The reference value of `position`: memoised minimax to the end where nothing repeats,
/// else to `horizon` plies.
fn reference<G: Game>(position: &G, horizon: Option<usize>) -> Option<i32> {
    let mut memo = horizon.is_none().then(HashMap::new);
    let mut state = GameState::new(position.clone());
    minimax(&mut state, 0, horizon.unwrap_or(usize::MAX), &mut memo)
}

fn solved<G: SearchHints>(position: &G) -> Solution<G::Move> {
    let never = AtomicBool::new(false);
    solve(position, 16, 1, SolveLimits::default(), &never, &mut |_| {})
}

/// Checks the solver against the reference on `position`, root move by root move, and that
/// the moves it lists are exactly those that keep the value.
fn agrees<G: SearchHints>(position: &G, horizon: Option<usize>) -> Proven {
    let solution = solved(position);
    let value = solution.value.expect("solved");
    let fen = position.fen();
    // Within a horizon the reference may leave a value undecided (a draw whose lines go
    // on), never decide it otherwise.
    let root = reference(position, horizon);
    if horizon.is_none() || root.is_some() {
        assert_eq!(root, Some(scale(value)), "{fen}");
    }
    assert_eq!(
        solution.moves.len(),
        solution.legal,
        "{fen}: every move solved"
    );
    let best = solution.best_moves();
    for root in &solution.moves {
        let exact = root.exact().expect("no repetition decides these");
        let mut after = position.clone();
        after.play(root.mv);
        let text = position.format_move(root.mv);
        // The move's value is the value of the position after it, seen from before.
        let again = solved(&after).value.expect("solved").before_move();
        assert_eq!(again, exact, "{fen} {text}");
        let child = reference(&after, horizon.map(|h| h - 1)).map(|v| -v + v.signum());
        if horizon.is_none() || child.is_some() {
            assert_eq!(child, Some(scale(exact)), "{fen} {text}");
        }
        assert_eq!(
            best.contains(&root.mv),
            exact.outcome == value.outcome,
            "{fen} {text}: listed exactly when it keeps the value"
        );
    }
    value
}

fn crossjack(size: &str) -> CrossJack {
    CrossJack::start(size.parse::<BoardSize>().unwrap()).unwrap()
}

fn after<G: Game>(mut position: G, moves: &str) -> G {
    for text in moves.split_whitespace() {
        let mv = position.parse_move(text).unwrap();
        position.play(mv);
    }
    position
}

#[test]
fn cross_jack_small_boards_agree_with_plain_minimax() {
    for size in ["3x3", "3x4", "4x3", "4x4"] {
        agrees(&crossjack(size), None);
    }
    agrees(&after(crossjack("4x3"), "a3 a1 b3 c1"), None);
    agrees(&after(crossjack("4x4"), "b4 c1 c4"), None);
    agrees(&after(crossjack("5x3"), "a3 e1 c3 c1"), None);
}

#[test]
fn the_values_protocol_md_states_hold() {
    let draw = Proven {
        outcome: Outcome::Draw,
        distance: None,
    };
    for size in ["3x3", "3x4", "4x4"] {
        assert_eq!(solved(&crossjack(size)).value, Some(draw), "{size}");
    }
    let win = solved(&crossjack("4x3")).value.unwrap();
    assert_eq!(win.outcome, Outcome::Win);
}

/// A JC Shock game on `side`×`side` played by a fixed rule of thumb (that `seed` varies) down
/// to 7 plies from its end.
fn late_jc_shock_position(side: usize, seed: u64) -> JcShock {
    let mut position = JcShock::start(BoardSize::square(side)).unwrap();
    let mut ply = 0u64;
    while position.plies_left() > Some(7) {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let pick = (seed * 7 + ply * 5 + seed * ply) as usize % moves.len();
        position.play(moves[pick]);
        ply += 1;
    }
    position
}

#[test]
fn jc_shock_late_positions_agree_with_plain_minimax() {
    for seed in 0..4u64 {
        agrees(&late_jc_shock_position(4, seed), None);
    }
}

/// Plain minimax of the final margin's score, remembered by position string.
fn margin_minimax(position: &JcShock, memo: &mut HashMap<String, i32>) -> i32 {
    if position.status().is_over() {
        return position.final_margin().score();
    }
    if let Some(&known) = memo.get(&position.fen()) {
        return known;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let best = moves
        .iter()
        .map(|&mv| {
            let mut after = position.clone();
            after.play(mv);
            -margin_minimax(&after, memo)
        })
        .max()
        .unwrap_or(0);
    memo.insert(position.fen(), best);
    best
}

#[test]
fn jc_shock_margins_under_best_play_agree_with_plain_minimax() {
    let mut memo = HashMap::new();
    let mut decided = 0;
    for (side, seed) in [(4, 0u64), (4, 1), (4, 2), (4, 3), (5, 0), (5, 1), (5, 2)] {
        let position = late_jc_shock_position(side, seed);
        let solution = solved(&position);
        let margin = solution.margin.expect("JC Shock has margins");
        assert_eq!(margin.score(), margin_minimax(&position, &mut memo));
        let value = solution.value.expect("solved");
        if value.outcome == Outcome::Draw {
            assert_eq!(margin, Margin::EVEN);
            continue;
        }
        decided += 1;
        for root in solution.moves.iter() {
            let mut after = position.clone();
            after.play(root.mv);
            let kept = root.lower.outcome == value.outcome;
            let expected = kept.then(|| Margin::from_score(-margin_minimax(&after, &mut memo)));
            assert_eq!(root.margin, expected, "{}", position.fen());
        }
    }
    assert!(decided >= 2, "only {decided} positions won or lost");
}

#[test]
fn crossings_positions_with_few_stones_agree_within_a_horizon() {
    let cases = [
        // Red crosses on g8 and Black cannot answer from a3.
        ("8/6r1/8/8/8/b7/8/8 r", Outcome::Win),
        // Whatever Red does, Black crosses from d2 and Red cannot answer.
        ("8/8/8/3r4/8/8/3b4/8 r", Outcome::Loss),
        // Red crosses twice: Black's answer to the first locks its only stone.
        ("8/rr6/8/8/8/8/5b2/8 r", Outcome::Win),
        // Both one step from crossing: every crossing is answered, then nothing moves.
        ("8/6r1/8/8/8/8/b7/8 r", Outcome::Draw),
    ];
    for (fen, outcome) in cases {
        let position = Crossings::from_fen(fen).unwrap();
        assert_eq!(agrees(&position, Some(4)).outcome, outcome, "{fen}");
        // The reference decides the wins and losses; the draws' lines go on beyond it.
        let decided = reference(&position, Some(4)).is_some();
        assert_eq!(decided, outcome != Outcome::Draw, "{fen}");
    }
}

#[test]
fn crossings_with_two_stones_a_side_is_solved_from_the_endgame_tables() {
    // Beyond the search alone, which proves few of Red's moves in a long time.
    let position = Crossings::from_fen("8/8/8/2bb4/8/8/3rr3/8 r").unwrap();
    let solution = solved(&position);
    let value = solution.value.expect("solved");
    assert_eq!(value.outcome, Outcome::Draw);
    let best: Vec<String> = (solution.best_moves().iter())
        .map(|&mv| position.format_move(mv))
        .collect();
    assert_eq!(best, ["d2e3"], "the one move that holds the draw");
    assert_eq!(solution.moves.len(), 18, "every move solved");
    assert!(solution.nodes < 100, "one node a move: {}", solution.nodes);
}

/// `position` solved on `threads` threads.
fn solved_on<G: SearchHints>(position: &G, threads: usize) -> Solution<G::Move> {
    let never = AtomicBool::new(false);
    solve(
        position,
        16,
        threads,
        SolveLimits::default(),
        &never,
        &mut |_| {},
    )
}

/// `moves` in a fixed order: the solver lists moves of equal value in the order they were
/// solved, which helper threads change.
fn in_fixed_order<T: std::fmt::Debug>(mut moves: Vec<T>) -> Vec<T> {
    moves.sort_by_cached_key(|mv| format!("{mv:?}"));
    moves
}

#[test]
fn helper_threads_change_no_value_and_no_move_kept() {
    let crossings = Crossings::from_fen("8/2b5/8/8/8/8/3rr3/8 b").unwrap();
    let jcshock = after(
        JcShock::start(BoardSize::new(4, 4)).unwrap(),
        "a1 d4 b2 c3 a4 d1",
    );
    for threads in [2, 3] {
        for size in ["4x3", "4x4", "5x4", "6x4", "7x4"] {
            let (one, more) = (
                solved_on(&crossjack(size), 1),
                solved_on(&crossjack(size), threads),
            );
            assert_eq!(
                (one.value, in_fixed_order(one.best_moves())),
                (more.value, in_fixed_order(more.best_moves())),
                "{size}"
            );
        }
        let (one, more) = (solved_on(&jcshock, 1), solved_on(&jcshock, threads));
        assert_eq!(
            in_fixed_order(one.moves),
            in_fixed_order(more.moves),
            "JC Shock: every move's value"
        );
        let (one, more) = (solved_on(&crossings, 1), solved_on(&crossings, threads));
        assert_eq!(one.value, more.value);
        assert_eq!(
            in_fixed_order(one.moves),
            in_fixed_order(more.moves),
            "Crossings: every move's bounds"
        );
    }
}

#[test]
fn a_finished_game_is_its_result_at_distance_zero() {
    let won = CrossJack::from_fen("xx1/o1x/oox o").unwrap();
    let solution = solved(&won);
    assert_eq!(
        solution.value,
        Some(Proven {
            outcome: Outcome::Loss,
            distance: Some(0)
        })
    );
    assert!(solution.moves.is_empty());
}

#[test]
fn a_node_limit_answers_what_is_proven_so_far() {
    let never = AtomicBool::new(false);
    let limits = SolveLimits {
        nodes: Some(3_500),
        time: None,
    };
    // The whole solve takes more nodes than the limit.
    let position = after(crossjack("6x4"), "a4 b1");
    let solution = solve(&position, 16, 1, limits, &never, &mut |_| {});
    assert_eq!(solution.value, None);
    assert_eq!(solution.unsolved, Some(Unsolved::Stopped));
    assert!(solution.nodes <= 3_500);
    assert!(!solution.moves.is_empty() && solution.moves.len() < solution.legal);
    // What was proven is true.
    let full = solved(&position);
    for root in &solution.moves {
        let same = full.moves.iter().find(|r| r.mv == root.mv).unwrap();
        assert_eq!(same, root);
    }
}

#[test]
fn stop_set_before_the_start_proves_nothing() {
    let stop = AtomicBool::new(true);
    let solution = solve(
        &crossjack("3x3"),
        1,
        1,
        SolveLimits::default(),
        &stop,
        &mut |_| {},
    );
    assert_eq!(
        (solution.value, solution.unsolved, solution.moves.len()),
        (None, Some(Unsolved::Stopped), 0)
    );
}

#[test]
fn the_command_line_prints_every_move_then_the_value() {
    let output = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args([
            "solve",
            "--game",
            "crossjack",
            "--size",
            "4x3",
            "--moves",
            "a3",
            "a1",
        ])
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("solve value win distance 5 moves "),
        "{text}"
    );
    assert!(lines[..lines.len() - 1]
        .iter()
        .all(|l| l.starts_with("move ") && l.contains(" value ")));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("info string solve move "), "{stderr}");
    // A bad move is refused with the usual exit code of a bad position.
    let bad = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["solve", "--size", "3", "--moves", "a3", "a3"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// A value in the words of `tablero solve` and docs/results.md's table of solved boards.
fn in_words(value: Proven) -> String {
    match (value.outcome, value.distance) {
        (Outcome::Win, Some(d)) => format!("win distance {d}"),
        (Outcome::Loss, Some(d)) => format!("loss distance {d}"),
        _ => "draw".to_string(),
    }
}

/// Checks one row of docs/results.md's table of solved boards: the start position of the
/// row's board has the value the row gives, the row's first moves are exactly those that keep
/// it, and each of them, played, leaves a position whose value is the same seen from before.
fn check_solved_row<G: SearchHints>(position: &G, value: &str, moves: &str, row: &str) {
    let solution = solved(position);
    let proven = solution.value.unwrap_or_else(|| panic!("solved: {row}"));
    assert_eq!(in_words(proven), value, "{row}");
    let best: Vec<String> = solution
        .best_moves()
        .into_iter()
        .map(|mv| position.format_move(mv))
        .collect();
    assert_eq!(best.join(", "), moves, "{row}");
    for mv in solution.best_moves() {
        let mut after = position.clone();
        after.play(mv);
        let again = solved(&after).value.expect("solved").before_move();
        assert_eq!(again, proven, "{row}: {}", position.format_move(mv));
    }
}

#[test]
fn the_results_table_of_solved_boards_holds_on_its_small_entries() {
    let results = include_str!("../../docs/results.md");
    let section = results
        .split("\n## Solved boards")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/results.md has a Solved boards section");
    let mut checked = 0;
    let rows = section
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains("`tablero solve "));
    for row in rows {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        let [_, value, moves, nodes, _, command] = cells[..] else {
            panic!("a row of six cells: {row}");
        };
        let nodes: u64 = nodes.replace(',', "").parse().expect("a node count");
        // Small entries only: the test build is not optimised.
        if nodes > 200_000 || value.starts_with("unsolved") {
            continue;
        }
        let words: Vec<&str> = command.trim_matches('`').split(' ').collect();
        let option = |name: &str| {
            let at = words.iter().position(|w| *w == name)?;
            words.get(at + 1).copied()
        };
        let size: BoardSize = option("--size").expect("a size").parse().unwrap();
        match option("--game").expect("a game") {
            "crossjack" => check_solved_row(&CrossJack::start(size).unwrap(), value, moves, row),
            "jcshock" => check_solved_row(&JcShock::start(size).unwrap(), value, moves, row),
            other => panic!("no start position of {other} to solve: {row}"),
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} rows checked");
}

#[test]
fn the_command_line_solves_on_the_threads_asked_for() {
    let run = |threads: &str| {
        Command::new(env!("CARGO_BIN_EXE_tablero"))
            .args(["solve", "--game", "crossjack", "--size", "5x4"])
            .args(["--threads", threads])
            .output()
            .expect("the binary runs")
    };
    let value = |output: &std::process::Output| {
        let text = String::from_utf8_lossy(&output.stdout).to_string();
        let last = text.lines().last().unwrap_or("").to_string();
        last.split(" nodes ").next().unwrap_or("").to_string()
    };
    let (one, two) = (run("1"), run("2"));
    assert!(one.status.success() && two.status.success());
    assert_eq!(value(&two), value(&one));
    assert_eq!(value(&one), "solve value draw moves a4,b4,c4,d4,e4");
    assert_eq!(run("0").status.code(), Some(2));
}

#[test]
fn cutoffs_teach_the_move_order_killers_and_history() {
    // In generation order these take far more nodes than these limits; the killers and the
    // history of the search's move ordering bring both within them.
    solves_within_nodes(&[
        ("6x6", Outcome::Draw, 2_000_000),
        ("8x4", Outcome::Win, 3_000_000),
    ]);
}

/// Checks that the start of each Cross-Jack board of `boards` (size, value, node limit) is
/// solved, to that value, within the node limit.
fn solves_within_nodes(boards: &[(&str, Outcome, u64)]) {
    let never = AtomicBool::new(false);
    for &(size, value, limit) in boards {
        let limits = SolveLimits {
            nodes: Some(limit),
            time: None,
        };
        let solution = solve(&crossjack(size), 64, 1, limits, &never, &mut |_| {});
        let solved = solution.value.map(|v| v.outcome);
        assert_eq!(solved, Some(value), "{size}: {} nodes", solution.nodes);
    }
}

#[test]
fn a_short_win_or_an_early_blockade_is_proven_within_a_horizon() {
    // Searched to the end of every line, each takes far more nodes than its limit (4x12 is
    // a blockade draw): the long lines, where a short win or an early blockade settles them
    // within the first horizons.
    solves_within_nodes(&[
        ("10x4", Outcome::Win, 1_000_000),
        ("9x5", Outcome::Win, 20_000_000),
        ("4x12", Outcome::Draw, 10_000),
    ]);
}

#[test]
fn the_answer_gives_the_memory_the_table_took_within_hash() {
    let solution = solve(
        &crossjack("4x3"),
        8,
        1,
        SolveLimits::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(solution.table_bytes <= 8 << 20);
    assert!(solution.table_bytes > 7 << 20);
    let output = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args([
            "solve",
            "--game",
            "crossjack",
            "--size",
            "4x3",
            "--hash",
            "8",
        ])
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let last = text.lines().last().unwrap_or("");
    assert!(last.ends_with(" memory 8"), "{text}");
}

#[test]
fn a_table_the_machine_cannot_give_is_answered_as_unsolved_for_want_of_memory() {
    let solution = solve(
        &crossjack("4x3"),
        usize::MAX,
        2,
        SolveLimits::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(solution.unsolved, Some(Unsolved::Memory));
    assert_eq!((solution.value, solution.moves.len()), (None, 0));
    assert_eq!(
        (solution.legal, solution.nodes, solution.table_bytes),
        (4, 0, 0)
    );
}
