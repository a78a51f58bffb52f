//! The typed commands the grammar produces and the engine executes.

use std::time::Duration;

use super::syntax::SyntaxError;
use crate::games::Player;
use crate::search::solve::SolveLimits;
use crate::search::{Clock, Limits};

/// Which handshake the controller used: the answers differ only in the final `uciok`/`ugiok`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `uci`, answered by `uciok`.
    Uci,
    /// `ugi`, answered by `ugiok`.
    Ugi,
}

/// Where a `position` command starts before its `moves`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the start position of the selected game and size.
    StartPos,
    /// `fen <board> <side>`: the position string, its fields joined by one space.
    Fen(String),
}

/// What a `query` asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query {
    /// `query gameover`: `response true|false`.
    GameOver,
    /// `query p1turn`: `response true|false`.
    P1Turn,
    /// `query result`: `response p1win|p2win|draw|none`.
    Result,
    /// `query reason`: `response <why the game ended>|none`.
    Reason,
    /// `query fen`: `response <position string>`.
    Fen,
    /// `query moves`: `response <every legal move>`.
    Moves,
    /// `query board`: `response board width <W> height <H> <key> <value> …`.
    Board,
    /// `query effects <move>`: `response effects <move> <op> … [flags <list>]`.
    Effects(String),
    /// `query after <move>…`: `response after <position string>`, the game unchanged.
    After(Vec<String>),
    /// `query duty`: `response duty <what the side to move must do>`.
    Duty,
    /// `query end`: `response end none` or `response end result <r> reason <why> …`.
    End,
    /// `query turn`: the turn's facts, the end, every legal move's effects, then
    /// `response turn done`.
    Turn,
}

/// The limits of a `go` command as written, times in milliseconds.
///
/// Times may be negative on the wire (some managers send a negative clock after a flag fall);
/// they count as zero.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth <plies>`.
    pub depth: Option<u32>,
    /// `nodes <count>`.
    pub nodes: Option<u64>,
    /// `movetime <ms>`.
    pub movetime: Option<u64>,
    /// Player one's clock: `wtime` or `p1time`.
    pub p1time: Option<i64>,
    /// Player two's clock: `btime` or `p2time`.
    pub p2time: Option<i64>,
    /// Player one's increment: `winc` or `p1inc`.
    pub p1inc: Option<i64>,
    /// Player two's increment: `binc` or `p2inc`.
    pub p2inc: Option<i64>,
    /// `movestogo <moves>`; `movestogo 0` counts as absent, as in Stockfish.
    pub movestogo: Option<u32>,
    /// `infinite`.
    pub infinite: bool,
    /// `mate <moves>`: search for a mate in that many moves.
    pub mate: Option<u32>,
    /// `ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves <move>…`: the root moves to choose from, as written.
    pub searchmoves: Vec<String>,
    /// What could not be understood: each is reported on an error line, and the search runs
    /// on the rest.
    pub ignored: Vec<SyntaxError>,
}

impl GoParams {
    /// True when any clock parameter was given.
    fn has_clock(&self) -> bool {
        self.p1time.is_some()
            || self.p2time.is_some()
            || self.p1inc.is_some()
            || self.p2inc.is_some()
            || self.movestogo.is_some()
    }

    /// The searcher's limits (`searchmoves` are not a limit: the engine checks them against
    /// the position).
    pub fn to_limits(&self) -> Limits {
        let clock = self.has_clock().then(|| {
            let mut clock = Clock {
                moves_to_go: self.movestogo,
                ..Clock::default()
            };
            clock.time[Player::One.index()] = self.p1time.map(millis);
            clock.time[Player::Two.index()] = self.p2time.map(millis);
            clock.increment[Player::One.index()] = self.p1inc.map(millis).unwrap_or_default();
            clock.increment[Player::Two.index()] = self.p2inc.map(millis).unwrap_or_default();
            clock
        });
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            clock,
            infinite: self.infinite,
            mate: self.mate,
        }
    }
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0).unsigned_abs())
}

/// One protocol command, parsed and typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci` or `ugi`: identify, list the options, `uciok`/`ugiok`.
    Hello(Dialect),
    /// `isready`: `readyok`.
    IsReady,
    /// `ucinewgame` / `uginewgame`: back to the start position, transposition table cleared.
    NewGame,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name, words joined by one space.
        name: String,
        /// The value, words joined by one space; `None` without `value` (buttons).
        value: Option<String>,
    },
    /// `position startpos|fen <fen> [moves …]`.
    Position {
        /// The position before the moves.
        start: StartPosition,
        /// The moves to play from it, as written.
        moves: Vec<String>,
    },
    /// `go …`: search.
    Go(GoParams),
    /// `go perft <depth>`: count leaves below every root move.
    Perft(u32),
    /// `bench [depth <plies>]`: every game's bench positions searched to that depth (each
    /// game's own when `None`), then nodes and nodes per second.
    Bench(Option<u32>),
    /// `solve [movetime <ms>] [nodes <n>]`: the exact value of the position, its distance
    /// and the moves that keep it, within those limits.
    Solve(SolveLimits),
    /// `stop`: end the search now.
    Stop,
    /// `ponderhit`: the pondered move was played; the ponder search goes on within its limits.
    PonderHit,
    /// `debug on|off`: whether the engine adds `info string debug: …` lines.
    Debug(bool),
    /// `query …`.
    Query(Query),
    /// `d`: the board diagram and the position's facts.
    Display,
    /// `help`: the command list.
    Help,
    /// `quit`: stop and exit.
    Quit,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_without_limits_waits_for_stop() {
        assert!(GoParams::default().to_limits().waits_for_stop());
        let depth = GoParams {
            depth: Some(3),
            ..GoParams::default()
        };
        assert!(!depth.to_limits().waits_for_stop());
        let movestogo = GoParams {
            movestogo: Some(3),
            ..GoParams::default()
        };
        assert!(!movestogo.to_limits().waits_for_stop());
    }

    #[test]
    fn white_is_player_one_and_black_player_two() {
        let go = GoParams {
            p1time: Some(1000),
            p2time: Some(2000),
            p1inc: Some(10),
            movestogo: Some(5),
            ..GoParams::default()
        };
        let limits = go.to_limits();
        let clock = limits.clock.expect("a clock");
        assert_eq!(
            clock.time_left(Player::One),
            Some(Duration::from_millis(1000))
        );
        assert_eq!(
            clock.time_left(Player::Two),
            Some(Duration::from_millis(2000))
        );
        assert_eq!(clock.increment(Player::One), Duration::from_millis(10));
        assert_eq!(clock.increment(Player::Two), Duration::ZERO);
        assert_eq!(clock.moves_to_go, Some(5));
        assert!(!limits.infinite);
    }

    #[test]
    fn negative_clock_times_count_as_zero() {
        let go = GoParams {
            p1time: Some(-50),
            ..GoParams::default()
        };
        let clock = go.to_limits().clock.expect("a clock");
        assert_eq!(clock.time_left(Player::One), Some(Duration::ZERO));
    }
}
