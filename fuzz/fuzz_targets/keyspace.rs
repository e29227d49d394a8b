//! A keyspace as tools print it (`redis-cli --scan` lines, `key<TAB>bytes`), read a block at a
//! time as `ringlab plan` reads it. Read whole or cut into two blocks at any line end, the same
//! keys, sizes and skipped lines come out; every skipped line is named by a number within the
//! text, in words; and the keys read, written back a line each with their sizes, read to the
//! same keys and sizes with nothing skipped.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::core::data::{read_keyspace, whole_lines};
use ringlab_fuzz::words_about;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, text)) = data.split_first() else {
        return;
    };
    let whole = read_keyspace(text, 1);
    let lines = whole.lines;
    assert!(whole.keys.len() + whole.skipped.count <= lines);
    for (line, why) in &whole.skipped.first {
        assert!((1..=lines).contains(line), "line {line} of {lines}");
        words_about(why, &String::from_utf8_lossy(text));
    }

    // Two blocks, cut after a whole line as a stream cuts them.
    let at = whole_lines(&text[..text.len() * usize::from(cut) / 255]);
    let first = read_keyspace(&text[..at], 1);
    let second = read_keyspace(&text[at..], 1 + first.lines);
    let mut keys = first.keys.clone();
    keys.extend(second.keys.iter().cloned());
    assert!(keys == whole.keys, "two blocks read other keys than one");
    assert_eq!(first.lines + second.lines, lines);
    assert_eq!(first.skipped.count + second.skipped.count, whole.skipped.count);

    // Written back, a line each, the keys read to themselves.
    let written: String = whole
        .keys
        .iter()
        .map(|(key, size)| match size {
            Some(bytes) => format!("{}\t{bytes}\n", key.label()),
            None => format!("{}\n", key.label()),
        })
        .collect();
    let again = read_keyspace(written.as_bytes(), 1);
    assert_eq!(again.skipped.count, 0, "{:?}", again.skipped.first);
    assert!(again.keys == whole.keys, "the keys written back read to others");
});
