//! `experiment` over more keys than are held at once: the keys pass through the change a batch
//! at a time, and what the reports need of them is summed as they go.
//!
//! Each batch is put on the ring on its own and the change applied to it through the engine's
//! one door, exactly as for keys held at once; from the two scenarios and the engine's outcome
//! the tally takes each server's keys before and after, the keys that moved under the placement
//! and under the one it is compared with, the keys that changed partition or shard, and each
//! move by name while there are few. A key's server does not depend on the other keys (bounded
//! loads, where it does, is not streamed), so these sums are what the whole set of keys gives.
//! What the change did apart from keys (its headline, the theory, the arcs or slots that changed
//! hands, the notes) is the engine's outcome on the ring without keys.
//!
//! Within a batch the engine holds each distinct key once; a line that repeats an earlier
//! line's key is added again here, with that key's servers, so every line counts once whatever
//! the batches are.

use std::sync::Arc;

use ringlab::core::{Change, KeySet, Moves, Outcome, Placed, Scenario};

use crate::experiment::placement_notes;
use crate::facts::{Counted, Done, Facts, Listed, Moved, LISTED};
use crate::failure::Failure;

/// Keys streamed through one change, summed.
pub struct Tally {
    /// The ring before the change, and after it, without keys.
    before: Scenario,
    after: Scenario,
    /// The change and the flag that asked for it.
    change: Option<(Change, &'static str)>,
    /// What it did to the ring without keys.
    outcome: Option<Outcome>,
    /// The batches added so far.
    sum: Part,
}

/// Moved keys summed over batches, and the moves by name while at most [`LISTED`].
#[derive(Default)]
struct MoveSum {
    count: usize,
    /// (position after the change, key id across the batches, the move) while few moved.
    listed: Vec<(u32, u64, Listed)>,
}

/// One batch before and after the change, and the lines that repeat a key.
struct Sides<'a> {
    before: &'a Scenario,
    after: &'a Scenario,
    /// Ids of the keys that lines after their first repeat, once per such line.
    repeats: &'a [u32],
}

/// What one batch, or several in a row, add to a [`Tally`], their keys' ids counted from the
/// first batch's first.
pub struct Part {
    counts_before: Vec<u64>,
    counts_after: Vec<u64>,
    moved: MoveSum,
    baseline: Option<MoveSum>,
    regrouped: Option<usize>,
    /// Lines counted, repeats included.
    keys: usize,
    /// Distinct keys of the batches: where a later batch's key ids start.
    distinct: u64,
}

impl Part {
    /// A sum of no batches, with room for the same servers and figures.
    fn empty(&self) -> Part {
        Part {
            counts_before: vec![0; self.counts_before.len()],
            counts_after: vec![0; self.counts_after.len()],
            moved: MoveSum::default(),
            baseline: self.baseline.as_ref().map(|_| MoveSum::default()),
            regrouped: self.regrouped.map(|_| 0),
            keys: 0,
            distinct: 0,
        }
    }

    /// Adds `later`, the sum of the batches that came after these.
    pub fn add(&mut self, later: Part) {
        for (sum, count) in self.counts_before.iter_mut().zip(&later.counts_before) {
            *sum += count;
        }
        for (sum, count) in self.counts_after.iter_mut().zip(&later.counts_after) {
            *sum += count;
        }
        self.moved.merge(later.moved, self.distinct);
        if let (Some(sum), Some(part)) = (&mut self.baseline, later.baseline) {
            sum.merge(part, self.distinct);
        }
        if let (Some(sum), Some(part)) = (&mut self.regrouped, later.regrouped) {
            *sum += part;
        }
        self.keys += later.keys;
        self.distinct += later.distinct;
    }
}

impl Tally {
    /// A tally of `change` (asked for by its flag) applied to `scenario`, whose keys are not
    /// read; refused as the engine refuses the change.
    pub fn new(
        scenario: &Scenario,
        change: Option<(Change, &'static str)>,
    ) -> Result<Tally, Failure> {
        let before = scenario.without_keys();
        let (after, outcome) = match &change {
            Some((change, flag)) => {
                let (after, outcome) = before
                    .after(change.clone())
                    .map_err(|e| Failure::at(flag, e))?;
                (after, Some(outcome))
            }
            None => (before.clone(), None),
        };
        let baseline = outcome
            .as_ref()
            .and_then(|o| o.baseline.as_ref())
            .map(|_| MoveSum::default());
        let regrouped = outcome
            .as_ref()
            .and_then(|o| o.system.as_ref())
            .and_then(|s| s.regrouped);
        let sum = Part {
            counts_before: vec![0; before.servers().len()],
            counts_after: vec![0; after.servers().len()],
            moved: MoveSum::default(),
            baseline,
            regrouped,
            keys: 0,
            distinct: 0,
        };
        Ok(Tally {
            before,
            after,
            change,
            outcome,
            sum,
        })
    }

    /// Nothing yet: a sum to add parts to, as [`Tally::measure`] makes them.
    pub fn empty(&self) -> Part {
        self.sum.empty()
    }

    /// Adds the keys `batch` holds (the scenario before the change, holding one batch), where
    /// `repeats` names, for each line that repeated an earlier line's key, that key's id.
    pub fn add(&mut self, batch: &Scenario, repeats: &[u32]) -> Result<(), Failure> {
        let part = self.measure(batch, repeats)?;
        self.sum.add(part);
        Ok(())
    }

    /// What the keys `batch` holds add to the tally, measured on their own (several batches
    /// may be measured side by side); [`Tally::merge`] adds it, in the batches' order.
    pub fn measure(&self, batch: &Scenario, repeats: &[u32]) -> Result<Part, Failure> {
        let (after, outcome) = match &self.change {
            Some((change, flag)) => {
                let (after, outcome) = batch
                    .after(change.clone())
                    .map_err(|e| Failure::at(flag, e))?;
                (after, Some(outcome))
            }
            None => (batch.clone(), None),
        };
        let (placed_before, placed_after) = (batch.placed(), after.placed());
        let sides = Sides {
            before: batch,
            after: &after,
            repeats,
        };
        let mut part = Part {
            keys: batch.keys().len() + repeats.len(),
            distinct: batch.keys().len() as u64,
            ..self.sum.empty()
        };
        add_counts(
            &mut part.counts_before,
            &placed_before,
            batch.keys(),
            repeats,
        );
        add_counts(&mut part.counts_after, &placed_after, after.keys(), repeats);
        if let Some(outcome) = &outcome {
            part.moved.add(&outcome.moved, &sides);
            if let (Some(sum), Some(b)) = (&mut part.baseline, &outcome.baseline) {
                sum.add(&b.moved, &sides);
            }
            if let (Some(sum), Some(system)) = (&mut part.regrouped, &outcome.system) {
                *sum += system.regrouped.unwrap_or(0);
                *sum += repeats
                    .iter()
                    .filter(|&&id| {
                        placed_before.regroups(batch.keys(), &placed_after, after.keys(), id)
                    })
                    .count();
            }
        }
        Ok(part)
    }

    /// Adds the batches `part` sums (made by [`Tally::measure`] or summed from such parts),
    /// which came after every batch added so far.
    pub fn merge(&mut self, part: Part) {
        self.sum.add(part);
    }

    /// The report's facts from every key added.
    pub fn finish(self) -> Facts {
        let sum = self.sum;
        let keys = sum.keys;
        let size = self.before.size().get();
        let done = self.outcome.as_ref().map(|outcome| {
            let counted = Counted {
                keys,
                moved: sum.moved.finish(),
                baseline: sum.baseline.map(MoveSum::finish),
                regrouped: sum.regrouped,
            };
            Done::of(outcome, size, counted)
        });
        Facts {
            owned_before: self.before.ownership().with_key_counts(&sum.counts_before),
            owned_after: self.after.ownership().with_key_counts(&sum.counts_after),
            notes: placement_notes(&self.before),
            before: self.before,
            after: self.after,
            keys,
            change: self.change.map(|(change, _)| change),
            done,
            requests: None,
        }
    }
}

/// Adds each server's keys under `placed` (evaluated on `keys`), and once more the server of
/// each key in `repeats`.
fn add_counts(sums: &mut [u64], placed: &Placed, keys: &KeySet, repeats: &[u32]) {
    for (sum, count) in sums.iter_mut().zip(placed.counts()) {
        *sum += count;
    }
    for &id in repeats {
        sums[placed.owner_of_key(keys, id)] += 1;
    }
}

impl MoveSum {
    /// Adds a batch's moves, and once more each repeated key among them.
    fn add(&mut self, moves: &Moves, sides: &Sides<'_>) {
        let again: Vec<u32> = sides
            .repeats
            .iter()
            .copied()
            .filter(|&id| moves.keys.contains(id))
            .collect();
        self.count += moves.len() + again.len();
        if self.count > LISTED {
            self.listed = Vec::new();
            return;
        }
        // At most LISTED moved in the batch, so the engine named every one.
        for m in moves.listed.iter().chain(
            again
                .iter()
                .filter_map(|&id| moves.listed.iter().find(|m| m.key == id)),
        ) {
            let listed = Listed {
                key: sides.before.keys().label(m.key),
                from: Arc::clone(&m.from),
                to: Arc::clone(&m.to),
            };
            let position = sides.after.keys().position_of(m.key);
            self.listed.push((position, u64::from(m.key), listed));
        }
    }

    /// Adds a later batch's moves, whose key ids start at `first_id` across the batches.
    fn merge(&mut self, part: MoveSum, first_id: u64) {
        self.count += part.count;
        if self.count > LISTED {
            self.listed = Vec::new();
            return;
        }
        self.listed.extend(
            part.listed
                .into_iter()
                .map(|(position, id, listed)| (position, first_id + id, listed)),
        );
    }

    /// The moves in ring order, as the engine lists them for keys held at once.
    fn finish(mut self) -> Moved {
        self.listed
            .sort_by_key(|(position, id, _)| (*position, *id));
        Moved {
            count: self.count,
            listed: if self.count <= LISTED {
                self.listed.into_iter().map(|(_, _, m)| m).collect()
            } else {
                Vec::new()
            },
        }
    }
}
