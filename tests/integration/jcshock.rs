//! JC Shock as docs/rules.md states it: one test per rule, through the public
//! API, plus the perft vectors.

use crate::common;

use common::{play, Rng};
use tablero::games::jcshock::JcShock;
use tablero::games::{BoardSize, EndDetails, Game, GameState, Margin, Player, SearchHints, Status};

fn position(fen: &str) -> JcShock {
    common::position(fen)
}

fn after(fen: &str, moves: &[&str]) -> String {
    let mut game = position(fen);
    for mv in moves {
        play(&mut game, mv);
    }
    game.fen()
}

fn position_error(fen: &str) -> String {
    common::position_error::<JcShock>(fen)
}

fn move_error(fen: &str, text: &str) -> String {
    common::move_error(&position(fen), text)
}

fn random_move(game: &JcShock, random: &mut Rng) -> <JcShock as Game>::Move {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves[random.below(moves.len())]
}

/// The pull exactly as the rules word it: walk away from the placed piece in each direction,
/// moving every piece met one square back when that square is empty at that moment.
fn pull_square_by_square(game: &JcShock, placed: usize) -> [u128; 2] {
    let n = game.size().width as isize;
    let mut board: Vec<Option<usize>> = (0..n * n)
        .map(|i| {
            (0..2).find(|&c| {
                let player = [Player::One, Player::Two][c];
                game.pieces(player) >> i & 1 == 1
            })
        })
        .collect();
    board[placed] = Some(game.side_to_move().index());
    let (file, rank) = (placed as isize % n, placed as isize / n);
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        for k in 2..n {
            let (f, r) = (file + k * df, rank + k * dr);
            if !(0..n).contains(&f) || !(0..n).contains(&r) {
                break;
            }
            let from = (r * n + f) as usize;
            let to = ((r - dr) * n + (f - df)) as usize;
            if board[from].is_some() && board[to].is_none() {
                board[to] = board[from].take();
            }
        }
    }
    let mut pieces = [0u128; 2];
    for (i, cell) in board.iter().enumerate() {
        if let Some(c) = cell {
            pieces[*c] |= 1 << i;
        }
    }
    pieces
}

fn bitboards(game: &JcShock) -> [u128; 2] {
    [game.pieces(Player::One), game.pieces(Player::Two)]
}

#[test]
fn perft_matches_the_vectors_from_the_start_and_midgame_positions() {
    let start = JcShock::start(JcShock::default_size()).expect("8x8 start");
    assert_eq!(start.fen(), "8/8/8/8/8/8/8/8 o");
    assert_eq!(common::perft_vector("jcshock", &start.fen()).len(), 3);
    let vectors = common::perft_vectors("jcshock");
    for (fen, counts) in &vectors {
        assert_eq!(
            common::assert_perft(position(fen), counts, u64::MAX),
            counts.len()
        );
    }
}

#[test]
fn seed_example_1_pulls_after_each_of_its_four_moves() {
    let mut game = JcShock::start(BoardSize::square(8)).expect("start");
    let pictures = [
        ("b1", "8/8/8/8/8/8/8/1o6 x"),
        ("b8", "1x6/8/8/8/8/8/1o6/8 o"),
        ("e2", "1x6/8/8/8/8/8/2o1o3/8 x"),
        ("b2", "8/1x6/8/8/8/8/1xoo4/8 o"),
    ];
    for (mv, expected) in pictures {
        play(&mut game, mv);
        assert_eq!(game.fen(), expected, "after {mv}");
    }
}

#[test]
fn seed_example_2_is_a_white_win_by_blacks_run_of_five() {
    let game =
        position("xoooxxx1/ooxooxox/xxxxxooo/oxooxoox/oooxoxoo/oxxxooxx/ooxoxoxx/1xxxxoxo o");
    assert_eq!(game.placed(Player::One), 31);
    assert_eq!(game.placed(Player::Two), 31);
    assert_eq!(game.runs(Player::Two).of_length(5), 1);
    assert_eq!(game.status(), Status::Won(Player::One));
}

#[test]
fn every_block_not_touching_the_placed_piece_closes_one_gap() {
    // Seen from a1 along rank 1: _PP__P_ becomes PP__P__.
    assert_eq!(
        after("8/8/8/8/8/8/8/2ox2o1 x", &["a1"]),
        "8/8/8/8/8/8/8/xox2o2 o"
    );
    // Two gaps before a block: the block closes only one of them.
    assert_eq!(
        after("8/8/8/8/8/8/8/3oxo2 x", &["a1"]),
        "8/8/8/8/8/8/8/x1oxo3 o"
    );
}

#[test]
fn the_pull_works_in_all_four_directions_and_nowhere_else() {
    // d4 placed: d7 from the north, d1 from the south, a4 from the west, g4 from the east;
    // a1 and g7 are on no line through d4.
    assert_eq!(
        after("6x1/3o4/8/8/o5x1/8/8/o2x4 o", &["d4"]),
        "6x1/8/3o4/8/1o1o1x2/8/3x4/o7 x"
    );
}

#[test]
fn pieces_touching_the_placed_piece_stay() {
    // c1 is placed: b1 and a1 touch it from the west, d1 e1 from the east, c2 c3 from the
    // north; only h1 (beyond a gap) moves.
    assert_eq!(
        after("8/8/8/8/8/2x5/2o5/ox1xo2o x", &["c1"]),
        "8/8/8/8/8/2x5/2o5/oxxxo1o1 o"
    );
}

#[test]
fn bitboard_pull_matches_the_square_by_square_rule() {
    let mut random = Rng::new(0x5eed_1234);
    for side in 4..=11 {
        for _ in 0..3 {
            let mut game = JcShock::start(BoardSize::square(side)).expect("start");
            while game.status() == Status::InPlay {
                let mv = random_move(&game, &mut random);
                let expected = pull_square_by_square(&game, mv.index());
                game.play(mv);
                assert_eq!(bitboards(&game), expected, "{side}x{side}: {}", game.fen());
            }
        }
    }
}

fn play_to_the_end(side: usize, seed: u64) {
    let mut game = JcShock::start(BoardSize::square(side)).expect("start");
    let quota = game.quota();
    assert_eq!(quota, (side * side - 1) / 2);
    let mut random = Rng::new(seed);
    for ply in 0..2 * quota {
        assert_eq!(game.status(), Status::InPlay, "ply {ply}");
        assert_eq!(game.placed(Player::One), ply.div_ceil(2));
        assert_eq!(game.placed(Player::Two), ply / 2);
        assert_eq!(game.count_moves(), side * side - ply);
        assert_eq!(game.plies_left(), Some((2 * quota - ply) as u32));
        let mv = random_move(&game, &mut random);
        game.play(mv);
    }
    assert_eq!(game.placed(Player::One), quota);
    assert_eq!(game.placed(Player::Two), quota);
    assert!(game.status().is_over(), "{}", game.fen());
    assert_eq!(game.plies_left(), Some(0));
    assert_eq!(game.count_moves(), 0);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
    let status = game.status();
    assert_eq!(position(&game.fen()).status(), status);
    assert_eq!(GameState::new(game).status_with_history(), status);
}

#[test]
fn on_5x5_each_player_places_12_and_then_the_game_is_over() {
    for seed in [1, 2, 3] {
        play_to_the_end(5, seed);
    }
}

#[test]
fn on_9x9_each_player_places_40_and_then_the_game_is_over() {
    for seed in [4, 5] {
        play_to_the_end(9, seed);
    }
}

#[test]
fn equal_counts_at_the_longest_length_are_broken_at_length_3() {
    // Both have one run of 4; only Black has a run of 3 (a1-a3), which scores for White.
    let board = "oooo/xxxx/xoo1/xxo1 o";
    let game = position(board);
    assert_eq!(game.runs(Player::One).of_length(4), 1);
    assert_eq!(game.runs(Player::Two).of_length(4), 1);
    assert_eq!(game.status(), Status::Won(Player::One));
    let swapped: String = board[..board.len() - 2]
        .chars()
        .map(|c| match c {
            'o' => 'x',
            'x' => 'o',
            c => c,
        })
        .collect();
    assert_eq!(
        position(&format!("{swapped} o")).status(),
        Status::Won(Player::Two)
    );
}

#[test]
fn equal_scores_at_every_length_are_a_draw() {
    let game = position("ooo1/xxx1/oxox/xoxo o");
    assert_eq!(game.runs(Player::One).of_length(3), 1);
    assert_eq!(game.status(), Status::Draw);
}

#[test]
fn one_longer_run_beats_several_shorter_ones() {
    // Black's run of four scores for White; White's two runs of three score for Black.
    let game = position("xxxx/ooo1/xox1/ooxo o");
    assert_eq!(game.runs(Player::One).of_length(3), 2);
    assert_eq!(game.runs(Player::Two).of_length(4), 1);
    assert_eq!(game.status(), Status::Won(Player::One));
}

#[test]
fn the_margin_is_the_lead_at_the_longest_length_whose_counts_differ() {
    // Level at 4; Black's run of 3 scores for White, to move: one run of 3 ahead.
    let level_at_four = position("oooo/xxxx/xoo1/xxo1 o");
    assert_eq!(level_at_four.final_margin(), Margin { length: 3, lead: 1 });
    // Black's run of four outweighs White's two runs of three.
    let one_of_four = position("xxxx/ooo1/xox1/ooxo o");
    assert_eq!(one_of_four.final_margin(), Margin { length: 4, lead: 1 });
    assert_eq!(
        position("ooo1/xxx1/oxox/xoxo o").final_margin(),
        Margin::EVEN
    );
    // In finished games of random moves the margin's sign is the result for the side to
    // move and its length the one that decided.
    for seed in 1..=30 {
        let mut game = JcShock::start(BoardSize::square(5)).expect("start");
        let mut random = Rng::new(seed);
        while !game.status().is_over() {
            let mv = random_move(&game, &mut random);
            game.play(mv);
        }
        let margin = game.final_margin();
        let won = match game.status() {
            Status::Won(winner) => i32::from(winner == game.side_to_move()) * 2 - 1,
            _ => 0,
        };
        assert_eq!(margin.lead.signum(), won, "{}", game.fen());
        let EndDetails::Scores(scores) = game.end_details() else {
            panic!("a finished game has scores");
        };
        assert_eq!(scores.decided.unwrap_or(0), margin.length, "{}", game.fen());
    }
}

#[test]
fn the_deciding_runs_are_marked_square_by_square() {
    // x's row of three on rank 3 and column of three on file b outnumber o's row of three on
    // rank 4: all three runs decide and are marked, o's pairs on files a and c are not.
    let game = position("ooox/xxx1/oxo1/oxox o");
    let EndDetails::Scores(scores) = game.end_details() else {
        panic!("a finished game has scores");
    };
    let marked: Vec<String> = scores
        .deciding_squares
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(scores.decided, Some(3));
    assert_eq!(marked, ["b1", "b2", "a3", "b3", "c3", "a4", "b4", "c4"]);
}

#[test]
fn position_strings_that_cannot_arise_are_refused_with_the_reason() {
    let cases = [
        (
            "8/8/8/8/8/8/8/xx6 o",
            "o has 0 and x has 2 pieces: o must have as many as x or one more",
        ),
        (
            "8/8/8/8/8/8/8/ooo5 x",
            "o has 3 and x has 0 pieces: o must have as many as x or one more",
        ),
        (
            "8/8/8/8/8/8/8/o7 o",
            "o has 1 and x has 0 pieces, so x is to move, not o",
        ),
        (
            "8/8/8/8/8/8/8/ox6 x",
            "o has 1 and x has 1 pieces, so o is to move, not x",
        ),
        (
            "oooo/oooo/xxxx/xxx1 x",
            "o has 8 pieces, more than the 7 each player owns on 4x4",
        ),
        (
            "8/8/8/8/8/8/8 o",
            "jcshock does not support a 8x7 board (square boards from 4x4 to 11x11)",
        ),
        (
            "3/3/3 o",
            "jcshock does not support a 3x3 board (square boards from 4x4 to 11x11)",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/12 o",
            "jcshock does not support a 12x12 board (square boards from 4x4 to 11x11)",
        ),
        ("8/8/8/8/8/8/8/O7 x", "'O' is not a piece of jcshock"),
        ("8/8/8/8/8/8/8/8 w", "'w' is not a side of jcshock"),
        ("8/8/8/8/8/8/8/8 ox", "'ox' is not a side of jcshock"),
        ("8/8/8/8/8/8/8/9 o", "row 8 has 9 squares, expected 8"),
    ];
    for (fen, message) in cases {
        assert_eq!(position_error(fen), message, "{fen}");
    }
    assert!(JcShock::start(BoardSize::square(12)).is_err());
    assert!(JcShock::start(BoardSize::new(8, 9)).is_err());
}

#[test]
fn moves_off_the_board_on_a_piece_or_after_the_end_are_refused() {
    let start = "8/8/8/8/8/8/8/8 o";
    assert_eq!(move_error(start, "c9"), "c9 is off the 8x8 board");
    assert_eq!(move_error(start, "I1"), "i1 is off the 8x8 board");
    assert_eq!(move_error(start, "a0"), "a0 is off the 8x8 board");
    assert_eq!(
        move_error("8/8/8/8/3o4/8/8/8 x", "d4"),
        "d4: square is occupied"
    );
    assert_eq!(
        move_error("8/8/8/8/3o4/8/8/8 x", "D4"),
        "d4: square is occupied"
    );
    let over = "xoooxxx1/ooxooxox/xxxxxooo/oxooxoox/oooxoxoo/oxxxooxx/ooxoxoxx/1xxxxoxo o";
    assert_eq!(move_error(over, "a1"), "a1: the game is over");
    assert_eq!(
        move_error(start, "e2e4"),
        "e2e4: not a move in jcshock notation (a square such as e2)"
    );
    assert!(position(start).parse_move("").is_err());
    let game = position(start);
    let b1 = game.parse_move("B1").expect("upper case input");
    assert_eq!(game.format_move(b1), "b1");
}

#[test]
fn evaluation_favours_the_side_whose_opponent_has_the_longer_runs() {
    // x to move; o has a run of three, which would score for x.
    let game = position("8/8/8/8/8/8/x7/ooo1x3 x");
    assert!(game.evaluate() > 0);
    let mut other = game.clone();
    play(&mut other, "h8");
    assert!(other.evaluate() < 0, "{}", other.fen());
    assert!(game.evaluate().abs() < 10000);
}

#[test]
fn the_diagram_shows_pieces_and_coordinates() {
    let diagram = position("4/4/1x2/o3 o").diagram();
    assert!(diagram.contains("  2  . x . ."), "{diagram}");
    assert!(diagram.contains("  1  o . . ."), "{diagram}");
    assert!(diagram.trim_end().ends_with("a b c d"), "{diagram}");
}

/// How often each square is picked by `Game::random_move` in `draws` picks.
fn random_picks(
    game: &JcShock,
    draws: usize,
    seed: u64,
) -> std::collections::HashMap<String, usize> {
    let mut random = Rng::new(seed);
    let mut buffer = Vec::new();
    let mut counts = std::collections::HashMap::new();
    for _ in 0..draws {
        let mv = game
            .random_move(random.next_u64(), &mut buffer)
            .expect("the game is in play");
        *counts.entry(game.format_move(mv)).or_insert(0) += 1;
    }
    counts
}

#[test]
fn a_random_placement_picks_every_empty_square_equally_often() {
    // An empty board, a half-full one and a nearly full one (where most quick draws miss).
    let boards = [
        "8/8/8/8/8/8/8/8 o",
        "oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/8/8/8/8 o",
        "oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxo4 o",
    ];
    for fen in boards {
        let game = position(fen);
        let empty = game.count_moves();
        let draws = 4000 * empty;
        let counts = random_picks(&game, draws, 7);
        assert_eq!(
            counts.len(),
            empty,
            "{fen}: every empty square, nothing else"
        );
        for (square, &count) in &counts {
            // 4000 expected; five standard deviations is about 315.
            assert!(
                (3650..=4350).contains(&count),
                "{fen}: {square} picked {count} times"
            );
        }
    }
}
