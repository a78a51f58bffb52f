//! Reading Crossings position strings: the shared grammar, then Crossings' letters, size and
//! rules, each refusal naming what is wrong.

use thiserror::Error;

use super::geometry::bit;
use super::{check_size, colour_name, coord, square, target_rank_number, target_row, Crossings};
use crate::games::bitboard::Bitboard;
use crate::games::coord::Coord;
use crate::games::error::{GameReason, PositionError};
use crate::games::fen;
use crate::games::player::Player;
use crate::games::rules::Game;

/// Most stones a player owns.
const MAX_STONES: u32 = 16;

/// Why a well-formed Crossings position cannot arise under the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Inconsistency {
    /// A player has more stones than it starts with.
    #[error("{count} {} stones, at most {MAX_STONES} allowed", colour_name(*.player))]
    TooManyStones {
        /// Whose stones.
        player: Player,
        /// How many the position gives it.
        count: u32,
    },
    /// A locked stone off its player's target row: only crossed stones lock.
    #[error(
        "locked {colour} stone on {square}: {colour} stones lock only on rank {}",
        target_rank_number(*.player),
        colour = colour_name(*.player)
    )]
    LockedOffTarget {
        /// Whose stone.
        player: Player,
        /// Where it stands.
        square: Coord,
    },
    /// The player to move has an unanswered crossing of its own: it would have had to be
    /// answered before its turn came back.
    #[error(
        "unlocked {colour} stone on {square} with {colour} to move: a pending crossing \
         belongs to the side not to move",
        colour = colour_name(*.player)
    )]
    CrossingOfPlayerToMove {
        /// The player to move.
        player: Player,
        /// Where its crossed stone stands.
        square: Coord,
    },
}

impl From<Inconsistency> for PositionError {
    fn from(reason: Inconsistency) -> Self {
        PositionError::Inconsistent(GameReason::of(&reason))
    }
}

/// Reads and validates a position string.
pub(super) fn read(text: &str) -> Result<Crossings, PositionError> {
    let layout = fen::parse(text)?;
    check_size(layout.size)?;
    let to_move = match layout.side.as_str() {
        "r" => Player::One,
        "b" => Player::Two,
        other => {
            return Err(PositionError::UnknownSide(
                other.to_string(),
                Crossings::NAME,
            ))
        }
    };
    let mut stones = [0u64; 2];
    let mut locked = 0u64;
    for (coord, c) in layout.pieces() {
        let b = bit(square(coord));
        let player = match c {
            'r' | 'R' => Player::One,
            'b' | 'B' => Player::Two,
            other => return Err(PositionError::UnknownPiece(other, Crossings::NAME)),
        };
        stones[player.index()] |= b;
        if c.is_ascii_uppercase() {
            locked |= b;
        }
    }
    let position = Crossings::with_stones(stones, locked, to_move);
    check_rules(&position)?;
    Ok(position)
}

/// The rules a position must obey to arise in a game.
pub(super) fn check_rules(position: &Crossings) -> Result<(), Inconsistency> {
    for player in [Player::One, Player::Two] {
        let own = position.stones_of(player);
        let count = own.count_ones();
        if count > MAX_STONES {
            return Err(Inconsistency::TooManyStones { player, count });
        }
        let target = target_row(player);
        if let Some(sq) = Bitboard(own & position.locked & !target).first() {
            return Err(Inconsistency::LockedOffTarget {
                player,
                square: coord(sq),
            });
        }
        if player == position.to_move {
            if let Some(sq) = Bitboard(own & !position.locked & target).first() {
                return Err(Inconsistency::CrossingOfPlayerToMove {
                    player,
                    square: coord(sq),
                });
            }
        }
    }
    Ok(())
}
