//! What a GUI or a match manager relies on, end to end through the built binary: a stderr
//! that nobody reads never stalls the engine, and every `go` ends in exactly one `bestmove`
//! whatever its parameters, pondering included.

mod common;

use common::engine::{spawn_engine_logging, Engine, PATIENCE};

use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

// ---------------------------------------------------------------------------------------
// stderr
// ---------------------------------------------------------------------------------------

/// Sends `bad_lines` unknown commands then `isready` to an engine whose stderr is piped and
/// never read, and tells whether `readyok` came within `patience`. Input is written and
/// output read on threads of their own, so a stalled engine fails the test, not hangs it.
fn ready_after_bad_lines_with_stderr_unread(level: &str, bad_lines: usize) -> bool {
    let mut child = spawn_engine_logging(level, &[]);
    assert!(child.stderr.is_some(), "stderr is piped");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    let (ready_tx, ready) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line == "readyok" {
                let _ = ready_tx.send(());
                break;
            }
        }
    });
    thread::spawn(move || {
        let mut input = Vec::with_capacity(bad_lines * 16 + 16);
        for i in 0..bad_lines {
            let _ = writeln!(input, "bogus {i}");
        }
        input.extend_from_slice(b"isready\n");
        let _ = stdin.write_all(&input).and_then(|()| stdin.flush());
        // Kept open until the end: end of input would make the engine exit.
        thread::sleep(Duration::from_secs(120));
    });
    let answered = ready.recv_timeout(Duration::from_secs(60)).is_ok();
    let _ = child.kill();
    let _ = child.wait();
    answered
}

#[test]
fn an_unread_stderr_never_stalls_the_engine_at_the_default_log_level() {
    assert!(ready_after_bad_lines_with_stderr_unread("warn", 100_000));
}

#[test]
fn an_unread_stderr_never_stalls_the_engine_even_when_every_line_is_logged() {
    assert!(ready_after_bad_lines_with_stderr_unread("debug", 100_000));
}

#[test]
fn the_default_log_level_writes_nothing_to_stderr_for_bad_lines() {
    let mut engine = Engine::start_logging("warn", &[]);
    for _ in 0..10 {
        engine.send("bogus");
    }
    engine.send("go wtime -99999999999999999999");
    engine.send("isready");
    engine.lines_until(|l| l == "readyok");
    engine.send("quit");
    engine.exit_within(PATIENCE);
    thread::sleep(Duration::from_millis(50));
    assert_eq!(engine.stderr_text(), "");
}
