//! Keys of any length a real system allows, in every reader: up to 64 KiB of UTF-8 a key,
//! counted in bytes; past that, one refusal in words for that key alone. Data files, key
//! lists, scenario files, links, change texts and host messages; the keys texts and data files
//! against a plain reading of the same text; and long keys placed as the ring places their
//! names.

mod common;

use proptest::prelude::*;
use proptest::sample::select;
use ringlab::core::data::{read_data, DataOptions, Format, Opened};
use ringlab::core::message::{read_message, Command, Field};
use ringlab::core::{
    read_link, read_scenario, write_link, write_scenario, Change, Commas, Error, HashScheme, Key,
    KeySet, LinesRefused, RingSize, MAX_KEY_BYTES,
};

/// `n` characters of a repeating alphabet.
fn filler(n: usize) -> String {
    "abcdefghijklmnopqrstuvwxyz0123456789"
        .chars()
        .cycle()
        .take(n)
        .collect()
}

/// A request path of exactly 300 characters, its query string holding commas.
fn long_path() -> String {
    let ids: Vec<String> = (1000..1040).map(|i| i.to_string()).collect();
    let mut path = format!(
        "/api/v2/catalog/items?ids={}&fields=name,price,stock&sort=-updated&page=1&token=",
        ids.join(",")
    );
    path.push_str(&filler(300 - path.len()));
    path
}

/// An access log line, combined format, requesting `path`.
fn log_line(path: &str) -> String {
    format!(
        "203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] \"GET {path} HTTP/1.1\" 200 512 \"-\" \"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)\""
    )
}

fn read(text: &str, format: Format, key: Option<&str>, count: Option<&str>) -> Opened {
    read_data(
        text.as_bytes().to_vec(),
        DataOptions {
            format,
            key_column: key.map(String::from),
            count_column: count.map(String::from),
        },
        HashScheme::default(),
        RingSize::FULL,
    )
    .unwrap_or_else(|e| panic!("the file was refused: {e}"))
}

fn labels(opened: &Opened) -> Vec<String> {
    opened.keys.iter().map(|k| k.label()).collect()
}

#[test]
fn an_access_log_line_with_a_300_character_path_is_placed_as_the_ring_places_its_path() {
    let path = long_path();
    assert_eq!(path.len(), 300);
    let text = format!(
        "{}\n{}\n{}\n",
        log_line(&path),
        log_line("/"),
        log_line(&path)
    );
    let opened = read(&text, Format::AccessLog, None, None);
    assert_eq!(labels(&opened), [path.clone(), "/".to_string()]);
    assert_eq!(opened.counts(), Some(&[2, 1][..]));
    assert_eq!(opened.skipped.count, 0);
    // The first four bytes of the path's MD5, big-endian, as Python's hashlib gives them.
    assert_eq!(opened.keys.hash_of(0), 3_101_572_290);
    // On a ring, the path lands where the same name typed by hand lands.
    let scenario = read_link("ring=2^32&vnodes=100&servers=A,B,C", 10).scenario;
    let (from_log, _) = opened.apply_to(&scenario, "access.log").unwrap();
    let mut by_hand = scenario.clone();
    by_hand
        .insert_keys(vec![Key::Named(path.as_str().into())])
        .unwrap();
    assert_eq!(
        from_log.keys().position_of(0),
        by_hand.keys().position_of(0)
    );
    assert_eq!(from_log.owner_of_key(0), by_hand.owner_of_key(0));
    // The user agent, commas and all, when it is the field asked for.
    let agents = read(&text, Format::AccessLog, Some("agent"), None);
    assert_eq!(
        labels(&agents),
        ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"]
    );
}

#[test]
fn a_line_past_the_limit_is_skipped_with_its_number_and_the_rest_of_the_file_is_read() {
    let over = "k".repeat(MAX_KEY_BYTES + 10);
    let longest = "k".repeat(MAX_KEY_BYTES);
    let text = format!("user:1\n{over}\n{longest}\nuser:2\n");
    let opened = read(&text, Format::Lines, None, None);
    assert_eq!(
        labels(&opened),
        ["user:1".to_string(), longest, "user:2".into()]
    );
    assert_eq!(opened.skipped.count, 1);
    let (line, why) = &opened.skipped.first[0];
    assert_eq!(*line, 2);
    assert!(
        why.ends_with(
            "cannot be one: A key is at most 65,536 bytes long in UTF-8, and this one is 65,546 bytes."
        ),
        "{why}"
    );
    // The reason quotes the line short.
    assert!(why.len() < 200, "{why}");
    let log = format!("{}\n{}\n", log_line(&over), log_line("/ok"));
    let opened = read(&log, Format::AccessLog, None, None);
    assert_eq!(labels(&opened), ["/ok"]);
    assert_eq!(opened.skipped.first[0].0, 1);
}

#[test]
fn a_web_log_of_long_paths_is_read_whole_where_it_was_refused_whole() {
    let text: String = (0..200)
        .map(|i| log_line(&format!("/p/{i}/{}", filler(60 + i))) + "\n")
        .collect();
    let opened = read(&text, Format::AccessLog, None, None);
    assert_eq!(opened.keys.len(), 200);
    assert_eq!(opened.skipped.count, 0);
    assert!(opened.keys.iter().all(|k| k.label().len() > 60));
}

#[test]
fn a_scenario_file_keeps_long_keys_and_keys_with_commas() {
    let path = long_path();
    let long = format!("user:{}", filler(995));
    let text = format!("{}\n{}\n", log_line(&path), log_line(&format!("/{long}")));
    let opened = read(&text, Format::AccessLog, None, None);
    let full = read_link("ring=2^32&servers=A,B,C", 10).scenario;
    let (scenario, _) = opened.apply_to(&full, "access.log").unwrap();
    let file = write_scenario(&scenario);
    let again = read_scenario(&file).unwrap();
    assert_eq!(again, scenario);
    assert_eq!(again.keys().label(0), path);
    assert_eq!(again.keys().find(&format!("/{long}")), Some(1));
}

#[test]
fn a_link_carries_keys_of_any_length_a_key_may_have_and_names_one_past_it_in_its_notes() {
    let thousand = format!("user:{}", filler(995));
    let longest = format!("big:{}", filler(MAX_KEY_BYTES - 4));
    let mut scenario = read_link("ring=2^32&servers=A,B,C", 10).scenario;
    scenario
        .apply(Change::AddKeys {
            keys: vec![thousand.clone(), "user:1".into(), longest.clone()],
        })
        .unwrap();
    let written = write_link(&scenario, None, &[]);
    let link = read_link(&written, 10);
    assert!(link.ignored.is_empty(), "{:?}", link.ignored);
    assert_eq!(link.scenario, scenario);
    assert_eq!(link.scenario.keys().find(&longest), Some(2));

    let over = "k".repeat(MAX_KEY_BYTES + 1);
    let link = read_link(
        &format!("ring=2^32&servers=A,B,C&keys={thousand},{over},user:1"),
        10,
    );
    assert_eq!(link.scenario.keys().len(), 2);
    assert_eq!(link.scenario.keys().find(&thousand), Some(0));
    assert_eq!(link.ignored.len(), 1);
    let note = &link.ignored[0];
    assert!(
        note.ends_with(
            "A key is at most 65,536 bytes long in UTF-8, and this one is 65,537 bytes."
        ),
        "{note}"
    );
    assert!(note.len() < 200, "{note}");
}

#[test]
fn a_change_text_and_a_host_message_add_long_keys_and_refuse_one_past_the_limit() {
    let long = format!("order:{}", filler(994));
    let mut scenario = read_link("ring=2^32&servers=A,B,C", 10).scenario;
    let change: Change = format!("keys:{long}").parse().unwrap();
    let outcome = scenario.apply(change).unwrap();
    // The headline names the key, cut short.
    assert!(
        outcome.headline.starts_with("Key order:abc"),
        "{}",
        outcome.headline
    );
    assert!(outcome.headline.len() < 80, "{}", outcome.headline);
    assert_eq!(scenario.keys().find(&long), Some(0));

    let over = "m".repeat(MAX_KEY_BYTES + 1);
    let fields = |name: &str| match name {
        "type" => Field::Text("ringlab:addKeys".into()),
        "keys" => Field::Texts(vec!["message:1".into(), over.clone()]),
        _ => Field::Absent,
    };
    let Ok(Some(Command::Apply(change))) = read_message(fields) else {
        panic!("the message is read as a change");
    };
    let before = scenario.clone();
    assert_eq!(
        scenario.apply(change).unwrap_err().to_string(),
        "A key is at most 65,536 bytes long in UTF-8, and this one is 65,537 bytes."
    );
    assert_eq!(scenario, before);
    let fields = |name: &str| match name {
        "type" => Field::Text("ringlab:addKeys".into()),
        "keys" => Field::Texts(vec![long.replace("order", "other")]),
        _ => Field::Absent,
    };
    let Ok(Some(Command::Apply(change))) = read_message(fields) else {
        panic!("the message is read as a change");
    };
    scenario.apply(change).unwrap();
    assert_eq!(scenario.keys().len(), 2);
    // Removing the long key by its label.
    scenario
        .apply(Change::DropKey {
            label: long.clone(),
        })
        .unwrap();
    assert_eq!(scenario.keys().find(&long), None);
}

/// One line of a keys text or a data file: names of every length around the ones that matter
/// (40, 1,000, the limit), holding commas, spaces, other scripts and control characters, and
/// padded or blank lines. No line starts with `@` or `key-`: those read as before.
fn line() -> impl Strategy<Value = String> {
    let body = prop_oneof![
        4 => 0usize..60,
        2 => 900usize..1100,
        1 => (MAX_KEY_BYTES - 4)..(MAX_KEY_BYTES + 4),
    ];
    let mark = select(vec!["", ",", ", ", " ", "é", "€", "\u{1}", "\u{a0}"]);
    let pad = select(vec!["", " ", "\t", "\u{a0}", "\r"]);
    (body, mark, 0usize..3, pad).prop_map(|(n, mark, at, pad)| {
        let mut name = format!("n{}", filler(n.saturating_sub(1)));
        let cut = match at {
            0 => 1,
            1 => name.len() / 2,
            _ => name.len(),
        };
        name.insert_str(cut.min(name.len()), mark);
        format!("{pad}{name}{pad}")
    })
}

/// What a plain reading makes of one line: `None` when blank, the name when it is a key, the
/// refusal when not; a name is the trimmed line, at most `MAX_KEY_BYTES` bytes, without a
/// control character, and without a comma unless commas are kept.
fn plain_key(line: &str, commas: Commas) -> Option<Result<String, ()>> {
    let name = line.trim();
    if name.is_empty() {
        return None;
    }
    let fits = name.len() <= MAX_KEY_BYTES;
    let clean = !name.chars().any(char::is_control);
    let comma = commas == Commas::Refused && name.contains(',');
    Some(if fits && clean && !comma {
        Ok(name.to_string())
    } else {
        Err(())
    })
}

proptest! {
    #![proptest_config(common::cases::cases(64))]

    #[test]
    fn a_keys_text_reads_each_line_as_the_plain_reading_does(
        lines in prop::collection::vec(line(), 1..12),
        commas in select(vec![Commas::Refused, Commas::Kept]),
    ) {
        // Each line a distinct key: a number in front.
        let lines: Vec<String> = lines
            .iter()
            .enumerate()
            .map(|(i, l)| if l.trim().is_empty() { l.clone() } else { format!("{i}{}", l.trim_start()) })
            .collect();
        let text = lines.join("\n");
        let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
        let read = set.insert_lines_with(text, commas);
        let mut expected = Vec::new();
        let mut refused = None;
        for (i, l) in lines.iter().enumerate() {
            match plain_key(l, commas) {
                None => {}
                Some(Ok(name)) => expected.push(name),
                Some(Err(())) => {
                    refused = Some(i + 1);
                    break;
                }
            }
        }
        match (read, refused) {
            (Ok(()), None) => {
                let labels: Vec<String> = (0..set.len() as u32).map(|id| set.label(id)).collect();
                prop_assert_eq!(&labels, &expected);
                for (id, name) in expected.iter().enumerate() {
                    prop_assert_eq!(set.hash_of(id as u32), HashScheme::default().hash32(name));
                    prop_assert_eq!(set.find(name), Some(id as u32));
                }
            }
            (Err(LinesRefused::Line { line, error }), Some(first)) => {
                prop_assert_eq!(line, first);
                let over = matches!(error, Error::KeyTooLong { max: MAX_KEY_BYTES, .. });
                prop_assert_eq!(over, lines[first - 1].trim().len() > MAX_KEY_BYTES);
            }
            (read, refused) => prop_assert!(false, "read {:?}, plainly {:?}", read, refused),
        }
    }

    #[test]
    fn a_data_file_skips_just_the_lines_the_plain_reading_refuses(
        lines in prop::collection::vec(line(), 1..12),
        format in select(vec![Format::Lines, Format::Tsv]),
    ) {
        let commas = format.commas();
        let mut text = if format == Format::Tsv { "key\tn\n".to_string() } else { String::new() };
        for l in &lines {
            // A tab ends a TSV cell: the cell is the line up to it.
            text.push_str(l);
            if format == Format::Tsv {
                text.push_str("\t1");
            }
            text.push('\n');
        }
        let first_row = if format == Format::Tsv { 2 } else { 1 };
        let mut expected: Vec<String> = Vec::new();
        let mut skipped = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            let cell = if format == Format::Tsv { l.split('\t').next().unwrap_or("") } else { l.as_str() };
            let cell = cell.strip_suffix('\r').unwrap_or(cell);
            match plain_key(cell, commas) {
                None if format == Format::Lines || l.trim().is_empty() => {}
                // A TSV row with an empty key cell is an empty key.
                None => skipped.push(i + first_row),
                Some(Ok(name)) => {
                    if !expected.contains(&name) {
                        expected.push(name);
                    }
                }
                Some(Err(())) => skipped.push(i + first_row),
            }
        }
        let read = read_data(
            text.into_bytes(),
            DataOptions {
                format,
                key_column: None,
                count_column: (format == Format::Tsv).then(|| "n".to_string()),
            },
            HashScheme::default(),
            RingSize::FULL,
        );
        match read {
            Ok(opened) => {
                prop_assert_eq!(labels(&opened), expected);
                let lines: Vec<usize> = opened.skipped.first.iter().map(|(l, _)| *l).collect();
                prop_assert_eq!(opened.skipped.count, skipped.len());
                prop_assert_eq!(&lines[..], &skipped[..skipped.len().min(5)]);
            }
            Err(error) => {
                prop_assert!(expected.is_empty(), "refused: {}", error);
            }
        }
    }
}
