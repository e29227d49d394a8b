//! `ringlab plan`: a change's moves as a table or JSON, the keyspace streamed from a file or
//! standard input, unreadable lines counted and named, and refusals in one line.

mod run;

use run::ringlab;

fn ok(args: &[&str], input: Option<&[u8]>) -> (String, String) {
    let out = ringlab(args, input);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "ringlab {args:?} failed: {err}");
    (String::from_utf8(out.stdout).expect("UTF-8"), err)
}

fn refused(args: &[&str]) -> String {
    let out = ringlab(args, None);
    let text = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {text}");
    assert_eq!(text.trim_end().lines().count(), 1, "one line: {text}");
    text
}

const REDIS: &[&str] = &[
    "plan",
    "--placement",
    "redis-cluster",
    "--servers",
    "10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379",
    "--add",
    "10.0.0.4:6379",
    "--change",
    "rebalance:use-empty-masters",
];

#[test]
fn plan_reads_the_keyspace_from_standard_input_and_prints_a_row_per_source_and_destination() {
    let (out, err) = ok(
        &[
            "plan",
            "--servers",
            "A@10,B@40,C@75",
            "--add",
            "D@60",
            "--keys-file",
            "-",
        ],
        Some(b"@90\n@52\n@68\n@25\n@5\n"),
    );
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("Change: Server D added."), "{out}");
    assert!(out.contains("Keys: standard input, 5 lines."), "{out}");
    assert!(
        out.contains("Plan: 1 of 5 keys moves (20%); 1 range of the ring changes hands."),
        "{out}"
    );
    let row = out.lines().find(|l| l.starts_with("  C ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells, ["C", "D", "41-60", "1"], "{out}");
}

#[test]
fn a_redis_plan_with_sizes_gives_slots_keys_bytes_and_the_time_at_a_rate() {
    let mut tsv = String::from("key\tbytes\n");
    for i in 0..3000 {
        tsv.push_str(&format!("user:{i}\t{}\n", 50 + i % 100));
    }
    let args = [REDIS, &["--keys-file", "-", "--rate", "1MB/s"]].concat();
    let (out, err) = ok(&args, Some(tsv.as_bytes()));
    assert!(err.is_empty(), "the header is no skipped line: {err}");
    assert!(out.contains("Then: Rebalanced across 4 masters."), "{out}");
    assert!(out.contains("4,096 slots change hands"), "{out}");
    for slots in ["0-1364", "5461-6826", "10923-12287"] {
        assert!(out.contains(slots), "{slots} in {out}");
    }
    assert!(out.contains("At 1.00 MB/s, moving "), "{out}");

    let args = [REDIS, &["--keys-file", "-", "--json"]].concat();
    let (json, _) = ok(&args, Some(tsv.as_bytes()));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let moves = value["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let keys: u64 = moves.iter().map(|m| m["keys"].as_u64().unwrap()).sum();
    let bytes: u64 = moves.iter().map(|m| m["bytes"].as_u64().unwrap()).sum();
    assert_eq!(value["total"]["keys"].as_u64(), Some(keys));
    assert_eq!(value["total"]["bytes"].as_u64(), Some(bytes));
    let first = json.find("\"from\"").unwrap();
    let order: Vec<usize> = ["\"to\"", "\"slots\"", "\"keys\"", "\"bytes\""]
        .iter()
        .map(|f| json[first..].find(f).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "field order: {json}");
}

#[test]
fn unreadable_lines_are_skipped_counted_and_named_and_the_rest_is_planned() {
    let mut text = b"user:1\t10\nuser:2\tlots\n".to_vec();
    text.extend(b"user:\xff\n");
    text.extend(format!("{}\n", "k".repeat(70_000)).bytes());
    text.extend(b"user:3\t30\n");
    let args = [REDIS, &["--keys-file", "-"]].concat();
    let (out, err) = ok(&args, Some(&text));
    assert!(out.contains("of 2 keys"), "{out}");
    assert!(err.contains("3 lines skipped"), "{err}");
    assert!(err.contains("line 2: the size \"lots\""), "{err}");
    assert!(err.contains("line 3: it is not UTF-8 text"), "{err}");
    assert!(err.contains("line 4: the key"), "{err}");
}

#[test]
fn a_kafka_plan_names_partitions_and_a_ring_plan_lists_ranges_as_json() {
    let (json, _) = ok(
        &[
            "plan",
            "--placement",
            "kafka",
            "--servers",
            "b1,b2,b3",
            "--partitions",
            "6",
            "--change",
            "add-partitions:2",
            "--keys",
            "5000",
            "--json",
        ],
        None,
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let first = &value["moves"][0];
    assert!(first["from"].as_str().unwrap().contains(", partition "));
    assert!(first.get("slots").is_none() && first.get("ranges").is_none());
    assert!(first.get("bytes").is_none(), "no sizes, no bytes");

    let (json, _) = ok(
        &[
            "plan",
            "--ring-size",
            "2^32",
            "--vnodes",
            "10",
            "--servers",
            "a,b,c",
            "--remove",
            "b",
            "--keys",
            "20000",
            "--json",
        ],
        None,
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    for m in value["moves"].as_array().unwrap() {
        assert_eq!(m["from"], "b");
        assert!(!m["ranges"].as_array().unwrap().is_empty());
    }
}

#[test]
fn plan_refuses_no_change_no_keys_a_bad_rate_and_bounded_loads_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["plan", "--servers", "a,b", "--keys", "10"],
            "no change to plan",
        ),
        (
            &["plan", "--servers", "a,b", "--add", "c"],
            "--keys-file: give the keyspace",
        ),
        (
            &[
                "plan",
                "--servers",
                "a,b",
                "--add",
                "c",
                "--keys",
                "9",
                "--rate",
                "fast",
            ],
            "--rate: ",
        ),
        (
            &[
                "plan",
                "--servers",
                "a,b",
                "--placement",
                "bounded",
                "--add",
                "c",
                "--keys",
                "9",
            ],
            "only knowing every other key",
        ),
        (
            &[
                "plan",
                "--servers",
                "a,b",
                "--change",
                "placement:jump",
                "--keys",
                "9",
            ],
            "one placement through a change",
        ),
        (
            &[
                "plan",
                "--servers",
                "a,b",
                "--add",
                "c",
                "--keys-file",
                "/no/such/file",
            ],
            "there is no file /no/such/file",
        ),
    ];
    for (args, words) in cases {
        let message = refused(args);
        assert!(message.contains(words), "{args:?}: {message}");
    }
    let help = String::from_utf8(ringlab(&["plan", "--help"], None).stdout).unwrap();
    for flag in [
        "--add",
        "--remove",
        "--change",
        "--keys-file",
        "--keys",
        "--rate",
        "--json",
    ] {
        assert!(
            help.contains(&format!("Example: {flag} "))
                || help.contains(&format!("Example: {flag}\n")),
            "{flag} has no example in:\n{help}"
        );
    }
    let overview = String::from_utf8(ringlab(&["--help"], None).stdout).unwrap();
    assert!(overview.contains("ringlab plan"));
}
