//! A small deterministic random generator for the Monte-Carlo and baseline strategies: a
//! search seeded the same way plays the same way, so matches and tests can be replayed.

/// xorshift64* (Vigna): fast, 64 bits of state, good enough to pick moves.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from `seed`; any seed works (zero is remapped, xorshift would stay at 0).
    pub(crate) fn new(seed: u64) -> Self {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number drawn uniformly from `[0, 1)`.
    #[inline]
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `0..n`; `n` must be at least 1.
    #[inline]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        // Multiply-shift: unbiased enough for move picking, and no division.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
    }

    #[test]
    fn unit_numbers_stay_in_the_unit_interval_and_spread_over_it() {
        let mut rng = Rng::new(3);
        let draws: Vec<f64> = (0..1000).map(|_| rng.unit()).collect();
        assert!(draws.iter().all(|x| (0.0..1.0).contains(x)));
        assert!(draws.iter().any(|&x| x < 0.1) && draws.iter().any(|&x| x > 0.9));
    }

    #[test]
    fn picks_stay_below_the_bound_and_reach_every_value() {
        let mut rng = Rng::new(0);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            seen[rng.below(5)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
    }
}
