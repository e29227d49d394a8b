//! Work done ahead, while the page is idle, so that the change it is for finds it ready: the
//! counts of the keys' remainders that the next server joining or leaving will want for its
//! mod N comparison ([`Scenario::counts_ahead`](crate::core::Scenario::counts_ahead)). Without
//! them the first such change at a new number of servers makes one pass over every key inside
//! its frame; counted ahead, it looks at no key.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;

use super::AppState;
use crate::core::{KeySet, ResidueCounter};
use crate::ui::kit::browser::when_idle;

/// Keys counted in one idle slice: about a millisecond's work.
const SLICE: usize = 200_000;

/// Counts ahead after every change of the scenario, a slice at a time when the browser is idle.
/// A newer scenario stops the count under way and starts its own.
pub fn count_ahead(app: AppState) {
    // Which scenario's count is the one to carry on with.
    let round = Rc::new(Cell::new(0u64));
    Effect::new(move |_| {
        let (keys, wanted) = app.scenario.with(|s| (s.shared_keys(), s.counts_ahead()));
        round.set(round.get() + 1);
        let counters = wanted.into_iter().map(ResidueCounter::start).collect();
        slice(round.clone(), round.get(), keys, counters);
    });
}

/// Counts one slice of the first counter in `counters`, keeps it with `keys` when done, and
/// asks for the next slice in the next idle time, while `round` is still `mine`.
fn slice(round: Rc<Cell<u64>>, mine: u64, keys: Arc<KeySet>, mut counters: Vec<ResidueCounter>) {
    if counters.is_empty() {
        return;
    }
    when_idle(move || {
        if round.get() != mine {
            return;
        }
        if counters[0].count(&keys, SLICE) {
            counters.remove(0).keep_in(&keys);
        }
        slice(round, mine, keys, counters);
    });
}
