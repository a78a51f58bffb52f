//! The pull that follows every placement, done with ray masks instead of square walks.
//!
//! Along one ray, processing pieces nearest first, a piece steps toward the placed piece
//! exactly when the block of adjacent pieces it belongs to does not touch the placed piece:
//! the square in front of such a block is empty, and nothing nearer ever moves into it
//! (pieces only move toward the placed piece). So each ray splits into the touching block,
//! which stays, and everything beyond the ray's nearest empty square, which moves one step.

use super::geometry::Rays;

/// The pieces that move, per direction, after a placement; each set moves one square back
/// toward the placed piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pull {
    /// Pieces east of the placed piece; they move one file west.
    pub from_east: u128,
    /// Pieces west of the placed piece; they move one file east.
    pub from_west: u128,
    /// Pieces north of the placed piece; they move one rank down.
    pub from_north: u128,
    /// Pieces south of the placed piece; they move one rank up.
    pub from_south: u128,
}

impl Pull {
    /// The pieces of `occupied` that the placement with these `rays` moves.
    #[inline]
    pub fn of(occupied: u128, rays: &Rays) -> Pull {
        Pull {
            from_east: movers_upward(occupied, rays.east),
            from_west: movers_downward(occupied, rays.west),
            from_north: movers_upward(occupied, rays.north),
            from_south: movers_downward(occupied, rays.south),
        }
    }

    /// Every piece that moves.
    #[inline]
    pub fn movers(&self) -> u128 {
        self.from_east | self.from_west | self.from_north | self.from_south
    }

    /// `pieces` (one colour, or all) after the pull on a board of `width` files.
    #[inline]
    pub fn apply(&self, pieces: u128, width: usize) -> u128 {
        (pieces & !self.movers())
            | ((pieces & self.from_east) >> 1)
            | ((pieces & self.from_west) << 1)
            | ((pieces & self.from_north) >> width)
            | ((pieces & self.from_south) << width)
    }
}

/// Movers on a ray that leaves the placed square toward higher bit indices (east, north):
/// the nearest empty square is the ray's lowest empty bit.
#[inline]
fn movers_upward(occupied: u128, ray: u128) -> u128 {
    let empty = ray & !occupied;
    if empty == 0 {
        return 0;
    }
    let nearest_empty = empty & empty.wrapping_neg();
    let beyond = !((nearest_empty << 1) - 1);
    occupied & ray & beyond
}

/// Movers on a ray that leaves the placed square toward lower bit indices (west, south):
/// the nearest empty square is the ray's highest empty bit.
#[inline]
fn movers_downward(occupied: u128, ray: u128) -> u128 {
    let empty = ray & !occupied;
    if empty == 0 {
        return 0;
    }
    let nearest_empty = 127 - empty.leading_zeros();
    let beyond = (1u128 << nearest_empty) - 1;
    occupied & ray & beyond
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One row of an 8×8 board seen eastward from a piece placed on a1: `pattern` lists b1…h1.
    fn pull_east_of_a1(pattern: &str) -> String {
        let occupied = pattern
            .chars()
            .enumerate()
            .filter(|&(_, c)| c == 'P')
            .fold(0u128, |acc, (i, _)| acc | 1 << (i + 1));
        let rays = super::super::geometry::Geometry::of(8).rays(0);
        let after = Pull::of(occupied, &rays).apply(occupied, 8);
        (1..8)
            .map(|i| if after >> i & 1 == 1 { 'P' } else { '_' })
            .collect()
    }

    #[test]
    fn blocks_close_up_by_one_square() {
        assert_eq!(pull_east_of_a1("_PP__P_"), "PP__P__");
        assert_eq!(pull_east_of_a1("PP_P_PP"), "PPP_PP_");
        assert_eq!(pull_east_of_a1("PPPPPPP"), "PPPPPPP");
        assert_eq!(pull_east_of_a1("______P"), "_____P_");
    }
}
