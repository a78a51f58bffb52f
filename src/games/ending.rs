//! How a finished game ended, in detail (`query end`): who is blockaded, each side's score,
//! which stones crossed. Each game knows its own details ([`super::Game::end_details`]);
//! the reason in words is [`super::Game::end_reason`].

use super::{Coord, Player, Status};

/// A finished game: its result, the reason in the game's words and the details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    /// Who won, or the draw.
    pub status: Status,
    /// Why the game ended, in the game's words ([`super::Game::end_reason`]).
    pub reason: &'static str,
    /// The details of that reason.
    pub details: EndDetails,
}

/// The facts behind the reason a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndDetails {
    /// The reason says it all (no moves, threefold repetition).
    Nothing,
    /// The winner's marks on its goal row (Cross-Jack).
    Reached(Vec<Coord>),
    /// The players without access to the opponent's zone row, player 1 first (Cross-Jack).
    Blockaded(Vec<Player>),
    /// Each player's score and the length that decided (JC Shock).
    Scores(Scores),
    /// The crossing stones the opponent could not answer (Crossings).
    Crossed(Vec<Coord>),
}

/// The scores of a finished JC Shock game: a player's score is its opponent's runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scores {
    /// Per player (player 1 first), the runs that score for it, longest length first, every
    /// length from the board's width down to the shortest that scores.
    pub runs: [Vec<RunCount>; 2],
    /// The longest length whose counts differ, which decided the game; `None` on a draw.
    pub decided: Option<usize>,
}

/// How many runs of one length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunCount {
    /// The run length.
    pub length: usize,
    /// How many runs have it.
    pub count: usize,
}
