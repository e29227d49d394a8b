//! How many keys leave each remainder when their hashes are divided by a number.
//!
//! Under `hash mod N` a key's server is its hash's remainder, so whether a key moves when the
//! servers go from N to N' depends on its remainder modulo lcm(N, N') alone. Knowing how many
//! keys leave each of those remainders is enough to count the keys that move, and which servers
//! lose and gain keys, without looking at any key again.
//!
//! The counts take one pass over the hashes, and are kept with the set (a few of them, the most
//! recently asked for first) until its hashes change: a set is shared, unchanged, by every
//! scenario that changes only the servers, so the pass is paid once for all of them. The counts
//! for a number also give those for any number dividing it, by folding. A caller that must not
//! stop for the whole pass can count ahead of the change that will need them, a slice at a time
//! ([`ResidueCounter`]), so the change itself finds them ready.

use std::sync::Arc;

use super::key_set::KeySet;
use crate::core::modn::Remainder;

impl KeySet {
    /// How many keys' hashes leave each remainder `0..modulus` when divided by `modulus` (at
    /// least 1): one pass over the hashes the first time, then kept with the set.
    ///
    /// ```
    /// use ringlab::core::{HashScheme, Key, KeySet, RingSize};
    /// let mut keys = KeySet::new(RingSize::TEACHING, HashScheme::default());
    /// keys.insert([90, 52, 68, 25, 5].map(Key::At).to_vec()).unwrap();
    /// assert_eq!(&*keys.residue_counts(4), &[2, 2, 1, 0]); // 52, 68 | 25, 5 | 90 | none
    /// ```
    pub fn residue_counts(&self, modulus: u32) -> Arc<[u32]> {
        if let Some(counts) = self.residues.find(modulus) {
            return counts;
        }
        let mut counter = ResidueCounter::start(modulus);
        counter.count(self, self.len());
        counter.keep_in(self)
    }

    /// Whether the counts for `modulus` are at hand, kept or folded from a multiple's.
    pub fn has_residue_counts(&self, modulus: u32) -> bool {
        self.residues.holds(modulus)
    }
}

/// The counts of [`KeySet::residue_counts`] worked out a slice of keys at a time, for a page
/// that must not stop for the whole pass.
#[derive(Debug, Clone)]
pub struct ResidueCounter {
    modulus: u32,
    by: Remainder,
    /// The keys counted so far: ids `0..next`.
    next: usize,
    counts: Vec<u32>,
}

impl ResidueCounter {
    /// A count of remainders modulo `modulus` (at least 1), with no key counted yet.
    pub fn start(modulus: u32) -> ResidueCounter {
        ResidueCounter {
            modulus,
            by: Remainder::new(modulus),
            next: 0,
            counts: vec![0; modulus as usize],
        }
    }

    /// The number divided by.
    pub fn modulus(&self) -> u32 {
        self.modulus
    }

    /// Counts up to `slice` more keys of `keys` (the same set every time); whether every key has
    /// been counted.
    pub fn count(&mut self, keys: &KeySet, slice: usize) -> bool {
        let hashes = keys.hashes();
        let end = self.next.saturating_add(slice).min(hashes.len());
        for &hash in &hashes[self.next.min(end)..end] {
            self.counts[self.by.of(hash) as usize] += 1;
        }
        self.next = end;
        self.next == hashes.len()
    }

    /// Finishes the count over `keys` (the set counted so far) and keeps it there; the counts.
    pub fn keep_in(mut self, keys: &KeySet) -> Arc<[u32]> {
        self.count(keys, usize::MAX);
        let counts: Arc<[u32]> = self.counts.into();
        keys.residues.keep(self.modulus, counts.clone());
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HashScheme, RingSize};

    fn generated(count: usize) -> KeySet {
        let mut keys = KeySet::new(RingSize::FULL, HashScheme::default());
        keys.generate(count).unwrap();
        keys
    }

    proptest::proptest! {
        #![proptest_config(crate::cases::cases(256))]

        #[test]
        fn counts_of_remainders_equal_a_count_of_each_key(
            count in 0usize..400,
            modulus in 1u32..60,
            slice in 1usize..90,
        ) {
            let keys = generated(count);
            let mut plain = vec![0u32; modulus as usize];
            for &hash in keys.hashes() {
                plain[(hash % modulus) as usize] += 1;
            }
            proptest::prop_assert_eq!(&*keys.residue_counts(modulus), &plain[..]);
            let fresh = generated(count);
            let mut counter = ResidueCounter::start(modulus);
            while !counter.count(&fresh, slice) {}
            proptest::prop_assert_eq!(&*counter.keep_in(&fresh), &plain[..]);
        }
    }

    #[test]
    fn counts_for_a_divisor_are_folded_from_a_multiples_counts() {
        let keys = generated(1000);
        let by_twelve = keys.residue_counts(12);
        assert!(keys.has_residue_counts(4) && !keys.has_residue_counts(5));
        let by_four = keys.residue_counts(4);
        let folded: Vec<u32> = (0..4)
            .map(|r| (r..12).step_by(4).map(|i| by_twelve[i]).sum())
            .collect();
        assert_eq!(&*by_four, &folded[..]);
        assert_eq!(by_four.iter().sum::<u32>(), 1000);
    }

    #[test]
    fn a_changed_set_forgets_its_counts() {
        let mut keys = generated(10);
        keys.residue_counts(3);
        assert!(keys.has_residue_counts(3));
        let copy = keys.clone();
        assert!(!copy.has_residue_counts(3));
        keys.generate(5).unwrap();
        assert!(!keys.has_residue_counts(3));
        assert_eq!(keys.residue_counts(1)[0], 15);
    }
}
