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
use super::error::Error;
use super::hash::HashScheme;
use super::keys::generated_hashes;
use super::outcome::{plural, Outcome};
use super::scenario::Scenario;
use super::size::RingSize;

/// The hashing and sorting of a batch of generated keys, done a slice at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generation {
    size: RingSize,
    hash: HashScheme,
    range: Range<u32>,
    done: u32,
    hashes: Vec<u32>,
    /// (position, offset in the batch), sorted.
    sorted: Vec<(u32, u32)>,
}

impl Generation {
    /// The work of adding `count` generated keys to `scenario`, if they fit.
    pub fn new(scenario: &Scenario, count: usize) -> Result<Generation, Error> {
        let range = scenario.keys().next_generated_range(count)?;
        Ok(Generation {
            size: scenario.size(),
            hash: scenario.hash(),
            done: range.start,
            hashes: Vec::with_capacity(count),
            sorted: Vec::with_capacity(count),
            range,
        })
    }

    /// Hashes, sorts and merges in the next `slice` keys (at least one), for the ring and hash
    /// the generation started on. Returns whether the work is complete.
    pub fn step(&mut self, slice: usize) -> bool {
        let end = self
            .range
            .end
            .min(self.done.saturating_add(slice.max(1) as u32));
        let first = self.hashes.len() as u32;
        let hashes = generated_hashes(self.hash, self.done..end);
        let size = self.size;
        let mut piece: Vec<(u32, u32)> = hashes
            .iter()
            .enumerate()
            .map(|(i, &h)| (size.position_of(h), first + i as u32))
            .collect();
        piece.sort_unstable();
        self.hashes.extend_from_slice(&hashes);
        self.sorted = merge(&self.sorted, &piece);
        self.done = end;
        self.is_complete()
    }

    /// Whether every key is hashed and sorted.
    pub fn is_complete(&self) -> bool {
        self.done == self.range.end
    }

    /// How many keys are done, and how many in all.
    pub fn progress(&self) -> (usize, usize) {
        ((self.done - self.range.start) as usize, self.range.len())
    }
}

fn merge(a: &[(u32, u32)], b: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
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
        assert_eq!(steps, 10);
        assert_eq!(generation.progress(), (1000, 1000));
        let (sliced, outcome) = start.after_generation(generation).unwrap();
        let (whole, expected) = start.after(Change::GenerateKeys { count: 1000 }).unwrap();
        assert_eq!(sliced, whole);
        assert_eq!(outcome, expected);
    }

    #[test]
    fn a_generation_overtaken_by_other_keys_is_refused() {
        let start = Scenario::teaching();
        let mut generation = Generation::new(&start, 10).unwrap();
        generation.step(100);
        let mut moved_on = start.clone();
        moved_on.apply(Change::GenerateKeys { count: 1 }).unwrap();
        assert!(moved_on.after_generation(generation.clone()).is_err());
        let unfinished = Generation::new(&start, 10).unwrap();
        assert!(start.after_generation(unfinished).is_err());
        assert!(start.after_generation(generation).is_ok());
    }
}
