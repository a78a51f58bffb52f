//! The pull after every placement, with ray masks: along a ray, the block touching the
//! placed piece stays and every piece beyond the ray's nearest empty square moves one step.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr, Sub};

use super::geometry::Rays;

/// A board's bitboard word: `u64` up to 8×8 (single-instruction shifts), `u128` up to 11×11.
pub trait Word:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Sub<Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// Bit 0 set.
    const ONE: Self;
    /// The width in bits.
    const BITS: u32;
    /// The low bits of a `u128` bitboard (all of them on a board that fits).
    fn narrow(bits: u128) -> Self;
    /// As a `u128` bitboard.
    fn widen(self) -> u128;
    /// Two's complement negation: `x & x.wrapping_neg()` is the lowest set bit.
    fn wrapping_neg(self) -> Self;
    /// Leading zero bits.
    fn leading_zeros(self) -> u32;
    /// Set bits.
    fn count_ones(self) -> u32;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn narrow(bits: u128) -> Self {
                bits as $t
            }
            #[inline]
            fn widen(self) -> u128 {
                self as u128
            }
            #[inline]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
        }
    };
}

word!(u64);
word!(u128);

/// The pieces that move one square toward the placed piece, per direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pull<W> {
    /// Pieces east of the placed piece; they move one file west.
    pub from_east: W,
    /// Pieces west of the placed piece; they move one file east.
    pub from_west: W,
    /// Pieces north of the placed piece; they move one rank down.
    pub from_north: W,
    /// Pieces south of the placed piece; they move one rank up.
    pub from_south: W,
}

impl<W: Word> Pull<W> {
    /// The pieces of `occupied` that the placement with these `rays` moves.
    #[inline]
    pub fn of(occupied: W, rays: &Rays) -> Pull<W> {
        Pull {
            from_east: movers_upward(occupied, W::narrow(rays.east)),
            from_west: movers_downward(occupied, W::narrow(rays.west)),
            from_north: movers_upward(occupied, W::narrow(rays.north)),
            from_south: movers_downward(occupied, W::narrow(rays.south)),
        }
    }

    /// Every piece that moves.
    #[inline]
    pub fn movers(&self) -> W {
        self.from_east | self.from_west | self.from_north | self.from_south
    }

    /// `pieces` (one colour, or all) after the pull on a board of `width` files.
    #[inline]
    pub fn apply(&self, pieces: W, width: usize) -> W {
        // The mask (boards ≤ 11 wide) spares the `u128` shift its branch for amounts ≥ 64.
        let rank = width as u32 & 63;
        (pieces & !self.movers())
            | ((pieces & self.from_east) >> 1)
            | ((pieces & self.from_west) << 1)
            | ((pieces & self.from_north) >> rank)
            | ((pieces & self.from_south) << rank)
    }
}

/// Movers on a ray toward higher bits (east, north): beyond its lowest empty bit.
#[inline]
fn movers_upward<W: Word>(occupied: W, ray: W) -> W {
    let empty = ray & !occupied;
    if empty == W::ZERO {
        return W::ZERO;
    }
    let nearest_empty = empty & empty.wrapping_neg();
    // Bits above the nearest empty square, without a shift that overflows at the top bit.
    let beyond = !(nearest_empty | (nearest_empty - W::ONE));
    occupied & ray & beyond
}

/// Movers on a ray toward lower bits (west, south): beyond its highest empty bit.
#[inline]
fn movers_downward<W: Word>(occupied: W, ray: W) -> W {
    let empty = ray & !occupied;
    if empty == W::ZERO {
        return W::ZERO;
    }
    let nearest_empty = W::BITS - 1 - empty.leading_zeros();
    let beyond = (W::ONE << nearest_empty) - W::ONE;
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
        let after = Pull::<u128>::of(occupied, &rays).apply(occupied, 8);
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

    #[test]
    fn the_narrow_pull_of_an_8x8_board_is_the_wide_one() {
        let mut occupied = 0x9E37_79B9_7F4A_7C15u64;
        for square in 0..64 {
            let rays = super::super::geometry::Geometry::of(8).rays(square);
            let narrow = Pull::<u64>::of(occupied, &rays).apply(occupied, 8);
            let wide = Pull::<u128>::of(u128::from(occupied), &rays).apply(u128::from(occupied), 8);
            assert_eq!(
                u128::from(narrow),
                wide,
                "square {square}, occupied {occupied:#x}"
            );
            occupied = occupied.rotate_left(7) ^ (occupied >> 3);
        }
    }
}
