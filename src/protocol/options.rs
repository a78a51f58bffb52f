//! The engine's options: their `option …` lines and the reading of `setoption` values.
//!
//! Reading a value only checks its form and range; what a change means for the game (a new
//! start position, a new table) is the engine's business, so a change is returned, not applied.

use std::time::Duration;

use crate::games::{BoardSize, GameKind};

/// `Hash` range in MB.
pub const HASH_MB: (u64, u64) = (1, 1024);
/// `Hash` default in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// `Move Overhead` range in milliseconds.
pub const MOVE_OVERHEAD_MS: (u64, u64) = (0, 5000);
/// `Move Overhead` default in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;

/// The option names, as `uci` lists them.
pub const NAMES: [&str; 5] = ["UCI_Variant", "Size", "Hash", "Clear Hash", "Move Overhead"];

/// A `setoption` that has been read and checked for form and range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// `UCI_Variant`: switch game.
    Variant(GameKind),
    /// `Size`: the board size of the start position.
    Size(BoardSize),
    /// `Hash`: the transposition table's size in MB.
    Hash(usize),
    /// `Clear Hash`: forget the table's entries.
    ClearHash,
    /// `Move Overhead`: time kept back per move for communication lag.
    MoveOverhead(Duration),
}

/// The current values of the options that are not part of the game itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Table size in MB.
    pub hash_mb: usize,
    /// Time kept in reserve per move.
    pub move_overhead: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
        }
    }
}

/// The `option …` lines answering `uci`/`ugi`. The defaults are those the engine started
/// with: `variant` and `size` come from `--game`/`--size`.
pub fn option_lines(variant: GameKind, size: BoardSize) -> Vec<String> {
    let vars: String = GameKind::ALL
        .iter()
        .map(|kind| format!(" var {kind}"))
        .collect();
    vec![
        format!("option name UCI_Variant type combo default {variant}{vars}"),
        format!("option name Size type string default {size}"),
        format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min {} max {}",
            HASH_MB.0, HASH_MB.1
        ),
        "option name Clear Hash type button".to_string(),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min {} max {}",
            MOVE_OVERHEAD_MS.0, MOVE_OVERHEAD_MS.1
        ),
    ]
}

/// Reads `setoption name <name> [value <value>]`; names ignore ASCII case.
pub fn read(name: &str, value: Option<&str>) -> Result<Change, String> {
    let canonical = NAMES
        .iter()
        .find(|known| known.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown option '{name}' (options: {})", NAMES.join(", ")))?;
    match *canonical {
        "Clear Hash" => match value {
            None | Some("") => Ok(Change::ClearHash),
            Some(v) => Err(format!(
                "Clear Hash is a button and takes no value, got '{v}'"
            )),
        },
        option => {
            let value = value
                .filter(|v| !v.is_empty())
                .ok_or_else(|| format!("option {option} needs 'value <…>'"))?;
            read_value(option, value)
        }
    }
}

fn read_value(option: &'static str, value: &str) -> Result<Change, String> {
    match option {
        "UCI_Variant" => value.parse::<GameKind>().map(Change::Variant).map_err(|_| {
            let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
            format!(
                "UCI_Variant '{value}' is not a game of this engine ({})",
                names.join(", ")
            )
        }),
        "Size" => value
            .parse::<BoardSize>()
            .map(Change::Size)
            .map_err(|e| format!("Size: {e}")),
        "Hash" => spin(option, value, HASH_MB).map(|mb| Change::Hash(mb as usize)),
        _ => spin(option, value, MOVE_OVERHEAD_MS)
            .map(|ms| Change::MoveOverhead(Duration::from_millis(ms))),
    }
}

/// A whole number within `min..=max`.
fn spin(option: &str, value: &str, (min, max): (u64, u64)) -> Result<u64, String> {
    let number: u64 = value
        .parse()
        .map_err(|_| format!("{option} value '{value}' is not a whole number in {min}..{max}"))?;
    if (min..=max).contains(&number) {
        Ok(number)
    } else {
        Err(format!(
            "{option} value {number} is out of range {min}..{max}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_has_one_line_and_the_combo_lists_every_game() {
        let lines = option_lines(GameKind::JcShock, BoardSize::square(9));
        assert_eq!(lines.len(), NAMES.len());
        assert!(lines[0].starts_with("option name UCI_Variant type combo default jcshock"));
        for kind in GameKind::ALL {
            assert!(lines[0].contains(&format!("var {kind}")));
        }
        assert_eq!(lines[1], "option name Size type string default 9x9");
    }

    #[test]
    fn option_names_ignore_case() {
        assert_eq!(read("hash", Some("32")), Ok(Change::Hash(32)));
        assert_eq!(read("CLEAR HASH", None), Ok(Change::ClearHash));
        assert_eq!(
            read("move overhead", Some("0")),
            Ok(Change::MoveOverhead(Duration::ZERO))
        );
    }

    #[test]
    fn variant_and_size_values_are_read() {
        assert_eq!(
            read("UCI_Variant", Some("Crossings")),
            Ok(Change::Variant(GameKind::Crossings))
        );
        assert_eq!(
            read("Size", Some("10x7")),
            Ok(Change::Size(BoardSize::new(10, 7)))
        );
        assert!(read("UCI_Variant", Some("chess"))
            .unwrap_err()
            .contains("'chess' is not a game"));
        assert!(read("Size", Some("big")).unwrap_err().starts_with("Size: "));
    }

    #[test]
    fn spins_are_checked_against_their_range() {
        assert_eq!(
            read("Hash", Some("0")),
            Err("Hash value 0 is out of range 1..1024".into())
        );
        assert_eq!(
            read("Hash", Some("lots")),
            Err("Hash value 'lots' is not a whole number in 1..1024".into())
        );
        assert!(read("Move Overhead", Some("-1")).is_err());
    }

    #[test]
    fn unknown_names_missing_values_and_valued_buttons_are_errors() {
        assert!(read("Threads", Some("2"))
            .unwrap_err()
            .starts_with("unknown option 'Threads'"));
        assert_eq!(
            read("Hash", None),
            Err("option Hash needs 'value <…>'".into())
        );
        assert!(read("Clear Hash", Some("now")).is_err());
    }
}
