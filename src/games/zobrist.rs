//! Zobrist keys generated at compile time, so every run (and every implementation built from
//! this source) hashes a position the same way.

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
}
