//! A bounded line reader: a line longer than the limit or not valid UTF-8 becomes an error
//! value, never a crash, and a line never takes more memory than the limit.

use std::io::{self, BufRead};

use thiserror::Error;

/// The longest line read, in bytes; longer lines are skipped and reported.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Why a line of input was not read as text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    /// The line had more bytes than the limit; it was skipped.
    #[error("line of {bytes} bytes ignored: longer than {limit} bytes")]
    TooLong {
        /// The line's length in bytes.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The line is not valid UTF-8 at this byte offset.
    #[error("line ignored: invalid UTF-8 at byte {at}")]
    InvalidUtf8 {
        /// Offset of the first bad byte.
        at: usize,
    },
}

/// Reads lines of at most `limit` bytes from a buffered reader.
pub struct LineReader<R> {
    reader: R,
    limit: usize,
    line: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of lines of at most `limit` bytes.
    pub fn new(reader: R, limit: usize) -> Self {
        LineReader {
            reader,
            limit,
            line: Vec::new(),
        }
    }

    /// The next line without its line break (`\n` or `\r\n`); `Ok(None)` at end of input.
    /// A last line without a line break still counts.
    pub fn next_line(&mut self) -> io::Result<Option<Result<String, InputError>>> {
        self.line.clear();
        let mut length = 0usize;
        let mut ended = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                break;
            }
            let (chunk, used) = match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    ended = true;
                    (&buffer[..end], end + 1)
                }
                None => (buffer, buffer.len()),
            };
            length = length.saturating_add(chunk.len());
            if length <= self.limit {
                self.line.extend_from_slice(chunk);
            }
            self.reader.consume(used);
            if ended {
                break;
            }
        }
        if !ended && length == 0 {
            return Ok(None);
        }
        if length > self.limit {
            self.line.clear();
            return Ok(Some(Err(InputError::TooLong {
                bytes: length,
                limit: self.limit,
            })));
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        Ok(Some(match std::str::from_utf8(&self.line) {
            Ok(text) => Ok(text.to_string()),
            Err(e) => Err(InputError::InvalidUtf8 {
                at: e.valid_up_to(),
            }),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8], limit: usize) -> Vec<Result<String, InputError>> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(4, bytes), limit);
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line().expect("reading memory cannot fail") {
            lines.push(line);
        }
        lines
    }

    #[test]
    fn lines_lose_their_line_breaks() {
        assert_eq!(
            read_all(b"uci\r\nisready\n\nquit", 100),
            [
                Ok("uci".into()),
                Ok("isready".into()),
                Ok("".into()),
                Ok("quit".into())
            ]
        );
    }

    #[test]
    fn long_lines_are_skipped_and_reading_goes_on() {
        let mut input = vec![b'a'; 50];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(
            read_all(&input, 10),
            [
                Err(InputError::TooLong {
                    bytes: 50,
                    limit: 10
                }),
                Ok("isready".into())
            ]
        );
    }

    #[test]
    fn invalid_utf8_is_an_error_for_that_line_only() {
        assert_eq!(
            read_all(b"go \xff\xfe\nd\n", 100),
            [Err(InputError::InvalidUtf8 { at: 3 }), Ok("d".into())]
        );
    }

    #[test]
    fn empty_input_has_no_lines() {
        assert!(read_all(b"", 10).is_empty());
    }
}
