//! Reading your own data: every format, the awkward lines, and reading in slices against
//! reading at once.

use proptest::prelude::*;
use ringlab::core::data::{read_data, DataOptions, Format, Opened, Reading};
use ringlab::core::{HashScheme, Key, KeySet, RingSize};

fn options(format: Format, key: Option<&str>, count: Option<&str>) -> DataOptions {
    DataOptions {
        format,
        key_column: key.map(String::from),
        count_column: count.map(String::from),
    }
}

fn read(text: &str, options: DataOptions) -> Result<Opened, String> {
    read_data(
        text.as_bytes().to_vec(),
        options,
        HashScheme::default(),
        RingSize::FULL,
    )
    .map_err(|e| e.to_string())
}

fn labels(opened: &Opened) -> Vec<String> {
    opened.keys.iter().map(|k| k.label()).collect()
}

#[test]
fn one_key_per_line_reads_every_key_in_order_and_merges_repeats() {
    let opened = read(
        "\u{feff}user:1\r\n\nuser:2\n  user:3  \nuser:1\n",
        options(Format::Lines, None, None),
    )
    .unwrap();
    assert_eq!(labels(&opened), ["user:1", "user:2", "user:3"]);
    assert_eq!(opened.counts().map(<[u64]>::to_vec), None);
    assert_eq!(opened.lines, 5);
    assert_eq!(opened.skipped.merged, 1);
    assert_eq!(
        opened.summary(),
        "5 lines: 3 keys. 1 line repeated a key of an earlier line and was counted with it."
    );
}

#[test]
fn the_same_keys_give_the_same_set_as_the_command_lines_keys_file() {
    let text = "a\nb\nkey-7\n@9\nc d\n";
    let opened = read(text, options(Format::Lines, None, None)).unwrap();
    let mut expected = KeySet::new(RingSize::FULL, HashScheme::default());
    expected.insert_lines(text.to_string()).unwrap();
    assert_eq!(opened.keys, expected);
}

#[test]
fn csv_reads_the_chosen_key_and_count_columns_and_skips_bad_rows_by_line() {
    let text = "id,name,requests\n1,alice,30\n2,bob,x\n3,carol\n4,\"d,e\",2\n5,alice,12\n6,erin,-3\n7,frank,5\n";
    let opened = read(text, options(Format::Csv, Some("name"), Some("requests"))).unwrap();
    assert_eq!(labels(&opened), ["alice", "frank"]);
    assert_eq!(opened.counts().map(<[u64]>::to_vec), Some(vec![42, 5]));
    let skipped = &opened.skipped;
    assert_eq!(skipped.count, 4);
    let lines: Vec<usize> = skipped.first.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [3, 4, 5, 7]);
    assert!(skipped.first[0].1.contains("\"x\" is not a whole number"));
    assert_eq!(skipped.first[1].1, "no column 3: the row has 2");
    assert!(skipped.first[3].1.contains("negative"));
    assert_eq!(skipped.merged, 1);
}

#[test]
fn tsv_takes_columns_by_number() {
    let text = "a\tb\nx\t1\ny\t2\n";
    let opened = read(text, options(Format::Tsv, Some("1"), Some("2"))).unwrap();
    assert_eq!(labels(&opened), ["x", "y"]);
    assert_eq!(opened.counts().map(<[u64]>::to_vec), Some(vec![1, 2]));
    let missing = read(text, options(Format::Tsv, Some("user"), None)).unwrap_err();
    assert!(missing.contains("not in the header"), "{missing}");
}

#[test]
fn counts_lines_read_as_uniq_c_prints_them() {
    let text = "   120 /index.html\n    40 /about\n     3 /index.html\n  oops\n";
    let opened = read(text, options(Format::Counts, None, None)).unwrap();
    assert_eq!(labels(&opened), ["/index.html", "/about"]);
    assert_eq!(opened.counts().map(<[u64]>::to_vec), Some(vec![123, 40]));
    assert_eq!(opened.skipped.count, 1);
}

#[test]
fn an_access_log_counts_each_path_once_per_request() {
    let text = concat!(
        "127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"GET /a HTTP/1.0\" 200 2326\n",
        "127.0.0.2 - - [10/Oct/2000:13:55:37 -0700] \"GET /b HTTP/1.0\" 200 10 \"-\" \"curl/8\"\n",
        "garbage\n",
        "127.0.0.1 - - [10/Oct/2000:13:55:38 -0700] \"GET /a HTTP/1.0\" 304 0\n",
    );
    let opened = read(text, options(Format::AccessLog, None, None)).unwrap();
    assert_eq!(labels(&opened), ["/a", "/b"]);
    assert_eq!(opened.counts().map(<[u64]>::to_vec), Some(vec![2, 1]));
    assert_eq!(
        opened.skipped.first,
        [(
            3,
            "not a line of an access log (common or combined format)".to_string()
        )]
    );
    let hosts = read(text, options(Format::AccessLog, Some("host"), None)).unwrap();
    assert_eq!(labels(&hosts), ["127.0.0.1", "127.0.0.2"]);
    assert_eq!(hosts.counts().map(<[u64]>::to_vec), Some(vec![2, 1]));
}

#[test]
fn files_that_are_no_text_or_hold_no_key_are_refused_in_words() {
    let lines = || options(Format::Lines, None, None);
    assert!(read("", lines()).unwrap_err().contains("empty"));
    assert!(read("\0\u{1}\u{2}", lines())
        .unwrap_err()
        .contains("binary"));
    let bad = read_data(
        b"ok\n\xff\xfe\n".to_vec(),
        lines(),
        HashScheme::default(),
        RingSize::FULL,
    )
    .unwrap_err()
    .to_string();
    assert!(bad.starts_with("Line 2 is not UTF-8"), "{bad}");
    let nothing = read("a,b\nc,d\n", lines()).unwrap_err();
    assert!(
        nothing.starts_with("No line of the file could be read"),
        "{nothing}"
    );
    assert!(
        nothing.contains("line 1:") && nothing.contains("line 2:"),
        "{nothing}"
    );
}

#[test]
fn a_key_over_the_length_limit_is_skipped_and_named() {
    let long = "k".repeat(ringlab::core::MAX_KEY_BYTES + 1);
    let opened = read(
        &format!("a\n{long}\nb\n"),
        options(Format::Lines, None, None),
    )
    .unwrap();
    assert_eq!(labels(&opened), ["a", "b"]);
    assert_eq!(opened.skipped.first[0].0, 2);
    assert!(opened.skipped.first[0].1.contains("at most 65,536 bytes"));
}

#[test]
fn more_keys_than_the_ring_holds_are_refused() {
    let text: String = (0..=ringlab::core::MAX_KEYS)
        .map(|i| format!("u{i}\n"))
        .collect();
    let refused = read(&text, options(Format::Lines, None, None)).unwrap_err();
    assert!(refused.contains("keys fit on the ring"), "{refused}");
}

#[test]
fn only_the_first_few_skipped_lines_are_listed() {
    let text: String = (0..20).map(|i| format!("{i},x\nok{i}\n")).collect();
    let opened = read(&text, options(Format::Lines, None, None)).unwrap();
    assert_eq!(opened.skipped.count, 20);
    assert_eq!(opened.skipped.first.len(), 5);
    assert!(opened.skipped.summary().contains("and 15 more"));
}

proptest! {
    #[test]
    fn reading_in_slices_gives_what_reading_at_once_gives(
        rows in prop::collection::vec(
            (prop::sample::select(vec!["a", "b", "c,d", "key-2", "", "ü", "x y"]), 0u64..5),
            1..40,
        ),
        slice in 1usize..9,
        format in prop::sample::select(vec![Format::Lines, Format::Counts, Format::Csv]),
    ) {
        let mut text = if format == Format::Csv { "key,n\n".to_string() } else { String::new() };
        for (key, n) in &rows {
            match format {
                Format::Lines => text.push_str(&format!("{key}\n")),
                Format::Counts => text.push_str(&format!("{n} {key}\n")),
                _ => text.push_str(&format!("{key},{n}\n")),
            }
        }
        let opts = if format == Format::Csv { options(format, None, Some("n")) } else { options(format, None, None) };
        let whole = read(&text, opts.clone());
        let mut reading = Reading::new(text.into_bytes(), opts, HashScheme::default(), RingSize::FULL);
        let sliced = match &mut reading {
            Ok(r) => { while !r.step(slice) {} reading.unwrap().finish().map_err(|e| e.to_string()) }
            Err(e) => Err(e.to_string()),
        };
        match (whole, sliced) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(&a.keys, &b.keys);
                prop_assert_eq!(&a.counts().map(<[u64]>::to_vec), &b.counts().map(<[u64]>::to_vec));
                prop_assert_eq!(&a.skipped, &b.skipped);
                // Each key's count is the sum of its lines' counts.
                if let Some(counts) = a.counts() {
                    for (id, key) in a.keys.iter().enumerate() {
                        let expected: u64 = rows.iter().filter(|(k, _)| Key::parse(k).ok().as_ref() == Some(&key)).map(|(_, n)| n).sum();
                        prop_assert_eq!(counts[id], expected);
                    }
                }
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "{:?} / {:?}", a.map(|o| o.summary()), b.map(|o| o.summary())),
        }
    }
}

/// A scenario on the full ring with keys and counts from a `count key` text.
fn with_counts(text: &str, remedies: &[&str]) -> ringlab::core::Scenario {
    let base = ringlab::core::read_link("ring=2^32&vnodes=50&servers=a,b,c", 100).scenario;
    let opened = read_data(
        text.as_bytes().to_vec(),
        options(Format::Counts, None, None),
        base.hash(),
        base.size(),
    )
    .unwrap();
    let mut scenario = opened.apply_to(&base, "hits").unwrap().0;
    for remedy in remedies {
        scenario.apply(remedy.parse().unwrap()).unwrap();
    }
    scenario
}

#[test]
fn counts_weigh_each_key_in_the_servers_loads_and_remedies_take_the_hottest_by_count() {
    let text: String = (0..300)
        .map(|i| format!("{} k{i}\n", (i * 37) % 101 + 1))
        .collect();
    let scenario = with_counts(&text, &[]);
    let counts = scenario
        .traffic()
        .measured
        .as_ref()
        .unwrap()
        .counts()
        .to_vec();
    let placed = scenario.placed();
    let loads = scenario.traffic().loads(&placed, scenario.keys(), 1000.0);
    let total: u64 = counts.iter().sum();
    for (s, load) in loads.servers.iter().enumerate() {
        let expected: u64 = (0..counts.len() as u32)
            .filter(|&id| placed.owner_of_key(scenario.keys(), id) == s)
            .map(|id| counts[id as usize])
            .sum();
        assert!((load.requests - 1000.0 * expected as f64 / total as f64).abs() < 1e-6);
    }
    // The hottest keys are the highest counts, wherever they were added.
    let weights = scenario.traffic().weights(scenario.keys());
    let hottest = weights.hottest(counts.len(), 3);
    let mut by_count: Vec<u32> = (0..counts.len() as u32).collect();
    by_count.sort_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]).then(a.cmp(&b)));
    assert_eq!(hottest, by_count[..3]);
    // A remedy still only moves requests.
    let copied = with_counts(&text, &["remedy:copies:3", "remedy:bounded:1.25"]);
    let loads = copied
        .traffic()
        .loads(&copied.placed(), copied.keys(), 1000.0);
    let carried: f64 = loads.servers.iter().map(|l| l.requests).sum::<f64>() + loads.absorbed;
    assert!((carried - 1000.0).abs() < 1e-6);
}

#[test]
fn the_timeline_follows_reads_weighed_by_counts() {
    let text: String = (0..2000)
        .map(|i| format!("{} k{i}\n", 1 + (i * 7919) % 500))
        .collect();
    let scenario = with_counts(&text, &[]);
    let load = ringlab::core::CacheLoad::default();
    let change: ringlab::core::Change = "add:d".parse().unwrap();
    let timeline = ringlab::core::Timeline::new(&scenario, &change, load).unwrap();
    assert!(!timeline.csv().is_empty());
    // Keys added by hand after a file's keys are read never, and dropping a key drops its count.
    let mut more = scenario.clone();
    more.apply("keys:extra".parse().unwrap()).unwrap();
    assert_eq!(
        more.traffic().measured.as_ref().unwrap().counts().last(),
        Some(&0)
    );
    more.apply("drop:k0".parse().unwrap()).unwrap();
    assert_eq!(
        more.traffic().measured.as_ref().unwrap().counts().len(),
        2000
    );
    more.apply(ringlab::core::Change::ClearKeys).unwrap();
    assert!(more.traffic().measured.is_none());
    assert!(more.data_source().is_none());
}
