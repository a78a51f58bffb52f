//! The line writer shared by the input loop and the search thread: whole lines, flushed at
//! once, so the threads' lines never mix.

use std::borrow::Cow;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use super::debug_log::{DebugLog, Direction};

type Sink = Box<dyn Write + Send>;
type Hook = Box<dyn Fn() + Send + Sync>;

/// A cloneable handle on the protocol's output.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Sink>>,
    broken: Arc<AtomicBool>,
    on_broken: Arc<OnceLock<Hook>>,
    transcript: Arc<Mutex<Option<DebugLog>>>,
}

impl Output {
    /// Output to standard output.
    pub fn stdout() -> Self {
        Output::new(Box::new(io::stdout()))
    }

    /// Output to any writer.
    pub fn new(sink: Box<dyn Write + Send>) -> Self {
        Output {
            sink: Arc::new(Mutex::new(sink)),
            broken: Arc::new(AtomicBool::new(false)),
            on_broken: Arc::new(OnceLock::new()),
            transcript: Arc::new(Mutex::new(None)),
        }
    }

    /// Starts writing every line in and out to `log` (`Debug Log File`), or stops with
    /// `None`; the file it replaces is closed.
    pub fn set_transcript(&self, log: Option<DebugLog>) {
        *self.lock_transcript() = log;
    }

    /// Adds a line the engine read to the transcript, when one is kept.
    pub fn record_input(&self, line: &str) {
        if let Some(log) = self.lock_transcript().as_mut() {
            log.record(Direction::In, &one_line(line));
        }
    }

    fn lock_transcript(&self) -> MutexGuard<'_, Option<DebugLog>> {
        self.transcript
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Calls `hook` once when the first write fails, to wake an input loop blocked on a
    /// controller that closed only our stdout. Only the first hook counts.
    pub fn on_broken(&self, hook: impl Fn() + Send + Sync + 'static) {
        let _ = self.on_broken.set(Box::new(hook));
    }

    fn lock(&self) -> MutexGuard<'_, Sink> {
        // A panic while holding the lock leaves only a partial line behind; keep writing.
        self.sink
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes and flushes `line`; after a write error later lines are dropped.
    pub fn line(&self, line: &str) {
        self.lines([line]);
    }

    /// Writes several lines under one lock, so no other thread's line comes between them,
    /// and flushes once.
    pub fn lines<I: IntoIterator<Item = S>, S: AsRef<str>>(&self, lines: I) {
        if self.is_broken() {
            return;
        }
        let mut sink = self.lock();
        let mut transcript = self.lock_transcript();
        let mut written = Ok(());
        for line in lines {
            let line = one_line(line.as_ref());
            log::debug!("> {line}");
            if let Some(log) = transcript.as_mut() {
                log.record(Direction::Out, &line);
            }
            written = written
                .and_then(|()| sink.write_all(line.as_bytes()))
                .and_then(|()| sink.write_all(b"\n"));
        }
        drop(transcript);
        if let Err(e) = written.and_then(|()| sink.flush()) {
            drop(sink);
            self.mark_broken(&e);
        }
    }

    fn mark_broken(&self, error: &io::Error) {
        if !self.broken.swap(true, Ordering::SeqCst) {
            log::error!("cannot write to the controller: {error}");
            if let Some(hook) = self.on_broken.get() {
                hook();
            }
        }
    }

    /// Writes `info string error: <message>`, logged at debug level only (stdout is the report).
    pub fn error(&self, message: &str) {
        log::debug!("{message}");
        self.line(&format!("info string error: {message}"));
    }

    /// True once a write has failed: nobody is listening any more.
    pub fn is_broken(&self) -> bool {
        self.broken.load(Ordering::SeqCst)
    }
}

/// `line` with every control character and Unicode line separator escaped (`\u{b}`).
/// Quoted input must not reach a terminal raw nor split a line (NUL, escapes, VT, NEL, U+2028).
fn one_line(line: &str) -> Cow<'_, str> {
    if !line.chars().any(breaks_lines) {
        return Cow::Borrowed(line);
    }
    let mut escaped = String::with_capacity(line.len() + 8);
    for c in line.chars() {
        if breaks_lines(c) {
            escaped.extend(c.escape_unicode());
        } else {
            escaped.push(c);
        }
    }
    Cow::Owned(escaped)
}

fn breaks_lines(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::test_output::capture;

    #[test]
    fn lines_end_with_a_line_break() {
        let (out, captured) = capture();
        out.line("readyok");
        out.lines(["a", "b"]);
        assert_eq!(captured.take_lines(), ["readyok", "a", "b"]);
    }

    #[test]
    fn errors_are_info_strings() {
        let (out, captured) = capture();
        out.error("bad thing");
        assert_eq!(captured.take_lines(), ["info string error: bad thing"]);
    }

    struct Closed;
    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_breaks_the_output() {
        let out = Output::new(Box::new(Closed));
        assert!(!out.is_broken());
        out.line("x");
        assert!(out.is_broken());
    }

    #[test]
    fn the_first_failed_write_calls_the_hook_once() {
        let out = Output::new(Box::new(Closed));
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = Arc::clone(&calls);
        out.on_broken(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        out.line("x");
        out.lines(["y", "z"]);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn control_characters_and_line_separators_are_escaped() {
        let (out, captured) = capture();
        out.error("found '\u{0}\u{b}\u{1b}[2J\u{85}\u{2028}\r\n'");
        assert_eq!(
            captured.take_lines(),
            ["info string error: found '\\u{0}\\u{b}\\u{1b}[2J\\u{85}\\u{2028}\\u{d}\\u{a}'"]
        );
    }
}
