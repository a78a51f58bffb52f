//! Reading position strings and moves: the shared grammar, then Cross-Jack's own checks, each
//! refusal naming what is wrong.

use super::geometry::{bit, Geometry};
use super::{letter, CrossJack};
use crate::games::coord::read_square_move;
use crate::games::{fen, Game, MoveError, Player, PositionError};

/// The player whose letter is `c`.
fn player_of(c: char) -> Option<Player> {
    match c {
        'x' => Some(Player::One),
        'o' => Some(Player::Two),
        _ => None,
    }
}

/// The name of `player`'s zone row on a board `height` ranks tall.
fn zone_row_name(player: Player, height: usize) -> String {
    match player {
        Player::One => format!("rank {height}"),
        Player::Two => "rank 1".to_string(),
    }
}

/// Reads and validates a position string `<board> <side>`.
pub fn read_position(text: &str) -> Result<CrossJack, PositionError> {
    let board = fen::parse(text)?;
    let geometry = Geometry::new(board.size)?;
    let mut marks = [0u128; 2];
    for (coord, c) in board.pieces() {
        let player = player_of(c).ok_or(PositionError::UnknownPiece(c, CrossJack::NAME))?;
        marks[player.index()] |= bit(coord.index(board.size.width));
    }
    let side = match board.side.as_str() {
        "x" => Player::One,
        "o" => Player::Two,
        _ => return Err(PositionError::UnknownSide(board.side, CrossJack::NAME)),
    };
    check_turn(marks, side)?;
    check_single_winner(&geometry, marks)?;
    Ok(CrossJack::from_parts(geometry, marks, side))
}

/// The players alternate and X starts: X has as many marks as O (X to move) or one more.
fn check_turn(marks: [u128; 2], side: Player) -> Result<(), PositionError> {
    let (x, o) = (marks[0].count_ones(), marks[1].count_ones());
    let expected = if x == o {
        Player::One
    } else if x == o + 1 {
        Player::Two
    } else {
        return Err(PositionError::Inconsistent(format!(
            "x has {x} marks and o has {o}: x must have as many marks as o or one more"
        )));
    };
    if side == expected {
        Ok(())
    } else {
        Err(PositionError::Inconsistent(format!(
            "x has {x} marks and o has {o}, so {} is to move, not {}",
            letter(expected),
            letter(side)
        )))
    }
}

/// The game ends when the first player reaches its goal row, so both cannot stand on theirs.
fn check_single_winner(geometry: &Geometry, marks: [u128; 2]) -> Result<(), PositionError> {
    let on_goal = |p: Player| marks[p.index()] & geometry.goal_row(p) != 0;
    if on_goal(Player::One) && on_goal(Player::Two) {
        let height = geometry.size().height;
        return Err(PositionError::Inconsistent(format!(
            "x stands on rank 1 and o on rank {height}: the game ends when the first of them arrives"
        )));
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
        let side = position.side;
        let reason = if position.in_setup(side) {
            format!(
                "{} is setting up and must tick its zone row, {}",
                letter(side),
                zone_row_name(side, size.height)
            )
        } else {
            format!(
                "not a king step (columns wrap) from any mark of {}",
                letter(side)
            )
        };
        return Err(MoveError::Illegal {
            mv: written,
            reason,
        });
    }
    // The index is below 128: the board has at most 128 squares.
    Ok(index as u8)
}
