//! Change text (`add:D@60`, `remove:B`, …), as links, host pages, lessons and the command line
//! write it: a text either reads as a change that writes back to a text reading to the same
//! change, or is refused in words. Each change read is also applied to the teaching ring.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::core::{Change, Scenario};
use ringlab_fuzz::{apply_checked, words_about};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Change>() {
        Err(error) => words_about(&error.to_string(), &text),
        Ok(change) => {
            let written = change.to_string();
            let again: Change = written
                .parse()
                .unwrap_or_else(|e| panic!("{written:?} does not read again: {e}"));
            assert_eq!(again, change, "{written:?} reads to another change");
            assert_eq!(again.to_string(), written);
            // Generating keys is work the change states; a few thousand keep this quick.
            if !matches!(change, Change::GenerateKeys { count } if count > 5_000) {
                let mut scenario = Scenario::teaching();
                apply_checked(&mut scenario, change);
            }
        }
    }
});
