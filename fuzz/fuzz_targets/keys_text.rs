//! A keys text (a keys file, a paste, a saved scenario's keys): one key per line, a comma in
//! a key refused or kept (the setting's top bit). Either every line is a key and the set
//! writes back, a label a line, to a text that reads to the same set; or the first line that is
//! not a key is named, with why, in words.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::core::{Commas, HashScheme, KeySet, LinesRefused, RingSize};
use ringlab_fuzz::words_about;

fuzz_target!(|data: &[u8]| {
    let Some((&setting, rest)) = data.split_first() else {
        return;
    };
    let size = if setting & 1 == 0 {
        RingSize::TEACHING
    } else {
        RingSize::FULL
    };
    let hash = [
        HashScheme::Md5First32,
        HashScheme::Md5Low32,
        HashScheme::JavaHashCode,
    ][usize::from(setting >> 1) % 3];
    let commas = if setting & 0x80 == 0 {
        Commas::Refused
    } else {
        Commas::Kept
    };
    let text = String::from_utf8_lossy(rest).into_owned();
    let lines = text.lines().count().max(1);
    let mut set = KeySet::new(size, hash);
    match set.insert_lines_with(text.clone(), commas) {
        Err(LinesRefused::Line { line, error }) => {
            assert!((1..=lines).contains(&line), "line {line} of {lines}");
            words_about(&error.to_string(), &text);
        }
        Err(LinesRefused::Keys(error)) => words_about(&error.to_string(), &text),
        Ok(()) => {
            let written: Vec<String> = (0..set.len() as u32).map(|id| set.label(id)).collect();
            let mut again = KeySet::new(size, hash);
            again
                // After a byte-order mark, which reading passes over: a first label may start
                // with one.
                .insert_lines_with(format!("\u{feff}{}", written.join("\n")), commas)
                .unwrap_or_else(|_| panic!("the labels of a set do not read again"));
            assert!(again == set, "the labels of a set read to another set");
        }
    }
});
