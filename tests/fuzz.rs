//! The protocol fuzzer: seeded, no dependencies. It generates protocol lines from the
//! grammar (every command and parameter, position strings of every game and size, moves of
//! real games) and mutates the lines of a corpus of real sessions (`tests/fuzz/corpus.txt`),
//! then checks every answer: no panic, a refused line answered by one specific
//! `info string error: <command>: <cause>` and leaving the state as it was, no line
//! silently dropped, every accepted `go` ending in exactly one `bestmove`, `isready` always
//! answered. It runs in-process (the engine's `handle_line`) for speed and through pipes
//! with the real binary for the end-to-end properties (races, quit, long lines, stderr).
//!
//! `cargo test --test fuzz` runs a short fixed-seed run; `scripts/fuzz.sh` runs the long one
//! (`FUZZ_INPUTS`, `FUZZ_PIPE_INPUTS`, `FUZZ_SEED`).

mod common;

#[path = "fuzz/check.rs"]
mod check;
#[path = "fuzz/driver.rs"]
mod driver;
#[path = "fuzz/gen.rs"]
mod gen;
#[path = "fuzz/inproc.rs"]
mod inproc;
#[path = "fuzz/pipe.rs"]
mod pipe;

use std::panic;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, Once};
use std::thread;
use std::time::Instant;

use driver::{Fuzzer, Transport};
use inproc::InProcess;
use pipe::Pipe;

/// Panics anywhere in the process (the search thread's are caught by the engine, but must
/// not happen either), with their messages.
static PANICS: AtomicUsize = AtomicUsize::new(0);
static PANIC_MESSAGES: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            // The tests' own assertions are not the engine's panics.
            if info
                .location()
                .is_some_and(|l| l.file().ends_with("tests/fuzz.rs"))
            {
                return previous(info);
            }
            PANICS.fetch_add(1, Ordering::SeqCst);
            if let Ok(mut messages) = PANIC_MESSAGES.lock() {
                messages.push(info.to_string());
            }
            previous(info);
        }));
    });
}

/// A number from the environment, or `default`.
fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a whole number")),
        Err(_) => default,
    }
}

/// Runs `inputs` fuzz lines over `transport`; returns what was found (empty when nothing)
/// and the run's counts.
fn fuzz<T: Transport>(
    name: &str,
    seed: u64,
    inputs: u64,
    transport: T,
    burst_one_in: usize,
) -> (Vec<String>, Fuzzer<T>) {
    count_panics();
    let mut fuzzer = Fuzzer::new(seed, transport, burst_one_in);
    eprintln!("fuzz {name}: seed {seed}, {inputs} inputs");
    let ended = fuzzer.run(inputs);
    if std::env::var("FUZZ_PROFILE").is_ok() {
        let mut times: Vec<_> = fuzzer.stats.time_by_command.iter().collect();
        times.sort_by(|a, b| b.1.total_cmp(a.1));
        eprintln!("time by command: {:?}", &times[..times.len().min(12)]);
    }
    let mut report = Vec::new();
    if let Err(error) = ended {
        report.push(format!(
            "{name}: the run stopped after {} inputs: {error}",
            fuzzer.stats.inputs
        ));
    }
    for f in &fuzzer.findings {
        report.push(format!(
            "{name} seed {seed} input #{} {:?}: {}\n    after {:?}",
            f.index, f.input, f.what, f.before
        ));
    }
    (report, fuzzer)
}

/// The pipe run; also reports panic messages on the engine's stderr.
fn fuzz_pipe(seed: u64, inputs: u64) -> Vec<String> {
    let (mut report, mut fuzzer) = fuzz("pipe", seed, inputs, Pipe::start(), 1);
    let transport = fuzzer.transport_mut();
    transport.check_stderr();
    report.extend(
        transport
            .panics
            .iter()
            .map(|p| format!("engine stderr: {p}")),
    );
    report
}

/// Fails with `report` and the panics counted since `panics_before`.
fn assert_nothing_found(report: &[String], panics_before: usize) {
    let panics = PANICS.load(Ordering::SeqCst) - panics_before;
    let messages = PANIC_MESSAGES.lock().map(|m| m.clone()).unwrap_or_default();
    assert!(
        report.is_empty() && panics == 0,
        "the fuzzer found:\n{}\n{panics} panics: {messages:?}",
        report.join("\n")
    );
}

#[test]
fn fuzz_in_process_short() {
    count_panics();
    let before = PANICS.load(Ordering::SeqCst);
    let (report, _) = fuzz("in-process", 1, 5_000, InProcess::new(), 8);
    assert_nothing_found(&report, before);
}

#[test]
fn fuzz_through_the_pipe_short() {
    count_panics();
    let before = PANICS.load(Ordering::SeqCst);
    assert_nothing_found(&fuzz_pipe(2, 200), before);
}

/// The long run of `scripts/fuzz.sh`: `FUZZ_INPUTS` lines in-process (default ten million)
/// split over `FUZZ_JOBS` engines on as many threads (default 2: most of a line's time is
/// spent waiting for the search thread), and `FUZZ_PIPE_INPUTS` through the pipe (default a
/// hundredth of `FUZZ_INPUTS`) at the same time, from `FUZZ_SEED`.
#[test]
#[ignore = "long: run by scripts/fuzz.sh"]
fn fuzz_long() {
    let inputs = env_number("FUZZ_INPUTS", 10_000_000);
    let pipe_inputs = env_number("FUZZ_PIPE_INPUTS", inputs / 100);
    let seed = env_number("FUZZ_SEED", 1);
    let jobs = env_number("FUZZ_JOBS", 2).max(1);
    count_panics();
    let before = PANICS.load(Ordering::SeqCst);
    let started = Instant::now();
    let (report, total) = thread::scope(|scope| {
        let runs: Vec<_> = (0..jobs)
            .map(|job| {
                let share = inputs / jobs + u64::from(job < inputs % jobs);
                scope.spawn(move || {
                    let name = format!("in-process job {job}");
                    let (report, fuzzer) = fuzz(&name, seed + job, share, InProcess::new(), 8);
                    (report, fuzzer.stats.inputs)
                })
            })
            .collect();
        let pipe = scope.spawn(move || fuzz_pipe(seed.wrapping_add(1000), pipe_inputs));
        let mut report = Vec::new();
        let mut total = 0;
        for run in runs {
            let (found, count) = run.join().expect("a fuzz job ends");
            report.extend(found);
            total += count;
        }
        report.extend(pipe.join().expect("the pipe run ends"));
        (report, total)
    });
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz long: {total} in-process inputs and {pipe_inputs} through the pipe in {seconds:.0} s ({:.0} in-process inputs/s), {} findings",
        total as f64 / seconds,
        report.len()
    );
    assert_nothing_found(&report, before);
}
