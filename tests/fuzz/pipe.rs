//! The real binary driven through pipes: each line is followed by a sentinel line (an
//! unknown command with a serial number), and its answer is every line written until the
//! sentinel's error line. stderr is read too (a full stderr pipe would block the engine) and
//! searched for panics.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::driver::{Reply, State, Transport};

/// The longest an answer may take: a `stop` waits at most 2 s for the search.
const PATIENCE: Duration = Duration::from_secs(10);

/// A running engine process.
pub struct Pipe {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    serial: u64,
    /// Lines of the search thread read while probing the state.
    stray: Vec<String>,
    /// Processes started, and the first panic seen on any stderr.
    pub sessions: u64,
    /// stderr text that shows a panic.
    pub panics: Vec<String>,
}

impl Pipe {
    /// Starts the binary the tests are built with.
    pub fn start() -> Pipe {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err_pipe = child.stderr.take().expect("piped stderr");
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = err_pipe.read(&mut buffer) {
                if n == 0 {
                    return;
                }
                let text = String::from_utf8_lossy(&buffer[..n]);
                let mut kept = sink.lock().unwrap_or_else(|p| p.into_inner());
                // Only panics matter: keep the tail, enough to hold one message.
                kept.push_str(&text);
                if kept.len() > 64 * 1024 && !kept.contains("panicked") {
                    let cut = kept.len() - 4096;
                    let cut = (cut..kept.len())
                        .find(|&i| kept.is_char_boundary(i))
                        .unwrap_or(0);
                    kept.drain(..cut);
                }
            }
        });
        Pipe {
            child,
            stdin,
            lines,
            stderr,
            serial: 0,
            stray: Vec::new(),
            sessions: 1,
            panics: Vec::new(),
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            // The engine may have quit: a failed write shows as the end of its output.
            let _ = stdin.write_all(bytes).and_then(|()| stdin.flush());
        }
    }

    /// Sends `bytes` then the sentinel; returns the lines before the sentinel's answer, and
    /// whether the process ended first.
    fn exchange(&mut self, bytes: &[u8]) -> Result<Reply, String> {
        self.serial += 1;
        let sentinel = format!("fuzz-sentinel-{}", self.serial);
        let mut sent = bytes.to_vec();
        sent.extend_from_slice(format!("{sentinel}\n").as_bytes());
        self.write(&sent);
        let mut reply = Reply::default();
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(&sentinel) => return Ok(reply),
                Ok(line) => reply.lines.push(line),
                Err(RecvTimeoutError::Disconnected) => {
                    reply.quit = true;
                    return Ok(reply);
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "the engine did not answer within {PATIENCE:?}; last lines {:?}",
                        reply.lines.iter().rev().take(5).collect::<Vec<_>>()
                    ))
                }
            }
        }
    }

    /// Puts the lines read while probing the state before `reply`'s own.
    fn unstash(&mut self, reply: &mut Reply) {
        if !self.stray.is_empty() {
            let mut lines = std::mem::take(&mut self.stray);
            lines.append(&mut reply.lines);
            reply.lines = lines;
        }
    }

    /// Records a panic message found on stderr.
    pub fn check_stderr(&mut self) {
        let text = self
            .stderr
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        if let Some(at) = text.find("panicked") {
            let end = (at + 300).min(text.len());
            let end = (end..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len());
            self.panics.push(text[at..end].to_string());
        }
        self.stderr
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    fn wait_exit(&mut self) -> Result<(), String> {
        self.stdin = None;
        let started = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => return Err(format!("the engine exited with {status}")),
                Ok(None) if started.elapsed() < PATIENCE => thread::sleep(Duration::from_millis(2)),
                Ok(None) => return Err(format!("the engine did not exit within {PATIENCE:?}")),
                Err(e) => return Err(format!("cannot wait for the engine: {e}")),
            }
        }
    }
}

impl Drop for Pipe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Transport for Pipe {
    fn line(&mut self, bytes: &[u8]) -> Result<Reply, String> {
        let mut sent = bytes.to_vec();
        sent.push(b'\n');
        let mut reply = self.exchange(&sent)?;
        self.unstash(&mut reply);
        Ok(reply)
    }

    fn state(&mut self) -> Result<Option<State>, String> {
        let reply = self.exchange(b"d\n")?;
        // The search thread's lines are not `d`'s: they belong to the next line's answer.
        self.stray.extend(
            reply
                .lines
                .iter()
                .filter(|l| l.starts_with("info ") || l.starts_with("bestmove"))
                .cloned(),
        );
        let field = |prefix: &str| {
            reply
                .lines
                .iter()
                .find_map(|l| l.strip_prefix(prefix))
                .map(str::to_string)
        };
        Ok(match (field("Game: "), field("Fen: "), field("Status: ")) {
            (Some(game), Some(fen), Some(status)) => Some(State { game, fen, status }),
            _ => None,
        })
    }

    fn cheap_state(&self) -> bool {
        false
    }

    fn after_quit(&mut self) -> Result<(), String> {
        let exited = self.wait_exit();
        self.check_stderr();
        let mut next = Pipe::start();
        next.sessions = self.sessions + 1;
        next.panics = std::mem::take(&mut self.panics);
        *self = next;
        exited
    }

    /// Closes stdin: the engine must exit with status 0 (`wait_exit` closes it).
    fn end_input(&mut self) -> Result<(), String> {
        self.after_quit()
    }

    fn burst(&mut self, lines: &[&str]) -> Result<Reply, String> {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let mut reply = self.exchange(text.as_bytes())?;
        self.unstash(&mut reply);
        Ok(reply)
    }
}
