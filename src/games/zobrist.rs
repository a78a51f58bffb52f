//! Zobrist keys generated at compile time, so every run hashes a position the same way.

use super::size::BoardSize;

/// One step of the SplitMix64 generator: returns the next state and its output.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` pseudo-random 64-bit keys from `seed`; each game passes its own seed.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix64(state);
        state = next;
        out[i] = value;
        i += 1;
    }
    out
}

/// A 64-bit hash of `words` from `start` (game constant and size key), for positions
/// hashed when asked.
#[inline]
pub fn mix(start: u64, words: impl IntoIterator<Item = u64>) -> u64 {
    let mut hash = start;
    for word in words {
        hash = (hash ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        hash ^= hash >> 32;
    }
    hash = (hash ^ (hash >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    hash = (hash ^ (hash >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    hash ^ (hash >> 31)
}

/// A key for a board of `size`, so equal bit patterns on two sizes hash apart.
pub const fn size_key(size: BoardSize) -> u64 {
    splitmix64(((size.width as u64) << 16) | size.height as u64).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let k: [u64; 512] = keys(1);
        let mut sorted = k.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 512);
        assert!(k.iter().all(|&x| x != 0));
    }

    #[test]
    fn every_supported_board_size_has_its_own_size_key() {
        let mut seen: Vec<u64> = (3..=16)
            .flat_map(|width| (3..=16).map(move |height| size_key(BoardSize::new(width, height))))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 14 * 14);
    }
}
