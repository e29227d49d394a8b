//! The key set's unit tests.

use super::set::LinkKeys;
use super::*;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::size::RingSize;

fn teaching_keys() -> KeySet {
    let mut set = KeySet::new(RingSize::TEACHING, HashScheme::default());
    set.insert([90, 52, 68, 25, 5].map(Key::At).to_vec())
        .unwrap();
    set
}

#[test]
fn positions_stay_sorted_as_keys_arrive() {
    let set = teaching_keys();
    assert_eq!(set.sorted_positions(), &[5, 25, 52, 68, 90]);
    assert_eq!(set.order(), &[4, 3, 1, 2, 0]);
}

#[test]
fn a_wrapping_arc_holds_the_keys_on_both_sides_of_zero() {
    let set = teaching_keys();
    let [a, b] = set.ranges_in_arc(75, 10, 35);
    let inside: Vec<u32> = a.chain(b).map(|i| set.sorted_positions()[i]).collect();
    assert_eq!(inside, vec![90, 5]);
    let [a, _] = set.ranges_in_arc(40, 60, 20);
    assert_eq!(
        a.map(|i| set.sorted_positions()[i]).collect::<Vec<_>>(),
        vec![52]
    );
}

#[test]
fn duplicates_and_positions_off_the_ring_are_refused_whole() {
    let mut set = teaching_keys();
    let before = set.clone();
    assert_eq!(
        set.insert(vec![Key::At(1), Key::At(52)]),
        Err(Error::DuplicateKey("@52".into()))
    );
    assert!(set.insert(vec![Key::At(100)]).is_err());
    assert_eq!(
        set.insert(vec![Key::At(3), Key::At(3)]),
        Err(Error::DuplicateKey("@3".into()))
    );
    assert_eq!(set, before);
}

#[test]
fn generated_keys_continue_where_the_last_batch_stopped() {
    let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
    assert_eq!(set.generate(3).unwrap(), 0..3);
    assert_eq!(set.generate(2).unwrap(), 3..5);
    assert_eq!(set.label(4), "key-4");
    assert!(set.insert(vec![Key::parse("key-2").unwrap()]).is_err());
}

#[test]
fn the_highest_generated_label_leaves_the_generator_exhausted_without_overflow() {
    let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
    set.insert(vec![Key::parse("key-4294967295").unwrap()])
        .unwrap();
    assert_eq!(set.generate(0).unwrap(), u32::MAX..u32::MAX);
    assert_eq!(set.generate(1), Err(Error::TooManyKeys { max: MAX_KEYS }));
    assert_eq!(set.len(), 1);
    assert_eq!(set.find("key-4294967295"), Some(0));
    assert!(set.insert(vec![Key::Generated(u32::MAX)]).is_err());
}

#[test]
fn removing_a_key_keeps_the_rest_sorted() {
    let mut set = teaching_keys();
    set.remove("@52").unwrap();
    assert_eq!(set.sorted_positions(), &[5, 25, 68, 90]);
    assert_eq!(set.find("@68"), Some(1));
    assert_eq!(set.remove("@52"), Err(Error::NoSuchKey("@52".into())));
}

#[test]
fn removing_keys_of_both_kinds_keeps_every_label_in_place() {
    let mut set = teaching_keys();
    set.generate(4).unwrap();
    set.insert(vec![Key::parse("user:7").unwrap()]).unwrap();
    set.remove("@68").unwrap();
    set.remove("key-1").unwrap();
    let labels: Vec<String> = (0..set.len() as u32).map(|id| set.label(id)).collect();
    assert_eq!(
        labels,
        ["@90", "@52", "@25", "@5", "key-0", "key-2", "key-3", "user:7"]
    );
    assert_eq!(set.find("user:7"), Some(7));
    assert_eq!(set.find("key-1"), None);
    // The generator goes on after the highest generated key there is, not into a gap.
    assert_eq!(set.generate(1).unwrap(), 4..5);
}

#[test]
fn labels_read_back_as_the_same_key() {
    for key in [Key::At(7), Key::Generated(12), Key::Named("user:7".into())] {
        assert_eq!(Key::parse(&key.label()).unwrap(), key);
    }
    assert_eq!(Key::parse("key-007").unwrap(), Key::Named("key-007".into()));
    assert!(Key::parse("@x").is_err());
}

#[test]
fn a_link_writes_the_keys_before_the_generated_run_the_run_and_the_keys_after_it() {
    let mut set = teaching_keys();
    set.generate(5).unwrap();
    let parts = set.link_keys();
    assert_eq!(
        (parts.before.len(), parts.run, parts.after.len()),
        (5, 5, 0)
    );
    set.remove("key-3").unwrap();
    let parts = set.link_keys();
    assert_eq!(parts.before, ["@90", "@52", "@68", "@25", "@5"]);
    assert_eq!(parts.run, 3);
    assert_eq!(parts.after, ["key-4"]);

    // key-1 taken out and put back comes after key-4: the run is key-0 alone.
    set.remove("key-1").unwrap();
    set.insert(vec![Key::Generated(1)]).unwrap();
    let parts = set.link_keys();
    assert_eq!(parts.run, 1);
    assert_eq!(parts.after, ["key-2", "key-4", "key-1"]);

    // Generated keys first, then named ones.
    let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
    set.generate(3).unwrap();
    set.insert(vec![Key::Named("user:7".into())]).unwrap();
    let parts = set.link_keys();
    assert!(parts.before.is_empty());
    assert_eq!((parts.run, parts.after.len()), (3, 1));
}

#[test]
fn a_large_keys_text_read_on_every_core_gives_the_keys_read_one_line_at_a_time() {
    // Large enough to be read in pieces: blank lines, padded and placed keys among the
    // names, and a text without a last line end.
    let mut text = String::from("\u{feff}");
    for n in 0..40_000 {
        match n % 9 {
            0 => text.push_str(&format!("  user:{n}\r\n")),
            4 => text.push_str(&format!("@{n}\n\n")),
            7 => text.push_str(&format!("ключ-{n}\n")),
            _ => text.push_str(&format!("user:{n}\n")),
        }
    }
    text.push_str("last");
    assert!(text.len() > lines::PARALLEL);
    let plain = || -> Vec<Key> {
        text.lines()
            .map(|line| line.trim_start_matches('\u{feff}'))
            .filter(|line| !line.trim().is_empty())
            .map(|line| Key::parse(line).unwrap())
            .collect()
    };
    for hash in HashScheme::ALL {
        let mut read = KeySet::new(RingSize::FULL, hash);
        read.insert_lines(text.clone()).unwrap();
        let mut inserted = KeySet::new(RingSize::FULL, hash);
        inserted.insert(plain()).unwrap();
        assert_eq!(read, inserted, "{hash}");
    }
    // A refused line is reported by its number in the whole text; a duplicate anywhere
    // refuses the text.
    let mut set = KeySet::new(RingSize::FULL, HashScheme::Md5Low32);
    let bad = format!("{text}\nx,y\n");
    assert_eq!(
        set.insert_lines(bad),
        Err(LinesRefused::Line {
            line: text.lines().count() + 1,
            error: Error::NameHasReservedChar(','),
        })
    );
    let twice = format!("{text}\nuser:5\n");
    assert_eq!(
        set.insert_lines(twice),
        Err(LinesRefused::Keys(Error::DuplicateKey("user:5".into())))
    );
    assert!(set.is_empty());
}

#[test]
fn a_set_whose_references_are_not_written_behaves_as_one_whose_are() {
    type Step = fn(&mut KeySet);
    // Changes that keep every key in full in id order, then ones that do not; and a
    // generation straight away.
    let keep_then_break: Vec<Step> = vec![
        |set| set.insert(vec![Key::parse("d").unwrap()]).unwrap(),
        |set| {
            set.insert_lines("e\n\nkey-3000000000\n".to_string())
                .unwrap()
        },
        |set| {
            set.remove("b").unwrap();
        },
        |set| set.insert(vec![Key::parse("key-9").unwrap()]).unwrap(),
    ];
    let generate: Vec<Step> = vec![|set| {
        set.generate(2).unwrap();
    }];
    for (steps, expected) in [
        (
            keep_then_break,
            vec!["a", "@7", "c", "d", "e", "key-3000000000", "key-9"],
        ),
        (generate, vec!["a", "b", "@7", "c", "key-0", "key-1"]),
    ] {
        let mut lazy = KeySet::new(RingSize::FULL, HashScheme::default());
        lazy.insert_lines("a\nb\n@7\nc\n".to_string()).unwrap();
        assert!(lazy.refs.is_empty());
        let mut written = lazy.clone();
        written.write_refs();
        assert!(!written.refs.is_empty());
        for step in steps {
            step(&mut lazy);
            step(&mut written);
            assert_eq!(lazy, written);
            assert_eq!(lazy.len(), written.len());
            for id in 0..lazy.len() as u32 {
                assert_eq!(lazy.label(id), written.label(id));
                assert_eq!(lazy.find(&lazy.label(id)), Some(id));
            }
            assert_eq!(lazy.link_keys(), written.link_keys());
        }
        let labels: Vec<String> = (0..lazy.len() as u32).map(|id| lazy.label(id)).collect();
        assert_eq!(labels, expected);
    }
}

#[test]
fn names_survive_the_set_text_being_rid_of_removed_keys() {
    let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
    set.insert_lines("a\n\nbb\n@5\nccc\n".to_string()).unwrap();
    set.insert(vec![Key::parse("dddd").unwrap()]).unwrap();
    set.remove("bb").unwrap();
    let before = set.clone();
    set.compact_text();
    assert_eq!(set.text, "acccdddd");
    assert_eq!(set, before);
    let labels: Vec<String> = (0..set.len() as u32).map(|id| set.label(id)).collect();
    assert_eq!(labels, ["a", "@5", "ccc", "dddd"]);
}

#[test]
fn hashing_in_pieces_gives_the_same_set_as_hashing_at_once() {
    let mut whole = KeySet::new(RingSize::FULL, HashScheme::default());
    whole.generate(60_000).unwrap();
    let mut pieces = KeySet::new(RingSize::FULL, HashScheme::default());
    for _ in 0..3 {
        let range = pieces.next_generated_range(20_000).unwrap();
        let hashes = generated_hashes(HashScheme::default(), range.clone());
        pieces.add_generated(range, &hashes);
    }
    assert_eq!(whole, pieces);
}

#[test]
fn a_key_is_any_text_up_to_64_kib_counted_in_bytes_and_one_byte_more_is_refused_in_words() {
    for name in [
        "k".repeat(41),
        "k".repeat(1000),
        "é".repeat(MAX_KEY_BYTES / 2),
        "k".repeat(MAX_KEY_BYTES),
    ] {
        assert_eq!(
            Key::parse(&format!("  {name}\t")),
            Ok(Key::Named(name.as_str().into()))
        );
    }
    // 32,768 two-byte characters and one byte more: counted in bytes, not characters.
    let over = format!("{}x", "é".repeat(MAX_KEY_BYTES / 2));
    let refused = Key::parse(&over).unwrap_err();
    assert_eq!(
        refused,
        Error::KeyTooLong {
            bytes: 65_537,
            max: MAX_KEY_BYTES
        }
    );
    assert_eq!(
        refused.to_string(),
        "A key is at most 65,536 bytes long in UTF-8, and this one is 65,537 bytes."
    );
    // Placed and generated keys are read as before, whatever their length.
    assert_eq!(
        Key::parse(&format!("@{}", "0".repeat(70_000))),
        Ok(Key::At(0))
    );
    // A key built by hand is held to the same limit.
    let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
    assert_eq!(
        set.insert(vec![Key::Named("k".repeat(MAX_KEY_BYTES + 1).into())]),
        Err(Error::KeyTooLong {
            bytes: MAX_KEY_BYTES + 1,
            max: MAX_KEY_BYTES
        })
    );
    assert!(set.is_empty());
}

#[test]
fn a_comma_is_refused_in_a_typed_key_and_kept_where_the_reader_keeps_it() {
    assert_eq!(Key::parse("a,b"), Err(Error::NameHasReservedChar(',')));
    assert_eq!(
        Key::read(" a, b ", Commas::Kept),
        Ok(Key::Named("a, b".into()))
    );
    assert_eq!(
        Key::read("a\u{1}b", Commas::Kept),
        Err(Error::NameHasReservedChar('\u{1}'))
    );
    let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
    assert!(matches!(
        set.insert_lines("a,b\n".to_string()),
        Err(LinesRefused::Line { line: 1, .. })
    ));
    set.insert_lines_with("a,b\n/x?ids=1,2\n".to_string(), Commas::Kept)
        .unwrap();
    assert_eq!(set.find("/x?ids=1,2"), Some(1));
    assert_eq!(set.remove("a,b"), Ok(Key::Named("a,b".into())));
    assert_eq!(set.label(0), "/x?ids=1,2");
}

#[test]
fn long_names_are_kept_once_in_the_sets_text_and_read_back_whole() {
    let names: Vec<String> = (0..50)
        .map(|i| format!("{i}:{}", "v".repeat(950 + i)))
        .collect();
    let text: String = names.iter().map(|n| format!("{n}\n")).collect();
    for hash in HashScheme::ALL {
        let mut set = KeySet::new(RingSize::FULL, hash);
        set.insert_lines(text.clone()).unwrap();
        // The file's text is the names' storage: no copy, and eight bytes a key beside it.
        assert_eq!(set.text.len(), text.len());
        assert_eq!(set.full.len(), names.len());
        assert!(set.refs.is_empty());
        for (id, name) in names.iter().enumerate() {
            let id = id as u32;
            assert_eq!(set.label(id), *name);
            assert_eq!(set.find(name), Some(id));
            assert_eq!(set.hash_of(id), hash.hash32(name), "{hash}");
            set.with_label(id, |label| assert_eq!(label, name));
        }
        // Keys added one by one copy each name once into the set's text.
        let mut one_by_one = KeySet::new(RingSize::FULL, hash);
        for name in &names {
            one_by_one.insert(vec![Key::parse(name).unwrap()]).unwrap();
        }
        let bytes: usize = names.iter().map(String::len).sum();
        assert_eq!(one_by_one.text.len(), bytes);
        assert_eq!(one_by_one, set);
    }
}

/// What a link writes of `set`, worked out one key at a time: the run is the longest block of
/// `key-0, key-1, ...` in id order starting where `key-0` is, no longer than the generated keys
/// `key-0 ..` all present.
fn link_keys_one_by_one(set: &KeySet) -> LinkKeys {
    let labels: Vec<String> = (0..set.len() as u32).map(|id| set.label(id)).collect();
    let mut present = 0;
    while set.find(&format!("key-{present}")).is_some() {
        present += 1;
    }
    let start = match present {
        0 => labels.len(),
        _ => labels.iter().position(|l| l == "key-0").unwrap(),
    };
    let mut run = 0;
    while run < present && labels.get(start + run) == Some(&format!("key-{run}")) {
        run += 1;
    }
    LinkKeys {
        before: labels[..start].to_vec(),
        run: run as u32,
        after: labels[start + run..].to_vec(),
    }
}

proptest::proptest! {
    #![proptest_config(crate::cases::cases(256))]

    #[test]
    fn a_link_writes_the_same_keys_as_when_they_are_read_one_by_one(
        steps in proptest::collection::vec((0u8..4, 0u32..12), 0..14)
    ) {
        let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
        for (what, n) in steps {
            // Refusals (a key already there, one not there) leave the set as it was.
            let _ = match what {
                0 => set.generate(n as usize).map(|_| ()),
                1 => set.remove(&format!("key-{n}")).map(|_| ()),
                2 => set.insert(vec![Key::Generated(n)]).map(|_| ()),
                _ => set.insert(vec![Key::Named(format!("user:{n}").into())]).map(|_| ()),
            };
            proptest::prop_assert_eq!(set.link_keys(), link_keys_one_by_one(&set));
        }
    }
}
