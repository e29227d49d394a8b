//! Every input the fuzz targets (fuzz/, run by scripts/fuzz.sh) found a fault with, kept as a
//! plain test so that it stays fixed without the fuzzer. Each test names its target.

use ringlab::core::MAX_KEYS;
use ringlab::teach::quiz::decode_set;

/// A refusal repeats at most the start of what it refuses: a sentence, not the input.
fn short(message: &str) {
    assert!(
        message.chars().count() <= 300,
        "{} characters: {message:?}",
        message.chars().count()
    );
}

// exercise_set: a set whose first piece (its version) was long junk was refused with the whole
// piece repeated back.
#[test]
fn a_set_with_a_long_unknown_version_is_refused_in_a_sentence() {
    let junk = format!("\u{13}{}", "\u{13}\0".repeat(5_000));
    let set = decode_set(&format!("{junk}.cmluZz0xMDA"));
    assert!(set.questions.is_empty());
    assert_eq!(set.problems.len(), 1);
    let message = set.problems[0].to_string();
    short(&message);
    assert!(
        message.starts_with("This exercise set starts with"),
        "{message}"
    );
    let _ = MAX_KEYS;
}

mod data_file {
    use ringlab::core::data::{read_data, DataOptions, Format, Reading};
    use ringlab::core::{HashScheme, RingSize};

    fn options(format: Format, key: Option<&str>, count: Option<&str>) -> DataOptions {
        DataOptions {
            format,
            key_column: key.map(String::from),
            count_column: count.map(String::from),
        }
    }

    fn read(text: &[u8], options: DataOptions) -> Result<ringlab::core::data::Opened, String> {
        read_data(
            text.to_vec(),
            options,
            HashScheme::default(),
            RingSize::FULL,
        )
        .map_err(|e| e.to_string())
    }

    // data_file: a count that was no whole number was repeated whole in the reason a line was
    // skipped, and a refusal listed five long reasons: a file of such lines was refused in a
    // thousand characters.
    #[test]
    fn a_skipped_lines_reason_quotes_a_few_characters_of_it() {
        let long = "9x".repeat(500);
        let text = format!("key,n\na,{long}\nb,1\n");
        let opened = read(text.as_bytes(), options(Format::Csv, None, Some("n"))).unwrap();
        let reason = &opened.skipped.first[0].1;
        assert!(reason.starts_with("the count \"9x9x"), "{reason}");
        super::short(reason);
        let controls = "\u{1}".repeat(40);
        let text: String = (0..10).map(|i| format!("{controls}{i}\n")).collect();
        let refused = read(text.as_bytes(), options(Format::Lines, None, None)).unwrap_err();
        assert!(
            refused.starts_with("No line of the file could be read"),
            "{refused}"
        );
        assert!(
            refused.contains("line 1:") && refused.contains("and 7 more"),
            "{refused}"
        );
        assert!(refused.chars().count() <= 600, "{refused}");
    }

    // data_file: a key column missing from a header of a thousand columns was refused with
    // every column named, and with the whole of the column asked for.
    #[test]
    fn a_missing_column_is_refused_naming_a_few_of_the_headers_columns() {
        let header: Vec<String> = (0..1000).map(|i| format!("column {i}")).collect();
        let text = format!("{}\n1\n", header.join(","));
        let wanted = "w".repeat(5000);
        let refused = read(text.as_bytes(), options(Format::Csv, Some(&wanted), None)).unwrap_err();
        assert!(refused.contains("and 992 more"), "{refused}");
        assert!(refused.contains("1 to 1,000"), "{refused}");
        super::short(&refused);
        let field = read(b"x\n", options(Format::AccessLog, Some(&wanted), None)).unwrap_err();
        super::short(&field);
    }

    // data_file: reading all at once (the command line) checked the whole file to be UTF-8
    // before reading its header, so it named a bad byte on line 4 where reading in slices (the
    // page) named the missing column on line 1.
    #[test]
    fn reading_at_once_and_in_slices_name_the_same_first_problem() {
        let text = b"id,name\n1,a\n2,b\n3,caf\xe9\n".to_vec();
        let chosen = options(Format::Csv, Some("host"), None);
        let at_once = read(&text, chosen.clone()).unwrap_err();
        let mut reading =
            Reading::new(text, chosen, HashScheme::default(), RingSize::FULL).unwrap();
        while !reading.step(1) {}
        let sliced = reading.finish().unwrap_err().to_string();
        assert!(at_once.contains("The key column \"host\""), "{at_once}");
        assert_eq!(at_once, sliced);
    }

    // data_file: a key starting with a byte-order mark, read after a skipped line, was written
    // first into the keys' text, whose reader passes over a byte-order mark: the key lost it,
    // and a key that was only one vanished, leaving a file read with no key at all.
    #[test]
    fn a_key_that_starts_with_a_byte_order_mark_keeps_it() {
        let opened = read(
            "a\tb\n\u{feff}\n\u{feff}x\n".as_bytes(),
            options(Format::Lines, None, None),
        )
        .unwrap();
        let labels: Vec<String> = (0..opened.keys.len() as u32)
            .map(|id| opened.keys.label(id))
            .collect();
        assert_eq!(labels, ["\u{feff}", "\u{feff}x"]);
    }
}

mod scenario_file {
    use ringlab::core::{
        read_link, read_scenario, write_link, write_scenario, Change, HashScheme, RingSize,
        Scenario, Server,
    };

    fn reopens(scenario: &Scenario) {
        let file = write_scenario(scenario);
        let again = read_scenario(&file).unwrap();
        assert!(again == *scenario, "{file}");
        let link = write_link(scenario, None, &[]);
        let again = read_link(&link, ringlab::core::MAX_KEYS);
        assert!(again.ignored.is_empty(), "{link}: {:?}", again.ignored);
        assert!(again.scenario == *scenario, "{link}");
    }

    // scenario_file: a server named `t*` was taken, and its link `servers=t*` read as a server
    // `t` with a weight that is no number, so the saved scenario did not open.
    #[test]
    fn a_server_name_with_a_star_is_refused() {
        let refused = Scenario::new(
            RingSize::FULL,
            HashScheme::default(),
            10,
            vec![Server::hashed("t*")],
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            refused,
            "Names cannot contain '*': it has a meaning in links and commands."
        );
        let mut scenario = Scenario::teaching();
        let change = Change::AddServer {
            name: "A*2".into(),
            at: None,
            weight: None,
        };
        assert!(scenario.apply(change).is_err());
    }

    // scenario_file: replacing four servers with one kept the slot, partition and shard
    // tables of four, which the link wrote and no link could read back.
    #[test]
    fn a_new_server_list_keeps_only_the_systems_tables_that_fit_it() {
        let mut scenario = read_link("ring=2^32&servers=A*3,F*4&gen=97", 1000).scenario;
        scenario.apply("servers:A".parse().unwrap()).unwrap();
        reopens(&scenario);
    }

    // scenario_file: after the highest generated key was removed the generator went on past
    // it, which neither a file nor a link records: the scenario reopened as another.
    #[test]
    fn removing_the_highest_generated_key_leaves_a_scenario_that_reopens_the_same() {
        let mut scenario = read_link("ring=2^32&servers=A,B&gen=80&keys=key-12593", 1000).scenario;
        scenario.apply("drop:key-12593".parse().unwrap()).unwrap();
        reopens(&scenario);
        scenario.apply("gen:1".parse().unwrap()).unwrap();
        assert_eq!(scenario.keys().label(80), "key-80");
    }

    // data_file: a first key starting with a byte-order mark lost it in the saved file's keys.
    #[test]
    fn a_first_key_that_starts_with_a_byte_order_mark_is_saved_whole() {
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::AddKeys {
                keys: vec!["\u{feff}x".into()],
            })
            .unwrap();
        let again = read_scenario(&write_scenario(&scenario)).unwrap();
        assert!(again == scenario);
    }

    // scenario_file: a file whose first field had a long name that is no field of a scenario
    // file was refused with the whole name, and with the list of every field a file may have.
    #[test]
    fn a_file_with_a_long_unknown_field_or_kind_is_refused_in_a_sentence() {
        let long = "k".repeat(400);
        let saved = write_scenario(&read_link("ring=100&servers=A,B", 100).scenario);
        for text in [
            format!("{{\"{long}\":1}}"),
            saved.replace("\"ringlab-scenario\"", &format!("\"{long}\"")),
            saved.replace("\"version\":1", &format!("\"version\":\"{long}\"")),
        ] {
            assert_ne!(text, saved);
            let message = read_scenario(&text).unwrap_err().to_string();
            super::short(&message);
            assert!(
                message.starts_with("This scenario file cannot be opened: it"),
                "{message}"
            );
            assert!(message.contains("kkkk"), "{message}");
        }
        let message = read_scenario(&format!("{{\"{long}\":1}}"))
            .unwrap_err()
            .to_string();
        assert!(message.contains("unknown field"), "{message}");
        assert!(message.ends_with("at line 1 column 403)."), "{message}");
    }

    // scenario_file, again: a field's name that held serde's own quoting marks (backticks) was
    // cut between each pair of them, and a refusal of 627 characters was left.
    #[test]
    fn a_file_with_a_long_field_name_full_of_backticks_is_refused_in_a_sentence() {
        let name = "kin``6```g``".repeat(40);
        for text in [
            format!("{{\"{name}\":1}}"),
            format!("{{\"kind\":\"{}\"}}", "a\\\"b`".repeat(80)),
        ] {
            let message = read_scenario(&text).unwrap_err().to_string();
            super::short(&message);
            assert!(
                message.starts_with("This scenario file cannot be opened: it"),
                "{message}"
            );
        }
        let message = read_scenario(&format!("{{\"{name}\":1}}"))
            .unwrap_err()
            .to_string();
        assert!(message.contains("unknown field `kin``6"), "{message}");
    }

    /// A saved file of a scenario without counts or a data source, with its settings replaced
    /// and its check worked out again, as `src/core/file.rs` documents it: the MD5 of the other
    /// fields, each text followed by a zero byte, then a zero byte where counts and the source
    /// would be.
    fn with_settings(settings: &str) -> String {
        use md5::{Digest, Md5};
        let saved = write_scenario(&read_link("ring=100&servers=A,B", 100).scenario);
        let mut file: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&saved).unwrap();
        assert!(file.get("counts").is_none_or(|c| c.is_null()), "{saved}");
        assert!(file.get("source").is_none_or(|c| c.is_null()), "{saved}");
        file.insert("settings".into(), settings.into());
        let text = |name: &str| file[name].as_str().unwrap().to_string();
        let mut md5 = Md5::new();
        for part in [
            text("kind"),
            file["version"].to_string(),
            text("settings"),
            text("hot"),
            text("popularity"),
        ] {
            md5.update(part.as_bytes());
            md5.update([0]);
        }
        md5.update([0]);
        md5.update([0]);
        md5.update(text("keys").as_bytes());
        let check: String = md5.finalize().iter().map(|b| format!("{b:02x}")).collect();
        file.insert("check".into(), check.into());
        serde_json::Value::Object(file).to_string()
    }

    /// Why `file` is refused, or a failure saying it opened.
    fn refusal(file: &str) -> String {
        match read_scenario(file) {
            Ok(_) => panic!("the file opened: {file}"),
            Err(e) => e.to_string(),
        }
    }

    // scenario_file, a third time: settings with many parameters that could not be read were
    // refused with every note joined, 742 characters of them.
    #[test]
    fn settings_with_many_unreadable_parameters_are_refused_with_the_first_and_a_count() {
        let mut settings = String::from("ring=100&servers=A,B");
        for i in 0..30 {
            settings.push_str(&format!("&p{i}=1&p{i}=2"));
        }
        let message = refusal(&with_settings(&settings));
        super::short(&message);
        assert!(
            message
                .starts_with("This scenario file cannot be opened: its settings cannot be read: "),
            "{message}"
        );
        assert!(message.ends_with(" other notes)."), "{message}");
        // One unreadable parameter is said alone.
        let file = with_settings("ring=100&servers=A,B&q=1&q=2");
        let message = refusal(&file);
        assert!(message.contains("q: given 2 times"), "{message}");
        assert!(!message.contains("other note"), "{message}");
        assert!(message.ends_with('.'), "{message}");
    }

    // The same reader gave "its settings cannot be read: ." for settings that read well but
    // name a change to make, which a file does not hold.
    #[test]
    fn settings_that_name_a_change_to_make_are_refused_in_words() {
        let file = with_settings("ring=100&servers=A,B&then=add:C");
        assert!(read_link("ring=100&servers=A,B&then=add:C", 100)
            .last
            .is_some());
        let message = refusal(&file);
        assert!(message.contains("`then=`"), "{message}");
        assert!(!message.contains(": ."), "{message}");
    }
}

mod pasted {
    use ringlab::core::pasted::{read, Format, MAX_PROBLEMS};
    use ringlab::core::placement::systems::nginx::split;
    use ringlab::core::{read_link, write_link, Scenario};

    // pasted: nginx split a server's name at its fifth byte to look for `unix:`, which
    // panicked when that byte was inside a character.
    #[test]
    fn an_nginx_server_whose_name_starts_with_wide_characters_is_placed() {
        assert_eq!(split("сервер:80"), ("сервер", "80"));
        let block =
            "upstream u {\n  hash $arg_key consistent;\n  server сервер:80;\n  server b:80;\n}\n";
        let pasted = read(
            "nginx-upstream".parse::<Format>().unwrap(),
            block,
            &Scenario::teaching(),
        )
        .unwrap();
        assert_eq!(pasted.scenario.placed().names().len(), 2);
    }

    // pasted: a megabyte of unusable lines was refused with a problem for each line, each
    // repeating the whole of a field.
    #[test]
    fn a_refusal_lists_a_few_problems_each_in_a_few_words() {
        let line = format!(
            "{} 127.0.0.1:1@2 master - 0 0 1 connected 0-16383\n",
            "z".repeat(5000)
        );
        let refused = read(
            "cluster-nodes".parse::<Format>().unwrap(),
            &line.repeat(100),
            &Scenario::teaching(),
        )
        .unwrap_err();
        assert_eq!(refused.problems.len(), MAX_PROBLEMS);
        assert_eq!(refused.problems[MAX_PROBLEMS - 1], "and 82 more problems");
        for problem in &refused.problems {
            super::short(problem);
        }
    }

    // pasted: a host whose name holds U+FFFD wrote a link that read back with a note that it
    // held bytes that are not text: the link reader took any U+FFFD for one.
    #[test]
    fn a_name_holding_the_replacement_character_travels_in_a_link() {
        let pasted = read(
            "envoy-hosts".parse::<Format>().unwrap(),
            "10.0.0\u{fffd}.2:80\n",
            &Scenario::teaching(),
        )
        .unwrap();
        let link = write_link(&pasted.scenario, None, &[]);
        let again = read_link(&link, 1000);
        assert!(again.ignored.is_empty(), "{link}: {:?}", again.ignored);
        assert!(again.scenario == pasted.scenario);
        let bad = read_link("servers=a%FFb", 1000);
        assert!(
            bad.ignored[0].contains("not valid text"),
            "{:?}",
            bad.ignored
        );
    }
}

mod lesson_text {
    use ringlab::teach::lessons::{read_text, write_text};

    // lesson_text: a question whose ask: line held a lone carriage return was written with a
    // space in its place, so the lesson read back as another.
    #[test]
    fn a_lone_carriage_return_in_a_field_reads_back_as_it_was() {
        let text = "ringlab lesson 1\ntitle: T\r1\n\nstep: S\nlink: servers=A\nquestion: Q\nlead: L\nask: servers=A&ask=owner\r&key=x\n";
        let read = read_text(text);
        assert!(read.skipped.is_empty(), "{:?}", read.skipped);
        let again = read_text(&write_text(&read.lesson));
        assert!(again.skipped.is_empty(), "{:?}", again.skipped);
        assert_eq!(again.lesson, read.lesson);
    }

    // lesson_text: a field name a step does not take (`id:`) with no value stayed in the
    // caption as "id: ", which was written with its end trimmed and read back as "id:".
    #[test]
    fn a_field_line_with_no_value_in_a_caption_reads_back_as_it_was() {
        let text = "ringlab lesson 1\ntitle: T\n\nstep: S\nlink: servers=A\nid:\nlead:   \n";
        let read = read_text(text);
        assert_eq!(read.lesson.steps[0].caption, "id:\nlead:");
        assert_eq!(read_text(&write_text(&read.lesson)).lesson, read.lesson);
    }

    // lesson_text: a file whose first line named a long version, and a step pointing at a long
    // name, were read with notes repeating the whole of it.
    #[test]
    fn a_note_about_a_lesson_repeats_a_few_characters_of_what_it_left_out() {
        let long = "v".repeat(5000);
        let text = format!(
            "ringlab lesson {long}
title: T

step: S
link: servers=A
point: panel {long}
"
        );
        let read = read_text(&text);
        assert_eq!(read.skipped.len(), 2, "{:?}", read.skipped);
        for note in &read.skipped {
            super::short(note);
        }
    }
}

mod words {
    use ringlab::core::{parse_number, quoted};

    // data_file: a refusal quoted the start of a person's text with `{:?}`, which writes each
    // control character as `\u{17}`: 48 of them made 288 characters, and a file of such keys
    // was refused in over 600.
    #[test]
    fn a_quoted_text_is_cut_after_a_few_escaped_characters() {
        let text = format!("1{}", "\u{17}".repeat(200));
        let refused = parse_number::<u32>(&text).unwrap_err().to_string();
        assert!(refused.chars().count() <= 80, "{refused}");
        assert_eq!(quoted("it's \"here\""), r#""it's \"here\"""#);
        assert_eq!(quoted(&"ab".repeat(40)).chars().count(), 51);
        assert_eq!(quoted("ключ"), "\"ключ\"");
    }
}

mod existing_targets {
    use ringlab::core::message::{read_message, Field};
    use ringlab::core::{read_link, Change};

    // host_message: a key holding a comma was carried as one key, which its change text reads
    // as two.
    #[test]
    fn a_host_message_key_holding_a_comma_is_refused() {
        let refused = read_message(|name| match name {
            "type" => Field::Text("ringlab:addKeys".into()),
            "keys" => Field::Texts(vec!["a,b".into()]),
            _ => Field::Absent,
        })
        .unwrap_err();
        assert!(refused.to_string().contains("','"), "{refused}");
    }

    // host_message: a key list holding an empty key (`""` among `usb@` and others) was carried
    // as it came, refused when applied, while its change text, which leaves the empty key out,
    // applied: the message is now refused as its change would be.
    #[test]
    fn a_host_message_key_list_holding_an_empty_key_is_refused() {
        for empty in ["", "   "] {
            let refused = read_message(|name| match name {
                "type" => Field::Text("ringlab:addKeys".into()),
                "keys" => Field::Texts(vec!["usb@".into(), empty.into(), "user:7".into()]),
                _ => Field::Absent,
            })
            .unwrap_err();
            assert_eq!(refused.to_string(), "A key needs a name or a position.");
        }
    }

    // change_text: `move:*@1*2` read as moving server `*` to 1, its weight dropped, and wrote
    // `move:*@1`, which does not read (the `*` starts a weight). A move now refuses a weight.
    #[test]
    fn a_move_with_a_weight_is_refused_rather_than_read_without_it() {
        for text in ["move:*@1*2", "move:A@12*3"] {
            let refused = text.parse::<Change>().unwrap_err().to_string();
            assert!(refused.contains("without a weight"), "{text}: {refused}");
        }
        let read: Change = "move:A@12".parse().unwrap();
        assert_eq!(read.to_string(), "move:A@12");
    }

    // change_text: a rebalance option, a reshard, an Elasticsearch version and a master named
    // in a rebalance were repeated whole in their refusals.
    #[test]
    fn the_real_systems_changes_refuse_in_a_few_words() {
        let junk = "\u{e}".repeat(300);
        for text in [
            format!("rebalance:{junk}"),
            format!("reshard:{junk}"),
            format!("index:3/4/9.{junk}"),
        ] {
            let refused = text.parse::<Change>().unwrap_err().to_string();
            super::short(&refused);
        }
        let mut scenario = read_link("ring=2^32&servers=A,B&placement=redis-cluster", 10).scenario;
        let name = "u".repeat(1000);
        for change in [
            format!("rebalance:{name}=1"),
            format!("reshard:all>{name}=10"),
        ] {
            let refused = scenario
                .apply(change.parse().unwrap())
                .unwrap_err()
                .to_string();
            super::short(&refused);
        }
    }
}

mod link {
    use ringlab::core::{read_link, write_link};

    // link: on a ring of two positions, ten thousand generated keys and as many named ones share
    // each position, and every named key was compared with every other key at its position:
    // the link took seconds to read. Duplicates at a crowded position are now counted instead.
    #[test]
    fn a_ring_of_two_positions_holds_twenty_thousand_keys_and_finds_a_duplicate_among_them() {
        let names: Vec<String> = (0..10_000).map(|n| format!("user:{n}")).collect();
        let query = format!("ring=2&gen=10000&keys={}", names.join(","));
        let link = read_link(&query, 20_000);
        assert_eq!(link.scenario.keys().len(), 20_000);
        assert!(link.ignored.is_empty(), "{:?}", link.ignored);
        let again = read_link(&write_link(&link.scenario, None, &[]), 20_000);
        assert!(again.scenario == link.scenario);

        let twice = format!("ring=2&gen=10000&keys={},user:17", names.join(","));
        let link = read_link(&twice, 20_001);
        assert_eq!(link.scenario.keys().len(), 20_000);
        let notes = link.ignored.join(" ");
        assert!(notes.contains("user:17"), "{notes}");
    }

    // link: a long parameter name holding bytes that are not text was repeated whole before the
    // words of its note, and the note, cut to a line, kept only the name. The person's text in a
    // note is now its first few characters, so every note ends in its own words.
    #[test]
    fn a_note_about_a_long_parameter_keeps_its_words() {
        let long = "x".repeat(300);
        let queries = [
            format!("{}%De", "\u{FFFD}".repeat(300)),
            format!("servers=A,B&down={long}"),
            format!("servers=A,B&hot={long}"),
            format!("servers=A,B&remedy={long}"),
            format!("servers=@{long}"),
            format!("servers=A,B&keys=@{long}"),
        ];
        for query in queries {
            let link = read_link(&query, 100);
            assert!(!link.ignored.is_empty(), "{query} reads without a note");
            for note in &link.ignored {
                assert!(note.chars().count() < 200, "{note}");
                assert!(!note.ends_with('…'), "a note cut short: {note}");
            }
        }
    }
}

mod decimals {
    use ringlab::core::parse_decimal;

    // decimals: thirteen significant digits followed by zeros were kept as a nineteen-digit
    // mantissa, rounded once into a double and again by the scaling: one unit in the last place
    // away from the standard library's reading.
    #[test]
    fn significant_digits_followed_by_zeros_read_as_the_standard_library_reads_them() {
        for text in [
            ".200000000005100000000000000",
            "0.2000000000051",
            "123456789012345000000e-20",
            "900719925474099000e-3",
        ] {
            assert_eq!(parse_decimal(text), text.parse::<f64>().ok(), "{text}");
        }
    }
}

mod scenario_apply {
    use ringlab::core::{read_link, write_link, Change, Scenario};

    // scenario_apply: the teaching ring's five keys, then key-0 to key-999, then key-500
    // dropped was written `keys=…,key-501,…&gen=500`, which reads the run after the keys that
    // followed it: another order, so other ranks under Zipf popularity.
    #[test]
    fn a_generated_run_between_other_keys_keeps_its_place_in_a_link() {
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::GenerateKeys { count: 1000 })
            .unwrap();
        scenario
            .apply(Change::DropKey {
                label: "key-500".into(),
            })
            .unwrap();
        let written = write_link(&scenario, None, &[]);
        assert!(
            written.contains("keys=@90,@52,@68,@25,@5&gen=500&later=key-501,"),
            "{written}"
        );
        let again = read_link(&written, 10_000);
        assert!(again.ignored.is_empty(), "{:?}", again.ignored);
        assert!(again.scenario == scenario);
        let labels = |s: &Scenario| -> Vec<String> {
            (0..s.keys().len() as u32)
                .map(|id| s.keys().label(id))
                .collect()
        };
        assert_eq!(labels(&again.scenario), labels(&scenario));
    }
}

mod keys_text {
    use ringlab::core::{HashScheme, Key, KeySet, RingSize};

    // keys_text: the single key `key-1777777770` marked its number in a bit set sized to it,
    // 222 MB, and the set read again took as much: over a second. Such a key is now kept in
    // full, and behaves as any other generated key.
    #[test]
    fn a_generated_key_with_a_huge_number_is_kept_in_full_and_reads_again() {
        for label in ["key-1777777770", "key-16777216", "key-4294967295"] {
            let mut set = KeySet::new(RingSize::FULL, HashScheme::default());
            set.insert_lines(format!("{label}\nuser:7\n")).unwrap();
            assert_eq!(set.label(0), label);
            assert_eq!(set.find(label), Some(0));
            let mut again = KeySet::new(RingSize::FULL, HashScheme::default());
            again.insert_lines(format!("{label}\nuser:7")).unwrap();
            assert!(again == set);
            assert!(set.insert(vec![Key::parse(label).unwrap()]).is_err());
            set.remove(label).unwrap();
            assert_eq!(set.len(), 1);
        }
    }
}
