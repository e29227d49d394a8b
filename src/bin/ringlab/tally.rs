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
    /// Lines counted: keys, repeats included.
    keys: usize,
    /// Distinct keys of the batches so far: where the next batch's key ids start.
    seen: u64,
    counts_before: Vec<u64>,
    counts_after: Vec<u64>,
    moved: MoveSum,
    baseline: Option<MoveSum>,
    regrouped: Option<usize>,
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
    /// Where this batch's key ids start across the batches.
    first_id: u64,
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
        Ok(Tally {
            counts_before: vec![0; before.servers().len()],
            counts_after: vec![0; after.servers().len()],
            before,
            after,
            change,
            outcome,
            keys: 0,
            seen: 0,
            moved: MoveSum::default(),
            baseline,
            regrouped,
        })
    }

    /// Adds the keys `batch` holds (the scenario before the change, holding one batch), where
    /// `repeats` names, for each line that repeated an earlier line's key, that key's id.
    pub fn add(&mut self, batch: &Scenario, repeats: &[u32]) -> Result<(), Failure> {
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
            first_id: self.seen,
        };
        add_counts(
            &mut self.counts_before,
            &placed_before,
            batch.keys(),
            repeats,
        );
        add_counts(&mut self.counts_after, &placed_after, after.keys(), repeats);
        if let Some(outcome) = &outcome {
            self.moved.add(&outcome.moved, &sides);
            if let (Some(sum), Some(b)) = (&mut self.baseline, &outcome.baseline) {
                sum.add(&b.moved, &sides);
            }
            if let (Some(sum), Some(system)) = (&mut self.regrouped, &outcome.system) {
                *sum += system.regrouped.unwrap_or(0);
                *sum += repeats
                    .iter()
                    .filter(|&&id| {
                        placed_before.regroups(batch.keys(), &placed_after, after.keys(), id)
                    })
                    .count();
            }
        }
        self.keys += batch.keys().len() + repeats.len();
        self.seen += batch.keys().len() as u64;
        Ok(())
    }

    /// The report's facts from every key added.
    pub fn finish(self) -> Facts {
        let keys = self.keys;
        let size = self.before.size().get();
        let done = self.outcome.as_ref().map(|outcome| {
            let counted = Counted {
                keys,
                moved: self.moved.finish(),
                baseline: self.baseline.map(MoveSum::finish),
                regrouped: self.regrouped,
            };
            Done::of(outcome, size, counted)
        });
        Facts {
            owned_before: self.before.ownership().with_key_counts(&self.counts_before),
            owned_after: self.after.ownership().with_key_counts(&self.counts_after),
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
            self.listed
                .push((position, sides.first_id + u64::from(m.key), listed));
        }
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
