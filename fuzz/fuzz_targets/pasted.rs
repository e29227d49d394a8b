//! A cluster pasted as its own tools print it (Redis `CLUSTER NODES` and `CLUSTER SLOTS`,
//! `nodetool ring`, an nginx `upstream` block, Envoy hosts), in the format the fuzzer chooses
//! or the one [`Format::guess`] sees: either the text is refused whole, every problem a
//! sentence and a few of them at most, or it becomes a scenario on the same keys, under the
//! system read, that writes to a link reading back to it with nothing left out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::core::pasted::{read, Format, MAX_PROBLEMS};
use ringlab::core::{read_link, write_link, Change, Kind, Scenario, MAX_KEYS};
use ringlab_fuzz::{first_difference, words_about};

/// The scenario the text is read onto: the teaching ring with keys, a full ring, or one on
/// which Envoy's maglev is chosen (Envoy hosts are then read for maglev).
fn base(choice: u8) -> Scenario {
    let mut scenario = Scenario::teaching();
    match choice % 3 {
        0 => {
            let _ = scenario.apply(Change::GenerateKeys { count: 40 });
        }
        1 => {
            let _ = scenario.apply(Change::SetRingSize { size: 1 << 32 });
            let _ = scenario.apply(Change::GenerateKeys { count: 200 });
        }
        _ => {
            let _ = scenario.apply(Change::SetPlacement {
                placement: Kind::EnvoyMaglev,
            });
        }
    }
    scenario
}

fuzz_target!(|data: &[u8]| {
    let Some((&setting, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let guessed = Format::guess(&text);
    let format = match Format::all().nth(usize::from(setting & 7)) {
        Some(format) => format,
        None => match guessed {
            Some(format) => format,
            // The page says so in a sentence of its own and reads nothing.
            None => return,
        },
    };
    let base = base(setting >> 3);
    match read(format, &text, &base) {
        Err(refused) => {
            assert!(!refused.problems.is_empty(), "a refusal without a problem");
            assert!(
                refused.problems.len() <= MAX_PROBLEMS,
                "{} problems listed",
                refused.problems.len()
            );
            for problem in &refused.problems {
                words_about(problem, &text);
            }
            words_about(&refused.line(), &text);
        }
        Ok(pasted) => {
            for said in pasted.read.iter().chain(&pasted.skipped) {
                words_about(said, &text);
            }
            let scenario = &pasted.scenario;
            assert!(
                scenario.placement().is_system(),
                "{format} read as {}",
                scenario.placement()
            );
            assert!(scenario.keys() == base.keys(), "the keys changed");
            // Each server read is said, a down one too (it is listed apart from the ring's).
            assert!(pasted.read.len() >= scenario.servers().len());
            let _ = scenario.placed();
            let link = write_link(scenario, None, &[]);
            let again = read_link(&link, MAX_KEYS);
            assert!(
                again.ignored.is_empty(),
                "{link} reads with notes: {:?}",
                again.ignored
            );
            assert!(
                again.scenario == *scenario,
                "{link} reads to another scenario, {}",
                first_difference(scenario, &again.scenario)
            );
        }
    }
});
