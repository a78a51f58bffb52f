//! `query turn` (protocol.md): one round trip that answers what a rules-free GUI otherwise
//! asks one query at a time. Its lines must equal those single queries, in every game.

use crate::common;

use common::inproc::InProcess;
use common::Rng;
use tablero::games::{BoardSize, GameKind};

/// The value of `key` in a line of `<key> <value>` pairs after its first two words.
fn field(line: &str, key: &str) -> String {
    let tokens: Vec<&str> = line.split(' ').collect();
    let at = (2..tokens.len())
        .step_by(2)
        .find(|&i| tokens[i] == key)
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    tokens[at + 1].to_string()
}

/// The legal moves, as `query moves` lists them.
fn legal_moves(engine: &mut InProcess) -> Vec<String> {
    engine
        .ask_one("query moves")
        .split(' ')
        .skip(1)
        .map(String::from)
        .collect()
}

/// What `query turn` must answer, built from the single queries.
fn turn_from_single_queries(engine: &mut InProcess) -> Vec<String> {
    let moves = legal_moves(engine);
    let tomove = match engine.ask_one("query p1turn").as_str() {
        "response true" => "p1",
        _ => "p2",
    };
    let duty = engine.ask_one("query duty").replace("response duty ", "");
    let toplace = field(&engine.ask_one("query board"), "toplace");
    let mut lines = vec![
        format!(
            "response turn tomove {tomove} duty {duty} toplace {toplace} moves {}",
            moves.len()
        ),
        engine.ask_one("query end"),
    ];
    lines.extend(
        moves
            .iter()
            .map(|m| engine.ask_one(&format!("query effects {m}"))),
    );
    lines.push("response turn done".to_string());
    lines
}

#[test]
fn query_turn_equals_the_single_queries_along_random_games_of_every_game() {
    for (game, size) in [
        (GameKind::CrossJack, BoardSize::new(5, 4)),
        (GameKind::CrossJack, BoardSize::square(8)),
        (GameKind::JcShock, BoardSize::square(5)),
        (GameKind::Crossings, BoardSize::square(8)),
    ] {
        for seed in 1..=4 {
            let mut engine = InProcess::new(game, Some(size));
            let mut rng = Rng::new(seed * 7919 + size.width as u64);
            let mut played: Vec<String> = Vec::new();
            for _ in 0..60 {
                let turn = engine.ask("query turn");
                assert_eq!(
                    turn,
                    turn_from_single_queries(&mut engine),
                    "{game} {played:?}"
                );
                let moves = legal_moves(&mut engine);
                if moves.is_empty() {
                    break;
                }
                played.push(moves[rng.below(moves.len())].clone());
                engine.run(&format!("position startpos moves {}", played.join(" ")));
            }
        }
    }
}

#[test]
fn a_finished_game_has_its_end_and_no_move() {
    let mut engine = InProcess::new(GameKind::CrossJack, Some(BoardSize::square(3)));
    engine.run("position fen 3/xxx/ooo/3 x");
    assert_eq!(
        engine.ask("query turn"),
        [
            "response turn tomove p1 duty none toplace - moves 0",
            "response end result draw reason blockade blockaded p1,p2",
            "response turn done",
        ]
    );
}

#[test]
fn query_turn_changes_nothing() {
    let mut engine = InProcess::new(GameKind::Crossings, None);
    engine.run("position startpos moves a2a3");
    let before = engine.ask_one("query fen");
    engine.ask("query turn");
    assert_eq!(engine.ask_one("query fen"), before);
}
