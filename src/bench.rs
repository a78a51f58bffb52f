//! `bench`: every game's bench positions ([`crate::games::BenchSet`]) searched to a fixed
//! depth from an empty table. The total node count is the binary's signature: it depends on
//! the rules, evaluation and search, never on the clock.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::games::{GameKind, PositionError, Status};
use crate::search::{Limits, SearchThreads, TranspositionTable};
use crate::session::{AnyGame, SearchOrder};

/// The bench's table size in MB, fixed so the signature does not depend on `Hash`.
pub const DEFAULT_HASH_MB: usize = 16;

/// What a bench runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchOptions {
    /// The depth for every position; `None` for each game's own ([`GameKind::bench`]).
    pub depth: Option<u32>,
    /// The table size in MB.
    pub hash_mb: usize,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            depth: None,
            hash_mb: DEFAULT_HASH_MB,
        }
    }
}

/// One bench position as searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionResult {
    /// The game.
    pub game: GameKind,
    /// Its number among the game's bench positions, from 1.
    pub number: usize,
    /// The position string.
    pub fen: &'static str,
    /// The deepest depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time the search took.
    pub time: Duration,
    /// The move found.
    pub best: String,
}

/// Every position a bench searched, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BenchReport {
    /// One result per position, game after game.
    pub positions: Vec<PositionResult>,
}

impl BenchReport {
    /// Nodes searched in all positions: the signature.
    pub fn nodes(&self) -> u64 {
        self.positions.iter().map(|p| p.nodes).sum()
    }

    /// Time spent searching (setting up positions and clearing the table not counted).
    pub fn time(&self) -> Duration {
        self.positions.iter().map(|p| p.time).sum()
    }

    /// Nodes per second over the whole bench.
    pub fn nps(&self) -> u64 {
        nps(self.nodes(), self.time())
    }

    /// The results of `game`'s positions.
    pub fn of(&self, game: GameKind) -> BenchReport {
        BenchReport {
            positions: self
                .positions
                .iter()
                .filter(|p| p.game == game)
                .cloned()
                .collect(),
        }
    }
}

/// What a bench reports as it goes, before its [`BenchReport`] is complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress<'a> {
    /// A position has been searched.
    Position {
        /// What its search found.
        result: &'a PositionResult,
        /// How many bench positions its game has.
        of: usize,
    },
    /// Every position of a game has been searched.
    Game {
        /// The game.
        game: GameKind,
        /// The results of its positions.
        totals: &'a BenchReport,
    },
}

/// Why a bench gave no count.
#[derive(Debug, Error)]
pub enum BenchError {
    /// A bench position the game refuses (a bug the bench's tests catch).
    #[error("bench: position {number} of {game} '{fen}' is refused: {error}")]
    Refused {
        /// The game.
        game: GameKind,
        /// The position's number among the game's, from 1.
        number: usize,
        /// The position string.
        fen: &'static str,
        /// Why the game refuses it.
        error: PositionError,
    },
    /// A bench position whose game is over: nothing to search (a bug the tests catch).
    #[error("bench: position {number} of {game} '{fen}' is not in play")]
    NotInPlay {
        /// The game.
        game: GameKind,
        /// The position's number among the game's, from 1.
        number: usize,
        /// The position string.
        fen: &'static str,
    },
    /// `stop` came before the last position was searched: a partial count would mislead.
    #[error("bench stopped before it finished: no count")]
    Stopped,
}

/// Every bench position: game, number among the game's (from 1), position string.
pub fn positions() -> impl Iterator<Item = (GameKind, usize, &'static str)> {
    GameKind::ALL.into_iter().flat_map(|game| {
        game.bench()
            .positions
            .iter()
            .enumerate()
            .map(move |(index, &fen)| (game, index + 1, fen))
    })
}

/// The bench position `fen`, checked to be in play.
pub fn load(game: GameKind, number: usize, fen: &'static str) -> Result<AnyGame, BenchError> {
    let position = AnyGame::from_fen(game, fen).map_err(|error| BenchError::Refused {
        game,
        number,
        fen,
        error,
    })?;
    if position.status() != Status::InPlay {
        return Err(BenchError::NotInPlay { game, number, fen });
    }
    Ok(position)
}

/// Runs the bench, each position from an empty table of `options.hash_mb`; `progress` hears
/// of each position and game. Gives up once `stop` is set.
pub fn measure(
    options: &BenchOptions,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<BenchReport, BenchError> {
    let mut tt = TranspositionTable::new(options.hash_mb);
    let mut threads = SearchThreads::new();
    let mut report = BenchReport::default();
    for game in GameKind::ALL {
        let set = game.bench();
        let depth = options.depth.unwrap_or(set.depth);
        let first = report.positions.len();
        for (index, &fen) in set.positions.iter().enumerate() {
            let mut position = load(game, index + 1, fen)?;
            tt.clear();
            let searched = search(&mut position, depth, &mut tt, &mut threads, stop);
            if stop.load(Ordering::Relaxed) {
                return Err(BenchError::Stopped);
            }
            let result = PositionResult {
                game,
                number: index + 1,
                fen,
                depth: searched.depth,
                nodes: searched.nodes,
                time: searched.time,
                best: searched.best,
            };
            progress(Progress::Position {
                result: &result,
                of: set.positions.len(),
            });
            report.positions.push(result);
        }
        let totals = BenchReport {
            positions: report.positions[first..].to_vec(),
        };
        progress(Progress::Game {
            game,
            totals: &totals,
        });
    }
    Ok(report)
}

/// What one search of a bench position found.
struct Searched {
    depth: u32,
    nodes: u64,
    time: Duration,
    best: String,
}

fn search(
    position: &mut AnyGame,
    depth: u32,
    tt: &mut TranspositionTable,
    threads: &mut SearchThreads,
    stop: &AtomicBool,
) -> Searched {
    let order = SearchOrder {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..SearchOrder::default()
    };
    let (mut reached, mut nodes) = (0, 0);
    let started = Instant::now();
    let best = position.search(&order, tt, threads, stop, &mut |info| {
        reached = info.depth;
        nodes = info.nodes;
    });
    Searched {
        depth: reached,
        nodes,
        time: started.elapsed(),
        best: best.unwrap_or_else(|| "(none)".to_string()),
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

#[cfg(test)]
impl PositionResult {
    /// A result of `game`'s first position for unit tests: `nodes` in `millis` ms at depth 3.
    pub(crate) fn sample(game: GameKind, nodes: u64, millis: u64) -> Self {
        PositionResult {
            game,
            number: 1,
            fen: "8/8/8/8/8/8/8/8 x",
            depth: 3,
            nodes,
            time: Duration::from_millis(millis),
            best: "a8".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_add_up_the_positions() {
        let report = BenchReport {
            positions: vec![
                PositionResult::sample(GameKind::CrossJack, 1000, 10),
                PositionResult::sample(GameKind::JcShock, 3000, 30),
            ],
        };
        assert_eq!(report.nodes(), 4000);
        assert_eq!(report.time(), Duration::from_millis(40));
        assert_eq!(report.nps(), 100_000);
        assert_eq!(report.of(GameKind::JcShock).nodes(), 3000);
        assert!(report.of(GameKind::Crossings).positions.is_empty());
    }

    #[test]
    fn a_set_stop_flag_gives_no_count() {
        let stop = AtomicBool::new(true);
        let mut heard = 0;
        let options = BenchOptions {
            depth: Some(1),
            hash_mb: 1,
        };
        let outcome = measure(&options, &stop, &mut |_| heard += 1);
        assert!(matches!(outcome, Err(BenchError::Stopped)));
        assert_eq!(heard, 0);
    }
}
