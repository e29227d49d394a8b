//! Widening a 32-bit hash to 64 bits, for the placements that need more bits than the ring.
//!
//! Every key and server already has one 32-bit hash (the ring's). Jump hash, rendezvous hashing,
//! maglev and multi-probe hashing need 64-bit values, or several independent values per name.
//! They all take them from one documented source: the output stream of SplitMix64 (Steele, Lea
//! and Flood, 2014) seeded with the 32-bit hash. Output `i` (from 0) is
//! `mix(seed + (i + 1) × 0x9E3779B97F4A7C15)` with SplitMix64's finaliser `mix`.

/// SplitMix64's increment, the golden ratio in 64 bits.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: a bijection on 64-bit values that mixes every input bit into every
/// output bit.
///
/// ```
/// // The first output of SplitMix64 seeded with 0, as in the reference implementation.
/// assert_eq!(ringlab::core::mix64(0x9E37_79B9_7F4A_7C15), 0xE220_A839_7B1D_CDAF);
/// ```
pub fn mix64(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Output `i` (from 0) of SplitMix64 seeded with `seed`: the 64-bit values a placement draws
/// from one 32-bit hash.
///
/// ```
/// use ringlab::core::widen;
/// assert_eq!(widen(0, 0), 0xE220_A839_7B1D_CDAF);
/// assert_eq!(widen(0, 1), 0x6E78_9E6A_A1B9_65F4);
/// ```
pub fn widen(seed: u32, i: u32) -> u64 {
    mix64(u64::from(seed).wrapping_add(u64::from(i).wrapping_add(1).wrapping_mul(GAMMA)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_matches_splitmix64_seeded_with_zero() {
        // The reference sequence for seed 0 (Vigna's splitmix64.c).
        let expected = [
            0xE220_A839_7B1D_CDAF,
            0x6E78_9E6A_A1B9_65F4,
            0x06C4_5D18_8009_454F,
        ];
        for (i, want) in expected.into_iter().enumerate() {
            assert_eq!(widen(0, i as u32), want);
        }
    }

    #[test]
    fn neighbouring_seeds_give_unrelated_values() {
        let a = widen(1, 0);
        let b = widen(2, 0);
        assert!((a ^ b).count_ones() > 16);
    }
}
