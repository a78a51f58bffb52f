//! What a move does on the board (`query effects`, protocol.md): the operations are
//! simultaneous, and applied to the board before a move they give exactly the board after
//! it. The property is checked for every legal move of thousands of positions of every game
//! and several sizes (random games from each start position, and the perft vectors'
//! positions with the positions one move after them), against boards read here from the
//! position strings, independently of the engine. Then one test per rule of the operations.

use crate::common;

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;

use common::{perft_vectors, random_game, Rng};
use tablero::games::crossings::Crossings;
use tablero::games::crossjack::CrossJack;
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, Coord, Effect, Effects, Game, MAX_MOVES};

// ---------------------------------------------------------------------------------------
// Boards read from position strings, and the operations applied to them
// ---------------------------------------------------------------------------------------

/// A board as a map from (file, rank), both from 0 at `a1`, to the piece letter there.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Board {
    width: usize,
    height: usize,
    pieces: BTreeMap<(usize, usize), char>,
}

/// Reads the board field of a position string: rows from the top, `/` between them, a
/// letter per piece and a decimal count per run of empty squares.
fn board_of(fen: &str) -> Board {
    let field = fen.split_whitespace().next().expect("a board field");
    let rows: Vec<&str> = field.split('/').collect();
    let height = rows.len();
    let mut pieces = BTreeMap::new();
    let mut width = 0;
    for (from_top, row) in rows.iter().enumerate() {
        let rank = height - 1 - from_top;
        let mut file = 0;
        let mut run = 0;
        for c in row.chars() {
            if let Some(digit) = c.to_digit(10) {
                run = run * 10 + digit as usize;
                continue;
            }
            file += run;
            run = 0;
            pieces.insert((file, rank), c);
            file += 1;
        }
        width = file + run;
    }
    Board {
        width,
        height,
        pieces,
    }
}

fn at(square: Coord) -> (usize, usize) {
    (square.file, square.rank)
}

/// Why operations cannot be applied to a board.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Misfit(String);

impl fmt::Display for Misfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The board after `effects`, applied as protocol.md says: every move and remove reads the
/// board before; the pieces of every move's source and every remove are taken away, then
/// each moved piece is put on its destination, each place made, and finally each set.
fn apply(before: &Board, effects: &Effects) -> Result<Board, Misfit> {
    let misfit = |what: String| Err(Misfit(what));
    let mut board = before.clone();
    let mut carried = Vec::new();
    for op in &effects.ops {
        let taken = match *op {
            Effect::Move { from, to } => {
                let Some(&piece) = before.pieces.get(&at(from)) else {
                    return misfit(format!("move from the empty square {from}"));
                };
                carried.push((to, piece));
                from
            }
            Effect::Remove { square } => square,
            _ => continue,
        };
        if board.pieces.remove(&at(taken)).is_none() {
            return misfit(format!("{taken} is empty or taken away twice"));
        }
    }
    for (to, piece) in carried {
        if board.pieces.insert(at(to), piece).is_some() {
            return misfit(format!("a piece moves onto the occupied square {to}"));
        }
    }
    for op in &effects.ops {
        if let Effect::Place { square, piece } = *op {
            if board.pieces.insert(at(square), piece).is_some() {
                return misfit(format!("place on the occupied square {square}"));
            }
        }
    }
    for op in &effects.ops {
        if let Effect::Set { square, piece } = *op {
            if board.pieces.insert(at(square), piece).is_none() {
                return misfit(format!("set on the empty square {square}"));
            }
        }
    }
    Ok(board)
}

/// The squares a player clicks, as the first operation names them: a place's square, a
/// move's source then destination; nothing for a pass.
fn clicks(effects: &Effects) -> String {
    match effects.ops.first() {
        None => String::new(),
        Some(Effect::Place { square, .. }) => square.to_string(),
        Some(Effect::Move { from, to }) => format!("{from}{to}"),
        Some(other) => format!("{other:?}"),
    }
}

/// The rank of an operation in the documented order after the first: moves, removes,
/// places, sets.
fn order(op: &Effect) -> u8 {
    match op {
        Effect::Move { .. } => 0,
        Effect::Remove { .. } => 1,
        Effect::Place { .. } => 2,
        Effect::Set { .. } => 3,
    }
}

// ---------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------

/// Positions and moves checked, and how many of the moves captured, crossed,
/// counter-crossed or passed.
#[derive(Debug, Default, Clone, Copy)]
struct Coverage {
    positions: usize,
    moves: usize,
    captures: usize,
    crossings: usize,
    counter_crossings: usize,
    passes: usize,
}

impl Coverage {
    /// Counts one move with its flags.
    fn count(&mut self, effects: &Effects) {
        let flags = effects.flags;
        self.moves += 1;
        self.captures += usize::from(flags.capture);
        self.crossings += usize::from(flags.crossing);
        self.counter_crossings += usize::from(flags.counter_crossing);
        self.passes += usize::from(flags.pass);
    }

    /// The sum of `coverages`.
    fn sum(coverages: &[Coverage]) -> Coverage {
        coverages
            .iter()
            .fold(Coverage::default(), |total, c| Coverage {
                positions: total.positions + c.positions,
                moves: total.moves + c.moves,
                captures: total.captures + c.captures,
                crossings: total.crossings + c.crossings,
                counter_crossings: total.counter_crossings + c.counter_crossings,
                passes: total.passes + c.passes,
            })
    }
}

/// Checks every legal move of `position`: the effects applied to the board before give the
/// board after, the first operation names the move's clicks (the notation, for a pass
/// nothing), the other operations come in order, and the flags agree with them.
fn check_every_move<G: Game>(position: &G, coverage: &mut Coverage) {
    let fen = position.fen();
    let before = board_of(&fen);
    let mut moves = Vec::with_capacity(MAX_MOVES);
    position.generate_moves(&mut moves);
    for &mv in &moves {
        let notation = position.format_move(mv);
        let effects = position.effects(mv);
        let mut next = position.clone();
        next.play(mv);
        let after = board_of(&next.fen());
        let context = format!("{} {fen}, move {notation}: {effects:?}", G::NAME);
        assert_eq!(apply(&before, &effects), Ok(after), "{context}");
        let is_pass = effects.flags.pass;
        let expected_clicks = if is_pass { "" } else { notation.as_str() };
        assert_eq!(clicks(&effects), expected_clicks, "clicks of {context}");
        assert_eq!(effects.ops.is_empty(), is_pass, "{context}");
        let ranks: Vec<u8> = effects.ops.iter().skip(1).map(order).collect();
        assert!(ranks.is_sorted(), "order of {context}");
        let removes = effects
            .ops
            .iter()
            .any(|op| matches!(op, Effect::Remove { .. }));
        assert_eq!(effects.flags.capture, removes, "capture flag of {context}");
        coverage.count(&effects);
    }
    coverage.positions += 1;
}

/// Plays `games` random games from the start position of `size`, checking every legal move
/// of every position on the way.
fn check_random_games<G: Game>(size: BoardSize, games: usize, seed: u64) -> Coverage {
    let mut rng = Rng::new(seed);
    let mut coverage = Coverage::default();
    let start = G::start(size).unwrap_or_else(|e| panic!("{} {size}: {e}", G::NAME));
    for _ in 0..games {
        random_game(start.clone(), &mut rng, 400, |state, _| {
            check_every_move(state.position(), &mut coverage)
        });
    }
    report(
        &format!("{} {size}, {games} random games", G::NAME),
        coverage,
    );
    coverage
}

/// Checks every perft vector position of `game` and every position one move after it.
fn check_vector_positions<G: Game>() -> Coverage {
    let mut coverage = Coverage::default();
    for (fen, _) in perft_vectors(G::NAME) {
        let position = common::position::<G>(&fen);
        check_every_move(&position, &mut coverage);
        let mut moves = Vec::with_capacity(MAX_MOVES);
        position.generate_moves(&mut moves);
        for mv in moves {
            let mut next = position.clone();
            next.play(mv);
            check_every_move(&next, &mut coverage);
        }
    }
    report(
        &format!("{} perft vectors and their children", G::NAME),
        coverage,
    );
    coverage
}

/// Shows what a check covered in the test run's output (written to the stderr handle, so
/// that `cargo test` shows it).
fn report(what: &str, coverage: Coverage) {
    let c = coverage;
    writeln!(
        std::io::stderr(),
        "effects property: {what}: {} positions, {} moves ({} captures, {} crossings, {} \
         counter-crossings, {} passes)",
        c.positions,
        c.moves,
        c.captures,
        c.crossings,
        c.counter_crossings,
        c.passes
    )
    .expect("stderr takes the report");
}

/// Checks every move of random games of `G` on each board size of `samples` (with the
/// number of games), of the perft vectors' positions and the positions one move after them,
/// and of `rare` positions; together they must be thousands of positions.
fn check_game<G: Game>(samples: &[(BoardSize, usize)], rare: &[&str]) {
    let mut coverages: Vec<Coverage> = (1..)
        .zip(samples)
        .map(|(seed, &(size, games))| check_random_games::<G>(size, games, seed))
        .collect();
    coverages.push(check_vector_positions::<G>());
    if !rare.is_empty() {
        coverages.push(check_positions::<G>("rare rules", rare));
    }
    let total = Coverage::sum(&coverages);
    report(&format!("{} in all", G::NAME), total);
    assert!(
        total.positions >= 2000,
        "{}: only {} positions",
        G::NAME,
        total.positions
    );
}

/// Checks every move of hand-made positions of rules random games seldom reach.
fn check_positions<G: Game>(what: &str, fens: &[&str]) -> Coverage {
    let mut coverage = Coverage::default();
    for fen in fens {
        check_every_move(&common::position::<G>(fen), &mut coverage);
    }
    report(&format!("{} {what}", G::NAME), coverage);
    coverage
}

/// A pass, a counter-crossing that captures, a counter-crossing locking several stones.
const RARE_CROSSINGS: [&str; 3] = [
    "8/8/8/6bb/6br/6bb/8/8 r",
    "6r1/8/8/8/8/1b6/1b6/1r6 b",
    "1r2r3/8/8/8/3b4/3b4/3b4/8 b",
];

#[test]
fn every_cross_jack_move_does_what_its_effects_say() {
    let (square, wide) = (BoardSize::square, BoardSize::new);
    check_game::<CrossJack>(
        &[
            (square(3), 300),
            (wide(4, 6), 200),
            (square(8), 100),
            (wide(16, 8), 40),
        ],
        &[],
    );
}

#[test]
fn every_jc_shock_move_does_what_its_effects_say() {
    let square = BoardSize::square;
    check_game::<JcShock>(
        &[
            (square(4), 200),
            (square(5), 100),
            (square(8), 30),
            (square(11), 8),
        ],
        &[],
    );
}

#[test]
fn every_crossings_move_does_what_its_effects_say() {
    check_game::<Crossings>(&[(BoardSize::square(8), 30)], &RARE_CROSSINGS);
}

// ---------------------------------------------------------------------------------------
// The rules of the operations, one test each
// ---------------------------------------------------------------------------------------

/// The effects of the move written `text` in the position `fen`.
fn effects_of<G: Game>(fen: &str, text: &str) -> Effects {
    let position = common::position::<G>(fen);
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
    position.effects(mv)
}

fn square(name: &str) -> Coord {
    let file = (name.as_bytes()[0] - b'a') as usize;
    let rank: usize = name[1..].parse().expect("a rank number");
    Coord::new(file, rank - 1)
}

fn moved(from: &str, to: &str) -> Effect {
    Effect::Move {
        from: square(from),
        to: square(to),
    }
}

fn placed(at: &str, piece: char) -> Effect {
    Effect::Place {
        square: square(at),
        piece,
    }
}

#[test]
fn a_cross_jack_tick_places_the_movers_mark_and_nothing_else() {
    let effects = effects_of::<CrossJack>("8/8/8/8/8/8/8/8 x", "d8");
    assert_eq!(effects.ops, [placed("d8", 'x')]);
    assert_eq!(effects.flags, Default::default());
}

#[test]
fn a_jc_shock_placement_pulls_the_pieces_of_its_row_and_column_one_square() {
    // x places b4 and pulls o's b1 up to b2.
    let effects = effects_of::<JcShock>("4/4/4/1o2 x", "b4");
    assert_eq!(effects.ops, [placed("b4", 'x'), moved("b1", "b2")]);
}

#[test]
fn a_jc_shock_pull_lists_the_rays_north_east_south_west_nearest_piece_first() {
    // o places c3: c5 comes down, the e3-f3 block closes up west, c1 comes up, a3 east.
    let effects = effects_of::<JcShock>("5o/2x3/6/x3xo/6/2o3 o", "c3");
    assert_eq!(
        effects.ops,
        [
            placed("c3", 'o'),
            moved("c5", "c4"),
            moved("e3", "d3"),
            moved("f3", "e3"),
            moved("c1", "c2"),
            moved("a3", "b3"),
        ]
    );
}

#[test]
fn a_jc_shock_block_touching_the_placed_piece_stays() {
    // b1 touches the piece placed on a1 and stays; d1 beyond the gap closes up.
    let effects = effects_of::<JcShock>("4/4/4/1x1o o", "a1");
    assert_eq!(effects.ops, [placed("a1", 'o'), moved("d1", "c1")]);
}

#[test]
fn a_crossings_group_moves_its_tail_first_then_its_stones_front_to_back() {
    let start = "bbbbbbbb/bbbbbbbb/8/8/8/8/rrrrrrrr/rrrrrrrr r";
    let effects = effects_of::<Crossings>(start, "a1a3");
    assert_eq!(effects.ops, [moved("a1", "a3"), moved("a2", "a4")]);
    assert_eq!(effects.flags, Default::default());
}

#[test]
fn a_crossings_capture_removes_the_prey_the_front_stone_lands_on() {
    // Red's a2-a3 group moves one square up onto Black's lone a4.
    let effects = effects_of::<Crossings>("8/8/8/8/b7/r7/r7/8 r", "a2a3");
    assert_eq!(
        effects.ops,
        [
            moved("a2", "a3"),
            moved("a3", "a4"),
            Effect::Remove {
                square: square("a4")
            }
        ]
    );
    assert!(effects.flags.capture);
}

#[test]
fn a_crossing_is_flagged_and_locks_nothing_yet() {
    let effects = effects_of::<Crossings>("7b/6r1/8/8/8/8/8/r7 r", "g7g8");
    assert_eq!(effects.ops, [moved("g7", "g8")]);
    assert!(effects.flags.crossing && !effects.flags.counter_crossing);
}

#[test]
fn a_counter_crossing_locks_every_crossed_stone_of_both_sides() {
    // Red crossed on g8; Black answers b2b1, and both crossed stones lock.
    let effects = effects_of::<Crossings>("6r1/8/8/8/8/8/1b6/r7 b", "b2b1");
    assert_eq!(
        effects.ops,
        [
            moved("b2", "b1"),
            Effect::Set {
                square: square("b1"),
                piece: 'B'
            },
            Effect::Set {
                square: square("g8"),
                piece: 'R'
            },
        ]
    );
    assert!(effects.flags.counter_crossing && !effects.flags.crossing);
}

#[test]
fn a_counter_crossing_that_captures_removes_the_prey_and_locks_its_capturer() {
    let effects = effects_of::<Crossings>(RARE_CROSSINGS[1], "b3b2");
    assert_eq!(
        effects.ops,
        [
            moved("b3", "b2"),
            moved("b2", "b1"),
            Effect::Remove {
                square: square("b1")
            },
            Effect::Set {
                square: square("b1"),
                piece: 'B'
            },
            Effect::Set {
                square: square("g8"),
                piece: 'R'
            },
        ]
    );
    assert!(effects.flags.capture && effects.flags.counter_crossing);
}

#[test]
fn the_pass_has_no_operation() {
    // Red's only stone, on h4, is boxed in by Black's; Black can move, so Red passes.
    let effects = effects_of::<Crossings>(RARE_CROSSINGS[0], "0000");
    assert!(effects.ops.is_empty());
    assert!(effects.flags.pass);
}
