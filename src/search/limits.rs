//! What a `go` command asks of the searcher (depth, nodes, time, clocks) and the engine's
//! settings that shape every search (strategy, threads, lines, move overhead).

use std::time::Duration;

use super::strategy::Strategy;
use super::strength::Strength;
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
    /// Search until told to stop (see [`Limits::waits_for_stop`]).
    pub infinite: bool,
    /// `go mate N`: stop once a win in at most N moves (2N - 1 plies) is proven; alpha-beta
    /// in every game.
    pub mate: Option<u32>,
}

/// The engine's settings that shape every search: its options, not part of a `go`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// How to choose the move (the `Strategy` option).
    pub strategy: Strategy,
    /// Threads to search with (the `Threads` option); 0 counts as 1.
    pub threads: usize,
    /// Best lines to report (the `MultiPV` option); 0 counts as 1.
    pub multipv: usize,
    /// Time kept in reserve for communication lag (the `Move Overhead` option).
    pub move_overhead: Duration,
    /// Full strength or a limited level (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`).
    pub strength: Strength,
    /// Whether reports carry win-draw-loss chances (the `UCI_ShowWDL` option).
    pub show_wdl: bool,
}

impl Settings {
    /// The options' defaults: the `search` strategy at full strength, one thread, one line,
    /// no overhead, no win-draw-loss chances.
    pub const DEFAULT: Settings = Settings {
        strategy: Strategy::Search,
        threads: 1,
        multipv: 1,
        move_overhead: Duration::ZERO,
        strength: Strength::Full,
        show_wdl: false,
    };
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}

/// One search's orders: limits, settings and root moves.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a, M> {
    /// When the search ends.
    pub limits: &'a Limits,
    /// The engine's settings.
    pub settings: &'a Settings,
    /// `go searchmoves`; every move when empty or none is legal.
    pub searchmoves: &'a [M],
}

impl<'a, M> Request<'a, M> {
    /// A request of `limits` alone: the default settings, every root move.
    pub fn of(limits: &'a Limits) -> Self {
        Request {
            limits,
            settings: &Settings::DEFAULT,
            searchmoves: &[],
        }
    }
}

impl Limits {
    /// True when the answer must wait for `stop`: `infinite`, or no limit at all (the one
    /// place that says "no limit means infinite").
    pub fn waits_for_stop(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime.is_none()
                && self.clock.is_none()
                && self.mate.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_limit_at_all_waits_for_stop() {
        assert!(Limits::default().waits_for_stop());
    }

    #[test]
    fn infinite_waits_for_stop_whatever_else_is_set() {
        let limits = Limits {
            infinite: true,
            depth: Some(3),
            ..Limits::default()
        };
        assert!(limits.waits_for_stop());
    }

    #[test]
    fn any_limit_ends_the_wait() {
        let limited = [
            Limits {
                depth: Some(1),
                ..Limits::default()
            },
            Limits {
                nodes: Some(1),
                ..Limits::default()
            },
            Limits {
                movetime: Some(Duration::ZERO),
                ..Limits::default()
            },
            Limits {
                clock: Some(Clock::default()),
                ..Limits::default()
            },
            Limits {
                mate: Some(2),
                ..Limits::default()
            },
        ];
        for limits in limited {
            assert!(!limits.waits_for_stop(), "{limits:?}");
        }
    }
}
