//! `Scenario::apply`, the one door, over a random scenario and a sequence of changes: each
//! change is refused in words with the scenario left exactly as it was, or its outcome's moved
//! keys (under the chosen placement and the one compared) are those a naive recomputation
//! finds. At the end, the scenario writes to a link that reads back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::core::{read_link, write_link};
use ringlab_fuzz::{apply_checked, ChangeSeed, ScenarioSeed};

fuzz_target!(|input: (ScenarioSeed, Vec<ChangeSeed>)| {
    let (seed, changes) = input;
    let mut scenario = seed.build();
    for change in changes.iter().take(12).filter_map(ChangeSeed::change) {
        apply_checked(&mut scenario, change);
    }
    let written = write_link(&scenario, None, &[]);
    let again = read_link(&written, ringlab::core::MAX_KEYS);
    assert!(again.ignored.is_empty(), "{written}: {:?}", again.ignored);
    assert!(
        again.scenario == scenario,
        "{written} reads to another scenario, {}",
        ringlab_fuzz::first_difference(&scenario, &again.scenario)
    );
});
