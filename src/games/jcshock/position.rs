//! The JC Shock position: both colours' pieces on an N×N board, placements left and side to
//! move.

use super::geometry::Geometry;
use super::pull::{Pull, Word};
use super::runs::RunCounts;
use crate::games::coord::Coord;
use crate::games::player::Player;
use crate::games::zobrist;

/// The piece letter of `player`: White `o` moves first, Black `x` second.
pub fn letter(player: Player) -> char {
    match player {
        Player::One => 'o',
        Player::Two => 'x',
    }
}

/// How many pieces each player owns on an N×N board: ⌊(N²−1)/2⌋ (saturating).
pub const fn quota(width: usize) -> usize {
    width.saturating_mul(width).saturating_sub(1) / 2
}

/// A JC Shock position: both colours' pieces and the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JcShock {
    pub(super) pieces: [u128; 2],
    pub(super) width: u8,
    /// Placements until the game ends; kept because playouts ask every ply and a `u128`
    /// popcount is a software loop on baseline x86-64.
    pub(super) plies_left: u8,
    pub(super) to_move: Player,
}

impl JcShock {
    pub(super) fn from_parts(width: usize, pieces: [u128; 2], to_move: Player) -> JcShock {
        let placed = (pieces[0] | pieces[1]).count_ones() as usize;
        JcShock {
            pieces,
            width: width as u8,
            plies_left: (2 * quota(width)).saturating_sub(placed) as u8,
            to_move,
        }
    }

    /// The board width N.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    pub(super) fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.width())
    }

    /// The squares holding `player`'s pieces, as a bitboard (bit `rank * N + file`).
    pub fn pieces(&self, player: Player) -> u128 {
        self.pieces[player.index()]
    }

    /// The pieces `player` has placed so far (pieces never leave the board).
    pub fn placed(&self, player: Player) -> usize {
        self.pieces(player).count_ones() as usize
    }

    /// How many pieces each player owns on this board.
    pub fn quota(&self) -> usize {
        quota(self.width())
    }

    /// The maximal horizontal and vertical runs of `player`'s pieces, by length.
    pub fn runs(&self, player: Player) -> RunCounts {
        RunCounts::of(self.pieces(player), self.geometry())
    }

    pub(super) fn occupied(&self) -> u128 {
        self.pieces[0] | self.pieces[1]
    }

    pub(super) fn empty(&self) -> u128 {
        self.geometry().board & !self.occupied()
    }

    pub(super) fn all_placed(&self) -> bool {
        self.plies_left == 0
    }

    /// Whether the board fits in a `u64` (up to 8×8), whose shifts are single instructions.
    pub(super) fn fits_in_u64(&self) -> bool {
        self.width() <= 8
    }

    /// Plays a placement on `square`, computing in `W` (see [`Word`]).
    #[inline]
    pub(super) fn place<W: Word>(&mut self, square: usize) {
        let geometry = self.geometry();
        let pull = Pull::<W>::of(W::narrow(self.occupied()), &geometry.rays(square));
        for pieces in &mut self.pieces {
            *pieces = pull.apply(W::narrow(*pieces), geometry.width).widen();
        }
        self.pieces[self.to_move.index()] |= (W::ONE << square as u32).widen();
    }

    pub(super) fn piece_at(&self, coord: Coord) -> Option<char> {
        let bit = 1u128 << coord.index(self.width());
        [Player::One, Player::Two]
            .into_iter()
            .find(|&p| self.pieces(p) & bit != 0)
            .map(letter)
    }
}

/// A hash of both bitboards: each word folded in bijectively, then SplitMix64's finalizer.
/// The piece counts tell the side to move; the size seeds it (`size_key`).
#[inline]
pub(super) fn hash_pieces(pieces: &[u128; 2], size_key: u64) -> u64 {
    let words = [pieces[0], pieces[0] >> 64, pieces[1], pieces[1] >> 64];
    zobrist::mix(0x4A43_5348_4F43_4B21u64 ^ size_key, words.map(|w| w as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_owns_half_the_squares_but_one() {
        assert_eq!(quota(8), 31);
        assert_eq!(quota(9), 40);
        assert_eq!(quota(0), 0);
        assert_eq!(quota(usize::MAX), usize::MAX / 2);
    }
}
