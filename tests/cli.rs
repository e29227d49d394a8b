//! The `ringlab` command, run as a program: its reports, its refusals and its help.

mod run;

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

/// Runs `ringlab` with `args` and, when given, `input` on standard input.
fn ringlab_with_input(args: &[&str], input: Option<&str>) -> Output {
    run::ringlab(args, input.map(str::as_bytes))
}

fn ringlab(args: &[&str]) -> Output {
    ringlab_with_input(args, None)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// The JSON report of a successful run.
fn report(args: &[&str]) -> Value {
    report_with_input(args, None)
}

fn report_with_input(args: &[&str], input: Option<&str>) -> Value {
    let output = ringlab_with_input(args, input);
    assert!(
        output.status.success(),
        "ringlab {args:?} failed: {}",
        stderr(&output)
    );
    serde_json::from_slice(&output.stdout).expect("the report is JSON")
}

fn number(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("{value} is a number"))
}

fn assert_close(value: &Value, expected: f64) {
    let got = number(value);
    assert!((got - expected).abs() < 1e-9, "{got} is not {expected}");
}

/// A file in the test's scratch directory holding `text`.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the scratch file is written");
    path
}

const LESSON_000: &[&str] = &[
    "experiment",
    "--servers",
    "A@10,B@40,C@75",
    "--add",
    "D@60",
    "--keys-at",
    "90,52,68,25,5",
    "--json",
];

#[test]
fn lesson_000_adding_d_at_60_moves_one_key_on_the_ring_and_four_under_mod_n() {
    let json = report(LESSON_000);
    assert_eq!(json["keys"], 5);
    assert_eq!(json["ring_size"], 100);
    assert_eq!(json["hash"], "md5-first32");
    assert_eq!(json["vnodes"], 1);
    assert_eq!(json["ring"]["moved"], 1);
    assert_eq!(json["mod_n"]["moved"], 4);
    assert_close(&json["ring"]["moved_fraction"], 0.2);
    assert_close(&json["mod_n"]["moved_fraction"], 0.8);
    assert_close(&json["ring"]["expected_fraction"], 0.25);
    assert_close(&json["mod_n"]["expected_fraction"], 0.75);

    let before = &json["ring"]["before"];
    assert_close(&before["shares"]["A"], 0.35);
    assert_close(&before["shares"]["B"], 0.30);
    assert_close(&before["shares"]["C"], 0.35);
    assert_eq!(before["counts"]["A"], 2); // 90 wraps to A at 10, and 5
    assert_eq!(before["counts"]["B"], 1); // 25
    assert_eq!(before["counts"]["C"], 2); // 52 and 68

    let after = &json["ring"]["after"];
    assert_eq!(after["counts"]["A"], 2);
    assert_eq!(after["counts"]["B"], 1);
    assert_eq!(after["counts"]["C"], 1);
    assert_eq!(after["counts"]["D"], 1);
    assert_close(&after["shares"]["D"], 0.20);
    assert_close(&after["shares"]["C"], 0.15);

    assert_eq!(
        json["ring"]["moved_keys"],
        serde_json::json!([{"key": "@52", "from": "C", "to": "D"}])
    );
    assert_eq!(
        json["servers"]["before"],
        serde_json::json!(["A", "B", "C"])
    );
    assert_eq!(
        json["servers"]["after"],
        serde_json::json!(["A", "B", "C", "D"])
    );
}

#[test]
fn removing_b_sends_key_25_to_d_and_leaves_d_half_the_ring() {
    let json = report(&[
        "experiment",
        "--servers",
        "A@10,B@40,C@75,D@60",
        "--remove",
        "B",
        "--keys-at",
        "90,52,68,25,5",
        "--json",
    ]);
    assert_eq!(json["ring"]["moved"], 1);
    assert_eq!(
        json["ring"]["moved_keys"],
        serde_json::json!([{"key": "@25", "from": "B", "to": "D"}])
    );
    let after = &json["ring"]["after"];
    assert_close(&after["shares"]["D"], 0.5);
    assert_close(&after["shares"]["C"], 0.15);
    assert_close(&after["shares"]["A"], 0.35);
    assert_eq!(after["counts"]["D"], 2);
    assert!(after["counts"].get("B").is_none());
    assert_close(&json["ring"]["expected_fraction"], 0.25);
    assert_close(&json["mod_n"]["expected_fraction"], 0.75);
}

#[test]
fn keys_can_be_read_from_standard_input() {
    let json = report_with_input(
        &[
            "experiment",
            "--servers",
            "A@10,B@40,C@75",
            "--add",
            "D@60",
            "--keys-file",
            "-",
            "--json",
        ],
        Some("@90\n@52\n\n@68\n@25\n@5\n"),
    );
    assert_eq!(json["keys"], 5);
    assert_eq!(json["ring"]["moved"], 1);
    assert_eq!(json["mod_n"]["moved"], 4);
}

#[test]
fn a_keys_file_holds_one_key_per_line_and_blank_lines_are_skipped() {
    let path = scratch_file("named-keys.txt", "user:1\r\n\r\n  user:2  \n@52\n\nkey-7\n");
    let json = report(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--servers",
        "a,b,c",
        "--keys-file",
        path.to_str().expect("a UTF-8 path"),
        "--json",
    ]);
    assert_eq!(json["keys"], 4);
    let counts = json["ring"]["after"]["counts"]
        .as_object()
        .expect("counts is an object");
    let total: u64 = counts.values().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(total, 4);
}

#[test]
fn generated_keys_on_the_full_ring_move_about_a_fifth_on_the_ring_and_four_fifths_under_mod_n() {
    let json = report(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--vnodes",
        "100",
        "--servers",
        "a,b,c,d",
        "--add",
        "e",
        "--keys",
        "20000",
        "--json",
    ]);
    assert_eq!(json["keys"], 20000);
    assert_eq!(json["ring_size"], 4_294_967_296_u64);
    let ring = number(&json["ring"]["moved_fraction"]);
    let mod_n = number(&json["mod_n"]["moved_fraction"]);
    assert!((0.12..0.28).contains(&ring), "the ring moved {ring}");
    assert!((0.77..0.83).contains(&mod_n), "mod N moved {mod_n}");
    assert_close(&json["ring"]["expected_fraction"], 0.2);
    assert_close(&json["mod_n"]["expected_fraction"], 0.8);
    assert_eq!(json["ring"]["after"]["points"]["e"], 100);
    // Thousands of moves are counted, not listed.
    assert!(json["mod_n"].get("moved_keys").is_none());
    // The new server's keys are exactly the keys that moved on the ring.
    assert_eq!(json["ring"]["after"]["counts"]["e"], json["ring"]["moved"]);
}

#[test]
fn a_weighted_server_is_expected_to_take_its_weight_share() {
    let json = report(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--vnodes",
        "50",
        "--servers",
        "a,b,c*2",
        "--add",
        "d*4",
        "--keys",
        "1000",
        "--json",
    ]);
    assert_eq!(json["ring"]["before"]["points"]["c"], 100);
    assert_eq!(json["ring"]["after"]["points"]["d"], 200);
    assert_close(&json["ring"]["expected_fraction"], 0.5);
    assert_close(&json["ring"]["after"]["ideals"]["d"], 0.5);
}

#[test]
fn without_a_change_the_one_ring_is_reported_and_nothing_moves() {
    let json = report(&[
        "experiment",
        "--servers",
        "A@10,B@40,C@75",
        "--keys-at",
        "90,52,68,25,5",
        "--json",
    ]);
    assert_eq!(json["ring"]["moved"], 0);
    assert_eq!(json["mod_n"]["moved"], 0);
    assert_eq!(json["change"], Value::Null);
    assert_eq!(json["ring"]["before"], json["ring"]["after"]);

    let output = ringlab(&["experiment", "--servers", "A@10,B@40,C@75"]);
    assert!(output.status.success());
    assert!(stdout(&output).contains("no key moved"));
}

#[test]
fn json_objects_keep_the_order_of_the_server_list() {
    let output = ringlab(&["experiment", "--servers", "zulu@5,alpha@50", "--json"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let shares = text.find("\"shares\"").expect("shares are reported");
    let zulu = text[shares..].find("\"zulu\"").expect("zulu has a share");
    let alpha = text[shares..].find("\"alpha\"").expect("alpha has a share");
    assert!(zulu < alpha, "zulu comes first, as listed:\n{text}");
}

#[test]
fn the_plain_report_shows_both_tables_the_moves_and_the_theory() {
    let args: Vec<&str> = LESSON_000
        .iter()
        .copied()
        .filter(|a| *a != "--json")
        .collect();
    let output = ringlab(&args);
    assert!(output.status.success());
    let text = stdout(&output);
    for expected in [
        "Before: 3 servers",
        "Server D added.",
        "After: 4 servers",
        "on the ring:  1 of 5 (20%)",
        "under mod N:  4 of 5 (80%)",
        "theory 1/(N+1) = 1/4 = 25%",
        "theory N/(N+1) = 3/4 = 75%",
        "@52 C -> D",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} is missing from:\n{text}"
        );
    }
    let d_row = text
        .lines()
        .find(|line| line.trim_start().starts_with("D "))
        .expect("D has a row after the change");
    let cells: Vec<&str> = d_row.split_whitespace().collect();
    assert_eq!(cells, ["D", "20%", "20", "1", "20%"]);
}

#[test]
fn bad_input_is_refused_with_one_line_and_no_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["--servers", "a", "--vnodes", "0"], "--vnodes"),
        (
            &["--servers", "a", "--ring-size", "ten"],
            "\"ten\" is not a whole number",
        ),
        (&["--servers", "a,a"], "There is already a server called a"),
        (
            &["--servers", "a,b", "--remove", "zz"],
            "There is no server called zz",
        ),
        (
            &["--servers", "A@10", "--keys-at", "100"],
            "Position 100 is outside the ring",
        ),
        (
            &["--servers", "a", "--hash", "sha1"],
            "Unknown hash \"sha1\"",
        ),
        (&["--servers", "a", "--remove", "a"], "at least one server"),
        (&["--servers", "A@10,B@10"], "Position 10 is taken by A"),
        (
            &["--servers", "A@10", "--add", "B@10"],
            "Position 10 is taken by A",
        ),
        (
            &["--servers", "a", "--keys", "many"],
            "\"many\" is not a whole number",
        ),
        (
            &["--servers", "a", "--keys", "-3"],
            "\"-3\" is not a whole number",
        ),
        (
            &["--servers", "a", "--keys-at", "5,5"],
            "The key @5 is already on the ring",
        ),
        (&["--servers", "a*0"], "Weights go from 1 to 10"),
        (&["--servers", "a,,b"], "A server needs a name"),
        (
            &["--servers", "a", "--add", "b", "--remove", "a"],
            "cannot be used with",
        ),
        (
            &["--servers", "a", "--keys", "3", "--keys-at", "4"],
            "cannot be used with",
        ),
        (&["--servers", "a", "--vnode", "3"], "--vnode"),
        (&["--add", "b"], "--servers"),
        (
            &["--servers", "a", "--keys-file", "/no/such/keys.txt"],
            "there is no file /no/such/keys.txt",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["experiment"];
        all.extend_from_slice(args);
        let output = ringlab(&all);
        let message = stderr(&output);
        assert!(!output.status.success(), "{all:?} was accepted");
        assert!(!message.contains("panicked"), "{all:?} panicked: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{all:?}: {message}");
        assert!(message.contains(expected), "{all:?}: {message}");
        assert!(output.stdout.is_empty(), "{all:?} printed a report");
    }
}

#[test]
fn a_key_that_cannot_be_read_names_its_line() {
    let path = scratch_file("bad-keys.txt", "user:1\n\nuser,2\n");
    let output = ringlab(&[
        "experiment",
        "--servers",
        "a",
        "--keys-file",
        path.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("line 3"), "{message}");
    assert!(!message.contains("panicked"));
}

/// Every flag of `ringlab experiment`.
const FLAGS: [&str; 19] = [
    "--ring-size",
    "--hash",
    "--vnodes",
    "--servers",
    "--add",
    "--remove",
    "--keys",
    "--keys-file",
    "--keys-at",
    "--placement",
    "--table-size",
    "--partitions",
    "--load-factor",
    "--probes",
    "--traffic",
    "--hot",
    "--remedy",
    "--reads",
    "--json",
];

#[test]
fn help_mentions_every_flag_with_an_example() {
    let output = ringlab(&["experiment", "--help"]);
    assert!(output.status.success());
    let help = stdout(&output);
    for flag in FLAGS {
        assert!(help.contains(flag), "{flag} is missing from:\n{help}");
        assert!(
            help.contains(&format!("Example: {flag} ")) || flag == "--json",
            "{flag} has no example"
        );
    }
    for word in [
        "md5-first32",
        "md5-low32",
        "java-hashcode",
        "2^32",
        "moved_keys",
    ] {
        assert!(help.contains(word), "{word} is missing from the help");
    }

    let output = ringlab(&["--help"]);
    assert!(output.status.success());
    let overview = stdout(&output);
    for flag in FLAGS {
        assert!(
            overview.contains(flag),
            "{flag} is missing from:\n{overview}"
        );
    }
}

#[test]
fn version_prints_the_package_version() {
    for flag in ["--version", "-V"] {
        let output = ringlab(&[flag]);
        assert!(output.status.success(), "{flag} fails");
        assert_eq!(
            stdout(&output).trim(),
            format!("ringlab {}", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn a_placement_measures_the_change_under_it_and_keeps_mod_n_beside_it() {
    let report = report(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--servers",
        "a,b,c,d",
        "--add",
        "e",
        "--keys",
        "2000",
        "--placement",
        "jump",
        "--json",
    ]);
    assert_eq!(report["placement"], "jump");
    let moved = number(&report["jump"]["moved"]);
    assert!((300.0..=500.0).contains(&moved), "{moved}");
    assert!(number(&report["mod_n"]["moved"]) > 1400.0);
    assert!(report.get("ring").is_none());
}

#[test]
fn compare_reports_all_nine_placements_in_json_and_markdown() {
    let args = [
        "compare",
        "--servers",
        "A@10,B@40,C@75",
        "--add",
        "D@60",
        "--keys-at",
        "90,52,68,25,5",
    ];
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let report = report(&json_args);
    assert_eq!(report["keys"], 5);
    // The placements come in the order the page offers them.
    let raw = stdout(&ringlab(&json_args));
    let order = [
        "ring",
        "mod_n",
        "ketama",
        "rendezvous",
        "jump",
        "maglev",
        "table",
        "bounded",
        "multi_probe",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|name| {
            raw.find(&format!("\"{name}\": {{"))
                .unwrap_or_else(|| panic!("{name}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    assert_eq!(report["placements"]["ring"]["moved"], 1);
    assert_eq!(report["placements"]["mod_n"]["moved"], 4);
    let after = report["placements"]["ring"]["after"]["counts"]
        .as_object()
        .unwrap();
    assert_eq!(after.keys().collect::<Vec<_>>(), ["A", "B", "C", "D"]);
    assert_eq!(
        report["placements"]["rendezvous"]["lookup_cost"]["unit"],
        "servers scored"
    );

    let mut md_args = args.to_vec();
    md_args.push("--markdown");
    let output = ringlab(&md_args);
    assert!(output.status.success());
    let table = stdout(&output);
    assert!(table.contains("| placement | keys moved |"), "{table}");
    assert_eq!(table.lines().filter(|l| l.starts_with("| ")).count(), 10);
}

#[test]
fn lookup_prints_a_server_for_each_key_and_the_copies_when_asked() {
    let output = ringlab(&[
        "lookup",
        "--placement",
        "ketama",
        "--servers",
        "127.0.0.1:11211,127.0.0.1:11212",
        "test",
        "test",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    // libketama's own test: with weights 600 and 400 "test" goes to the first server; with
    // equal weights this list sends it there too.
    assert_eq!(
        stdout(&output),
        "test\t127.0.0.1:11211\ntest\t127.0.0.1:11211\n"
    );

    let output = ringlab(&[
        "lookup",
        "--ring-size",
        "2^32",
        "--vnodes",
        "50",
        "--servers",
        "a,b,c,d",
        "--replicas",
        "3",
        "user:1",
    ]);
    let line = stdout(&output);
    let fields: Vec<&str> = line.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 3, "{line}");
    let copies: Vec<&str> = fields[2].split(',').collect();
    assert_eq!(copies.len(), 3);
    assert_eq!(copies[0], fields[1]);
}

#[test]
fn traffic_adds_the_requests_and_what_the_moved_keys_carried() {
    let report = report(&[
        "experiment",
        "--ring-size",
        "2^32",
        "--vnodes",
        "100",
        "--servers",
        "a,b,c,d",
        "--add",
        "e",
        "--keys",
        "1000",
        "--traffic",
        "zipf:1.1",
        "--hot",
        "key-500*1000",
        "--remedy",
        "copies:3",
        "--json",
    ]);
    let requests = &report["requests"];
    assert_eq!(requests["reads"], 50000.0);
    assert_eq!(requests["popularity"], "zipf:1.10");
    let shares: f64 = requests["after"]["shares"]
        .as_object()
        .unwrap()
        .values()
        .map(number)
        .sum();
    assert!((shares - 1.0).abs() < 1e-9, "{shares}");
    assert!(number(&requests["moved_share"]) > 0.0);
    assert!(
        number(&requests["after"]["peak_to_mean_with_remedies"])
            <= number(&requests["after"]["peak_to_mean"])
    );
}

#[test]
fn bad_placements_and_traffic_are_refused_with_one_line() {
    for (args, words) in [
        (
            vec!["--placement", "modulo"],
            "--placement: Unknown placement",
        ),
        (
            vec!["--placement", "maglev", "--table-size", "65536"],
            "--table-size: Maglev's table size must be a prime",
        ),
        (
            vec!["--placement", "bounded", "--load-factor", "4"],
            "--load-factor: The load factor c goes from 1.00 to 3.00.",
        ),
        (
            vec!["--placement", "multi-probe", "--probes", "0"],
            "--probes: Multi-probe takes from 1 to 64 probes.",
        ),
        (
            vec!["--traffic", "zipf:7"],
            "--traffic: Zipf's s goes from 0 to 3.",
        ),
        (vec!["--hot", "nope*5"], "--hot: There is no key nope."),
        (
            vec!["--remedy", "copies:9"],
            "--remedy: Copies of a hot key go from 2 to 5.",
        ),
    ] {
        let mut all = vec!["experiment", "--servers", "a,b*2,c", "--keys", "10"];
        all.extend(args);
        let output = ringlab(&all);
        assert_eq!(output.status.code(), Some(2), "{all:?}");
        let err = stderr(&output);
        assert!(err.contains(words), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let output = ringlab(&["experiment", "--servers", "a,b*2,c", "--placement", "jump"]);
    assert!(stderr(&output).contains("no weights"));
}

/// Every flag of `ringlab quiz`.
const QUIZ_FLAGS: [&str; 8] = [
    "--seed", "--count", "--kind", "--level", "--set", "--reply", "--ask", "--json",
];

#[test]
fn quiz_prints_each_question_with_its_answer_and_working_the_same_for_the_same_seed() {
    let run = |seed: &str| {
        let output = ringlab(&["quiz", "--seed", seed, "--count", "6"]);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    let text = run("42");
    for expected in [
        "Question 1 of 6 · Which keys move? · level 1",
        "Question 2 of 6 · Who owns this key?",
        "Question 6 of 6 · Choose one",
        "Scenario: ?ring=100&servers=",
        "Answer: ",
        "  - ",
        "Shown on the ring: ?",
        "Exercise set of 6 questions, for ?quiz= in the page's address:",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} is missing from:\n{text}"
        );
    }
    assert_eq!(text, run("42"));
    assert_ne!(text, run("43"));
    let set = text.lines().last().expect("the set ends the report");
    assert!(
        set.starts_with("1.") && set.split('.').count() == 7,
        "{set}"
    );
}

#[test]
fn quiz_json_gives_each_question_and_the_set_reads_back_the_same() {
    let json = report(&[
        "quiz",
        "--seed",
        "7",
        "--count",
        "4",
        "--kind",
        "moves,owner",
        "--level",
        "3",
        "--json",
    ]);
    assert_eq!(json["seed"], 7);
    let questions = json["questions"].as_array().expect("a list of questions");
    assert_eq!(questions.len(), 4);
    for (i, q) in questions.iter().enumerate() {
        assert_eq!(q["number"], i + 1);
        assert_eq!(q["kind"], if i % 2 == 0 { "moves" } else { "owner" });
        assert_eq!(q["level"], 3);
        assert!(q["prompt"].as_str().is_some_and(|p| p.ends_with('?')));
        assert!(q["answer"]["text"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(!q["worked"].as_array().expect("worked lines").is_empty());
        assert!(q["question"]
            .as_str()
            .is_some_and(|t| t.starts_with("ring=100&") && t.contains("&ask=")));
    }
    assert!(questions[0]["answer"]["keys"].is_array());
    assert!(questions[1]["answer"]["server"].is_string());
    let set = json["set"].as_str().expect("the set");
    let back = report(&["quiz", "--set", set, "--json"]);
    assert_eq!(back["seed"], Value::Null);
    assert_eq!(back["problems"], serde_json::json!([]));
    for (a, b) in questions
        .iter()
        .zip(back["questions"].as_array().expect("questions"))
    {
        assert_eq!(a["prompt"], b["prompt"]);
        assert_eq!(a["answer"], b["answer"]);
        assert_eq!(b["level"], Value::Null);
    }
}

#[test]
fn quiz_lists_the_questions_a_set_could_not_use_and_refuses_a_set_with_none() {
    let json = report(&["quiz", "--seed", "3", "--count", "2", "--json"]);
    let set = json["set"].as_str().expect("the set");
    let damaged = format!("quiz={set}.not+base64");
    let output = ringlab(&["quiz", "--set", &damaged]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Question 2 of 2"), "{text}");
    assert!(
        text.contains("Skipped: Question 3: it cannot be read: it holds '+'"),
        "{text}"
    );
    let output = ringlab(&["quiz", "--set", "2.abc"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    assert!(
        message.contains("--set: no question could be used."),
        "{message}"
    );
}

#[test]
fn bad_quiz_flags_are_refused_with_one_line_and_no_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["--kind", "essay"], "Unknown kind of question \"essay\""),
        (
            &["--count", "0"],
            "--count: a quiz holds from 1 to 100 questions.",
        ),
        (&["--count", "101"], "--count"),
        (&["--count", "-2"], "--count"),
        (&["--level", "7"], "Practice levels go from 1 to 6."),
        (&["--level", "hard"], "\"hard\" is not a whole number"),
        (&["--seed", "-1"], "--seed"),
        (&["--seed", "3", "--set", "1."], "cannot be used with"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["quiz"];
        all.extend_from_slice(args);
        let output = ringlab(&all);
        let message = stderr(&output);
        assert!(!output.status.success(), "{all:?} was accepted");
        assert!(!message.contains("panicked"), "{all:?} panicked: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{all:?}: {message}");
        assert!(message.contains(expected), "{all:?}: {message}");
        assert!(output.stdout.is_empty(), "{all:?} printed a report");
    }
}

#[test]
fn quiz_help_mentions_every_flag_with_an_example_and_the_overview_names_quiz() {
    let output = ringlab(&["quiz", "--help"]);
    assert!(output.status.success());
    let help = stdout(&output);
    for flag in QUIZ_FLAGS {
        assert!(help.contains(flag), "{flag} is missing from:\n{help}");
        assert!(
            help.contains(&format!("Example: {flag} ")) || flag == "--json",
            "{flag} has no example"
        );
    }
    for word in [
        "moves", "owner", "number", "arc", "share", "choice", "?quiz=",
    ] {
        assert!(help.contains(word), "{word} is missing from the help");
    }
    let overview = stdout(&ringlab(&["--help"]));
    assert!(overview.contains("ringlab quiz"), "{overview}");
}

#[test]
fn the_example_set_in_the_quiz_help_reads_and_answers_lesson_000() {
    let help = stdout(&ringlab(&["quiz", "--help"]));
    let start =
        help.find("ringlab quiz --set 1.").expect("an example set") + "ringlab quiz --set ".len();
    let rest = &help[start..];
    let end = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
    let mut set = rest[..end].trim_end_matches('\\').to_string();
    let after = rest[end..].trim_start();
    if after.starts_with('.') {
        set.push_str(after.split_whitespace().next().unwrap_or(""));
    }
    let json = report(&["quiz", "--set", &set, "--json"]);
    let questions = json["questions"].as_array().expect("questions");
    assert_eq!(questions.len(), 2, "{json}");
    assert_eq!(questions[0]["answer"]["server"], "A");
    assert_eq!(questions[1]["answer"]["moved"], serde_json::json!(["@52"]));
}

#[test]
fn quiz_marks_the_engines_own_answers_right_and_another_owner_wrong_for_any_seed() {
    for seed in 0..12u64 {
        let seed = seed.to_string();
        let args = [
            "quiz",
            "--seed",
            &seed,
            "--count",
            "2",
            "--kind",
            "moves,owner",
            "--json",
        ];
        let asked = report(&args);
        let moved: Vec<&str> = asked["questions"][0]["answer"]["moved"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k.as_str().unwrap())
            .collect();
        let moved = if moved.is_empty() {
            "none".to_string()
        } else {
            moved.join(",")
        };
        let owner = asked["questions"][1]["answer"]["server"].as_str().unwrap();
        let mut with_replies = args.to_vec();
        with_replies.extend(["--reply", &moved, "--reply", owner]);
        let marked = report(&with_replies);
        assert_eq!(marked["score"]["right"], 2, "seed {seed}: {marked}");
        assert_eq!(marked["questions"][0]["marked"]["right"], true);

        let other = if owner == "A" { "B" } else { "A" };
        let mut wrong = args.to_vec();
        wrong.extend(["--reply", &moved, "--reply", other]);
        let marked = report(&wrong);
        assert_eq!(marked["score"]["right"], 1, "seed {seed}: {marked}");
        let verdict = marked["questions"][1]["marked"]["verdict"]
            .as_str()
            .unwrap();
        assert!(verdict.contains(owner), "{verdict}");
    }
}

#[test]
fn quiz_text_shows_each_key_graded_and_ends_with_the_score() {
    let output = ringlab(&[
        "quiz", "--seed", "42", "--count", "2", "--reply", "@41,@19", "--reply", "A",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Your reply: @41,@19"), "{text}");
    assert!(text.contains("@55 missed"), "{text}");
    assert!(text.contains("@19 wrongly marked"), "{text}");
    assert!(text.contains("Ringlab quiz: 1 of 2 right"), "{text}");
}

#[test]
fn quiz_refuses_unreadable_replies_and_more_replies_than_questions_in_one_line() {
    for (args, words) in [
        (
            vec!["quiz", "--count", "1", "--reply", "a", "--reply", "b"],
            "2 replies for 1 question",
        ),
        (
            vec!["quiz", "--seed", "42", "--count", "1", "--reply", "@7"],
            "no key @7",
        ),
        (
            vec!["quiz", "--count", "1", "--kind", "arc", "--reply", "left"],
            "--reply",
        ),
    ] {
        let output = ringlab(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.contains(words), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn quiz_ask_puts_each_question_without_its_answer_asks_again_on_an_unreadable_reply_and_scores() {
    // Seed 42: C joins at 91 and moves @41 and @55; then A owns @17.
    let output = ringlab_with_input(
        &["quiz", "--seed", "42", "--count", "2", "--ask"],
        Some("@41,@55\nnobody\nB\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let first_answer = text.find("Answer:").expect("an answer is shown");
    let first_prompt = text.find("Your answer").expect("a reply is asked for");
    assert!(first_prompt < first_answer, "{text}");
    assert!(
        text.contains("These keys move: @41 (A → C) and @55 (A → C)"),
        "{text}"
    );
    assert!(text.contains("Not nobody: A owns it."), "{text}");
    assert!(text.contains("Ringlab quiz: 1 of 2 right"), "{text}");

    let output = ringlab_with_input(
        &[
            "quiz", "--seed", "42", "--count", "2", "--kind", "arc", "--ask",
        ],
        Some("left\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Try again."), "{text}");
    assert!(text.contains("No more replies."), "{text}");
    assert!(text.contains("no questions answered yet"), "{text}");

    let output = ringlab(&["quiz", "--ask", "--json"]);
    assert_eq!(output.status.code(), Some(2));
}

/// Four caches of 100 points on the full ring, 10,000 keys: the set-up of lesson 000's timeline.
const CACHES: &[&str] = &[
    "timeline",
    "--ring-size",
    "2^32",
    "--vnodes",
    "100",
    "--servers",
    "a,b,c,d",
    "--keys",
    "10000",
];

fn timeline(args: &[&str]) -> Value {
    let mut all = CACHES.to_vec();
    all.extend_from_slice(args);
    report(&all)
}

#[test]
fn a_timeline_after_adding_a_server_costs_one_miss_per_moved_key_and_settles() {
    let t = timeline(&["--add", "e", "--json"]);
    assert_eq!(t["change"], "add:e");
    assert_eq!(t["placement"], "ring");
    assert_eq!(t["baseline"], "mod_n");
    for name in ["ring", "mod_n"] {
        let curve = &t[name];
        let moved = number(&curve["moved"]);
        assert!(moved > 0.0, "{name} moved nothing");
        // 50,000 reads/s at 95 % hits: 2,500 database reads/s before, and each moved key
        // misses once at its new server, 0.95 of a read in all.
        assert_close(&curve["steady"], 2_500.0);
        let extra = number(&curve["extra_reads"]);
        assert!(
            (extra - 0.95 * moved).abs() < 1e-6 * moved,
            "{name}: {extra}"
        );
        // Right after the change every moved key's reads that would have hit go to the database.
        let peak = number(&curve["peak"]);
        let spike = 2_500.0 + 47_500.0 * moved / 10_000.0;
        assert!(
            (peak - spike).abs() < 1e-6 * spike,
            "{name}: {peak} vs {spike}"
        );
        assert!(number(&curve["settle"]) > 0.0);
        let samples = curve["samples"].as_array().unwrap();
        let last = samples.last().unwrap()[1].as_f64().unwrap();
        assert!(
            (last - 2_500.0).abs() < 0.05 * 2_500.0,
            "{name} ends at {last}"
        );
    }
    // Mod N moves most keys, the ring about a fifth.
    assert!(number(&t["mod_n"]["moved"]) > 2.0 * number(&t["ring"]["moved"]));
    assert!(t["outage"].is_null());
    assert_eq!(t["gossip_windows"].as_array().unwrap().len(), 0);
    assert!(number(&t["axis"]["end"]) >= number(&t["ring"]["settle"]));
}

#[test]
fn a_failure_with_three_copies_makes_no_storm() {
    let t = timeline(&["--fail", "c", "--replicas", "3", "--json"]);
    let ring = &t["ring"];
    assert!(number(&ring["moved"]) > 0.0);
    assert_close(&ring["extra_reads"], 0.0);
    assert_close(&ring["cold_keys"], 0.0);
    assert_close(&ring["peak"], number(&ring["steady"]));
    assert_eq!(t["failed"], "c");
    assert!(t["restart_at"].is_null());
}

#[test]
fn a_restart_misses_the_returning_keys_again_and_delivers_the_hints() {
    let t = timeline(&[
        "--fail",
        "c",
        "--restart-after",
        "60",
        "--writes",
        "500",
        "--gossip",
        "10",
        "--json",
    ]);
    let ring = &t["ring"];
    let moved = number(&ring["moved"]);
    assert_close(&ring["moved_back"], moved);
    assert_close(&t["restart_at"], 60.0);
    assert_close(&t["outage"]["to"], 60.0);
    let windows = t["gossip_windows"].as_array().unwrap();
    assert_eq!(windows.len(), 2);
    assert_close(&windows[1]["from"], 60.0);
    assert_close(&windows[1]["to"], 70.0);
    // The writes meant for c's keys (their share of 500/s) are held for 60 s.
    let per_second = 500.0 * moved / 10_000.0;
    assert_close(&ring["hints"]["per_second"], per_second);
    assert_close(&ring["hints"]["delivered"], per_second * 60.0);
    // Old-view clients send c's keys' reads to c for half the window on average.
    assert_close(&ring["misrouted"], 50_000.0 * moved / 10_000.0 * 5.0);
    // After the restart the reads rise a second time.
    let samples = ring["samples"].as_array().unwrap();
    let at = |t: f64| {
        samples
            .iter()
            .filter(|s| s[0].as_f64().unwrap() >= t)
            .map(|s| s[1].as_f64().unwrap())
            .next()
            .unwrap()
    };
    assert!(at(59.0) < 2_600.0, "{}", at(59.0));
    assert!(at(60.5) > 3_000.0, "{}", at(60.5));
    assert!(number(&t["axis"]["end"]) >= 70.0);
}

#[test]
fn the_timeline_csv_has_a_row_per_sample_and_the_plain_report_names_the_figures() {
    let json = timeline(&["--remove", "b", "--json"]);
    let samples = json["ring"]["samples"].as_array().unwrap().len();
    let mut args = CACHES.to_vec();
    args.extend_from_slice(&["--remove", "b", "--csv"]);
    let output = ringlab(&args);
    assert!(output.status.success());
    let csv = stdout(&output);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("t_seconds,ring,mod_n"));
    assert_eq!(lines.clone().count(), samples);
    for line in lines {
        let fields: Vec<f64> = line.split(',').map(|f| f.parse().unwrap()).collect();
        assert_eq!(fields.len(), 3, "{line}");
    }

    let mut args = CACHES.to_vec();
    args.extend_from_slice(&["--fail", "c", "--restart-after", "60", "--writes", "5"]);
    let output = ringlab(&args);
    assert!(output.status.success());
    let plain = stdout(&output);
    for words in [
        "Change: fail:c.",
        "c restarts, empty, after 60 s.",
        "peak database reads/s",
        "extra database reads in all",
        "99 % of them in by",
        "keys moved back at the restart",
        "hints delivered at the restart",
        "t (s)",
        "60 (just before)",
    ] {
        assert!(plain.contains(words), "{words:?} is missing from:\n{plain}");
    }
}

#[test]
fn bad_timeline_input_is_refused_with_one_line_and_no_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "--add <SERVER>|--remove <NAME>|--fail <NAME>"),
        (&["--fail", "z"], "--fail: There is no server called z."),
        (&["--remove", "z"], "--remove: There is no server called z."),
        (&["--add", "a"], "There is already a server called a"),
        (&["--add", "e", "--fail", "a"], "cannot be used with"),
        (
            &["--add", "e", "--restart-after", "60"],
            "--restart-after: only a failed server",
        ),
        (
            &["--fail", "c", "--restart-after", "0"],
            "--restart-after: A failed server restarts from 1",
        ),
        (
            &["--fail", "c", "--gossip", "601"],
            "--gossip: A membership change reaches every client in 0 to 600",
        ),
        (
            &["--fail", "c", "--writes", "-4"],
            "--writes: \"-4\" is not a whole number",
        ),
        (&["--fail", "c", "--replicas", "9"], "--replicas"),
        (
            &["--fail", "c", "--hit", "150"],
            "The hit rate goes from 0% to 100%",
        ),
        (
            &["--fail", "c", "--hit", "most"],
            "--hit: \"most\" is not a percentage",
        ),
        (
            &["--fail", "c", "--reads", "0"],
            "at least 1 read per second",
        ),
        (
            &["--fail", "c", "--traffic", "zipf:9"],
            "--traffic: Zipf's s goes from 0 to 3.",
        ),
    ];
    for (args, expected) in cases {
        let mut all = CACHES.to_vec();
        all.extend_from_slice(args);
        let output = ringlab(&all);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{all:?} was accepted");
        assert!(!message.contains("panicked"), "{all:?} panicked: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{all:?}: {message}");
        assert!(message.contains(expected), "{all:?}: {message}");
        assert!(output.stdout.is_empty(), "{all:?} printed a report");
    }
    let output = ringlab(&["timeline", "--servers", "a", "--keys", "5", "--fail", "a"]);
    assert!(stderr(&output).contains("At least one server must stay up"));
}

#[test]
fn the_vnode_sweep_prints_the_spread_beside_one_over_root_v() {
    let ten = "a,b,c,d,e,f,g,h,i,j";
    let output = ringlab(&[
        "sweep",
        "vnodes",
        "--ring-size",
        "2^32",
        "--servers",
        ten,
        "--csv",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let csv = stdout(&output);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("vnodes,spread,predicted,peak_to_mean"));
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|f| f.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 1_000);
    for (i, row) in rows.iter().enumerate() {
        let v = (i + 1) as f64;
        assert_eq!(row[0], v);
        assert!((row[2] - 1.0 / v.sqrt()).abs() < 1e-12);
        assert!(row[1] >= 0.0 && row[3] >= 1.0);
    }
    // At 1,000 points a server the spread is a few percent, near 1/sqrt(1000).
    assert!(rows[999][1] < 0.1, "{}", rows[999][1]);

    let json = report(&[
        "sweep",
        "vnodes",
        "--ring-size",
        "2^32",
        "--servers",
        ten,
        "--up-to",
        "3",
        "--json",
    ]);
    assert_eq!(json["sweep"], "vnodes");
    assert_eq!(json["points"].as_array().unwrap().len(), 3);
    assert_close(&json["points"][0]["spread"], rows[0][1]);

    let output = ringlab(&["sweep", "vnodes", "--servers", "a,b,c", "--up-to", "4"]);
    let plain = stdout(&output);
    assert!(plain.contains("1/sqrt(v)"), "{plain}");
    assert_eq!(plain.lines().filter(|l| l.starts_with("  ")).count(), 5);
}

#[test]
fn the_servers_sweep_prints_moved_shares_beside_the_ideal_and_mod_n() {
    let json = report(&[
        "sweep",
        "servers",
        "--ring-size",
        "2^32",
        "--vnodes",
        "100",
        "--servers",
        "s0",
        "--keys",
        "10000",
        "--up-to",
        "10",
        "--also",
        "rendezvous,jump",
        "--json",
    ]);
    assert_eq!(json["sweep"], "servers");
    assert_eq!(json["keys"], 10_000);
    let points = json["points"].as_array().unwrap();
    assert_eq!(points.len(), 10);
    for (i, p) in points.iter().enumerate() {
        let n = (i + 1) as f64;
        assert_close(&p["servers"], n);
        assert_close(&p["ideal"], 1.0 / (n + 1.0));
        assert_close(&p["mod_n_expected"], n / (n + 1.0));
        // Rendezvous and jump move close to their fair share; mod N close to N/(N+1).
        for name in ["rendezvous", "jump"] {
            let share = number(&p["others"][name]);
            assert!(
                (share - 1.0 / (n + 1.0)).abs() < 0.03,
                "{name} at {n}: {share}"
            );
        }
        assert!((number(&p["mod_n"]) - n / (n + 1.0)).abs() < 0.03);
    }

    let output = ringlab(&[
        "sweep",
        "servers",
        "--servers",
        "a",
        "--keys",
        "100",
        "--up-to",
        "3",
        "--csv",
    ]);
    let csv = stdout(&output);
    assert_eq!(
        csv.lines().next(),
        Some("servers,joined,ring,ideal,mod_n,mod_n_expected")
    );
    assert_eq!(csv.lines().count(), 4);
}

#[test]
fn bad_sweeps_are_refused_with_one_line_and_no_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["sweep"], "<WHAT>"),
        (
            &["sweep", "nodes", "--servers", "a"],
            "invalid value 'nodes'",
        ),
        (
            &["sweep", "vnodes", "--servers", "a", "--up-to", "0"],
            "from 1 to 1000",
        ),
        (
            &["sweep", "vnodes", "--servers", "a", "--up-to", "5000"],
            "from 1 to 1000",
        ),
        (
            &["sweep", "vnodes", "--servers", "a", "--up-to", "lots"],
            "--up-to: \"lots\"",
        ),
        (
            &[
                "sweep",
                "servers",
                "--servers",
                "a",
                "--keys",
                "9",
                "--up-to",
                "500",
            ],
            "up to 100 servers",
        ),
        (&["sweep", "servers", "--servers", "a"], "add keys first"),
        (
            &[
                "sweep",
                "servers",
                "--servers",
                "a",
                "--keys",
                "9",
                "--also",
                "foo",
            ],
            "--also: Unknown placement",
        ),
        (
            &[
                "sweep",
                "servers",
                "--servers",
                "a",
                "--keys",
                "9",
                "--csv",
                "--json",
            ],
            "cannot be used with",
        ),
    ];
    for (all, expected) in cases {
        let output = ringlab(all);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{all:?} was accepted");
        assert!(!message.contains("panicked"), "{all:?} panicked: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{all:?}: {message}");
        assert!(message.contains(expected), "{all:?}: {message}");
    }
}

#[test]
fn the_series_commands_explain_themselves_with_examples() {
    for (command, flags) in [
        (
            "timeline",
            &[
                "--add",
                "--remove",
                "--fail",
                "--restart-after",
                "--gossip",
                "--writes",
                "--reads",
                "--hit",
                "--replicas",
                "--traffic",
                "--hot",
                "--keys",
            ][..],
        ),
        (
            "sweep",
            &["--up-to", "--also", "--servers", "--vnodes", "--keys"][..],
        ),
    ] {
        let output = ringlab(&[command, "--help"]);
        assert!(output.status.success());
        let help = stdout(&output);
        assert!(help.contains("Examples:"), "{command}:\n{help}");
        assert!(
            help.contains("--csv") && help.contains("--json"),
            "{command}"
        );
        for flag in flags {
            assert!(
                help.contains(&format!("Example: {flag} ")),
                "{command} {flag} has no example"
            );
        }
    }
    let overview = stdout(&ringlab(&["--help"]));
    assert!(overview.contains("ringlab timeline") && overview.contains("ringlab sweep"));
}

#[test]
fn lookup_of_a_keys_file_answers_every_line_repeats_included() {
    let keys = "user:1\nuser:2\n\nuser:1\n";
    let from_file = ringlab_with_input(
        &[
            "lookup",
            "--ring-size",
            "2^32",
            "--vnodes",
            "50",
            "--servers",
            "a,b,c",
            "--keys-file",
            "-",
        ],
        Some(keys),
    );
    assert!(from_file.status.success(), "{}", stderr(&from_file));
    let by_argument = ringlab(&[
        "lookup",
        "--ring-size",
        "2^32",
        "--vnodes",
        "50",
        "--servers",
        "a,b,c",
        "user:1",
        "user:2",
        "user:1",
    ]);
    assert_eq!(stdout(&from_file), stdout(&by_argument));
    assert_eq!(stdout(&from_file).lines().count(), 3);
    let bad = ringlab_with_input(
        &["lookup", "--servers", "a,b", "--keys-file", "-"],
        Some("ok\nnot,one\n"),
    );
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("line 2"), "{}", stderr(&bad));
}

#[test]
fn a_data_file_in_any_format_feeds_keys_and_traffic_from_file() {
    let csv = "user,hits\nalice,30\nbob,x\ncarol,12\n";
    let output = ringlab_with_input(
        &[
            "experiment",
            "--ring-size",
            "2^32",
            "--vnodes",
            "50",
            "--servers",
            "a,b,c",
            "--add",
            "d",
            "--keys-file",
            "-",
            "--format",
            "csv",
            "--key-column",
            "user",
            "--count-column",
            "hits",
            "--traffic",
            "from-file",
            "--json",
        ],
        Some(csv),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["keys"], 2);
    assert_eq!(report["requests"]["popularity"], "data");
    assert!(
        stderr(&output).contains("line 3: the count \"x\" is not a whole number"),
        "{}",
        stderr(&output)
    );

    let log = "1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET /a HTTP/1.0\" 200 1\n1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET /a HTTP/1.0\" 200 1\n";
    let output = ringlab_with_input(
        &[
            "lookup",
            "--servers",
            "a,b",
            "--keys-file",
            "-",
            "--format",
            "access-log",
        ],
        Some(log),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 1);
    assert!(stdout(&output).starts_with("/a\t"));

    let refused = ringlab_with_input(
        &[
            "experiment",
            "--servers",
            "a",
            "--keys-file",
            "-",
            "--format",
            "xml",
        ],
        Some("a\n"),
    );
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("no format called \"xml\""),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn a_scenario_file_is_read_by_experiment_compare_and_lookup() {
    use ringlab::core::{read_link, write_scenario};
    let scenario = read_link(
        "ring=2^32&vnodes=20&servers=a,b,c&keys=user:1,user:2,user:3&placement=maglev",
        100,
    )
    .scenario;
    let path =
        std::env::temp_dir().join(format!("ringlab-cli-{}.ringlab.json", std::process::id()));
    std::fs::write(&path, write_scenario(&scenario)).unwrap();
    let file = path.to_str().unwrap();

    let lookup = ringlab(&["lookup", "--scenario", file]);
    assert!(lookup.status.success(), "{}", stderr(&lookup));
    let lines: Vec<String> = stdout(&lookup).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    let placed = scenario.placed();
    for (id, line) in lines.iter().enumerate() {
        let owner = &placed.names()[placed.owner_of_key(scenario.keys(), id as u32)];
        assert_eq!(
            line,
            &format!("{}\t{owner}", scenario.keys().label(id as u32))
        );
    }
    let experiment = ringlab(&["experiment", "--scenario", file, "--add", "d", "--json"]);
    assert!(experiment.status.success(), "{}", stderr(&experiment));
    let report: serde_json::Value = serde_json::from_str(&stdout(&experiment)).unwrap();
    assert_eq!(report["keys"], 3);
    assert!(report.get("maglev").is_some(), "{report}");
    let compare = ringlab(&["compare", "--scenario", file, "--add", "d"]);
    assert!(compare.status.success(), "{}", stderr(&compare));

    std::fs::write(&path, "{\"kind\": \"ringlab-scenario\"").unwrap();
    let cut = ringlab(&["lookup", "--scenario", file]);
    assert!(!cut.status.success());
    assert!(stderr(&cut).contains("ends too early"), "{}", stderr(&cut));
    let both = ringlab(&["lookup", "--scenario", file, "--servers", "a"]);
    assert!(!both.status.success());
    let _ = std::fs::remove_file(&path);
}

#[test]
fn svg_draws_the_ring_of_the_flags_or_of_a_link_with_its_names_and_labels_as_text() {
    let lesson = [
        "svg",
        "--servers",
        "A@10,B@40,C@75",
        "--keys-at",
        "90,52,68,25,5",
        "--add",
        "D@60",
    ];
    let output = ringlab(&lesson);
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = stdout(&output);
    assert!(svg.starts_with("<?xml"), "{svg}");
    assert!(svg.contains("viewBox=\"0 0 480 480\" width=\"480\" height=\"480\""));
    for name in ["A", "B", "C", "D", "5", "25", "52", "68", "90"] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name} in {svg}");
    }
    // Key 52 moved to D, and is ringed; the light palette's background is written in.
    assert_eq!(svg.matches("class=\"moved\"").count(), 1);
    assert!(svg.contains("fill=\"#ffffff\""));
    assert!(svg.contains("<title>Hash ring of 100 positions with 4 servers and 5 keys</title>"));

    let dark = ringlab(&[&lesson[..], &["--theme", "dark", "--size", "800"]].concat());
    assert!(dark.status.success(), "{}", stderr(&dark));
    let dark = stdout(&dark);
    assert!(dark.contains("width=\"800\"") && dark.contains("fill=\"#16181d\""));

    let classes = ringlab(&[&lesson[..], &["--classes"]].concat());
    let classes = stdout(&classes);
    assert!(classes.contains("class=\"arc s3\""), "{classes}");
    assert!(!classes.contains('#') && !classes.contains("style"));

    let link = ringlab(&[
        "svg",
        "--link",
        "https://example.org/?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&select=@90&present=1",
    ]);
    assert!(link.status.success(), "{}", stderr(&link));
    let link = stdout(&link);
    assert!(link.contains("class=\"walk\""), "{link}");
    assert!(link.contains("class=\"ringlab-ring present\""));
    assert!(link.contains("Key 90 is selected; its walk runs clockwise to A."));
}

#[test]
fn svg_refuses_a_bad_size_an_unknown_key_and_a_link_beside_the_ring_placement_or_keys_flags() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["svg", "--servers", "A,B", "--size", "99"],
            "--size: the side goes from 100 to 10000 pixels.",
        ),
        (
            &["svg", "--servers", "A,B", "--keys", "3", "--select", "@91"],
            "--select: there is no key @91.",
        ),
        (
            &["svg", "--link", "?servers=A,B", "--servers", "A,B"],
            "cannot be used with",
        ),
        // The placement's flags and the keys' flags too, though their groups hold groups of
        // flags of their own.
        (
            &["svg", "--link", "?servers=A,B", "--placement", "jump"],
            "cannot be used with: --placement <NAME>;",
        ),
        (
            &["svg", "--link", "?servers=A,B", "--num-tokens", "4"],
            "--num-tokens <T>;",
        ),
        (
            &[
                "svg",
                "--link",
                "?servers=A,B",
                "--nodetool-ring",
                "ring.txt",
            ],
            "--nodetool-ring <FILE>;",
        ),
        (
            &["svg", "--link", "?servers=A,B", "--keys", "5"],
            "cannot be used with: --keys <N>;",
        ),
        (
            &["svg", "--servers", "A,B", "--classes", "--theme", "dark"],
            "cannot be used with",
        ),
        (&["svg", "--keys", "3"], "--servers: give the servers"),
    ];
    for (args, words) in cases {
        let output = ringlab(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(words), "{args:?}: {message}");
        assert!(output.stdout.is_empty());
    }
    let help = stdout(&ringlab(&["svg", "--help"]));
    for flag in [
        "--link",
        "--select",
        "--requests",
        "--present",
        "--theme",
        "--size",
        "--classes",
        "--servers",
        "--add",
    ] {
        assert!(
            help.contains(&format!("Example: {flag} "))
                || help.contains(&format!("Example: {flag}\n")),
            "{flag} has no example in:\n{help}"
        );
    }
    assert!(stdout(&ringlab(&["--help"])).contains("ringlab svg"));
}

/// `n` characters of a repeating alphabet, to make long keys of a known length.
fn filler(n: usize) -> String {
    "0123456789abcdefghijklmnopqrstuvwxyz"
        .chars()
        .cycle()
        .take(n)
        .collect()
}

#[test]
fn lookup_answers_for_keys_of_50_and_1000_bytes_with_the_slot_redis_gives() {
    let fifty = format!("cache:{}", filler(44));
    // Redis 7.0.15's CLUSTER KEYSLOT gave this key slot 8542.
    let thousand = format!("session:{}", filler(992));
    assert_eq!((fifty.len(), thousand.len()), (50, 1000));
    let output = ringlab(&[
        "lookup",
        "--placement",
        "redis-cluster",
        "--servers",
        "a,b,c",
        "--detail",
        &fifty,
        &thousand,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with(&format!("{fifty}\t")), "{out}");
    assert_eq!(lines[1], format!("{thousand}\tb\tslot=8542"));
    // The same keys from a keys file, one a line.
    let from_file = ringlab_with_input(
        &[
            "lookup",
            "--placement",
            "redis-cluster",
            "--servers",
            "a,b,c",
            "--detail",
            "--keys-file",
            "-",
        ],
        Some(&format!("{fifty}\n{thousand}\n")),
    );
    assert!(from_file.status.success(), "{}", stderr(&from_file));
    assert_eq!(stdout(&from_file), out);
}

#[test]
fn lookup_of_a_key_past_64_kib_exits_2_with_the_limit_and_the_keys_length() {
    let over = "k".repeat(65_537);
    let output = ringlab(&["lookup", "--servers", "a,b", "user:1", &over]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let message = stderr(&output);
    assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    assert!(
        message.contains(
            "key 2: A key is at most 65,536 bytes long in UTF-8, and this one is 65,537 bytes."
        ),
        "{message}"
    );
    // In a data file, the line is skipped and said; the rest is looked up.
    let output = ringlab_with_input(
        &[
            "lookup",
            "--servers",
            "a,b",
            "--format",
            "lines",
            "--keys-file",
            "-",
        ],
        Some(&format!("user:1\n{over}\n")),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 1);
    assert!(
        stderr(&output).contains("line 2: the key \"kkkkkkkkkkkkkkkkkkkkkkkk…\" cannot be one: A key is at most 65,536 bytes"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn lesson_worksheet_is_one_html_page_per_step_with_its_ring_drawn_and_the_answers_last() {
    let output = ringlab(&["lesson", "teaching-ring", "--worksheet"]);
    assert!(output.status.success());
    let html = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(html.starts_with("<!DOCTYPE html>"));
    // Self-contained: no script, no file it loads.
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains("src="));
    assert_eq!(html.matches("<section class=\"step\">").count(), 6);
    assert_eq!(html.matches("<div class=\"still\"><svg").count(), 6);
    assert!(html.contains("<h2>Step 3 of 6: D joins at 60</h2>"));
    let answers = html
        .find("<section class=\"answers\">")
        .expect("an answers page");
    assert!(html.rfind("<section class=\"step\">").unwrap() < answers);
    assert!(html[answers..].contains("<h3>Question "));
    assert!(html.contains("class=\"room\""));
}

#[test]
fn an_exercise_set_link_prints_as_a_worksheet_of_one_question_a_page() {
    use ringlab::teach::quiz::{encode_set, Ask, Question};
    let set = encode_set(&[
        Question::new(
            "ring=100&servers=A@20,B@50,C@80&keys=@95",
            Ask::Owner { key: "@95".into() },
        ),
        Question::new(
            "ring=100&servers=A@10,B@40,C@75&keys=@52",
            Ask::Owner { key: "@52".into() },
        ),
    ]);
    let link = format!("https://example.org/ringlab/?quiz={set}");
    let output = ringlab(&["lesson", &link, "--worksheet"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(html.contains("<h1>Exercise set</h1>"));
    assert_eq!(html.matches("<section class=\"step\">").count(), 2);
    assert_eq!(html.matches("<div class=\"still\"><svg").count(), 2);
}
