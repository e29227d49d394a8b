//! Lessons and questions an instructor writes: a lesson survives the trip through its file and
//! its link, the questions asked from the screen are marked by the engine (the command line's
//! examples among them), a question the engine cannot answer is refused in words, and
//! `ringlab quiz --scenario` and `ringlab lesson` do what the guide says.

use std::process::{Command, Output};

use ringlab::teach::lessons::{
    lesson, lesson_from_link, lesson_link, markdown, read_text, write_text, Lesson, Panel, Pointer,
    Step, StepQuestion, LESSONS, MAX_LINK_CHARS,
};
use ringlab::teach::quiz::{
    decode_set, encode_set, generate, Answer, Ask, Band, Difficulty, Question, QuestionKind,
};

const TEACHING: &str = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";

fn ringlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .output()
        .expect("ringlab runs")
}

fn marks(query: &str, reply: &str) -> bool {
    let posed = Question::from_query(query).unwrap().pose().unwrap();
    let response = posed.read_reply(reply).unwrap();
    posed.mark(&response).unwrap().right
}

/// A lesson as an instructor records it: three steps, one asking a question.
fn recorded() -> Lesson {
    Lesson {
        id: String::new(),
        title: "D joins <my> ring".into(),
        steps: vec![
            Step {
                title: "Three servers".into(),
                link: TEACHING.into(),
                caption: "Each server owns the stretch **ending** at its point.\n\nSee `A`.".into(),
                pointer: Some(Pointer::Server("A".into())),
                questions: vec![],
            },
            Step {
                title: "Predict".into(),
                link: format!("{TEACHING}&select=@52"),
                caption: "<script>alert('x')</script> stays text.".into(),
                pointer: Some(Pointer::Key("@52".into())),
                questions: vec![StepQuestion {
                    title: "Which keys move?".into(),
                    lead: "D is about to join at 60.".into(),
                    query: format!("{TEACHING}&ask=moves&change=add:D@60"),
                }],
            },
            Step {
                title: "D joined".into(),
                link: format!("{TEACHING}&then=add:D@60"),
                caption: "One key moved.".into(),
                pointer: Some(Pointer::Panel(Panel::LastChange)),
                questions: vec![],
            },
        ],
    }
}

#[test]
fn a_recorded_lesson_round_trips_through_its_file_and_its_link() {
    let l = recorded();
    let from_file = read_text(&write_text(&l));
    assert!(from_file.skipped.is_empty(), "{:?}", from_file.skipped);
    assert_eq!(from_file.lesson, l);
    let value = lesson_link(&l);
    assert!(value.len() < MAX_LINK_CHARS);
    let from_link = lesson_from_link(&value);
    assert!(from_link.skipped.is_empty(), "{:?}", from_link.skipped);
    assert_eq!(from_link.lesson, l);
}

#[test]
fn every_built_in_lesson_round_trips_through_its_file() {
    for l in LESSONS.iter() {
        let read = read_text(&write_text(l));
        assert!(read.skipped.is_empty(), "{}: {:?}", l.id, read.skipped);
        assert_eq!(&read.lesson, l);
    }
}

#[test]
fn a_truncated_file_or_link_opens_its_whole_steps_and_names_the_rest() {
    let l = recorded();
    let text = write_text(&l);
    let cut = &text[..text.find("question:").unwrap() + 12];
    let read = read_text(cut);
    assert_eq!(read.lesson.steps.len(), 2);
    assert!(read.lesson.steps[1].questions.is_empty());
    assert!(
        read.skipped.iter().any(|s| s.contains("no ask:")),
        "{:?}",
        read.skipped
    );
    let value = lesson_link(&l);
    let read = lesson_from_link(&value[..value.len() - 10]);
    assert_eq!(read.lesson.steps[..2], l.steps[..2]);
    assert!(
        read.skipped.iter().any(|s| s.starts_with("Step 3")),
        "{:?}",
        read.skipped
    );
}

#[test]
fn the_command_line_examples_are_marked_by_the_engine() {
    let moves = format!("{TEACHING}&ask=moves&change=add:D@60");
    assert!(marks(&moves, "@52"));
    assert!(!marks(&moves, "@52,@68"));
    let owner = format!("{TEACHING}&ask=owner&key=@90");
    assert!(marks(&owner, "A"));
    assert!(!marks(&owner, "B"));
}

#[test]
fn traffic_and_timeline_questions_take_their_answers_from_the_engine() {
    let hot = "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&view=traffic";
    assert!(marks(&format!("{hot}&ask=busiest"), "A"));
    let overload = Question::from_query(&format!("{hot}&ask=overload&band=0.05"))
        .unwrap()
        .pose()
        .unwrap();
    match overload.answer() {
        Answer::Number { value, .. } => assert_eq!(format!("{value:.2}"), "2.51"),
        other => panic!("{other:?}"),
    }
    let dies = "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2";
    let peak = Question::from_query(&format!("{dies}&ask=peak&change=fail:C&band=5%25"))
        .unwrap()
        .pose()
        .unwrap();
    match peak.answer() {
        Answer::Number { value, .. } => assert_eq!(*value, 14_022.0),
        other => panic!("{other:?}"),
    }
    assert!(marks(
        &format!("{dies}&ask=settle&change=fail:C&band=0.05"),
        "0.92"
    ));
    assert!(!marks(
        &format!("{dies}&ask=settle&change=fail:C&band=0.05"),
        "2"
    ));
}

#[test]
fn a_written_choice_marks_the_statement_its_author_marked() {
    let q = Question::new(
        TEACHING,
        Ask::Pick {
            prompt: "Why put servers on a ring?".into(),
            statements: vec!["Few keys move".into(), "Lookups are free".into()],
            right: 0,
        },
    );
    let again = Question::from_query(&q.to_query()).unwrap();
    assert_eq!(again, q);
    assert!(marks(&q.to_query(), "a"));
    assert!(!marks(&q.to_query(), "b"));
}

#[test]
fn a_question_the_engine_cannot_answer_is_refused_in_words() {
    let cases = [
        (format!("{TEACHING}&ask=owner&key=@55"), "no key @55"),
        (format!("{TEACHING}&ask=moves&change=remove:Z"), "Z"),
        (
            format!("{TEACHING}&ask=peak&change=vnodes:3&band=1"),
            "joins, leaves or fails",
        ),
        ("ring=100&servers=A@10&ask=busiest".to_string(), "no keys"),
        (
            format!("{TEACHING}&ask=pick&prompt=Q&say=only%20one&right=a"),
            "from 2 to 6 statements",
        ),
        (
            format!("{TEACHING}&ask=pick&prompt=Q&say=x&say=y&right=c"),
            "not among",
        ),
        (
            format!("{TEACHING}&ask=overload&band=100..200"),
            "leaves out",
        ),
    ];
    for (query, expected) in cases {
        let refused = Question::from_query(&query)
            .and_then(|q| q.pose())
            .expect_err(&query)
            .to_string();
        assert!(refused.contains(expected), "{query}: {refused}");
    }
}

#[test]
fn an_exercise_set_mixes_written_lesson_and_generated_questions() {
    let written = Question::from_query(&format!("{TEACHING}&ask=moves&change=add:D@60")).unwrap();
    let from_lesson = lesson("teaching-ring").unwrap().steps[0].questions[0]
        .question()
        .unwrap();
    let drawn = generate(7, 0, Difficulty::EASIEST, Some(QuestionKind::Arc));
    let set = decode_set(&encode_set(&[
        written.clone(),
        from_lesson.clone(),
        drawn.clone(),
    ]));
    assert!(set.problems.is_empty());
    let asked: Vec<&Question> = set.questions.iter().map(|p| p.question()).collect();
    assert_eq!(asked, vec![&written, &from_lesson, &drawn]);
}

#[test]
fn ringlab_quiz_scenario_poses_one_question_and_marks_the_reply() {
    let scenario = "?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";
    let json = |args: &[&str]| -> serde_json::Value {
        let out = ringlab(args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let base = ["quiz", "--scenario", scenario];
    let right = json(
        &[
            &base[..],
            &[
                "--kind", "moves", "--change", "add:D@60", "--reply", "@52", "--json",
            ],
        ]
        .concat(),
    );
    assert_eq!(right["score"]["right"], 1);
    assert_eq!(right["score"]["total"], 1);
    let wrong = json(
        &[
            &base[..],
            &[
                "--kind", "moves", "--change", "add:D@60", "--reply", "@52,@68", "--json",
            ],
        ]
        .concat(),
    );
    assert_eq!(wrong["score"]["right"], 0);
    let owner = json(
        &[
            &base[..],
            &["--kind", "owner", "--key", "@90", "--reply", "A", "--json"],
        ]
        .concat(),
    );
    assert_eq!(owner["score"]["right"], 1);
    let text = ringlab(
        &[
            &base[..],
            &["--kind", "moves", "--change", "add:D@60", "--reply", "@52"],
        ]
        .concat(),
    );
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Marked: Right"), "{text}");
    let refused = ringlab(&[&base[..], &["--kind", "owner", "--key", "@55"]].concat());
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no key @55"));
}

#[test]
fn ringlab_lesson_prints_markdown_from_an_id_a_file_or_a_link() {
    let by_id = ringlab(&["lesson", "teaching-ring", "--markdown"]);
    assert!(by_id.status.success());
    let by_id = String::from_utf8(by_id.stdout).unwrap();
    assert_eq!(by_id, markdown(lesson("teaching-ring").unwrap()));
    let dir = std::env::temp_dir().join(format!("ringlab-authoring-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.lesson");
    std::fs::write(&file, write_text(&recorded())).unwrap();
    let from_file = ringlab(&["lesson", file.to_str().unwrap(), "--markdown"]);
    let from_file = String::from_utf8(from_file.stdout).unwrap();
    assert!(from_file.contains("## Step 2 of 3: Predict"), "{from_file}");
    assert!(from_file.contains("&lt;script&gt;"), "{from_file}");
    assert!(
        from_file.contains("Answer: One key moves: @52 (C → D)"),
        "{from_file}"
    );
    let address = format!(
        "https://example.org/r/?lesson={}&step=1",
        lesson_link(&recorded())
    );
    let from_link = ringlab(&["lesson", &address, "--markdown"]);
    assert_eq!(String::from_utf8(from_link.stdout).unwrap(), from_file);
    let none = ringlab(&["lesson", "no-such-lesson"]);
    assert_eq!(none.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_band_is_stated_by_the_author_never_the_answer() {
    // The question's text holds a band, not an answer: changing the scenario changes the answer.
    let q = Question::new(
        TEACHING,
        Ask::Overload {
            band: Band::Within(0.05),
        },
    );
    assert!(!q.to_query().contains("2.51"));
}
