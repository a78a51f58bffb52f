//! For unit tests: an [`Output`] whose lines the test reads back.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use super::output::Output;

/// The bytes written to an output made by [`capture`].
#[derive(Clone, Default)]
pub(crate) struct Captured(Arc<Mutex<Vec<u8>>>);

/// An output, and what is written to it.
pub(crate) fn capture() -> (Output, Captured) {
    let captured = Captured::default();
    (Output::new(Box::new(captured.clone())), captured)
}

impl Captured {
    /// Takes every line written so far.
    pub(crate) fn take_lines(&self) -> Vec<String> {
        let mut bytes = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let text = String::from_utf8_lossy(&bytes).into_owned();
        bytes.clear();
        text.lines().map(String::from).collect()
    }
}

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
