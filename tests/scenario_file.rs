//! Scenario files: writing then reading gives the same scenario, and a file cut short or
//! edited is refused in words.

mod common;

use proptest::prelude::*;
use proptest::sample::select;
use ringlab::core::data::{read_data, DataOptions, Format};
use ringlab::core::{read_scenario, write_scenario, Change, Scenario};

/// Changes that together reach most of a scenario's state.
const CHANGES: &[&str] = &[
    "add:D@60",
    "add:E",
    "add:F*3",
    "remove:B",
    "vnodes:20",
    "ring:2^32",
    "ring:1000",
    "hash:md5-low32",
    "hash:java-hashcode",
    "keys:user:1,user:2,@7",
    "keys:ключ,a b",
    "gen:40",
    "drop:key-3",
    "clear",
    "placement:maglev",
    "placement:table",
    "placement:bounded",
    "placement:rendezvous",
    "partitions:64",
    "load:1.5",
    "probes:5",
    "traffic:zipf:1.1",
    "traffic:uniform",
    "hot:user:1*40",
    "hot:key-2*7",
    "remedy:copies:3",
    "remedy:near:0.5",
    "remedy:bounded:1.25",
    "fail:A",
    "restart:A",
    "replicas:3",
    "restart-after:90",
    "gossip:12",
    "writes:500",
];

fn scenario_after(changes: &[&str], data: Option<&str>) -> Scenario {
    let mut scenario = Scenario::teaching();
    if let Some(text) = data {
        let opened = read_data(
            text.as_bytes().to_vec(),
            DataOptions {
                format: Format::Counts,
                ..DataOptions::default()
            },
            scenario.hash(),
            scenario.size(),
        )
        .unwrap();
        scenario = opened.apply_to(&scenario, "hits.txt").unwrap().0;
    }
    for text in changes {
        if let Ok(change) = text.parse::<Change>() {
            let _ = scenario.apply(change);
        }
    }
    scenario
}

proptest! {
    #![proptest_config(common::cases::cases(96))]

    #[test]
    fn writing_then_reading_a_scenario_file_gives_the_same_scenario(
        changes in prop::collection::vec(select(CHANGES.to_vec()), 0..12),
        with_data in any::<bool>(),
    ) {
        let data = with_data.then_some("5 /a\n3 /b\n9 /c\n1 /a\n");
        let scenario = scenario_after(&changes, data);
        let file = write_scenario(&scenario);
        let read = read_scenario(&file).map_err(|e| TestCaseError::fail(format!("{e}\n{file}")))?;
        prop_assert_eq!(&read, &scenario);
        prop_assert_eq!(read.traffic(), scenario.traffic());
        prop_assert_eq!(read.data_source(), scenario.data_source());
        prop_assert_eq!(write_scenario(&read), file);
    }
}

#[test]
fn keys_and_counts_from_a_file_survive_the_round_trip() {
    let scenario = scenario_after(&["traffic:data"], Some("5 /a\n3 /b\n9 /c\n"));
    assert_eq!(scenario.traffic().popularity.to_string(), "data");
    let read = read_scenario(&write_scenario(&scenario)).unwrap();
    let measured = read.traffic().measured.as_ref().unwrap();
    assert_eq!(measured.counts(), &[5, 3, 9]);
    assert_eq!(read.data_source().unwrap().lines, 3);
}

#[test]
fn a_file_cut_short_or_edited_is_refused_in_words() {
    let scenario = scenario_after(&["gen:100", "add:D"], Some("5 /a\n3 /b\n"));
    let file = write_scenario(&scenario);
    let cut = read_scenario(&file[..file.len() / 2])
        .unwrap_err()
        .to_string();
    assert!(cut.contains("ends too early"), "{cut}");
    let edited = read_scenario(&file.replace("/b", "/x"))
        .unwrap_err()
        .to_string();
    assert!(edited.contains("changed after it was saved"), "{edited}");
    let other = read_scenario("{\"hello\": 1}").unwrap_err().to_string();
    assert!(other.contains("not a Ringlab scenario file"), "{other}");
    assert!(read_scenario("")
        .unwrap_err()
        .to_string()
        .contains("ends too early"));
}

#[test]
fn a_link_says_in_words_that_keys_from_a_file_are_not_in_it() {
    let text: String = (0..1000).map(|i| format!("{i} user:{i}\n")).collect();
    let scenario = scenario_after(&[], Some(&text));
    let link = ringlab::core::write_link(&scenario, None, &[]);
    assert!(
        link.contains("data=your%20file%2C%201%2C000%20lines%2C%20not%20in%20this%20link")
            || link.contains("data=your%20file,%201,000%20lines,%20not%20in%20this%20link"),
        "{link}"
    );
    assert!(!link.contains("user:"), "{link}");
    let read = ringlab::core::read_link(&link, 2_000_000);
    assert!(
        read.ignored
            .iter()
            .any(|n| n.starts_with("keys: your file, 1,000 lines, not in this link")),
        "{:?}",
        read.ignored
    );
    assert_eq!(read.scenario.servers(), scenario.servers());
}
