//! Diagnostics for users of GUIs (protocol.md, `Debug Log File` and `debug on|off`): a
//! transcript of every line in and out, and lines that say what a silent command did.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::inproc::InProcess;
use tablero::games::GameKind;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tablero-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The lines of the log, without their timestamps, after checking each has one.
fn logged(path: &PathBuf) -> Vec<String> {
    let text = fs::read_to_string(path).expect("the log file");
    text.lines()
        .map(|line| {
            let (stamp, rest) = line.split_once(' ').expect("a timestamp");
            assert_eq!(stamp.len(), "2026-12-07T23:41:02.123Z".len(), "{line}");
            assert!(
                stamp.ends_with('Z') && stamp.as_bytes()[10] == b'T',
                "{line}"
            );
            rest.to_string()
        })
        .collect()
}

#[test]
fn the_debug_log_file_keeps_every_line_in_and_out_with_its_time() {
    let dir = scratch("log");
    let path = dir.join("engine.log");
    let mut engine = InProcess::new(GameKind::CrossJack, None);
    engine.run(&format!(
        "setoption name Debug Log File value {}",
        path.display()
    ));
    engine.ask("isready");
    engine.ask("query p1turn");
    engine.ask("position startpos moves z9");
    assert_eq!(
        logged(&path),
        [
            "< isready",
            "> readyok",
            "< query p1turn",
            "> response true",
            "< position startpos moves z9",
            "> info string error: move 1 'z9' in 'moves': z9 is off the 8x8 board",
        ]
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn setting_the_log_file_to_nothing_ends_the_log() {
    let dir = scratch("log-off");
    let path = dir.join("engine.log");
    let mut engine = InProcess::new(GameKind::JcShock, None);
    engine.run(&format!(
        "setoption name Debug Log File value {}",
        path.display()
    ));
    engine.ask("isready");
    engine.run("setoption name Debug Log File value <empty>");
    engine.ask("isready");
    assert_eq!(
        logged(&path),
        [
            "< isready",
            "> readyok",
            "< setoption name Debug Log File value <empty>"
        ]
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_log_file_that_cannot_be_opened_is_an_error_and_the_engine_goes_on() {
    let dir = scratch("log-bad");
    let good = dir.join("good.log");
    let bad = dir.join("missing-folder").join("x.log");
    let mut engine = InProcess::new(GameKind::Crossings, None);
    engine.run(&format!(
        "setoption name Debug Log File value {}",
        good.display()
    ));
    let answer = engine.ask_one(&format!(
        "setoption name Debug Log File value {}",
        bad.display()
    ));
    assert!(
        answer.starts_with(&format!(
            "info string error: setoption: Debug Log File: cannot open '{}': ",
            bad.display()
        )),
        "{answer}"
    );
    assert_eq!(engine.ask_one("isready"), "readyok");
    let lines = logged(&good);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("> readyok"),
        "the old log goes on"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn debug_on_says_what_silent_commands_did_and_debug_off_is_silent_again() {
    let mut engine = InProcess::new(GameKind::Crossings, None);
    assert!(engine.ask("position startpos moves a2a3").is_empty());
    engine.run("debug on");
    assert_eq!(
        engine.ask("setoption name MultiPV value 2"),
        ["info string debug: setoption MultiPV = 2"]
    );
    assert_eq!(
        engine.ask("position startpos moves a2a3"),
        ["info string debug: position crossings \
             bbbbbbbb/bbbbbbbb/8/8/8/r7/1rrrrrrr/rrrrrrrr b, player 2 to move, 60 legal moves, \
             in play"]
    );
    assert_eq!(
        engine.ask("setoption name Debug Log File value"),
        ["info string debug: setoption Debug Log File"]
    );
    engine.run("debug off");
    assert!(engine.ask("setoption name MultiPV value 1").is_empty());
}
