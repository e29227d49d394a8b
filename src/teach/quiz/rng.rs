//! A small deterministic random stream for practice questions: SplitMix64 (Steele, Lea and
//! Flood, 2014), the generator whose finaliser [`mix64`] the placements already use. The same
//! seed gives the same stream on every machine and in the browser.

use crate::core::mix64;

/// SplitMix64's increment, the golden ratio in 64 bits.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// A SplitMix64 stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// The stream seeded with `seed`.
    ///
    /// ```
    /// use ringlab::teach::quiz::Rng;
    /// // The reference SplitMix64 stream seeded with 0 starts with this value.
    /// assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The stream for question `index` of a practice run seeded with `seed`: each question has
    /// its own stream, so question 7 comes out the same whether or not 0 to 6 were asked.
    pub fn for_question(seed: u64, index: u64) -> Rng {
        Rng::new(mix64(
            seed ^ mix64(index.wrapping_add(1).wrapping_mul(GAMMA)),
        ))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix64(self.state)
    }

    /// A number in `0..n` (0 when `n` is 0), by the high half of a 128-bit product.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number from `low` to `high`, both included.
    pub fn between(&mut self, low: u64, high: u64) -> u64 {
        let (low, high) = (low.min(high), low.max(high));
        low + self.below(high - low + 1)
    }

    /// One of `items`, which must not be empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// `count` different numbers below `n` (all of them when `count` is larger), in the order
    /// drawn.
    pub fn distinct(&mut self, count: usize, n: u64) -> Vec<u64> {
        let mut pool: Vec<u64> = (0..n).collect();
        let count = count.min(pool.len());
        for i in 0..count {
            let j = i + self.below((pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        pool.truncate(count);
        pool
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_matches_splitmix64_seeded_with_zero() {
        let mut rng = Rng::new(0);
        let expected = [
            0xE220_A839_7B1D_CDAF,
            0x6E78_9E6A_A1B9_65F4,
            0x06C4_5D18_8009_454F,
        ];
        for want in expected {
            assert_eq!(rng.next_u64(), want);
        }
    }

    #[test]
    fn draws_stay_in_range_and_distinct_numbers_differ() {
        let mut rng = Rng::new(42);
        for _ in 0..1000 {
            assert!(rng.below(7) < 7);
            let x = rng.between(3, 5);
            assert!((3..=5).contains(&x));
        }
        let mut drawn = rng.distinct(12, 100);
        assert_eq!(drawn.len(), 12);
        drawn.sort_unstable();
        drawn.dedup();
        assert_eq!(drawn.len(), 12);
        assert_eq!(rng.distinct(5, 3).len(), 3);
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn each_question_has_its_own_stream() {
        assert_eq!(Rng::for_question(1, 7), Rng::for_question(1, 7));
        assert_ne!(Rng::for_question(1, 7), Rng::for_question(1, 8));
        assert_ne!(Rng::for_question(1, 7), Rng::for_question(2, 7));
    }
}
