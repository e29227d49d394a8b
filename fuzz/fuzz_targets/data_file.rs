//! A data file of a person's own (one key per line, CSV or TSV with chosen key and count
//! columns, `count key` lines as `uniq -c` prints them, a web access log), read to the end as
//! the command line reads it (at once) and as the page reads it (in slices): both give the
//! same keys, counts and skipped lines, or the same refusal in words. The format and the
//! columns are the fuzzer's choice, or guessed from a file name and the first line as the page
//! guesses them. What is read writes back, a key a line (with its count in front when it has
//! one), to a text that reads to the same keys and counts; put on a ring, it saves to a
//! scenario file that reopens to the same scenario.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use ringlab::core::data::{read_data, DataOptions, Format, Opened, Reading, Stage};
use ringlab::core::{
    read_scenario, write_scenario, Commas, Error, HashScheme, RingSize, Scenario, Server,
};
use ringlab_fuzz::{first_difference, words, words_about};

/// How to read the file: each field a byte, so that a seed is a few bytes and then the file.
#[derive(Debug, Arbitrary)]
struct Options {
    /// The format ([`Format::ALL`]), or guessed from a file name and the first line.
    format: u8,
    /// The key's column (or an access log's field).
    key: u8,
    /// The count's column.
    count: u8,
    /// The ring and the hash the keys are read for.
    ring: u8,
    /// The slice the page's reading steps by.
    slice: u8,
}

/// File names the page may be given, for [`Format::guess`].
const NAMES: [&str; 6] = [
    "keys.txt",
    "users.CSV",
    "hits.tsv",
    "access.log",
    "counts",
    "export.tab",
];

/// Column names people give: header names and an access log's fields.
const COLUMNS: [&str; 12] = [
    "key", "id", "user", "name", "count", "hits", "requests", "path", "host", "agent", "status",
    "referer",
];

/// A column as the fuzzer chooses it: none, a number from 1, a name people use, a field of the
/// file's first line (so the header's own names, whatever they are), or the first line whole
/// (any text, however long).
fn column(choice: u8, first_line: &str, separator: char) -> Option<String> {
    let n = usize::from(choice >> 3);
    match choice & 7 {
        0 | 1 => None,
        2 => Some(n.to_string()),
        3 | 4 => Some(COLUMNS[n % COLUMNS.len()].to_string()),
        5 | 6 => first_line.split(separator).nth(n).map(str::to_string),
        _ => Some(first_line.to_string()),
    }
}

/// Checks what was read from `input`: its sentences are words, its counts one for each key.
fn check_opened(opened: &Opened, input: &str) {
    assert!(!opened.keys.is_empty(), "a file read with no key");
    assert!(opened.lines >= 1);
    // The headline is a sentence; the summary adds a few skipped lines, each listed in words.
    words(&opened.headline());
    assert!(opened.summary().starts_with(&opened.headline()));
    for item in opened.skipped.listed() {
        words_about(&item, input);
    }
    let merged = opened.skipped.merged_words();
    if opened.skipped.merged > 0 {
        words(&merged);
    }
    assert!(opened.skipped.first.len() <= ringlab::core::data::LISTED_SKIPS);
    assert!(opened.skipped.count >= opened.skipped.first.len());
    let format = opened.options.format;
    match opened.counts() {
        Some(counts) => {
            assert!(format.counts(&opened.options), "{format} has counts");
            assert_eq!(counts.len(), opened.keys.len(), "a count for each key");
        }
        None => assert!(!format.counts(&opened.options), "{format} lost its counts"),
    }
    if let Some(fit) = opened.measured.as_ref().and_then(|m| m.zipf_fit()) {
        assert!(fit.is_finite(), "a Zipf fit of {fit}");
    }
    let _ = opened.preview(8);
}

/// The two readings agree: the command line's, all at once, and the page's, in slices.
fn same(at_once: &Result<Opened, Error>, sliced: &Result<Opened, Error>) {
    match (at_once, sliced) {
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (Ok(a), Ok(b)) => {
            assert!(a.keys == b.keys, "the slices read other keys");
            assert_eq!(a.counts(), b.counts(), "the slices read other counts");
            assert_eq!(a.skipped, b.skipped);
            assert_eq!(a.lines, b.lines);
        }
        (a, b) => panic!(
            "at once {:?}, in slices {:?}",
            a.as_ref().map(Opened::summary),
            b.as_ref().map(Opened::summary)
        ),
    }
}

/// The page's reading: a slice at a time, its progress never going back or past its whole.
fn in_slices(
    bytes: Vec<u8>,
    options: DataOptions,
    hash: HashScheme,
    size: RingSize,
    slice: usize,
) -> Result<Opened, Error> {
    let mut reading = Reading::new(bytes, options, hash, size)?;
    let mut last = reading.progress();
    let mut steps = 0usize;
    while !reading.step(slice) {
        let now = reading.progress();
        assert!(now.0 <= now.1, "progress {now:?}");
        assert!(
            now.0 >= last.0 || now.1 != last.1,
            "progress went back: {last:?} to {now:?}"
        );
        last = now;
        steps += 1;
        assert!(steps < 50_000_000, "the reading never ends");
    }
    assert_eq!(reading.stage(), Stage::Done);
    reading.finish()
}

fuzz_target!(|input: (Options, &[u8])| {
    let (choice, bytes) = input;
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let first_line = String::from_utf8_lossy(first_line);
    let format = match Format::ALL.get(usize::from(choice.format % 8)) {
        Some(&format) => format,
        None => Format::guess(
            NAMES[usize::from(choice.format >> 3) % NAMES.len()],
            &first_line,
        ),
    };
    let separator = if format == Format::Tsv { '\t' } else { ',' };
    let options = DataOptions {
        format,
        key_column: column(choice.key, &first_line, separator),
        count_column: column(choice.count, &first_line, separator),
    };
    let size = if choice.ring & 1 == 0 {
        RingSize::FULL
    } else {
        RingSize::TEACHING
    };
    let hash = [
        HashScheme::Md5First32,
        HashScheme::Md5Low32,
        HashScheme::JavaHashCode,
    ][usize::from(choice.ring >> 1) % 3];

    let at_once = read_data(bytes.to_vec(), options.clone(), hash, size);
    let slice = 1 + usize::from(choice.slice) * 16;
    let sliced = in_slices(bytes.to_vec(), options.clone(), hash, size, slice);
    same(&at_once, &sliced);
    let input = String::from_utf8_lossy(bytes);
    let opened = match at_once {
        Err(error) => return words_about(&error.to_string(), &format!("{input}{options:?}")),
        Ok(opened) => opened,
    };
    check_opened(&opened, &input);

    // What was read, written a key a line (its count in front when it has one) after a
    // byte-order mark, reads again to the same keys and counts, with nothing skipped or merged.
    // Keys that may hold commas (an access log's, a TSV's) are written as TSV, which keeps
    // them, with their counts in a second column.
    let counts = opened.counts().map(<[u64]>::to_vec);
    let tsv = format.commas() == Commas::Kept;
    // After a byte-order mark, which the reader passes over: a first key may start with one.
    let mut written = String::from("\u{feff}");
    if tsv {
        written.push_str(if counts.is_some() {
            "key\tcount\n"
        } else {
            "key\n"
        });
    }
    for id in 0..opened.keys.len() as u32 {
        if let (Some(counts), false) = (&counts, tsv) {
            written.push_str(&counts[id as usize].to_string());
            written.push(' ');
        }
        written.push_str(&opened.keys.label(id));
        if let (Some(counts), true) = (&counts, tsv) {
            written.push('\t');
            written.push_str(&counts[id as usize].to_string());
        }
        written.push('\n');
    }
    let again_options = match (tsv, counts.is_some()) {
        (true, counted) => DataOptions {
            format: Format::Tsv,
            key_column: None,
            count_column: counted.then(|| "count".to_string()),
        },
        (false, true) => DataOptions {
            format: Format::Counts,
            ..DataOptions::default()
        },
        (false, false) => DataOptions::default(),
    };
    let again = read_data(written.clone().into_bytes(), again_options, hash, size)
        .unwrap_or_else(|e| panic!("{written:?} does not read again: {e}"));
    assert!(again.keys == opened.keys, "{written:?} reads to other keys");
    assert_eq!(
        again.counts(),
        opened.counts(),
        "{written:?} reads to other counts"
    );
    assert_eq!(
        again.skipped.count + again.skipped.merged,
        0,
        "{:?}",
        again.skipped
    );

    // On a ring, the keys and counts save to a scenario file that reopens exactly.
    let servers = ["A", "B", "C"].map(Server::hashed).to_vec();
    let base = match Scenario::new(size, hash, 10, servers) {
        Ok(base) => base,
        Err(error) => panic!("the base scenario: {error}"),
    };
    let (scenario, outcome) = opened
        .apply_to(&base, "data.txt")
        .unwrap_or_else(|e| panic!("keys read for this ring do not go on it: {e}"));
    words(&outcome.headline);
    assert!(*scenario.keys() == again.keys);
    let file = write_scenario(&scenario);
    let reopened = read_scenario(&file).unwrap_or_else(|e| panic!("the saved file: {e}"));
    assert!(
        reopened == scenario,
        "the saved file reopens to another scenario, {}",
        first_difference(&scenario, &reopened)
    );
});
