//! Picking a random empty square for random playouts without a walk over the board.

use super::geometry::Geometry;

/// The index of the `n`-th lowest set bit of `bits`, skipping halves and bytes by count.
#[inline]
pub(super) fn nth_square(bits: u128, n: u32) -> u8 {
    let low = bits as u64;
    let below = low.count_ones();
    let (mut word, mut n, mut base) = if n < below {
        (low, n, 0u8)
    } else {
        ((bits >> 64) as u64, n - below, 64u8)
    };
    for half in [32u32, 16, 8] {
        let count = (word & ((1u64 << half) - 1)).count_ones();
        if n >= count {
            n -= count;
            word >>= half;
            base += half as u8;
        }
    }
    for _ in 0..n {
        word &= word - 1;
    }
    base + word.trailing_zeros() as u8
}

/// The first empty square among uniform draws of [`Geometry::index_bits`] bits from the low
/// 32 bits of `random`, sparing the n-th-square count until the board is nearly full;
/// `None` when every draw misses (the caller then uses the high 32 bits).
#[inline]
pub(super) fn drawn_empty_square(empty: u128, random: u64, geometry: &Geometry) -> Option<u8> {
    let bits = geometry.index_bits;
    let mask = (1u64 << bits) - 1;
    let mut draws = random;
    for _ in 0..geometry.index_draws {
        let square = (draws & mask) as u32;
        if square < u128::BITS && is_set(empty, square) {
            return Some(square as u8);
        }
        draws >>= bits;
    }
    None
}

/// Whether bit `index` of `bits` is set, tested in its 64-bit half (a `u128` shift branches).
#[inline]
fn is_set(bits: u128, index: u32) -> bool {
    let half = if index < 64 {
        bits as u64
    } else {
        (bits >> 64) as u64
    };
    half >> (index & 63) & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nth_empty_square_is_found_in_either_half_of_the_board() {
        let bits: u128 = (1 << 3) | (1 << 40) | (1 << 63) | (1 << 64) | (1 << 100) | (1 << 127);
        let squares: Vec<u8> = (0..6).map(|n| nth_square(bits, n)).collect();
        assert_eq!(squares, [3, 40, 63, 64, 100, 127]);
        let dense = u128::MAX >> 7;
        assert!((0..121).all(|n| usize::from(nth_square(dense, n)) == n as usize));
    }
}
