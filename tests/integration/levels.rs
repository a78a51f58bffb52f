//! Strength levels and win-draw-loss chances: the options `Skill Level`, `UCI_LimitStrength`,
//! `UCI_Elo` and `UCI_ShowWDL` as a GUI sets them, and what the levels and chances do.

use std::sync::atomic::AtomicBool;

use crate::common::engine::Engine;
use crate::common::inproc::InProcess;
use crate::common::Rng;

use tablero::games::{GameKind, LIMITED_LEVELS};
use tablero::search::{Info, Limits, Score, SearchThreads, Settings, Strength, TranspositionTable};
use tablero::session::{AnyGame, SearchOrder};

/// The `option` line of `name` in the answer to `uci`.
fn option_line(engine: &mut InProcess, name: &str) -> String {
    let prefix = format!("option name {name} type ");
    engine
        .ask("uci")
        .into_iter()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {name} option"))
}

/// The `min` and `max` of a spin option line.
fn spin_range(line: &str) -> (u32, u32) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| -> u32 {
        let at = words.iter().position(|w| *w == key).expect("a key");
        words[at + 1].parse().expect("a number")
    };
    (after("min"), after("max"))
}

#[test]
fn the_strength_options_are_listed_as_ucis_habits_have_them() {
    let mut engine = InProcess::new(GameKind::CrossJack, None);
    assert_eq!(
        option_line(&mut engine, "UCI_LimitStrength"),
        "option name UCI_LimitStrength type check default false"
    );
    assert_eq!(
        option_line(&mut engine, "Skill Level"),
        "option name Skill Level type spin default 20 min 0 max 20"
    );
    assert_eq!(
        option_line(&mut engine, "UCI_ShowWDL"),
        "option name UCI_ShowWDL type check default false"
    );
    let (min, max) = spin_range(&option_line(&mut engine, "UCI_Elo"));
    let levels = GameKind::CrossJack.levels();
    assert_eq!(
        (min, max),
        (levels.label(0), levels.label(LIMITED_LEVELS - 1))
    );
}

#[test]
fn uci_elo_spans_the_range_of_the_game_selected() {
    for kind in GameKind::ALL {
        let mut engine = InProcess::new(GameKind::CrossJack, None);
        engine.run(&format!("setoption name UCI_Variant value {kind}"));
        let (min, max) = spin_range(&option_line(&mut engine, "UCI_Elo"));
        let levels = kind.levels();
        assert_eq!((min, max), (levels.label(0), levels.elo_max()), "{kind}");
        assert!(min < max, "{kind}");
    }
}

/// The lines answering `line`, up to the `readyok` of an `isready` sent after it.
fn answer(engine: &mut Engine, line: &str) -> Vec<String> {
    engine.send(line);
    engine.send("isready");
    let mut lines = engine.lines_until(|l| l == "readyok");
    lines.pop();
    lines
}

/// Whether the engine plays at a limited level: a `go depth 1` searches several candidate
/// lines although `MultiPV` is 1.
fn plays_limited(engine: &mut Engine) -> bool {
    engine.send("position startpos");
    engine.send("go depth 1");
    engine
        .lines_until(|line| line.starts_with("bestmove"))
        .iter()
        .any(|line| line.contains(" multipv 2 "))
}

#[test]
fn a_bad_level_or_elo_gets_one_error_and_keeps_the_setting() {
    let mut engine = Engine::start(&["--game", "crossings"]);
    assert!(answer(&mut engine, "setoption name Skill Level value 3").is_empty());
    let (min, max) = spin_range(&option_line(
        &mut InProcess::new(GameKind::Crossings, None),
        "UCI_Elo",
    ));
    let refused = [
        ("Skill Level", "21".to_string()),
        ("Skill Level", "-1".to_string()),
        ("Skill Level", "five".to_string()),
        ("UCI_Elo", (max + 1).to_string()),
        ("UCI_Elo", min.saturating_sub(1).to_string()),
        ("UCI_Elo", "strong".to_string()),
        ("UCI_LimitStrength", "yes".to_string()),
        ("UCI_ShowWDL", "1".to_string()),
    ];
    for (name, value) in refused {
        let lines = answer(&mut engine, &format!("setoption name {name} value {value}"));
        assert_eq!(lines.len(), 1, "{name} {value}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: setoption: ") && lines[0].contains(name),
            "{name} {value}: {lines:?}"
        );
    }
    assert!(plays_limited(&mut engine), "level 3 is still set");
}

#[test]
fn the_last_strength_option_set_wins() {
    let mut engine = Engine::start(&["--game", "crossings"]);
    assert!(!plays_limited(&mut engine), "full strength by default");
    engine.send("setoption name Skill Level value 4");
    assert!(plays_limited(&mut engine));
    engine.send("setoption name Skill Level value 20");
    assert!(!plays_limited(&mut engine), "level 20 is full strength");
    let (min, _) = spin_range(&option_line(
        &mut InProcess::new(GameKind::Crossings, None),
        "UCI_Elo",
    ));
    engine.send(&format!("setoption name UCI_Elo value {min}"));
    assert!(!plays_limited(&mut engine), "UCI_Elo alone limits nothing");
    engine.send("setoption name UCI_LimitStrength value true");
    assert!(plays_limited(&mut engine));
    engine.send("setoption name Skill Level value 20");
    assert!(!plays_limited(&mut engine), "the skill level set last wins");
    engine.send("setoption name Skill Level value 2");
    engine.send("setoption name UCI_LimitStrength value false");
    assert!(plays_limited(&mut engine), "back to the skill level");
}

/// What a search of `game` at `strength` within `limits` plays, and its reports.
fn search(
    game: &mut AnyGame,
    strength: Strength,
    limits: Limits,
    searchmoves: Vec<String>,
) -> (Option<String>, Vec<Info>) {
    let order = SearchOrder {
        limits,
        settings: Settings {
            strength,
            ..Settings::default()
        },
        searchmoves,
    };
    let mut infos = Vec::new();
    let mut tt = TranspositionTable::new(4);
    let mut threads = SearchThreads::new();
    let never = AtomicBool::new(false);
    let best = game.search(&order, &mut tt, &mut threads, &never, &mut |info| {
        if info.currmove.is_none() {
            infos.push(info.clone())
        }
    });
    (best, infos)
}

/// Positions reached by random play from the start of `kind`, still in play.
fn positions(kind: GameKind, count: usize, seed: u64) -> Vec<AnyGame> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = AnyGame::start(kind, kind.default_size()).expect("a start position");
        let plies = 2 + rng.below(12);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            game = game.after(&[mv]).expect("a legal move");
        }
        if !game.legal_moves().is_empty() {
            found.push(game);
        }
    }
    found
}

#[test]
fn every_level_plays_a_legal_move_in_every_game() {
    for kind in GameKind::ALL {
        for game in positions(kind, 3, 7) {
            for level in [0, 7, 13, 19] {
                let mut game = game.clone();
                let legal = game.legal_moves();
                let (best, _) =
                    search(&mut game, Strength::Skill(level), Limits::default(), vec![]);
                let best = best.unwrap_or_else(|| panic!("{kind} level {level}: no move"));
                assert!(legal.contains(&best), "{kind} level {level}: {best}");
            }
        }
    }
}

/// A score as one number, forced results beyond every evaluation.
fn value(score: Score) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(moves) if moves > 0 => 100_000 - i64::from(moves),
        Score::Mate(moves) => -100_000 - i64::from(moves),
    }
}

/// The score a full-strength search of `nodes` gives `game`, or the move `only` in it.
fn reference_score(game: &AnyGame, only: Option<&str>, nodes: u64) -> i64 {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let searchmoves = only.map(|mv| vec![mv.to_string()]).unwrap_or_default();
    let (_, infos) = search(&mut game.clone(), Strength::Full, limits, searchmoves);
    value(infos.last().expect("a report").score)
}

/// How much worse than the reference's best move, summed over `games`, the moves of `level`
/// score.
fn total_loss(games: &[AnyGame], level: u32, nodes: u64) -> i64 {
    games
        .iter()
        .map(|game| {
            let (mv, _) = search(
                &mut game.clone(),
                Strength::Skill(level),
                Limits::default(),
                vec![],
            );
            let mv = mv.expect("a move");
            let best = reference_score(game, None, nodes);
            (best - reference_score(game, Some(&mv), nodes)).clamp(0, 2_000)
        })
        .sum()
}

#[test]
fn a_low_level_chooses_worse_moves_than_a_high_one() {
    for kind in GameKind::ALL {
        let games = positions(kind, 12, 3);
        let nodes = 30_000;
        let (low, high) = (total_loss(&games, 1, nodes), total_loss(&games, 17, nodes));
        assert!(
            low > high,
            "{kind}: level 1 lost {low}, level 17 lost {high}"
        );
    }
}

/// The `wdl` numbers of an info line, if it has them.
fn wdl_of(line: &str) -> Option<[u32; 3]> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "wdl")?;
    let number = |k: usize| words[at + k].parse::<u32>().expect("a number");
    Some([number(1), number(2), number(3)])
}

/// The info lines of `go` on `position` in `game` with `UCI_ShowWDL` on.
fn lines_with_wdl(game: &str, size: &str, position: &str, go: &str) -> Vec<String> {
    let mut engine = Engine::start(&["--game", game, "--size", size]);
    engine.send("setoption name UCI_ShowWDL value true");
    engine.send(position);
    engine.send(go);
    engine
        .lines_until(|line| line.starts_with("bestmove"))
        .into_iter()
        .filter(|line| line.contains(" score "))
        .collect()
}

#[test]
fn with_show_wdl_every_score_carries_chances_that_sum_to_a_thousand() {
    for (game, size) in [("crossjack", "8"), ("jcshock", "9"), ("crossings", "8")] {
        let lines = lines_with_wdl(game, size, "position startpos", "go nodes 20000");
        assert!(!lines.is_empty(), "{game}");
        for line in lines {
            let [win, draw, loss] = wdl_of(&line).unwrap_or_else(|| panic!("{game}: {line}"));
            assert_eq!(win + draw + loss, 1000, "{game}: {line}");
            assert!(
                line.contains(&format!(" wdl {win} {draw} {loss} nodes ")),
                "{line}"
            );
        }
    }
}

#[test]
fn without_show_wdl_no_line_carries_chances() {
    let mut engine = Engine::start(&["--game", "crossings"]);
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.lines_until(|line| line.starts_with("bestmove"));
    assert!(lines.iter().all(|line| wdl_of(line).is_none()), "{lines:?}");
}

/// Checks that the last report of `go` on `position` in Cross-Jack on `size` carries `score`
/// (the words after `score`) and the chances `wdl`.
fn assert_last_report(size: &str, position: &str, go: &str, score: &str, wdl: [u32; 3]) {
    let lines = lines_with_wdl("crossjack", size, position, go);
    let last = lines.last().expect("a report");
    assert!(last.contains(&format!(" score {score}")), "{last}");
    assert_eq!(wdl_of(last), Some(wdl), "{last}");
}

/// X (North) to move ticks b1 on South's row and wins at once.
const CROSSJACK_WIN_IN_ONE: &str = "position fen 1x1/1x1/o1o x";

#[test]
fn a_proven_win_has_exact_chances() {
    assert_last_report(
        "3",
        CROSSJACK_WIN_IN_ONE,
        "go depth 3",
        "mate 1 wdl ",
        [1000, 0, 0],
    );
}

#[test]
fn a_proven_draw_has_exact_chances() {
    // X's other first moves let O fill its own row: a blockade draw, proven to the end.
    let go = "go depth 4 searchmoves a3";
    assert_last_report("3", CROSSJACK_WIN_IN_ONE, go, "cp 0 wdl ", [0, 1000, 0]);
}

/// Cross-Jack 4×3 is won for X from the start (docs/results.md, *Solved boards*), a3 keeping
/// the win: O to move is lost.
const CROSSJACK_LOST: &str = "position startpos moves a3";

#[test]
fn a_proven_loss_has_exact_chances() {
    assert_last_report("4x3", CROSSJACK_LOST, "go depth 12", "mate -", [0, 0, 1000]);
}

#[test]
fn a_level_answers_stop_at_once() {
    let mut engine = Engine::start(&["--game", "jcshock"]);
    engine.send("setoption name Skill Level value 19");
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("stop");
    let answer = engine.lines_until(|line| line.starts_with("bestmove"));
    let best = answer.last().expect("a bestmove");
    assert!(best.split_whitespace().nth(1).is_some(), "{best}");
}
