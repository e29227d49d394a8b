//! Scenario files (`.ringlab.json`): a text either reads as a scenario that writes to a file
//! reading back to an equal scenario (and to the same file again), or is refused in words.
//!
//! The first byte chooses what the rest is: a file as it is; a file whose `check` is worked out
//! again after the fuzzer's edits (as a hand-edited file would need, so that the fuzzer gets
//! past the check to the fields it guards); or a scenario built from the fuzzer's bytes with
//! changes applied to it, which is saved and opened again.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use md5::{Digest, Md5};
use ringlab::core::{read_scenario, write_link, write_scenario, Change, Scenario};
use ringlab_fuzz::{first_difference, words_about, ChangeSeed, ScenarioSeed};
use serde_json::Value;

/// The check of a file's fields, as `src/core/file.rs` documents it: the MD5 of every field
/// but the check, each text followed by a zero byte, the counts as little-endian numbers.
/// `None` when a field has a type no file has (the reader refuses that anyway).
fn check_of(file: &serde_json::Map<String, Value>) -> Option<String> {
    let text = |name: &str| file.get(name).and_then(Value::as_str);
    let mut md5 = Md5::new();
    let version = file.get("version")?.as_u64()?.to_string();
    for part in [
        text("kind")?,
        &version,
        text("settings")?,
        file.get("hot").map_or(Some(""), Value::as_str)?,
        text("popularity")?,
    ] {
        md5.update(part.as_bytes());
        md5.update([0]);
    }
    match file.get("counts") {
        None | Some(Value::Null) => {}
        Some(Value::Array(counts)) => {
            for c in counts {
                md5.update(c.as_u64()?.to_le_bytes());
            }
        }
        Some(_) => return None,
    }
    md5.update([0]);
    match file.get("source") {
        None | Some(Value::Null) => {}
        Some(Value::Object(source)) => {
            md5.update(source.get("name")?.as_str()?.as_bytes());
            md5.update([0]);
            md5.update((source.get("lines")?.as_u64()? as usize).to_le_bytes());
        }
        Some(_) => return None,
    }
    md5.update([0]);
    md5.update(text("keys")?.as_bytes());
    Some(md5.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// `text` with its check worked out again, when it is a JSON object with fields of the
/// file's types.
fn sealed(text: &str) -> String {
    let Ok(Value::Object(mut file)) = serde_json::from_str::<Value>(text) else {
        return text.to_string();
    };
    match check_of(&file) {
        Some(check) => {
            file.insert("check".into(), Value::String(check));
            Value::Object(file).to_string()
        }
        None => text.to_string(),
    }
}

/// Saves `scenario` (reached by `how`) and opens it again: an equal scenario, which saves to
/// the same file.
fn round_trip(scenario: &Scenario, how: &str) {
    let written = write_scenario(scenario);
    let again = read_scenario(&written)
        .unwrap_or_else(|e| panic!("a saved scenario does not open: {e}\n{how}\n{written}"));
    assert!(
        again == *scenario,
        "{written} opens to another scenario\n{how}\n{}",
        first_difference(scenario, &again)
    );
    assert_eq!(
        write_scenario(&again),
        written,
        "the file saves differently the second time"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        2 => {
            let mut u = Unstructured::new(rest);
            let Ok((seed, changes)) = <(ScenarioSeed, Vec<ChangeSeed>)>::arbitrary(&mut u) else {
                return;
            };
            let mut scenario = seed.build();
            let mut how = format!("from {}", write_link(&scenario, None, &[]));
            for change in changes.iter().take(6).filter_map(ChangeSeed::change) {
                // Generating keys is work the change states; a few thousand keep this quick.
                if matches!(change, Change::GenerateKeys { count } if count > 5_000) {
                    continue;
                }
                let text = change.to_string();
                if scenario.apply(change).is_ok() {
                    how.push_str(&format!(", then {text}"));
                }
            }
            round_trip(&scenario, &how);
        }
        mode => {
            let text = String::from_utf8_lossy(rest);
            let text = if mode == 1 {
                sealed(&text)
            } else {
                text.into_owned()
            };
            match read_scenario(&text) {
                Err(error) => words_about(&error.to_string(), &text),
                Ok(scenario) => round_trip(&scenario, "as read"),
            }
        }
    }
});
