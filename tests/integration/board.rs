//! `query board` (protocol.md): one line that describes the loaded game and position so that
//! a GUI draws it without knowing the rules: the size first, then each field with its value
//! as the game's rules give it. One test per game and per rule of the line.

use crate::common;

use common::inproc::InProcess;
use tablero::games::{BoardSize, GameKind};
use tablero::session::AnyGame;

/// The answer to `query board` after `setup` (lines that answer nothing) in `game` on `size`.
fn board_line(game: GameKind, size: usize, setup: &[&str]) -> String {
    let mut engine = InProcess::new(game, Some(BoardSize::square(size)));
    for line in setup {
        engine.run(line);
    }
    engine.ask_one("query board")
}

/// The value of `key` in a `response board …` line.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let tokens: Vec<&str> = line.split(' ').collect();
    let at = tokens
        .iter()
        .skip(2)
        .step_by(2)
        .position(|&t| t == key)
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    tokens[2 + 2 * at + 1]
}

#[test]
fn the_line_starts_with_the_width_and_height_then_key_value_pairs() {
    for game in GameKind::ALL {
        let line = board_line(game, 8, &[]);
        assert!(
            line.starts_with("response board width 8 height 8 game "),
            "{line}"
        );
        let tokens = line.split(' ').count();
        assert_eq!(tokens % 2, 0, "keys and values pair up: {line}");
        let keys: Vec<&str> = line.split(' ').skip(2).step_by(2).collect();
        assert_eq!(
            keys,
            [
                "width",
                "height",
                "game",
                "files",
                "ranks",
                "origin",
                "pieces",
                "p1",
                "p2",
                "p1colour",
                "p2colour",
                "tomove",
                "wrap",
                "goals",
                "homes",
                "toplace",
                "pass",
                "size",
                "default",
                "sizes",
                "p1side",
                "placement",
                "operations"
            ],
            "{game}"
        );
    }
}

#[test]
fn cross_jack_has_marks_wrapping_files_goal_rows_and_zone_rows() {
    let line = board_line(GameKind::CrossJack, 8, &[]);
    assert!(line.starts_with(
        "response board width 8 height 8 game crossjack files a,b,c,d,e,f,g,h \
         ranks 1,2,3,4,5,6,7,8 origin bottom-left pieces x:p1:mark,o:p2:mark p1 North \
         p2 South p1colour royalblue p2colour darkorange tomove p1 wrap files goals p1:1,p2:8 \
         homes p1:8,p2:1 toplace - pass - size 8x8 default 8x8 sizes 3x3,3x4,"
    ));
}

#[test]
fn cross_jacks_player_one_sits_at_the_top_the_others_at_the_bottom_or_anywhere() {
    assert_eq!(
        field(&board_line(GameKind::CrossJack, 8, &[]), "p1side"),
        "top"
    );
    assert_eq!(
        field(&board_line(GameKind::Crossings, 8, &[]), "p1side"),
        "bottom"
    );
    assert_eq!(field(&board_line(GameKind::JcShock, 8, &[]), "p1side"), "-");
}

#[test]
fn placement_lists_every_piece_in_square_order_as_the_position_string_has_it() {
    let line = board_line(
        GameKind::JcShock,
        4,
        &["position fen o1x1/oxxo/ooxx/xoxo o"],
    );
    assert_eq!(
        field(&line, "placement"),
        "a1:x,b1:o,c1:x,d1:o,a2:o,b2:o,c2:x,d2:x,a3:o,b3:x,c3:x,d3:o,a4:o,c4:x"
    );
    let line = board_line(
        GameKind::Crossings,
        8,
        &["position fen 8/8/8/8/8/8/8/rB6 r"],
    );
    assert_eq!(field(&line, "placement"), "a1:r,b1:B");
}

#[test]
fn operations_give_each_effect_word_its_number_of_values() {
    let line = board_line(GameKind::Crossings, 8, &[]);
    assert_eq!(field(&line, "operations"), "move:2,place:2,remove:1,set:2");
}

#[test]
fn cross_jack_goal_and_zone_rows_follow_the_height() {
    let mut engine = InProcess::new(GameKind::CrossJack, Some(BoardSize::new(10, 7)));
    let line = engine.ask_one("query board");
    assert_eq!(field(&line, "goals"), "p1:1,p2:7");
    assert_eq!(field(&line, "homes"), "p1:7,p2:1");
    assert_eq!(field(&line, "files"), "a,b,c,d,e,f,g,h,i,j");
    assert_eq!(field(&line, "size"), "10x7");
    assert_eq!(field(&line, "default"), "8x8");
}

#[test]
fn jc_shock_counts_the_pieces_each_player_has_left_to_place() {
    let line = board_line(GameKind::JcShock, 4, &[]);
    assert_eq!(
        line,
        "response board width 4 height 4 game jcshock files a,b,c,d ranks 1,2,3,4 \
         origin bottom-left pieces o:p1:piece,x:p2:piece p1 White p2 Black p1colour white \
         p2colour black tomove p1 wrap - goals - homes - toplace p1:7,p2:7 pass - size 4x4 \
         default 8x8 sizes 4x4,5x5,6x6,7x7,8x8,9x9,10x10,11x11 p1side - placement - \
         operations move:2,place:2,remove:1,set:2"
    );
    let line = board_line(GameKind::JcShock, 4, &["position startpos moves b1 b4 c2"]);
    assert_eq!(field(&line, "toplace"), "p1:5,p2:6");
    assert_eq!(field(&line, "tomove"), "p2");
}

#[test]
fn crossings_has_stones_locked_stones_home_rows_and_the_pass() {
    let line = board_line(GameKind::Crossings, 8, &[]);
    assert_eq!(
        line,
        "response board width 8 height 8 game crossings files a,b,c,d,e,f,g,h \
         ranks 1,2,3,4,5,6,7,8 origin bottom-left \
         pieces r:p1:stone,b:p2:stone,R:p1:locked,B:p2:locked p1 Red p2 Black p1colour red \
         p2colour black tomove p1 wrap - goals p1:8,p2:1 homes p1:1-2,p2:7-8 toplace - \
         pass 0000 size 8x8 default 8x8 sizes 8x8 p1side bottom placement a1:r,b1:r,c1:r,\
         d1:r,e1:r,f1:r,g1:r,h1:r,a2:r,b2:r,c2:r,d2:r,e2:r,f2:r,g2:r,h2:r,a7:b,b7:b,c7:b,d7:b,\
         e7:b,f7:b,g7:b,h7:b,a8:b,b8:b,c8:b,d8:b,e8:b,f8:b,g8:b,h8:b \
         operations move:2,place:2,remove:1,set:2"
    );
}

#[test]
fn the_sizes_listed_are_exactly_those_the_game_accepts() {
    for game in GameKind::ALL {
        let line = board_line(game, 8, &[]);
        let listed: Vec<&str> = field(&line, "sizes").split(',').collect();
        for width in 1..=18 {
            for height in 1..=18 {
                let size = BoardSize::new(width, height);
                let accepted = AnyGame::start(game, size).is_ok();
                let text = size.to_string();
                assert_eq!(listed.contains(&text.as_str()), accepted, "{game} {size}");
            }
        }
        let mut sorted = listed.clone();
        sorted.sort_by_key(|size| size.parse::<BoardSize>().map(|s| (s.width, s.height)).ok());
        assert_eq!(sorted, listed, "{game}: widths ascending, then heights");
    }
}

#[test]
fn the_side_to_move_is_named_in_a_finished_game_too() {
    let line = board_line(
        GameKind::CrossJack,
        3,
        &["position startpos moves a3 a1 b3 b1 b2 c1"],
    );
    assert_eq!(field(&line, "tomove"), "p1");
}
