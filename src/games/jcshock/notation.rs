//! Reading and checking JC Shock position strings.

use thiserror::Error;

use super::geometry::{MAX_WIDTH, MIN_WIDTH};
use super::position::{letter, quota, JcShock};
use crate::games::error::{GameReason, PositionError};
use crate::games::fen;
use crate::games::player::Player;
use crate::games::rules::Game;
use crate::games::size::BoardSize;

const SUPPORTED: &str = "square boards from 4x4 to 11x11";

/// Why a well-formed JC Shock position cannot arise under the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Inconsistency {
    /// A player has placed more pieces than it owns (nothing leaves the board).
    #[error(
        "{} has {count} pieces, more than the {owned} each player owns on {width}x{width}",
        letter(*.player)
    )]
    TooManyPieces {
        /// Whose pieces.
        player: Player,
        /// How many the position gives it.
        count: usize,
        /// How many each player owns on this board.
        owned: usize,
        /// The board's width N.
        width: usize,
    },
    /// White has as many pieces as Black or one more (White starts).
    #[error("o has {white} and x has {black} pieces: o must have as many as x or one more")]
    UnevenCounts {
        /// White's pieces.
        white: usize,
        /// Black's pieces.
        black: usize,
    },
    /// The piece counts tell who is to move, and the side field says otherwise.
    #[error(
        "o has {white} and x has {black} pieces, so {} is to move, not {}",
        letter(*.expected),
        letter(*.found)
    )]
    WrongSideToMove {
        /// White's pieces.
        white: usize,
        /// Black's pieces.
        black: usize,
        /// The player the counts say is to move.
        expected: Player,
        /// The player the position string names.
        found: Player,
    },
}

impl From<Inconsistency> for PositionError {
    fn from(reason: Inconsistency) -> Self {
        PositionError::Inconsistent(GameReason::of(&reason))
    }
}

/// Checks that `size` is a board JC Shock is played on and returns its width N.
pub fn supported_width(size: BoardSize) -> Result<usize, PositionError> {
    if size.width == size.height && (MIN_WIDTH..=MAX_WIDTH).contains(&size.width) {
        Ok(size.width)
    } else {
        Err(PositionError::UnsupportedSize {
            game: JcShock::NAME,
            width: size.width,
            height: size.height,
            supported: SUPPORTED,
        })
    }
}

/// Reads and validates a JC Shock position string.
pub fn read(text: &str) -> Result<JcShock, PositionError> {
    let layout = fen::parse(text)?;
    let width = supported_width(layout.size)?;
    let mut pieces = [0u128; 2];
    for (index, cell) in layout.cells.iter().enumerate() {
        if let Some(c) = *cell {
            pieces[player_of_letter(c)?.index()] |= 1 << index;
        }
    }
    let to_move = side_to_move(&layout.side)?;
    check_counts(pieces, width, to_move)?;
    Ok(JcShock::from_parts(width, pieces, to_move))
}

fn player_of_letter(c: char) -> Result<Player, PositionError> {
    [Player::One, Player::Two]
        .into_iter()
        .find(|&p| letter(p) == c)
        .ok_or(PositionError::UnknownPiece(c, JcShock::NAME))
}

fn side_to_move(text: &str) -> Result<Player, PositionError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => player_of_letter(c).ok(),
        _ => None,
    }
    .ok_or_else(|| PositionError::UnknownSide(text.to_string(), JcShock::NAME))
}

/// Nothing leaves the board: White has as many pieces as Black (White to move) or one more,
/// and nobody more than it owns.
fn check_counts(pieces: [u128; 2], width: usize, to_move: Player) -> Result<(), Inconsistency> {
    let owned = quota(width);
    let [white, black] = pieces.map(|p| p.count_ones() as usize);
    for (player, count) in [(Player::One, white), (Player::Two, black)] {
        if count > owned {
            return Err(Inconsistency::TooManyPieces {
                player,
                count,
                owned,
                width,
            });
        }
    }
    let expected = match white.checked_sub(black) {
        Some(0) => Player::One,
        Some(1) => Player::Two,
        _ => return Err(Inconsistency::UnevenCounts { white, black }),
    };
    if expected != to_move {
        return Err(Inconsistency::WrongSideToMove {
            white,
            black,
            expected,
            found: to_move,
        });
    }
    Ok(())
}
