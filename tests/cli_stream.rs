//! Keys past what the command line holds at once pass through it a batch at a time: the
//! answers of `lookup`, `experiment` and `plan` are those of the keys held whole, and the
//! memory they take does not grow with the keys.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// Runs `ringlab` with `args`, feeding `input` to its standard input; with the most memory the
/// process held at once, in kilobytes, as the kernel counts it (read while it runs).
fn ringlab(args: &[&str], input: Option<Vec<u8>>) -> (Output, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ringlab runs");
    let mut stdin = child.stdin.take().expect("a standard input");
    let writer = std::thread::spawn(move || {
        if let Some(bytes) = input {
            let _ = stdin.write_all(&bytes);
        }
    });
    let pid = child.id();
    let watcher = std::thread::spawn(move || {
        let mut peak = 0;
        let status = format!("/proc/{pid}/status");
        while let Ok(text) = std::fs::read_to_string(&status) {
            let Some(hwm) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            else {
                break;
            };
            peak = peak.max(hwm);
            std::thread::sleep(Duration::from_millis(5));
        }
        peak
    });
    let output = child.wait_with_output().expect("ringlab ends");
    writer.join().expect("the input is written");
    (output, watcher.join().expect("the watcher ends"))
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// `count` keys a line, as a tool would list them: `user:N:profile` and a few long ones.
fn keyspace(count: usize) -> Vec<u8> {
    let mut text = String::new();
    for i in 0..count {
        if i % 97 == 0 {
            text.push_str(&format!("/search?q={}&page={}\n", "x".repeat(i % 300), i));
        } else {
            text.push_str(&format!("user:{i}:profile\n"));
        }
    }
    text.into_bytes()
}

#[test]
fn experiment_on_keys_past_a_batch_reports_exactly_what_the_keys_held_whole_report() {
    let ring = [
        "--ring-size",
        "2^32",
        "--vnodes",
        "50",
        "--servers",
        "A,B,C,D",
    ];
    // Two million keys held whole, for a join; fewer for a leave.
    for (change, keys) in [(["--add", "E"], "2000000"), (["--remove", "B"], "300000")] {
        let mut whole = ring.to_vec();
        whole.extend(change);
        whole.extend(["--keys", keys, "--json", "--batch-keys", keys]);
        let mut batched = whole.clone();
        let at = batched.len() - 1;
        batched[at] = "100000";
        let (held, _) = ringlab(
            &["experiment"]
                .iter()
                .chain(&whole)
                .copied()
                .collect::<Vec<_>>(),
            None,
        );
        let (streamed, _) = ringlab(
            &["experiment"]
                .iter()
                .chain(&batched)
                .copied()
                .collect::<Vec<_>>(),
            None,
        );
        assert_eq!(stdout(&streamed), stdout(&held), "{change:?}");
    }
}

#[test]
fn experiment_from_standard_input_past_a_batch_reports_what_the_file_held_whole_reports() {
    let keys = keyspace(60_000);
    let args = [
        "experiment",
        "--servers",
        "A,B,C",
        "--vnodes",
        "20",
        "--add",
        "D",
    ];
    let mut whole = args.to_vec();
    whole.extend(["--keys-file", "-", "--json"]);
    let mut batched = whole.clone();
    batched.extend(["--batch-keys", "1000"]);
    let (held, _) = ringlab(&whole, Some(keys.clone()));
    let (streamed, _) = ringlab(&batched, Some(keys));
    assert_eq!(stdout(&streamed), stdout(&held));
}

#[test]
fn lookup_past_a_batch_answers_every_key_in_order_as_the_keys_held_whole_do() {
    let keys = keyspace(25_000);
    let args = [
        "lookup",
        "--placement",
        "redis-cluster",
        "--servers",
        "a:1,b:1,c:1",
        "--detail",
        "--keys-file",
        "-",
    ];
    let (held, _) = ringlab(&args, Some(keys.clone()));
    let mut batched = args.to_vec();
    batched.extend(["--batch-keys", "1000"]);
    let (streamed, _) = ringlab(&batched, Some(keys));
    let (held, streamed) = (stdout(&held), stdout(&streamed));
    assert_eq!(streamed.lines().count(), 25_000);
    assert_eq!(streamed, held);
}

#[test]
fn a_key_that_cannot_be_read_in_a_later_batch_is_named_by_its_line_in_the_whole_input() {
    let mut keys = keyspace(5_000);
    keys.extend(b"bad\x01key\n");
    keys.extend(keyspace(10));
    let (output, _) = ringlab(
        &[
            "lookup",
            "--servers",
            "A,B",
            "--keys-file",
            "-",
            "--batch-keys",
            "1000",
        ],
        Some(keys),
    );
    let words = String::from_utf8_lossy(&output.stderr);
    assert!(words.contains("5001"), "{words}");
}

#[test]
fn a_plan_of_six_times_more_keys_takes_no_more_memory() {
    let plan = |keys: &str| {
        let (output, peak) = ringlab(
            &[
                "plan",
                "--ring-size",
                "2^32",
                "--vnodes",
                "100",
                "--servers",
                "A,B,C",
                "--add",
                "D",
                "--keys",
                keys,
            ],
            None,
        );
        (stdout(&output), peak)
    };
    // Both past one block of the stream (8 MiB of lines), the second six times the first.
    let (few, few_peak) = plan("1000000");
    let (many, many_peak) = plan("6000000");
    assert!(few.contains("of 1,000,000 keys move"), "{few}");
    assert!(many.contains("of 6,000,000 keys move"), "{many}");
    // The same blocks pass through the same memory: a few megabytes of slack for the
    // allocator, never the 20 times more keys.
    assert!(
        many_peak < few_peak + 16 * 1024 && many_peak < 100 * 1024,
        "{few_peak} kB for 1,000,000 keys, {many_peak} kB for 6,000,000"
    );
}

#[test]
fn lookup_of_ten_times_more_keys_from_standard_input_takes_no_more_memory() {
    let lookup = |count: usize| {
        let (output, peak) = ringlab(
            &[
                "lookup",
                "--servers",
                "A,B,C",
                "--keys-file",
                "-",
                "--batch-keys",
                "10000",
            ],
            Some(keyspace(count)),
        );
        assert_eq!(stdout(&output).lines().count(), count);
        peak
    };
    // Both past the batches that are read, looked up and written side by side at once.
    let few = lookup(200_000);
    let many = lookup(2_000_000);
    assert!(
        many < few + 16 * 1024 && many < 100 * 1024,
        "{few} kB for 200,000 keys, {many} kB for 2,000,000"
    );
}

/// `count` keys a line with every fifth line a repeat of an earlier one, as logs have them.
fn keyspace_with_repeats(count: usize) -> Vec<u8> {
    let mut text = String::new();
    for i in 0..count {
        if i % 5 == 4 {
            text.push_str(&format!("user:{}:profile\n", i / 3));
        } else {
            text.push_str(&format!("user:{i}:profile\n"));
        }
    }
    text.into_bytes()
}

#[test]
fn one_thread_and_many_give_the_same_bytes_from_experiment_plan_and_lookup() {
    let ring = ["--ring-size", "2^32", "--vnodes", "40", "--servers"];
    let commands: [(&str, Vec<&str>, usize); 5] = [
        // Few keys move, so every moved key is listed, in ring order across the batches.
        (
            "experiment",
            [
                &ring[..],
                &[
                    "S0,S1,S2,S3,S4,S5,S6,S7,S8,S9,S10,S11,S12,S13,S14,S15,S16,S17,S18,S19",
                    "--add",
                    "S20",
                    "--json",
                ],
            ]
            .concat(),
            3_000,
        ),
        (
            "experiment",
            [&ring[..], &["A,B,C,D", "--remove", "B", "--json"]].concat(),
            60_000,
        ),
        // Past one block of the stream (8 MiB of lines).
        (
            "plan",
            [&ring[..], &["A,B,C", "--add", "D", "--json"]].concat(),
            600_000,
        ),
        (
            "lookup",
            [&ring[..], &["A,B,C", "--replicas", "2", "--detail"]].concat(),
            60_000,
        ),
        (
            "compare",
            [&ring[..], &["A,B,C,D", "--add", "E", "--systems", "--json"]].concat(),
            30_000,
        ),
    ];
    for (command, args, count) in commands {
        let keys = keyspace_with_repeats(count);
        let run = |threads: &str| {
            let mut all = vec![command];
            all.extend(&args);
            all.extend(["--keys-file", "-", "--threads", threads]);
            if command != "plan" {
                all.extend(["--batch-keys", "1000"]);
            }
            stdout(&ringlab(&all, Some(keys.clone())).0)
        };
        let one = run("1");
        if command == "experiment" && count == 8_000 {
            assert!(one.contains("\"moved_keys\": ["), "{one}");
        }
        for threads in ["2", "7"] {
            assert_eq!(run(threads), one, "{command} {args:?} on {threads} threads");
        }
        // A small file is read whole at once, then taken a batch at a time all the same.
        let folder = std::env::temp_dir().join(format!("ringlab-stream-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a folder for the keys");
        let file = folder.join(format!("{command}-{count}.txt"));
        std::fs::write(&file, &keys).expect("the keys are written");
        let mut all = vec![command];
        all.extend(&args);
        all.extend(["--keys-file", file.to_str().expect("a path in words")]);
        if command != "plan" {
            all.extend(["--batch-keys", "1000"]);
        }
        let from_file = stdout(&ringlab(&all, None).0);
        let _ = std::fs::remove_file(&file);
        assert_eq!(from_file, one, "{command} {args:?} from a file");
    }
}

#[test]
fn an_experiment_on_four_times_more_keys_takes_no_more_memory() {
    let experiment = |keys: &str| {
        let (output, peak) = ringlab(
            &[
                "experiment",
                "--ring-size",
                "2^32",
                "--vnodes",
                "100",
                "--servers",
                "A,B,C",
                "--add",
                "D",
                "--keys",
                keys,
                "--json",
            ],
            None,
        );
        (stdout(&output), peak)
    };
    // Both past the keys held whole, and past the batches on their way through every core.
    let (few, few_peak) = experiment("1500000");
    let (many, many_peak) = experiment("6000000");
    assert!(few.contains("\"keys\": 1500000"), "{few}");
    assert!(many.contains("\"keys\": 6000000"), "{many}");
    assert!(
        many_peak < few_peak + 16 * 1024 && many_peak < 100 * 1024,
        "{few_peak} kB for 1,500,000 keys, {many_peak} kB for 6,000,000"
    );
}

#[test]
fn compare_past_a_batch_reports_what_the_keys_held_whole_report_but_bounded_loads() {
    let keys = keyspace(40_000);
    let args = [
        "compare",
        "--ring-size",
        "2^32",
        "--vnodes",
        "30",
        "--servers",
        "A,B,C,D",
        "--remove",
        "C",
        "--keys-file",
        "-",
    ];
    let run = |batch: &str, json: bool| {
        let mut all = args.to_vec();
        all.extend(["--batch-keys", batch]);
        if json {
            all.push("--json");
        }
        stdout(&ringlab(&all, Some(keys.clone())).0)
    };
    let held: serde_json::Value = serde_json::from_str(&run("40000", true)).expect("JSON");
    let streamed: serde_json::Value = serde_json::from_str(&run("1000", true)).expect("JSON");
    let mut expected = held.clone();
    let placements = expected["placements"]
        .as_object_mut()
        .expect("the placements");
    assert!(placements.remove("bounded").is_some());
    assert_eq!(streamed["placements"], expected["placements"]);
    assert_eq!(streamed["keys"], 40_000);
    assert!(held.get("left_out").is_none());
    let table = run("1000", false);
    assert!(!table.contains("  Bounded loads "), "{table}");
    assert!(
        table.contains(
            "Note: Bounded loads is left out: it places each key knowing every other key"
        ),
        "{table}"
    );
}
