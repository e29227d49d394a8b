//! Generating many keys a slice at a time, so that a page can show progress and stay
//! responsive while a million keys are hashed and sorted.
//!
//! A [`Generation`] is the work of one `GenerateKeys` change, cut into steps: each step hashes
//! the next slice of keys, sorts it, and merges it into the slices already sorted. When every
//! step is done, [`Scenario::after_generation`] applies the change in one cheap merge with the
//! keys already on the ring. The result is exactly that of applying
//! [`Change::GenerateKeys`](super::Change::GenerateKeys) at once.

use std::ops::Range;
use std::sync::Arc;

use super::change::Change;
use super::outcome::Outcome;
use super::state::Scenario;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::keys::generated_hashes;
use crate::core::numbers_and_lists::plural;
use crate::core::size::RingSize;

/// The hashing and sorting of a batch of generated keys, done a slice at a time. Keys are
/// hashed into buckets by position as they come; then the buckets are sorted, a few at a time,
/// and laid end to end. No step ever touches more than about one slice of keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generation {
    size: RingSize,
    hash: HashScheme,
    range: Range<u32>,
    done: u32,
    hashes: Vec<u32>,
    /// (position, offset in the batch), by bucket of equal stretches of the ring.
    buckets: Vec<Vec<(u32, u32)>>,
    /// The sorted buckets so far, end to end.
    sorted: Vec<(u32, u32)>,
    next_bucket: usize,
}

/// How many buckets the ring is cut into while hashing.
const BUCKETS: u64 = 1024;

impl Generation {
    /// The work of adding `count` generated keys to `scenario`, if they fit.
    pub fn new(scenario: &Scenario, count: usize) -> Result<Generation, Error> {
        let range = scenario.keys().next_generated_range(count)?;
        let buckets = BUCKETS.min(scenario.size().get()) as usize;
        Ok(Generation {
            size: scenario.size(),
            hash: scenario.hash(),
            done: range.start,
            hashes: Vec::with_capacity(count),
            buckets: vec![Vec::new(); buckets],
            sorted: Vec::with_capacity(count),
            next_bucket: 0,
            range,
        })
    }

    fn bucket_of(&self, position: u32) -> usize {
        ((u64::from(position) * self.buckets.len() as u64) / self.size.get()) as usize
    }

    /// Does the next piece of work, about `slice` keys' worth: hashing the next keys, or,
    /// once all are hashed, sorting the next buckets. Returns whether the work is complete.
    pub fn step(&mut self, slice: usize) -> bool {
        let slice = slice.max(1);
        if self.done < self.range.end {
            let end = self.range.end.min(self.done.saturating_add(slice as u32));
            let first = self.hashes.len() as u32;
            let hashes = generated_hashes(self.hash, self.done..end);
            for (i, &h) in hashes.iter().enumerate() {
                let position = self.size.position_of(h);
                let bucket = self.bucket_of(position);
                self.buckets[bucket].push((position, first + i as u32));
            }
            self.hashes.extend_from_slice(&hashes);
            self.done = end;
        } else {
            let mut work = 0;
            while self.next_bucket < self.buckets.len() && work < slice {
                let mut bucket = std::mem::take(&mut self.buckets[self.next_bucket]);
                bucket.sort_unstable();
                work += bucket.len().max(1);
                self.sorted.extend_from_slice(&bucket);
                self.next_bucket += 1;
            }
        }
        self.is_complete()
    }

    /// Whether every key is hashed and sorted.
    pub fn is_complete(&self) -> bool {
        self.done == self.range.end && self.next_bucket == self.buckets.len()
    }

    /// How much of the work is done, and how much in all, counted in keys: each key is hashed
    /// once and sorted once.
    pub fn progress(&self) -> (usize, usize) {
        let hashed = (self.done - self.range.start) as usize;
        (hashed + self.sorted.len(), 2 * self.range.len())
    }
}

impl Scenario {
    /// The scenario after a finished [`Generation`], as `GenerateKeys` would leave it. Refused
    /// when the generation is unfinished, or when keys were added since it started (start it
    /// again then).
    pub fn after_generation(&self, generation: Generation) -> Result<(Scenario, Outcome), Error> {
        let count = generation.range.len();
        let same_ring = self.size() == generation.size && self.hash() == generation.hash;
        if !generation.is_complete()
            || !same_ring
            || self.keys().next_generated_range(count)? != generation.range
        {
            return Err(Error::OutOfRange(
                "The keys changed while new ones were being generated; generate them again.",
            ));
        }
        let mut set = (*self.keys).clone();
        set.add_presorted(generation.range, &generation.hashes, &generation.sorted);
        let mut next = self.edited();
        next.keys = Arc::new(set);
        next.count_new_keys(self.keys.len());
        let words = plural(count, "key", "keys");
        let mut outcome = Outcome::quiet(
            format!("{count} {words} added."),
            next.keys().len(),
            self.servers().len(),
            self.placement(),
        );
        outcome.change = Some(Change::GenerateKeys { count });
        Ok((next, outcome))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HashScheme, RingSize, Server};

    #[test]
    fn generating_in_slices_gives_the_same_scenario_and_outcome_as_at_once() {
        let mut start = Scenario::new(
            RingSize::FULL,
            HashScheme::default(),
            10,
            vec![Server::hashed("a"), Server::hashed("b")],
        )
        .unwrap();
        start.apply(Change::GenerateKeys { count: 7 }).unwrap();
        let mut generation = Generation::new(&start, 1000).unwrap();
        let mut steps = 0;
        while !generation.step(96) {
            steps += 1;
        }
        // Eleven slices to hash, then the 1,024 buckets, about 96 keys' worth at a time.
        assert!((15..=30).contains(&steps), "{steps}");
        assert_eq!(generation.progress(), (2000, 2000));
        let (sliced, outcome) = start.after_generation(generation).unwrap();
        let (whole, expected) = start.after(Change::GenerateKeys { count: 1000 }).unwrap();
        assert_eq!(sliced, whole);
        assert_eq!(outcome, expected);
    }

    #[test]
    fn a_generation_overtaken_by_other_keys_is_refused() {
        let start = Scenario::teaching();
        let mut generation = Generation::new(&start, 10).unwrap();
        while !generation.step(100) {}
        let mut moved_on = start.clone();
        moved_on.apply(Change::GenerateKeys { count: 1 }).unwrap();
        assert!(moved_on.after_generation(generation.clone()).is_err());
        let unfinished = Generation::new(&start, 10).unwrap();
        assert!(start.after_generation(unfinished).is_err());
        assert!(start.after_generation(generation).is_ok());
    }
}
