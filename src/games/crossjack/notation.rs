//! Reading Cross-Jack position strings and moves, each refusal naming what is wrong.

use thiserror::Error;

use super::geometry::{bit, Geometry, SUPPORTED};
use super::position::{letter, CrossJack};
use crate::games::coord::read_square_move;
use crate::games::error::{GameReason, MoveError, PositionError};
use crate::games::fen;
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::size::BoardSize;

/// Why a well-formed Cross-Jack position cannot arise under the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Inconsistency {
    /// The players alternate and X starts, so X has as many marks as O or one more.
    #[error("x has {x} marks and o has {o}: x must have as many marks as o or one more")]
    UnevenMarks {
        /// Marks of X.
        x: u32,
        /// Marks of O.
        o: u32,
    },
    /// The mark counts tell who is to move, and the side field says otherwise.
    #[error(
        "x has {x} marks and o has {o}, so {} is to move, not {}",
        letter(*.expected),
        letter(*.found)
    )]
    WrongSideToMove {
        /// Marks of X.
        x: u32,
        /// Marks of O.
        o: u32,
        /// The player the counts say is to move.
        expected: Player,
        /// The player the position string names.
        found: Player,
    },
    /// Both players stand on their goal rows, but the game ends when the first arrives.
    #[error(
        "x stands on rank 1 and o on rank {height}: the game ends when the first of them arrives"
    )]
    BothOnGoal {
        /// The board's height: O's goal rank.
        height: usize,
    },
}

impl From<Inconsistency> for PositionError {
    fn from(reason: Inconsistency) -> Self {
        PositionError::Inconsistent(GameReason::of(&reason))
    }
}

/// The rule a Cross-Jack tick on an empty square of the board breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// A player with fewer than two marks ticks its own zone row.
    #[error(
        "{} is setting up and must tick its zone row, rank {zone_rank}",
        letter(*.player)
    )]
    SettingUp {
        /// The player to move.
        player: Player,
        /// The number of its zone row's rank.
        zone_rank: usize,
    },
    /// After setting up, a tick lies a king step from one of the player's marks.
    #[error("not a king step (columns wrap) from any mark of {}", letter(*.player))]
    NotAKingStep {
        /// The player to move.
        player: Player,
    },
}

/// The player whose letter is `c`.
fn player_of(c: char) -> Option<Player> {
    match c {
        'x' => Some(Player::One),
        'o' => Some(Player::Two),
        _ => None,
    }
}

/// The rank number of `player`'s zone row on a board `height` ranks tall.
pub fn zone_rank(player: Player, height: usize) -> usize {
    match player {
        Player::One => height,
        Player::Two => 1,
    }
}

/// The geometry of a board of `size`, or why Cross-Jack cannot be played on it.
pub fn geometry_of(size: BoardSize) -> Result<&'static Geometry, PositionError> {
    Geometry::of(size).ok_or(PositionError::UnsupportedSize {
        game: CrossJack::NAME,
        width: size.width,
        height: size.height,
        supported: SUPPORTED,
    })
}

/// Reads and validates a position string `<board> <side>`.
pub fn read_position(text: &str) -> Result<CrossJack, PositionError> {
    let board = fen::parse(text)?;
    let geometry = geometry_of(board.size)?;
    let mut marks = [0u128; 2];
    for (coord, c) in board.pieces() {
        let player = player_of(c).ok_or(PositionError::UnknownPiece(c, CrossJack::NAME))?;
        marks[player.index()] |= bit(coord.index(board.size.width));
    }
    let to_move = match board.side.as_str() {
        "x" => Player::One,
        "o" => Player::Two,
        _ => return Err(PositionError::UnknownSide(board.side, CrossJack::NAME)),
    };
    check_turn(marks, to_move)?;
    check_single_winner(geometry, marks)?;
    Ok(CrossJack::from_parts(geometry, marks, to_move))
}

/// The players alternate and X starts: X has as many marks as O (X to move) or one more.
fn check_turn(marks: [u128; 2], to_move: Player) -> Result<(), Inconsistency> {
    let (x, o) = (marks[0].count_ones(), marks[1].count_ones());
    let expected = if x == o {
        Player::One
    } else if x == o + 1 {
        Player::Two
    } else {
        return Err(Inconsistency::UnevenMarks { x, o });
    };
    if to_move == expected {
        Ok(())
    } else {
        Err(Inconsistency::WrongSideToMove {
            x,
            o,
            expected,
            found: to_move,
        })
    }
}

/// The game ends when the first player reaches its goal row, so both cannot stand on theirs.
fn check_single_winner(geometry: &Geometry, marks: [u128; 2]) -> Result<(), Inconsistency> {
    let on_goal = |p: Player| marks[p.index()] & geometry.goal_row(p) != 0;
    if on_goal(Player::One) && on_goal(Player::Two) {
        return Err(Inconsistency::BothOnGoal {
            height: geometry.size().height,
        });
    }
    Ok(())
}

/// Reads a square name and checks that ticking it is legal in `position`.
pub fn read_move(position: &CrossJack, text: &str) -> Result<u8, MoveError> {
    let size = position.size();
    let (coord, written) = read_square_move(text, size, CrossJack::NAME, "a square such as d7")?;
    if position.status.is_over() {
        return Err(MoveError::GameOver(written));
    }
    let index = coord.index(size.width);
    let tick = bit(index);
    if position.empty() & tick == 0 {
        return Err(MoveError::Occupied(written));
    }
    if position.targets() & tick == 0 {
        let player = position.to_move;
        let reason = if position.in_setup(player) {
            IllegalReason::SettingUp {
                player,
                zone_rank: zone_rank(player, size.height),
            }
        } else {
            IllegalReason::NotAKingStep { player }
        };
        return Err(MoveError::Illegal {
            mv: written,
            reason: GameReason::of(&reason),
        });
    }
    // The index is below 128: the board has at most 128 squares.
    Ok(index as u8)
}
