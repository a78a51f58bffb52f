//! Cross-Jack (mode 1) as docs/rules.md states it: one test per rule, plus the
//! perft vectors.

use crate::common;

use common::{move_error, play, Rng};
use tablero::games::crossjack::CrossJack;
use tablero::games::{BoardSize, Game, Player, SearchHints, Status, MAX_MOVES};

fn position(fen: &str) -> CrossJack {
    common::position(fen)
}

/// The legal moves in notation, sorted.
fn moves(position: &CrossJack) -> Vec<String> {
    common::legal_texts(position)
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    names.sort();
    names
}

fn is_legal(position: &CrossJack, text: &str) -> bool {
    position.parse_move(text).is_ok() && moves(position).contains(&text.to_ascii_lowercase())
}

fn position_error(fen: &str) -> String {
    common::position_error::<CrossJack>(fen)
}

fn assert_game_over(position: &CrossJack, status: Status) {
    assert_eq!(position.status(), status, "{}", position.fen());
    assert!(moves(position).is_empty());
    assert_eq!(position.count_moves(), 0);
}

#[test]
fn perft_matches_the_vectors_from_the_start_and_midgame_positions() {
    let start = CrossJack::start(CrossJack::default_size()).unwrap();
    assert_eq!(start.fen(), "8/8/8/8/8/8/8/8 x");
    assert_eq!(common::perft_vector("crossjack", &start.fen()).len(), 6);
    for (fen, counts) in common::perft_vectors("crossjack") {
        assert_eq!(
            common::assert_perft(position(&fen), &counts, u64::MAX),
            counts.len()
        );
    }
}

#[test]
fn columns_wrap_from_the_last_file_to_a() {
    // X's chain d8-e8-f7-g6-h5 touches the a-file only across the edge.
    let mut p = position("3xx3/5x2/6x1/7x/8/2o5/2o5/2oo4 o");
    play(&mut p, "b4");
    // From h5 the steps to the right land on the a-file, diagonals included.
    for square in ["a4", "a5", "a6"] {
        assert!(is_legal(&p, square), "{square}");
    }
}

#[test]
fn columns_wrap_from_a_to_the_last_file() {
    let mut p = position("3xx3/2x5/1x6/x7/8/5o2/5o2/4oo2 o");
    play(&mut p, "g4");
    for square in ["h4", "h5", "h6"] {
        assert!(is_legal(&p, square), "{square}");
    }
}

#[test]
fn marks_step_one_square_in_all_eight_directions() {
    let mut p = position("3xx3/3x4/3x4/4x3/8/2o5/2o5/2oo4 o");
    play(&mut p, "b4");
    // Squares only e5 touches: forward, aside and diagonally, backward too.
    for square in ["d4", "e4", "f4", "f5", "f6"] {
        assert!(is_legal(&p, square), "{square}");
    }
    for square in ["e3", "g5", "c4"] {
        assert!(!is_legal(&p, square), "{square}: no skipping over squares");
    }
}

#[test]
fn rows_do_not_wrap() {
    // X on the top row cannot step to rank 1, nor O on rank 1 to the top row.
    let x_to_move = position("1xx5/8/8/8/8/8/8/5oo1 x");
    assert_eq!(
        moves(&x_to_move),
        sorted(&["a8", "d8", "a7", "b7", "c7", "d7"])
    );
    let mut o_to_move = x_to_move.clone();
    play(&mut o_to_move, "d8");
    assert_eq!(
        moves(&o_to_move),
        sorted(&["e1", "h1", "e2", "f2", "g2", "h2"])
    );
}

#[test]
fn setup_places_marks_only_on_the_own_zone_row() {
    let mut p = CrossJack::start(BoardSize::new(8, 6)).unwrap();
    let top_row = ["a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6"];
    assert_eq!(moves(&p), sorted(&top_row));
    assert!(move_error(&p, "d5").contains("must tick its zone row, rank 6"));
    play(&mut p, "d6");
    let rank_1 = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"];
    assert_eq!(moves(&p), sorted(&rank_1));
    play(&mut p, "a1");
    // The second setup mark need not touch the first.
    assert!(is_legal(&p, "h6"));
    assert!(!is_legal(&p, "d5"));
    play(&mut p, "h6");
    assert_eq!(moves(&p).len(), 7);
    assert!(!is_legal(&p, "b2"));
    play(&mut p, "e1");
    // Set up: from now on a move is a king step from an own mark.
    assert!(is_legal(&p, "d5"));
    assert!(!is_legal(&p, "b6"));
}

#[test]
fn after_setup_the_own_zone_row_is_allowed_when_adjacent() {
    let p = position("2x2x2/8/8/8/8/8/8/2o2o2 x");
    for square in ["b8", "d8", "e8", "g8"] {
        assert!(is_legal(&p, square), "{square}");
    }
    assert!(!is_legal(&p, "a8"));
    assert!(move_error(&p, "a8").contains("not a king step"));
}

#[test]
fn x_wins_at_once_on_rank_1() {
    let mut p = position("3xx3/3x4/3x4/3x4/3x4/3x4/oo1x1ooo/o6o o");
    play(&mut p, "c3");
    assert_eq!(p.status(), Status::InPlay);
    play(&mut p, "c1");
    assert_game_over(&p, Status::Won(Player::One));
}

#[test]
fn o_wins_at_once_on_the_top_row() {
    let mut p = position("x6x/1o2xxx1/1o4x1/1o4x1/1o4x1/1o6/1o6/1oo5 x");
    play(&mut p, "a7");
    assert_eq!(p.status(), Status::InPlay);
    play(&mut p, "c8");
    assert_game_over(&p, Status::Won(Player::Two));
}

#[test]
fn blockade_draws_when_x_lacks_access() {
    // O's wall on rank 2 has one gap left, on h2.
    let mut p = position("xxxx4/2xx4/3x4/3x4/3x4/3x4/ooooooo1/oo6 o");
    assert_eq!(p.status(), Status::InPlay);
    play(&mut p, "h2");
    assert_game_over(&p, Status::Draw);
}

#[test]
fn blockade_draws_when_o_lacks_access() {
    let mut p = position("xxx5/xxxxxxx1/3o4/3o4/3o4/3o4/2oo4/oooo4 x");
    assert_eq!(p.status(), Status::InPlay);
    play(&mut p, "h7");
    assert_game_over(&p, Status::Draw);
}

#[test]
fn no_draw_while_a_narrow_path_remains() {
    // X's only way down is h5, across the edge to a4 (a5, b5 and the rest of rank 4 are O's).
    let narrow = "2xx4/1xxxxx2/2xxxx2/oo6/1ooooooo/8/8/2oo4 x";
    let mut p = position(narrow);
    assert_eq!(p.status(), Status::InPlay);
    play(&mut p, "g7");
    assert_eq!(p.status(), Status::InPlay);
    // O closes the path: X is cut off.
    play(&mut p, "h5");
    assert_game_over(&p, Status::Draw);
}

#[test]
fn no_draw_while_a_straight_one_square_gap_remains() {
    let mut p = position("xxxx4/2xx4/3x4/3x4/3x4/8/oooo1ooo/oo6 x");
    assert_eq!(p.status(), Status::InPlay);
    play(&mut p, "d3");
    play(&mut p, "h3");
    assert_eq!(p.status(), Status::InPlay);
    assert!(is_legal(&p, "e2"));
}

#[test]
fn a_player_with_no_legal_move_has_no_access_so_the_game_is_drawn() {
    let p = position("xxxxxxxx/xxxxxxxx/oooooooo/8/8/8/8/oooooooo x");
    assert_game_over(&p, Status::Draw);
}

#[test]
fn a_player_with_fewer_than_two_marks_sets_up_wherever_its_marks_stand() {
    // Not reachable in a game, but readable: setup is a matter of the mark count.
    let p = position("8/8/8/3x4/8/8/8/8 o");
    assert_eq!(moves(&p).len(), 8);
    let mut p = p;
    play(&mut p, "a1");
    assert!(is_legal(&p, "a8"));
    assert!(!is_legal(&p, "d4"));
}

#[test]
fn access_is_not_judged_during_setup() {
    let mut p = CrossJack::start(BoardSize::new(3, 3)).unwrap();
    play(&mut p, "a3");
    play(&mut p, "a1");
    play(&mut p, "b3");
    assert_eq!(p.status(), Status::InPlay);
    assert_eq!(moves(&p), sorted(&["b1", "c1"]));
}

#[test]
fn position_strings_with_bad_counts_are_errors() {
    assert_eq!(
        position_error("xxx5/8/8/8/8/8/8/o7 o"),
        "x has 3 marks and o has 1: x must have as many marks as o or one more"
    );
    assert_eq!(
        position_error("x7/8/8/8/8/8/8/oo6 x"),
        "x has 1 marks and o has 2: x must have as many marks as o or one more"
    );
}

#[test]
fn position_strings_with_the_wrong_side_to_move_are_errors() {
    assert_eq!(
        position_error("x7/8/8/8/8/8/8/o7 o"),
        "x has 1 marks and o has 1, so x is to move, not o"
    );
    assert_eq!(
        position_error("xx6/8/8/8/8/8/8/o7 x"),
        "x has 2 marks and o has 1, so o is to move, not x"
    );
    assert_eq!(
        position_error("8/8/8/8/8/8/8/8 X"),
        "'X' is not a side of crossjack"
    );
}

#[test]
fn position_strings_with_both_players_on_their_goal_rows_are_errors() {
    assert_eq!(
        position_error("xx5o/x6o/x6o/x6o/x6o/x6o/x6o/x6o o"),
        "x stands on rank 1 and o on rank 8: the game ends when the first of them arrives"
    );
}

#[test]
fn unsupported_board_sizes_are_errors() {
    let cases = [
        ("2/2/2/2/2/2/2/2 x", "2x8"),
        ("17/17/17 x", "17x3"),
        ("16/16/16/16/16/16/16/16/16 x", "16x9"),
    ];
    for (fen, size) in cases {
        assert_eq!(
            position_error(fen),
            format!(
                "crossjack does not support a {size} board (3 to 16 files and ranks, at most 128 squares)"
            )
        );
        let size: BoardSize = size.parse().unwrap();
        assert!(CrossJack::start(size).is_err());
    }
    for size in ["3x3", "16x8", "8x16", "11x11", "4x3"] {
        let size: BoardSize = size.parse().unwrap();
        let start = CrossJack::start(size).unwrap();
        assert_eq!(start.size(), size);
        assert_eq!(start.count_moves(), size.width);
    }
}

#[test]
fn unknown_letters_are_errors() {
    assert_eq!(
        position_error("8/8/8/8/8/8/8/7b x"),
        "'b' is not a piece of crossjack"
    );
    assert_eq!(
        position_error("X7/8/8/8/8/8/8/o7 o"),
        "'X' is not a piece of crossjack"
    );
}

#[test]
fn malformed_position_strings_are_errors() {
    assert_eq!(
        position_error("8/8/9/8/8/8/8/8 x"),
        "row 3 has 9 squares, expected 8"
    );
    for bad in ["", "8/8/8 x o", "8/8/8", "8/8/0/8 x"] {
        assert!(CrossJack::from_fen(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn move_errors_say_what_is_wrong() {
    let mut p = position("3x3x/8/8/8/3x4/8/8/3o3o o");
    assert_eq!(move_error(&p, "c9"), "c9 is off the 8x8 board");
    assert_eq!(move_error(&p, "I1"), "i1 is off the 8x8 board");
    assert_eq!(move_error(&p, "D4"), "d4: square is occupied");
    assert_eq!(
        move_error(&p, "d3"),
        "d3: not a king step (columns wrap) from any mark of o"
    );
    assert!(move_error(&p, "d").contains("not a move in crossjack notation"));
    assert!(move_error(&p, "d4d5").contains("not a move in crossjack notation"));
    // Input is case-insensitive, output lower case.
    let mv = p.parse_move("E2").unwrap();
    assert_eq!(p.format_move(mv), "e2");
    play(&mut p, "a2");
    play(&mut p, "c3");
    play(&mut p, "h2");
    play(&mut p, "c2");
    play(&mut p, "g2");
    play(&mut p, "c1");
    assert_eq!(move_error(&p, "a3"), "a3: the game is over");
}

#[test]
fn setup_move_errors_name_the_zone_row() {
    let p = CrossJack::start(BoardSize::new(10, 7)).unwrap();
    assert_eq!(
        move_error(&p, "a1"),
        "a1: x is setting up and must tick its zone row, rank 7"
    );
    let mut p = p;
    play(&mut p, "j7");
    assert_eq!(
        move_error(&p, "j6"),
        "j6: o is setting up and must tick its zone row, rank 1"
    );
}

#[test]
fn evaluation_favours_the_side_ahead_in_the_race() {
    // X is three ticks from rank 1, O five from the top row: good for X, bad for O.
    let x_ahead = position("3xx3/3x4/3x4/3x4/3x4/o6o/o6o/o6o x");
    assert!(x_ahead.evaluate() > 0);
    let mut o_to_move = x_ahead.clone();
    play(&mut o_to_move, "d3");
    assert!(o_to_move.evaluate() < 0);
    // X threatens c1, d1 and e1 at once: O cannot block them all.
    let mut o_facing_threats = o_to_move.clone();
    play(&mut o_facing_threats, "b4");
    play(&mut o_facing_threats, "d2");
    assert!(o_facing_threats.evaluate() < o_to_move.evaluate());
    // A winning step is worth more than any race lead.
    let mut x_wins_next = o_facing_threats.clone();
    play(&mut x_wins_next, "b5");
    assert!(x_wins_next.evaluate() > x_ahead.evaluate());
}

/// A plain grid of the position, read back from its position string: `grid[rank][file]`.
fn grid_of(position: &CrossJack) -> Vec<Vec<char>> {
    let fen = position.fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let mut grid: Vec<Vec<char>> = board
        .split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut run = 0;
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(d) => run = run * 10 + d as usize,
                    None => {
                        cells.extend(std::iter::repeat_n('.', run));
                        run = 0;
                        cells.push(c);
                    }
                }
            }
            cells.extend(std::iter::repeat_n('.', run));
            cells
        })
        .collect();
    grid.reverse();
    grid
}

/// The king steps from (file, rank) written square by square, columns wrapping.
fn king_steps(file: usize, rank: usize, width: usize, height: usize) -> Vec<(usize, usize)> {
    let mut steps = Vec::new();
    for dr in [-1i64, 0, 1] {
        for df in [-1i64, 0, 1] {
            let r = rank as i64 + dr;
            if (df, dr) == (0, 0) || r < 0 || r >= height as i64 {
                continue;
            }
            let f = (file as i64 + df).rem_euclid(width as i64);
            steps.push((f as usize, r as usize));
        }
    }
    steps
}

/// Access by a square-by-square search: an empty goal square reachable over empty squares.
fn has_access_by_search(grid: &[Vec<char>], mark: char, goal_rank: usize) -> bool {
    let (height, width) = (grid.len(), grid[0].len());
    let mut seen = vec![vec![false; width]; height];
    let mut todo: Vec<(usize, usize)> = Vec::new();
    for (rank, row) in grid.iter().enumerate() {
        for (file, &c) in row.iter().enumerate() {
            if c == mark {
                todo.push((file, rank));
            }
        }
    }
    while let Some((file, rank)) = todo.pop() {
        for (f, r) in king_steps(file, rank, width, height) {
            if grid[r][f] == '.' && !seen[r][f] {
                if r == goal_rank {
                    return true;
                }
                seen[r][f] = true;
                todo.push((f, r));
            }
        }
    }
    false
}

#[test]
fn moves_and_status_agree_with_a_square_by_square_reading_of_the_rules() {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let mut list = Vec::with_capacity(MAX_MOVES);
    let mut endings = Vec::new();
    for size in ["3x3", "4x3", "3x16", "7x5", "8x8", "16x8", "10x7"] {
        for _ in 0..40 {
            let mut p = CrossJack::start(size.parse().unwrap()).unwrap();
            loop {
                let grid = grid_of(&p);
                let (height, width) = (grid.len(), grid[0].len());
                let count = |c: char| grid.iter().flatten().filter(|&&g| g == c).count();
                let x_won = grid[0].contains(&'x');
                let o_won = grid[height - 1].contains(&'o');
                let set_up = count('x') >= 2 && count('o') >= 2;
                let blocked = set_up
                    && !(has_access_by_search(&grid, 'x', 0)
                        && has_access_by_search(&grid, 'o', height - 1));
                let expected = if x_won {
                    Status::Won(Player::One)
                } else if o_won {
                    Status::Won(Player::Two)
                } else if blocked {
                    Status::Draw
                } else {
                    Status::InPlay
                };
                assert_eq!(p.status(), expected, "{}", p.fen());

                let (mark, zone_rank) = match p.side_to_move() {
                    Player::One => ('x', height - 1),
                    Player::Two => ('o', 0),
                };
                let mut expected_moves = Vec::new();
                if !expected.is_over() {
                    for rank in 0..height {
                        for file in 0..width {
                            let tickable = if count(mark) < 2 {
                                rank == zone_rank
                            } else {
                                king_steps(file, rank, width, height)
                                    .into_iter()
                                    .any(|(f, r)| grid[r][f] == mark)
                            };
                            if grid[rank][file] == '.' && tickable {
                                let name = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
                                expected_moves.push(name);
                            }
                        }
                    }
                }
                expected_moves.sort();
                assert_eq!(moves(&p), expected_moves, "{}", p.fen());

                list.clear();
                p.generate_moves(&mut list);
                if list.is_empty() {
                    endings.push(p.status());
                    break;
                }
                p.play(list[rng.below(list.len())]);
            }
        }
    }
    for ending in [
        Status::Won(Player::One),
        Status::Won(Player::Two),
        Status::Draw,
    ] {
        assert!(endings.contains(&ending), "no random game ended {ending:?}");
    }
}
