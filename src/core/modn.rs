//! The naive alternative: `owner = servers[hash mod N]`, in the servers' list order.
//!
//! Going from N to N + 1 servers, a key keeps its server only when its hash leaves the same
//! remainder for both, which happens for N of every N(N + 1) hashes, so about N/(N + 1) of all
//! keys move. The ring moves about 1/(N + 1).

/// The index of the server that `hash mod N` picks among `servers` servers.
///
/// ```
/// // On the teaching ring a key placed at 52 has hash 52; with 4 servers it goes to servers[0].
/// assert_eq!(ringlab::core::mod_n_owner(52, 4), 0);
/// ```
pub fn mod_n_owner(hash: u32, servers: usize) -> usize {
    (u64::from(hash) % servers as u64) as usize
}

/// `hash mod N` for one N asked of many hashes, by two multiplications instead of a division
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019). It gives exactly
/// what `%` gives for every 32-bit hash and every N from 1 to 2^32 - 1.
///
/// ```
/// let by_five = ringlab::core::Remainder::new(5);
/// assert_eq!(by_five.of(52), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Remainder {
    /// 2^64 / N rounded up (0 when N is 1).
    magic: u64,
    divisor: u32,
}

impl Remainder {
    /// Remainders after dividing by `divisor`, which must not be 0.
    pub fn new(divisor: u32) -> Remainder {
        assert!(divisor > 0, "a remainder needs a divisor of at least 1");
        Remainder {
            magic: (u64::MAX / u64::from(divisor)).wrapping_add(1),
            divisor,
        }
    }

    /// `hash mod N`.
    #[inline]
    pub fn of(self, hash: u32) -> u32 {
        // The fraction hash / N in 64 fixed-point bits, times N: its integer part is the
        // remainder. The top 64 bits of the 96-bit product are put together from two 64-bit
        // products, which WebAssembly does without a call.
        let fraction = self.magic.wrapping_mul(u64::from(hash));
        let d = u64::from(self.divisor);
        let high = (fraction >> 32) * d;
        let low = (fraction & 0xFFFF_FFFF) * d;
        ((high + (low >> 32)) >> 32) as u32
    }
}

/// The share of keys that `mod N` is expected to move when the server count goes from
/// `before` to `after` by one: N/(N + 1) when one joins, (N - 1)/N when one leaves.
pub fn mod_n_expected(before: usize, after: usize) -> Option<f64> {
    match after.cmp(&before) {
        std::cmp::Ordering::Greater => Some(before as f64 / after as f64),
        std::cmp::Ordering::Less => Some(after as f64 / before as f64),
        std::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(crate::cases::cases(256))]

        #[test]
        fn a_remainder_by_multiplication_equals_the_remainder_by_division(
            hash: u32,
            divisor in 1u32..,
        ) {
            proptest::prop_assert_eq!(Remainder::new(divisor).of(hash), hash % divisor);
        }

        #[test]
        fn small_divisors_give_the_remainder_of_every_kind_of_hash(
            hash in proptest::prop_oneof![0u32..1000, (u32::MAX - 1000)..=u32::MAX, proptest::num::u32::ANY],
            divisor in 1u32..300,
        ) {
            proptest::prop_assert_eq!(Remainder::new(divisor).of(hash), hash % divisor);
        }
    }

    #[test]
    fn the_largest_hashes_and_divisors_leave_the_right_remainder() {
        for divisor in [1, 2, 3, 7, 1 << 31, u32::MAX - 1, u32::MAX] {
            let by = Remainder::new(divisor);
            for hash in [0, 1, divisor - 1, divisor, u32::MAX - 1, u32::MAX] {
                assert_eq!(by.of(hash), hash % divisor, "{hash} mod {divisor}");
            }
        }
    }

    #[test]
    fn from_four_to_five_servers_keeps_four_hashes_in_twenty() {
        let kept = (0..20u32)
            .filter(|&h| mod_n_owner(h, 4) == mod_n_owner(h, 5))
            .count();
        assert_eq!(kept, 4);
        assert_eq!(mod_n_expected(4, 5), Some(0.8));
        assert_eq!(mod_n_expected(4, 3), Some(0.75));
    }
}
