//! A tablero process driven through pipes, as a GUI or a tournament manager drives it. Every
//! read has a timeout, so a wedged engine fails a test instead of hanging it.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The longest any single answer may take; generous because the machine is shared.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A running engine with its stdout read line by line on a helper thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Receiver<String>,
}

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        Engine::start_logging("warn", args)
    }

    /// An engine whose log level (`RUST_LOG`) is `level`.
    pub fn start_logging(level: &str, args: &[&str]) -> Engine {
        let mut child = spawn_engine_logging(level, args);
        let stdin = child.stdin.take();
        let lines = read_lines(child.stdout.take().expect("piped stdout"));
        let stderr = read_lines(child.stderr.take().expect("piped stderr"));
        Engine {
            child,
            stdin,
            lines,
            stderr,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// The next line of output, failing the test after `PATIENCE`.
    pub fn line(&self) -> String {
        self.line_within(PATIENCE)
    }

    pub fn line_within(&self, patience: Duration) -> String {
        self.lines
            .recv_timeout(patience)
            .unwrap_or_else(|e| panic!("no output line within {patience:?}: {e}"))
    }

    /// The next line of output: `Err(Disconnected)` once the engine has closed its stdout (it
    /// exited), `Err(Timeout)` when nothing came within `patience`.
    pub fn next_line(&self, patience: Duration) -> Result<String, RecvTimeoutError> {
        self.lines.recv_timeout(patience)
    }

    /// Lines up to and including the first one that `is_last` accepts.
    pub fn lines_until(&self, is_last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let last = is_last(&line);
            lines.push(line);
            if last {
                return lines;
            }
        }
    }

    /// Sends `line` and returns the one line it answers.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.line()
    }

    /// The answer to `query …`, without the word `response`.
    pub fn query(&mut self, what: &str) -> String {
        let answer = self.ask(&format!("query {what}"));
        match answer.strip_prefix("response") {
            Some(rest) => rest.trim().to_string(),
            None => panic!("query {what} answered {answer:?}"),
        }
    }

    pub fn legal_moves(&mut self) -> Vec<String> {
        self.query("moves")
            .split_whitespace()
            .map(String::from)
            .collect()
    }

    pub fn assert_ready(&mut self) {
        assert_eq!(self.ask("isready"), "readyok");
    }

    /// The lines written so far and not yet read, without waiting.
    pub fn pending_lines(&self) -> Vec<String> {
        self.lines.try_iter().collect()
    }

    /// Nothing more is written within `quiet`.
    pub fn assert_silent(&self, quiet: Duration) {
        if let Ok(line) = self.lines.recv_timeout(quiet) {
            panic!("unexpected output {line:?}");
        }
    }

    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit, failing the test after `patience`.
    pub fn exit_within(&mut self, patience: Duration) -> ExitStatus {
        exit_within(&mut self.child, patience)
    }

    pub fn stderr_text(&self) -> String {
        self.stderr.try_iter().collect::<Vec<_>>().join("\n")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The engine binary with `args`, every stream piped.
pub fn spawn_engine(args: &[&str]) -> Child {
    spawn_engine_logging("warn", args)
}

/// The engine binary with `args` and the log level (`RUST_LOG`) `level`, every stream piped.
pub fn spawn_engine_logging(level: &str, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .env("RUST_LOG", level)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine binary starts")
}

/// Waits for `child` to exit, failing the test after `patience` (the child is killed when
/// its owner drops it).
pub fn exit_within(child: &mut Child, patience: Duration) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the engine can be waited for") {
            return status;
        }
        assert!(
            started.elapsed() < patience,
            "the engine did not exit within {patience:?}"
        );
        thread::sleep(Duration::from_millis(5));
    }
}

pub fn read_lines(pipe: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
