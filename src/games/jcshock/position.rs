//! Reading and checking JC Shock position strings.

use super::super::{fen, BoardSize, Player, PositionError};
use super::geometry::{MAX_SIDE, MIN_SIDE};
use super::{letter, quota, JcShock, NAME};

const SUPPORTED: &str = "square boards from 4x4 to 11x11";

/// Checks that `size` is a board JC Shock is played on and returns its side N.
pub fn supported_side(size: BoardSize) -> Result<usize, PositionError> {
    if size.width == size.height && (MIN_SIDE..=MAX_SIDE).contains(&size.width) {
        Ok(size.width)
    } else {
        Err(PositionError::UnsupportedSize {
            game: NAME,
            width: size.width,
            height: size.height,
            supported: SUPPORTED,
        })
    }
}

/// Reads `text` as a JC Shock position: the board's layout, its letters, the side to move and
/// whether the piece counts can arise in a game.
pub fn read(text: &str) -> Result<JcShock, PositionError> {
    let layout = fen::parse(text)?;
    let side = supported_side(layout.size)?;
    let mut pieces = [0u128; 2];
    for (index, cell) in layout.cells.iter().enumerate() {
        if let Some(c) = *cell {
            pieces[player_of_letter(c)?.index()] |= 1 << index;
        }
    }
    let to_move = side_to_move(&layout.side)?;
    check_counts(pieces, side, to_move)?;
    Ok(JcShock::from_parts(side, pieces, to_move))
}

fn player_of_letter(c: char) -> Result<Player, PositionError> {
    [Player::One, Player::Two]
        .into_iter()
        .find(|&p| letter(p) == c)
        .ok_or(PositionError::UnknownPiece(c, NAME))
}

fn side_to_move(text: &str) -> Result<Player, PositionError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => player_of_letter(c).ok(),
        _ => None,
    }
    .ok_or_else(|| PositionError::UnknownSide(text.to_string(), NAME))
}

/// The players alternate and nothing leaves the board: White has as many pieces as Black
/// (White to move) or one more (Black to move), and nobody more than it owns.
fn check_counts(pieces: [u128; 2], side: usize, to_move: Player) -> Result<(), PositionError> {
    let owned = quota(side);
    let [white, black] = pieces.map(|p| p.count_ones() as usize);
    for (player, count) in [(Player::One, white), (Player::Two, black)] {
        if count > owned {
            return Err(PositionError::Inconsistent(format!(
                "{} has {count} pieces, more than the {owned} each player owns on {side}x{side}",
                letter(player)
            )));
        }
    }
    let expected = match white.checked_sub(black) {
        Some(0) => Player::One,
        Some(1) => Player::Two,
        _ => {
            return Err(PositionError::Inconsistent(format!(
                "o has {white} and x has {black} pieces: o must have as many as x or one more"
            )))
        }
    };
    if expected != to_move {
        return Err(PositionError::Inconsistent(format!(
            "o has {white} and x has {black} pieces, so {} is to move, not {}",
            letter(expected),
            letter(to_move)
        )));
    }
    Ok(())
}
