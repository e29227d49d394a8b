//! What an independent reimplementation of the nine placements met, each fixed and kept fixed:
//! settings that were ignored without a word, numbers refused with the wrong words, a theory
//! line that did not say why, a missing file that exited unlike every other refusal, and more
//! copies asked for than there are servers. (The placements it had to guess at are defined in
//! docs/placements.md, checked by tests/placements_doc.rs.)

use std::process::{Command, Output};

use ringlab::core::placement::partitions::{targets, PartitionTable};
use ringlab::core::{read_link, write_link, Change, Kind, Scenario};

fn ringlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .output()
        .expect("the ringlab binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs `args`, which must be refused with exit status 2 and one line saying `words`.
fn refused(args: &[&str], words: &str) {
    let output = ringlab(args);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
    assert_eq!(message.trim_end().lines().count(), 1, "{args:?}: {message}");
    assert!(message.contains(words), "{args:?}: {message}");
    assert!(!message.contains("panicked"), "{args:?}: {message}");
}

#[test]
fn a_whole_number_too_large_for_its_setting_says_so_and_names_the_largest() {
    let base = ["experiment", "--servers", "A,B"];
    let cases: &[(&[&str], &str)] = &[
        (
            &["--placement", "maglev", "--table-size", "4294967311"],
            "--table-size: 4294967311 is too large: the largest allowed is 1,000,003.",
        ),
        (
            &["--placement", "table", "--partitions", "99999999999"],
            "--partitions: 99999999999 is too large: the largest allowed is 4,096.",
        ),
        (
            &["--keys", "99999999999999999999999"],
            "--keys: 99999999999999999999999 is too large: the largest allowed is 4,294,967,295.",
        ),
        (
            &["--vnodes", "99999999999"],
            "--vnodes: 99999999999 is too large: the largest allowed is 1,000.",
        ),
        (
            &["--ring-size", "99999999999999999999"],
            "--ring-size: A ring has from 2 to 2^32 (4294967296) positions.",
        ),
        (
            &["--placement", "multi-probe", "--probes", "5000000000"],
            "--probes: 5000000000 is too large: the largest allowed is 64.",
        ),
    ];
    for (args, words) in cases {
        let mut all = base.to_vec();
        all.extend_from_slice(args);
        refused(&all, words);
    }
    refused(
        &["experiment", "--servers", "A*99999999999,B"],
        "--servers: 99999999999 is too large: the largest allowed is 10.",
    );
    refused(
        &["experiment", "--servers", "A@99999999999999999999,B"],
        "--servers: 99999999999999999999 is too large: the largest allowed is 4,294,967,295.",
    );
    // Past the most keys a ring holds, `experiment` and `compare` stream generated keys a
    // batch at a time, up to the last generated name, key-4294967294.
    for command in ["experiment", "compare"] {
        refused(
            &[command, "--servers", "A,B", "--keys", "99999999999"],
            "--keys: 99999999999 is too large: the largest allowed is 4,294,967,295.",
        );
    }
    // Within the names, past the most a ring holds, where the chosen placement needs every
    // key at once: that placement's own words.
    refused(
        &[
            "compare",
            "--servers",
            "A,B",
            "--placement",
            "bounded",
            "--keys",
            "20000000",
        ],
        "Bounded loads places each key knowing every other key, so it takes at most 10,000,000 keys at once",
    );
}

#[test]
fn a_decimal_setting_given_no_number_is_told_it_is_not_a_number() {
    for text in ["NaN", "abc", "inf", ""] {
        refused(
            &[
                "experiment",
                "--servers",
                "A,B",
                "--placement",
                "bounded",
                "--load-factor",
                text,
            ],
            "is not a number; write one such as 1.25.",
        );
    }
    refused(
        &[
            "experiment",
            "--servers",
            "A,B",
            "--placement",
            "bounded",
            "--load-factor",
            "1e400",
        ],
        "The load factor c goes from 1.00 to 3.00.",
    );
    // A whole-number setting keeps its own words.
    refused(
        &["experiment", "--servers", "A,B", "--keys", "ten"],
        "\"ten\" is not a whole number.",
    );
}

#[test]
fn a_missing_keys_file_is_refused_with_status_2_like_every_other_refusal() {
    for command in ["experiment", "lookup", "compare"] {
        refused(
            &[
                command,
                "--servers",
                "A,B",
                "--keys-file",
                "/no/such/keys.txt",
            ],
            "--keys-file: there is no file /no/such/keys.txt.",
        );
    }
}

#[test]
fn more_copies_than_servers_are_said_beside_the_answer() {
    let output = ringlab(&["lookup", "--servers", "a,b", "--replicas", "3", "user:1"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().count(), 1);
    assert_eq!(
        stderr(&output).trim_end(),
        "note: 3 copies per key were asked for, but there are only 2 servers: each key is kept on both."
    );
    let enough = ringlab(&["lookup", "--servers", "a,b,c", "--replicas", "3", "user:1"]);
    assert!(stderr(&enough).is_empty(), "{}", stderr(&enough));
}

#[test]
fn weights_a_placement_does_not_read_are_said_by_lookup_and_experiment() {
    for (placement, name) in [
        ("maglev", "Maglev"),
        ("multi-probe", "Multi-probe"),
        ("mod-n", "hash mod N"),
    ] {
        let output = ringlab(&[
            "lookup",
            "--placement",
            placement,
            "--servers",
            "a*3,b",
            "user:1",
        ]);
        assert!(output.status.success(), "{placement}");
        assert_eq!(
            stderr(&output).trim_end(),
            format!("note: {name} gives every server the same share: weights do not apply."),
        );
        let report = ringlab(&[
            "experiment",
            "--placement",
            placement,
            "--servers",
            "a*3,b",
            "--keys",
            "10",
        ]);
        assert!(
            stdout(&report).contains(&format!("Note: {name} gives every server the same share"))
        );
        let json: serde_json::Value = serde_json::from_slice(
            &ringlab(&[
                "experiment",
                "--placement",
                placement,
                "--servers",
                "a*3,b",
                "--json",
            ])
            .stdout,
        )
        .unwrap();
        assert_eq!(
            json["notes"][0],
            format!("{name} gives every server the same share: weights do not apply.")
        );
    }
    // Placements that read weights say nothing.
    for placement in ["ring", "rendezvous", "table", "bounded", "ketama"] {
        let output = ringlab(&[
            "lookup",
            "--placement",
            placement,
            "--servers",
            "a*3,b",
            "user:1",
        ]);
        assert!(
            stderr(&output).is_empty(),
            "{placement}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn ketama_refuses_a_ring_size_hash_or_virtual_nodes_it_would_ignore() {
    for (flag, value) in [
        ("--ring-size", "1000"),
        ("--hash", "md5-low32"),
        ("--vnodes", "100"),
    ] {
        refused(
            &["lookup", "--placement", "ketama", flag, value, "--servers", "a,b", "k"],
            &format!("{flag}: Ketama always uses the 2^32 ring, its own MD5 key hash and 160 points per server"),
        );
    }
    // Its own values, or none, are fine.
    for args in [
        vec!["--ring-size", "2^32"],
        vec!["--hash", "md5-first32"],
        vec!["--vnodes", "1"],
        vec![],
    ] {
        let mut all = vec!["lookup", "--placement", "ketama", "--servers", "a,b"];
        all.extend(args);
        all.push("k");
        let output = ringlab(&all);
        assert!(output.status.success(), "{all:?}: {}", stderr(&output));
        assert!(stderr(&output).is_empty(), "{all:?}: {}", stderr(&output));
    }
    // The engine refuses the same changes under ketama, and says what does not apply when it
    // is chosen on a ring of another size.
    let mut scenario = Scenario::teaching();
    let outcome = scenario
        .apply(Change::SetPlacement {
            placement: Kind::Ketama,
        })
        .unwrap();
    assert_eq!(
        outcome.notes,
        vec!["Ketama uses its own 2^32 ring, MD5 key hash and 160 points per server, so the ring of 100 positions applies only to the other placements."]
    );
    for change in ["vnodes:100", "ring:2^32", "hash:md5-low32"] {
        let before = scenario.clone();
        let error = scenario.apply(change.parse().unwrap()).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("Ketama always uses the 2^32 ring"),
            "{change}"
        );
        assert_eq!(scenario, before);
    }
}

#[test]
fn the_partition_table_starts_in_proportion_to_the_weights() {
    let link = read_link("ring=2^32&servers=a*10,b&placement=table", 10);
    assert!(link.ignored.is_empty());
    let scenario = link.scenario;
    assert_eq!(scenario.table().counts(2), vec![931, 93]);
    assert_eq!(scenario.table().counts(2), targets(1024, &[10, 1]));
    // The starting table is not written in the link: it follows from the servers.
    let written = write_link(&scenario, None, &[]);
    assert!(!written.contains("table="), "{written}");
    assert_eq!(read_link(&written, 10).scenario, scenario);
    // Dealt again in proportion when the partition count changes.
    let mut scenario = scenario;
    let outcome = scenario.apply("partitions:100".parse().unwrap()).unwrap();
    assert_eq!(
        outcome.headline,
        "100 partitions, dealt in proportion to the weights."
    );
    assert_eq!(scenario.table(), &PartitionTable::start(100, &[10, 1]));
    assert_eq!(scenario.table().counts(2), vec![91, 9]);
    // The command line agrees: a lookup over many keys lands about ten to one.
    let output = ringlab(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--placement",
        "table",
        "--servers",
        "a*10,b",
        "--keys",
        "11000",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let before = &json["table"]["before"];
    assert_eq!(before["points"]["a"], 931, "partitions held");
    assert_eq!(before["points"]["b"], 93, "partitions held");
    let (a, b) = (
        before["counts"]["a"].as_f64().unwrap(),
        before["counts"]["b"].as_f64().unwrap(),
    );
    assert!((a / b - 10.0).abs() < 1.5, "{a} and {b}");
}

#[test]
fn the_theory_line_beside_jump_says_why_removing_a_middle_bucket_moves_more() {
    let output = ringlab(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--vnodes",
        "100",
        "--servers",
        "A,B,C,D,E",
        "--placement",
        "jump",
        "--remove",
        "B",
        "--keys",
        "10000",
    ]);
    let text = stdout(&output);
    assert!(
        text.contains("theory 1/N = 1/5 = 20%; jump hash renumbers the servers after B, so their keys move too"),
        "{text}"
    );
    // Removing the last bucket is what theory says, with no caveat.
    let last = ringlab(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--servers",
        "A,B,C,D,E",
        "--placement",
        "jump",
        "--remove",
        "E",
        "--keys",
        "1000",
    ]);
    assert!(
        stdout(&last).contains("theory 1/N = 1/5 = 20%\n"),
        "{}",
        stdout(&last)
    );
}
