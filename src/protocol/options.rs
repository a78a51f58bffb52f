//! The engine's options: their `option …` lines and the reading of `setoption` values, checked
//! for form and range and returned, not applied (applying is the engine's business).

use std::time::Duration;

use thiserror::Error;

use crate::games::{BoardSize, GameKind, PositionError, LIMITED_LEVELS};
use crate::search::{Settings, Strategy, Strength, MAX_HELPERS};

/// `Hash` range in MB.
pub const HASH_MB: (u64, u64) = (1, 1024);
/// `Hash` default in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// `Move Overhead` range in milliseconds.
pub const MOVE_OVERHEAD_MS: (u64, u64) = (0, 5000);
/// `Move Overhead` default in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;

/// `Threads` range: the search thread and up to [`MAX_HELPERS`] helpers.
pub const THREADS: (u64, u64) = (1, MAX_HELPERS as u64 + 1);
/// `MultiPV` range: best lines reported per depth.
pub const MULTIPV: (u64, u64) = (1, 256);

/// `Skill Level` range: 20 is full strength.
pub const SKILL_LEVEL: (u64, u64) = (0, LIMITED_LEVELS as u64);

/// The option names, as `uci` lists them.
pub const NAMES: [&str; 14] = [
    "UCI_Variant",
    "Size",
    "Hash",
    "Clear Hash",
    "Move Overhead",
    "Strategy",
    "Threads",
    "MultiPV",
    "Ponder",
    "UCI_LimitStrength",
    "UCI_Elo",
    "Skill Level",
    "UCI_ShowWDL",
    "Debug Log File",
];

/// The value of `Debug Log File` that keeps no log (Stockfish's word for an empty string).
pub const NO_LOG_FILE: &str = "<empty>";

/// Why a `setoption` was refused; printed after `setoption: `.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option has this name.
    #[error("unknown option '{0}' (options: {names})", names = NAMES.join(", "))]
    Unknown(String),
    /// An option other than a button was set without `value`.
    #[error("option {0} needs 'value <…>'")]
    MissingValue(&'static str),
    /// An option other than a button was set with `value` and nothing after it.
    #[error("option {0} needs a value after 'value', got none")]
    EmptyValue(&'static str),
    /// A check (`Ponder`) was given neither `true` nor `false`.
    #[error("{0} value '{1}' is neither true nor false")]
    NotABoolean(&'static str, String),
    /// `UCI_Variant` names no game of this engine.
    #[error("UCI_Variant '{0}' is not a game of this engine ({names})", names = game_names())]
    UnknownVariant(String),
    /// `Strategy` names no strategy of this engine.
    #[error("Strategy '{0}' is not a strategy of this engine ({names})", names = strategy_names())]
    UnknownStrategy(String),
    /// `Size` is not a board size.
    #[error("Size: {0}")]
    BadSize(PositionError),
    /// A spin value that is not a whole number.
    #[error("{option} value '{value}' is not a whole number in {}..{}", .range.0, .range.1)]
    NotANumber {
        /// The option's name.
        option: &'static str,
        /// The value as written.
        value: String,
        /// The option's range.
        range: (u64, u64),
    },
    /// A spin value outside the option's range.
    #[error("{option} value {number} is out of range {}..{}", .range.0, .range.1)]
    OutOfRange {
        /// The option's name.
        option: &'static str,
        /// The value.
        number: u64,
        /// The option's range.
        range: (u64, u64),
    },
    /// The game has no start position of the `Size` asked for.
    #[error("Size {0}: {1}")]
    SizeRefused(BoardSize, PositionError),
    /// The `UCI_Variant` asked for has no start position, not even at its default size.
    #[error("UCI_Variant {0}: {1}")]
    VariantRefused(GameKind, PositionError),
    /// `Debug Log File` names a file that cannot be opened for appending.
    #[error("Debug Log File: cannot open '{0}': {1}")]
    LogFile(String, String),
}

/// The names of the games, as `UCI_Variant` errors list them.
fn game_names() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// The names of the strategies, as `Strategy` errors list them.
fn strategy_names() -> String {
    let names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
    names.join(", ")
}

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
    /// `Strategy`: how moves are chosen.
    Strategy(Strategy),
    /// `Threads`: threads a search runs on.
    Threads(usize),
    /// `MultiPV`: best lines a search reports.
    MultiPv(usize),
    /// `Ponder`: whether `bestmove` names the move the engine expects in reply.
    Ponder(bool),
    /// `UCI_LimitStrength`: whether `UCI_Elo` limits the strength.
    LimitStrength(bool),
    /// `UCI_Elo`: the Elo to play at under `UCI_LimitStrength`, within the game's range.
    Elo(u32),
    /// `Skill Level`: 0 to 19 limited, 20 full strength.
    SkillLevel(u32),
    /// `UCI_ShowWDL`: whether `info` lines carry win-draw-loss chances.
    ShowWdl(bool),
    /// `Debug Log File`: the file to log every line in and out to; `None` keeps no log.
    DebugLogFile(Option<String>),
}

/// The current values of the options that are not part of the game itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Table size in MB.
    pub hash_mb: usize,
    /// Time kept in reserve per move.
    pub move_overhead: Duration,
    /// How moves are chosen.
    pub strategy: Strategy,
    /// Threads a search runs on.
    pub threads: usize,
    /// Best lines a search reports.
    pub multipv: usize,
    /// `bestmove X ponder Y` when true (the controller ponders); `bestmove X` when false.
    pub ponder: bool,
    /// `UCI_LimitStrength` as last set.
    pub limit_strength: bool,
    /// `UCI_Elo` as last set; `None` until set (the game's lowest label).
    pub elo: Option<u32>,
    /// `Skill Level` as last set.
    pub skill_level: u32,
    /// The strength the last of `Skill Level`, `UCI_LimitStrength` and `UCI_Elo` set.
    pub strength: Strength,
    /// `UCI_ShowWDL`.
    pub show_wdl: bool,
}

impl Options {
    /// The settings every search of the engine runs with.
    pub fn settings(&self) -> Settings {
        Settings {
            strategy: self.strategy,
            threads: self.threads,
            multipv: self.multipv,
            move_overhead: self.move_overhead,
            strength: self.strength,
            show_wdl: self.show_wdl,
        }
    }

    /// `Skill Level`: a level below 20 limits the strength, 20 plays at full strength.
    pub fn set_skill_level(&mut self, level: u32) {
        self.skill_level = level;
        self.strength = self.skill_strength();
    }

    /// `UCI_LimitStrength`: on, `UCI_Elo` limits the strength (the game's lowest label until
    /// it is set); off, `Skill Level` decides again.
    pub fn set_limit_strength(&mut self, limit: bool, lowest: u32) {
        self.limit_strength = limit;
        self.strength = if limit {
            Strength::Elo(self.elo.unwrap_or(lowest))
        } else {
            self.skill_strength()
        };
    }

    /// `UCI_Elo`: kept, and played at once when `UCI_LimitStrength` is on.
    pub fn set_elo(&mut self, elo: u32) {
        self.elo = Some(elo);
        if self.limit_strength {
            self.strength = Strength::Elo(elo);
        }
    }

    /// The strength `Skill Level` alone sets.
    fn skill_strength(&self) -> Strength {
        if self.skill_level >= LIMITED_LEVELS {
            Strength::Full
        } else {
            Strength::Skill(self.skill_level)
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            strategy: Strategy::default(),
            threads: 1,
            multipv: 1,
            ponder: false,
            limit_strength: false,
            elo: None,
            skill_level: LIMITED_LEVELS,
            strength: Strength::Full,
            show_wdl: false,
        }
    }
}

/// The `UCI_Elo` range of `game`: the labels of its levels 0 and 19.
pub fn elo_range(game: GameKind) -> (u64, u64) {
    let levels = game.levels();
    (u64::from(levels.label(0)), u64::from(levels.elo_max()))
}

/// The `option …` lines answering `uci`/`ugi`, defaulting to `--game`/`--size`; `UCI_Elo`
/// spans the range of `current`, the game selected now.
pub fn option_lines(variant: GameKind, size: BoardSize, current: GameKind) -> Vec<String> {
    let (elo_min, elo_max) = elo_range(current);
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
        format!(
            "option name Strategy type combo default {}{}",
            Strategy::default(),
            Strategy::ALL
                .iter()
                .map(|s| format!(" var {s}"))
                .collect::<String>()
        ),
        format!(
            "option name Threads type spin default 1 min {} max {}",
            THREADS.0, THREADS.1
        ),
        format!(
            "option name MultiPV type spin default 1 min {} max {}",
            MULTIPV.0, MULTIPV.1
        ),
        "option name Ponder type check default false".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {elo_min} min {elo_min} max {elo_max}"),
        format!(
            "option name Skill Level type spin default {} min {} max {}",
            SKILL_LEVEL.1, SKILL_LEVEL.0, SKILL_LEVEL.1
        ),
        "option name UCI_ShowWDL type check default false".to_string(),
        format!("option name Debug Log File type string default {NO_LOG_FILE}"),
    ]
}

/// Reads `setoption name <name> [value <value>]` while `game` is selected (`UCI_Elo`'s range
/// is the game's); names ignore ASCII case.
pub fn read(name: &str, value: Option<&str>, game: GameKind) -> Result<Change, OptionError> {
    let canonical = NAMES
        .iter()
        .find(|known| known.eq_ignore_ascii_case(name))
        .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
    match (*canonical, value) {
        // GUIs differ in sending a button a value: ignore it.
        ("Clear Hash", _) => Ok(Change::ClearHash),
        // A GUI clears a string field by sending nothing after `value`.
        ("Debug Log File", None | Some("")) => Ok(Change::DebugLogFile(None)),
        (option, None) => Err(OptionError::MissingValue(option)),
        (option, Some("")) => Err(OptionError::EmptyValue(option)),
        (option, Some(value)) => read_value(option, value, game),
    }
}

fn read_value(option: &'static str, value: &str, game: GameKind) -> Result<Change, OptionError> {
    match option {
        "UCI_Variant" => value
            .parse::<GameKind>()
            .map(Change::Variant)
            .map_err(|_| OptionError::UnknownVariant(value.to_string())),
        "Size" => value
            .parse::<BoardSize>()
            .map(Change::Size)
            .map_err(OptionError::BadSize),
        "Hash" => spin(option, value, HASH_MB).map(|mb| Change::Hash(mb as usize)),
        "Strategy" => value
            .parse::<Strategy>()
            .map(Change::Strategy)
            .map_err(|_| OptionError::UnknownStrategy(value.to_string())),
        "Threads" => spin(option, value, THREADS).map(|n| Change::Threads(n as usize)),
        "MultiPV" => spin(option, value, MULTIPV).map(|n| Change::MultiPv(n as usize)),
        "Ponder" => check(option, value).map(Change::Ponder),
        "UCI_LimitStrength" => check(option, value).map(Change::LimitStrength),
        "UCI_Elo" => spin(option, value, elo_range(game)).map(|elo| Change::Elo(elo as u32)),
        "Skill Level" => spin(option, value, SKILL_LEVEL).map(|l| Change::SkillLevel(l as u32)),
        "UCI_ShowWDL" => check(option, value).map(Change::ShowWdl),
        "Debug Log File" => Ok(Change::DebugLogFile(
            (!value.eq_ignore_ascii_case(NO_LOG_FILE)).then(|| value.to_string()),
        )),
        _ => spin(option, value, MOVE_OVERHEAD_MS)
            .map(|ms| Change::MoveOverhead(Duration::from_millis(ms))),
    }
}

/// `true` or `false`, in any case.
fn check(option: &'static str, value: &str) -> Result<bool, OptionError> {
    if value.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if value.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(OptionError::NotABoolean(option, value.to_string()))
    }
}

/// A whole number within `range` (both ends included).
fn spin(option: &'static str, value: &str, range: (u64, u64)) -> Result<u64, OptionError> {
    let number: u64 = value.parse().map_err(|_| OptionError::NotANumber {
        option,
        value: value.to_string(),
        range,
    })?;
    if (range.0..=range.1).contains(&number) {
        Ok(number)
    } else {
        Err(OptionError::OutOfRange {
            option,
            number,
            range,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::read`] with Cross-Jack selected.
    fn read(name: &str, value: Option<&str>) -> Result<Change, OptionError> {
        super::read(name, value, GameKind::CrossJack)
    }

    #[test]
    fn every_option_has_one_line_and_the_combo_lists_every_game() {
        let lines = option_lines(GameKind::JcShock, BoardSize::square(9), GameKind::JcShock);
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
        assert_eq!(
            read("UCI_Variant", Some("chess")).map_err(|e| e.to_string()),
            Err(
                "UCI_Variant 'chess' is not a game of this engine (crossjack, jcshock, crossings)"
                    .into()
            )
        );
        assert!(matches!(
            read("Size", Some("big")),
            Err(OptionError::BadSize(_))
        ));
    }

    #[test]
    fn spins_are_checked_against_their_range() {
        let message = |name, value| read(name, Some(value)).map_err(|e| e.to_string());
        assert_eq!(
            message("Hash", "0"),
            Err("Hash value 0 is out of range 1..1024".into())
        );
        assert_eq!(
            message("Hash", "lots"),
            Err("Hash value 'lots' is not a whole number in 1..1024".into())
        );
        assert_eq!(
            message("Move Overhead", "-1"),
            Err("Move Overhead value '-1' is not a whole number in 0..5000".into())
        );
    }

    #[test]
    fn threads_and_multipv_are_spins_from_one() {
        assert_eq!(read("threads", Some("2")), Ok(Change::Threads(2)));
        assert_eq!(read("MultiPV", Some("3")), Ok(Change::MultiPv(3)));
        let message = |name, value| read(name, Some(value)).map_err(|e| e.to_string());
        assert_eq!(
            message("Threads", "0"),
            Err("Threads value 0 is out of range 1..64".into())
        );
        assert_eq!(
            message("MultiPV", "0"),
            Err("MultiPV value 0 is out of range 1..256".into())
        );
        let lines = option_lines(
            GameKind::CrossJack,
            BoardSize::square(8),
            GameKind::CrossJack,
        );
        assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 64".into()));
        assert!(lines.contains(&"option name MultiPV type spin default 1 min 1 max 256".into()));
    }

    #[test]
    fn strategy_takes_the_name_of_a_strategy() {
        assert_eq!(
            read("strategy", Some("MCTS")),
            Ok(Change::Strategy(Strategy::Mcts))
        );
        assert_eq!(
            read("Strategy", Some("minimax")).map_err(|e| e.to_string()),
            Err("Strategy 'minimax' is not a strategy of this engine (search, mcts, greedy, random)".into())
        );
        let lines = option_lines(
            GameKind::CrossJack,
            BoardSize::square(8),
            GameKind::CrossJack,
        );
        assert!(lines.contains(
            &"option name Strategy type combo default search var search var mcts var greedy var random"
                .to_string()
        ));
    }

    #[test]
    fn the_log_file_is_a_path_and_nothing_or_empty_keeps_no_log() {
        assert_eq!(
            read("debug log file", Some("/tmp/a b.log")),
            Ok(Change::DebugLogFile(Some("/tmp/a b.log".into())))
        );
        for off in [None, Some(""), Some("<empty>"), Some("<EMPTY>")] {
            assert_eq!(
                read("Debug Log File", off),
                Ok(Change::DebugLogFile(None)),
                "{off:?}"
            );
        }
    }

    #[test]
    fn a_button_ignores_a_value() {
        assert_eq!(read("Clear Hash", Some("")), Ok(Change::ClearHash));
        assert_eq!(read("Clear Hash", Some("now")), Ok(Change::ClearHash));
    }

    #[test]
    fn an_empty_value_is_an_error_for_every_option_but_the_button_and_the_log_file() {
        for name in NAMES
            .iter()
            .filter(|&&n| n != "Clear Hash" && n != "Debug Log File")
        {
            assert_eq!(
                read(name, Some("")).map_err(|e| e.to_string()),
                Err(format!(
                    "option {name} needs a value after 'value', got none"
                ))
            );
        }
    }

    #[test]
    fn strength_options_are_read_within_their_ranges() {
        let (min, max) = elo_range(GameKind::CrossJack);
        assert_eq!(read("skill level", Some("7")), Ok(Change::SkillLevel(7)));
        assert_eq!(read("Skill Level", Some("20")), Ok(Change::SkillLevel(20)));
        assert_eq!(
            read("UCI_Elo", Some(&min.to_string())),
            Ok(Change::Elo(min as u32))
        );
        assert_eq!(
            read("UCI_LimitStrength", Some("TRUE")),
            Ok(Change::LimitStrength(true))
        );
        assert_eq!(read("UCI_ShowWDL", Some("true")), Ok(Change::ShowWdl(true)));
        let message = |name, value: &str| read(name, Some(value)).map_err(|e| e.to_string());
        assert_eq!(
            message("Skill Level", "21"),
            Err("Skill Level value 21 is out of range 0..20".into())
        );
        assert_eq!(
            message("UCI_Elo", &(max + 1).to_string()),
            Err(format!(
                "UCI_Elo value {} is out of range {min}..{max}",
                max + 1
            ))
        );
    }

    #[test]
    fn the_last_strength_option_set_decides() {
        let mut options = Options::default();
        assert_eq!(options.strength, Strength::Full);
        options.set_skill_level(5);
        assert_eq!(options.strength, Strength::Skill(5));
        options.set_elo(900);
        assert_eq!(
            options.strength,
            Strength::Skill(5),
            "UCI_Elo alone limits nothing"
        );
        options.set_limit_strength(true, 400);
        assert_eq!(options.strength, Strength::Elo(900));
        options.set_skill_level(20);
        assert_eq!(options.strength, Strength::Full);
        options.set_limit_strength(true, 400);
        options.set_elo(1200);
        assert_eq!(options.strength, Strength::Elo(1200));
        options.set_limit_strength(false, 400);
        assert_eq!(options.strength, Strength::Full, "back to Skill Level 20");
    }

    #[test]
    fn limit_strength_before_any_elo_plays_the_lowest_label() {
        let mut options = Options::default();
        options.set_limit_strength(true, 450);
        assert_eq!(options.strength, Strength::Elo(450));
    }

    #[test]
    fn ponder_is_a_check() {
        assert_eq!(read("Ponder", Some("true")), Ok(Change::Ponder(true)));
        assert_eq!(read("ponder", Some("FALSE")), Ok(Change::Ponder(false)));
        assert_eq!(
            read("Ponder", Some("yes")).map_err(|e| e.to_string()),
            Err("Ponder value 'yes' is neither true nor false".into())
        );
    }

    #[test]
    fn unknown_names_and_missing_values_are_errors() {
        let message = |name, value| read(name, value).map_err(|e| e.to_string());
        assert_eq!(
            message("Threats", Some("2")),
            Err(
                "unknown option 'Threats' (options: UCI_Variant, Size, Hash, Clear Hash, Move Overhead, Strategy, Threads, MultiPV, Ponder, UCI_LimitStrength, UCI_Elo, Skill Level, UCI_ShowWDL, Debug Log File)"
                    .into()
            )
        );
        assert_eq!(
            message("Hash", None),
            Err("option Hash needs 'value <…>'".into())
        );
    }
}
