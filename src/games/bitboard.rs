//! Bitboards: [`Bitboard`] wraps a game's `u64` or `u128` board when its squares are visited
//! one by one, so no game writes the lowest-bit loop by hand.

/// An integer with one bit per square: `u64` or `u128`.
pub trait Bits: Copy + Eq {
    /// No square.
    const EMPTY: Self;

    /// The index of the lowest set bit; `self` must not be empty.
    fn lowest_index(self) -> u8;

    /// `self` without its lowest set bit.
    fn without_lowest(self) -> Self;

    /// The number of set bits.
    fn count(self) -> u32;
}

macro_rules! impl_bits {
    ($($int:ty),*) => {$(
        impl Bits for $int {
            const EMPTY: Self = 0;

            #[inline(always)]
            fn lowest_index(self) -> u8 {
                // At most 127: the index fits a byte.
                self.trailing_zeros() as u8
            }

            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    )*};
}

impl_bits!(u32, u64, u128);

/// A set of squares; iterating it yields the square indices, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard<B>(pub B);

impl<B: Bits> Bitboard<B> {
    /// True when no square is in the set.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == B::EMPTY
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count()
    }

    /// The lowest square index of the set, if any.
    #[inline(always)]
    pub fn first(self) -> Option<u8> {
        (!self.is_empty()).then(|| self.0.lowest_index())
    }
}

impl<B: Bits> Iterator for Bitboard<B> {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        let square = self.first()?;
        self.0 = self.0.without_lowest();
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.count() as usize;
        (count, Some(count))
    }
}

impl<B: Bits> ExactSizeIterator for Bitboard<B> {}

impl<B: Bits> std::iter::FusedIterator for Bitboard<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_come_lowest_first() {
        let squares: Vec<u8> = Bitboard(0b1010_0110u64).collect();
        assert_eq!(squares, [1, 2, 5, 7]);
    }

    #[test]
    fn the_highest_square_of_a_u128_is_visited() {
        let board = Bitboard((1u128 << 127) | 1);
        assert_eq!(board.len(), 2);
        assert_eq!(board.collect::<Vec<_>>(), [0, 127]);
    }

    #[test]
    fn an_empty_board_has_no_square() {
        assert!(Bitboard(0u64).is_empty());
        assert_eq!(Bitboard(0u128).first(), None);
        assert_eq!(Bitboard(0u64).next(), None);
        assert_eq!(Bitboard(u64::MAX).count(), 64);
    }
}
