//! `Debug Log File`: a transcript of every line in and out, each with its UTC time, for the
//! user of a GUI or manager that hides the engine's pipes.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The direction of a logged line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// A line the engine read.
    In,
    /// A line the engine wrote.
    Out,
}

impl Direction {
    /// The mark that starts the line in the log (`<` read, `>` written, as `log` does).
    fn mark(self) -> char {
        match self {
            Direction::In => '<',
            Direction::Out => '>',
        }
    }
}

/// An open transcript, appended to.
#[derive(Debug)]
pub struct DebugLog {
    path: PathBuf,
    file: BufWriter<File>,
}

impl DebugLog {
    /// Opens `path` for appending, creating it when missing.
    pub fn open(path: &Path) -> io::Result<DebugLog> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(DebugLog {
            path: path.to_path_buf(),
            file: BufWriter::new(file),
        })
    }

    /// Appends `<time> <mark> <line>` and flushes, so that the log is whole when the engine
    /// is killed; a failed write is reported on stderr once per line and never stops the
    /// engine.
    pub fn record(&mut self, direction: Direction, line: &str) {
        let stamp = utc_timestamp(SystemTime::now());
        let written = writeln!(self.file, "{stamp} {} {line}", direction.mark())
            .and_then(|()| self.file.flush());
        if let Err(error) = written {
            log::warn!("cannot write to {}: {error}", self.path.display());
        }
    }
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` of `time` (UTC); times before 1970 read as 1970.
pub fn utc_timestamp(time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    let seconds = since.as_secs();
    let (year, month, day) = civil_date(seconds / 86_400);
    let of_day = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60,
        since.subsec_millis()
    )
}

/// The Gregorian (year, month, day) of the `days`th day after 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, for days that are not negative).
fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn at(seconds: u64, millis: u64) -> String {
        utc_timestamp(UNIX_EPOCH + Duration::from_secs(seconds) + Duration::from_millis(millis))
    }

    #[test]
    fn timestamps_are_utc_with_milliseconds() {
        assert_eq!(at(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(at(951_782_400, 7), "2000-02-29T00:00:00.007Z");
        assert_eq!(at(1_796_686_862, 123), "2026-12-07T23:41:02.123Z");
        assert_eq!(at(4_107_542_399, 999), "2100-02-28T23:59:59.999Z");
    }

    #[test]
    fn lines_are_appended_with_their_direction() {
        let dir = std::env::temp_dir().join(format!("tablero-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("log.txt");
        let _ = std::fs::remove_file(&path);
        for (direction, line) in [(Direction::In, "uci"), (Direction::Out, "uciok")] {
            let mut log = DebugLog::open(&path).expect("open");
            log.record(direction, line);
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].ends_with("Z < uci"), "{text}");
        assert!(lines[1].ends_with("Z > uciok"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
