//! What a `go` command asks of the searcher: depth, nodes, time and clocks.

use std::time::Duration;

use crate::games::Player;

/// A player's clock as the protocol reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on each player's clock, indexed by [`Player::index`].
    pub time: [Option<Duration>; 2],
    /// Increment per move for each player.
    pub increment: [Duration; 2],
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// Time left for `player`, if given.
    pub fn time_left(&self, player: Player) -> Option<Duration> {
        self.time[player.index()]
    }

    /// Increment for `player`.
    pub fn increment(&self, player: Player) -> Duration {
        self.increment[player.index()]
    }
}

/// The limits of one search; all that are set apply, the first reached ends the search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after completing this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub movetime: Option<Duration>,
    /// Budget from the clocks (time management decides how much to use).
    pub clock: Option<Clock>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Time kept in reserve for communication lag (the `Move Overhead` option).
    pub move_overhead: Duration,
}
