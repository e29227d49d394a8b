//! What `experiment`'s reports say, as plain figures: drawn from a run whose keys were all held
//! at once ([`Facts::of`]), or summed over keys streamed through the same change a batch at a
//! time (`tally`). The plain report (`text`) and the JSON (`json`) read these and nothing else,
//! so the two ways give the same report for the same keys.

use std::sync::Arc;

use ringlab::core::{Change, Kind, MoveCounts, Moves, Outcome, Ownership, Scenario, SystemOutcome};

use crate::experiment::Run;
use crate::requests::Requests;

/// Every move is listed when at most this many keys moved.
pub const LISTED: usize = ringlab::core::LISTED;

/// What the reports of an experiment say.
pub struct Facts {
    /// The ring before the change: its size, hash, servers, placement and traffic (its keys
    /// are not read: they may not all be there).
    pub before: Scenario,
    /// The ring after it (the same ring when there was none).
    pub after: Scenario,
    /// How many keys the experiment measured.
    pub keys: usize,
    /// Who owned what before the change, keys counted.
    pub owned_before: Ownership,
    /// And after it.
    pub owned_after: Ownership,
    /// The change asked for, if any.
    pub change: Option<Change>,
    /// What it did, if there was one.
    pub done: Option<Done>,
    /// The requests section, when the traffic was asked about.
    pub requests: Option<Requests>,
    /// What the chosen placement does not read of the set-up, in words.
    pub notes: Vec<String>,
}

/// What a change did.
pub struct Done {
    /// What happened, in a short sentence: "Server D added."
    pub headline: String,
    /// The whole result in words.
    pub summary: String,
    /// The placement the moves are measured under.
    pub placement: Kind,
    /// The keys that moved under it.
    pub moved: Moved,
    /// The share of keys theory expects it to move.
    pub expected: Option<f64>,
    /// What theory says of it, in one line.
    pub theory: String,
    /// What the compared placement would have moved.
    pub baseline: Option<Compared>,
    /// The share of the ring whose owner changed, on the ring.
    pub changed_share: Option<f64>,
    /// Under a real system: what the change did to its slots, tokens, partitions or shards.
    pub system: Option<SystemOutcome>,
    /// Anything else worth saying.
    pub notes: Vec<String>,
}

/// What the placement a change is compared with would have moved.
pub struct Compared {
    /// Which placement: mod N, or the ring under mod N.
    pub kind: Kind,
    /// The keys it would have moved.
    pub moved: Moved,
    /// The share theory expects it to move.
    pub expected: Option<f64>,
    /// What theory says of it, in one line.
    pub theory: String,
}

/// Keys that changed server.
#[derive(Debug, Default, PartialEq)]
pub struct Moved {
    /// How many.
    pub count: usize,
    /// Each move, in ring order, when at most [`LISTED`] keys moved; empty otherwise.
    pub listed: Vec<Listed>,
}

/// One key that changed server, by name.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// The key's label.
    pub key: String,
    /// Its server before.
    pub from: Arc<str>,
    /// Its server after.
    pub to: Arc<str>,
}

impl Moved {
    /// The moves of a run whose keys, all of them, are `keys`.
    fn of(moves: &Moves, keys: &ringlab::core::KeySet) -> Moved {
        Moved {
            count: moves.len(),
            listed: moves
                .listed
                .iter()
                .map(|m| Listed {
                    key: keys.label(m.key),
                    from: m.from.clone(),
                    to: m.to.clone(),
                })
                .collect(),
        }
    }

    /// The share of `keys` that moved, when there are keys.
    pub fn fraction(&self, keys: usize) -> Option<f64> {
        (keys > 0).then(|| self.count as f64 / keys as f64)
    }
}

/// A change's moves, counted on every key the experiment measured.
pub struct Counted {
    /// The keys measured.
    pub keys: usize,
    /// The keys that moved under the chosen placement.
    pub moved: Moved,
    /// Those that would have moved under the compared one, when it was measured.
    pub baseline: Option<Moved>,
    /// The keys that changed partition or shard, when the change regrouped them.
    pub regrouped: Option<usize>,
}

impl Facts {
    /// The facts of a run whose keys were all held at once.
    pub fn of(run: &Run) -> Facts {
        let keys = run.before.keys().len();
        Facts {
            before: run.before.clone(),
            after: run.after.clone(),
            keys,
            owned_before: run.before.ownership(),
            owned_after: run.after.ownership(),
            change: run.change.clone(),
            done: run.outcome.as_ref().map(|outcome| {
                let set = run.before.keys();
                let counted = Counted {
                    keys,
                    moved: Moved::of(&outcome.moved, set),
                    baseline: outcome.baseline.as_ref().map(|b| Moved::of(&b.moved, set)),
                    regrouped: outcome.system.as_ref().and_then(|s| s.regrouped),
                };
                Done::of(outcome, run.before.size().get(), counted)
            }),
            requests: Requests::of(run),
            notes: run.notes.clone(),
        }
    }
}

impl Done {
    /// What `outcome` did on a ring of `size` positions, its moves counted as `counted` says.
    pub fn of(outcome: &Outcome, size: u64, counted: Counted) -> Done {
        let counts = MoveCounts {
            keys: counted.keys,
            moved: counted.moved.count,
            baseline: counted.baseline.as_ref().map(|b| b.count),
        };
        let baseline = outcome
            .baseline
            .as_ref()
            .zip(counted.baseline)
            .map(|(b, moved)| Compared {
                kind: b.kind,
                moved,
                expected: b.expected(),
                theory: outcome.theory_line(b.kind),
            });
        Done {
            headline: outcome.headline.clone(),
            summary: outcome.summary_of(counts),
            placement: outcome.placement,
            moved: counted.moved,
            expected: outcome.expected(),
            theory: outcome.theory_line(outcome.placement),
            baseline,
            changed_share: outcome
                .diff
                .as_ref()
                .map(|diff| diff.moved_length() as f64 / size as f64),
            system: outcome.system.clone().map(|system| SystemOutcome {
                regrouped: counted.regrouped,
                ..system
            }),
            notes: outcome.notes.clone(),
        }
    }
}
