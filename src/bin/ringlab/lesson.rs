//! `ringlab lesson`: a lesson read from a file, a link or a built-in id, printed as text,
//! Markdown (for a text), its text file or its link.

use std::fmt::Write;
use std::io::Read;

use ringlab::core::read_link;
use ringlab::core::MAX_KEYS;
use ringlab::draw::still::Still;
use ringlab::draw::svg::Styling;
use ringlab::teach::lessons::{
    is_lesson_link, lesson, lesson_from_link, lesson_from_set, lesson_link, markdown, plain,
    read_text, worksheet, write_text, ReadLesson, Sheet, MAX_LINK_CHARS,
};
use ringlab::teach::quiz::{setting, SET_PARAM};

use crate::experiment::Failure;
use crate::lesson_args::LessonArgs;

/// The side a worksheet's stills are drawn at, in pixels (printed about 8.5 cm wide).
pub const WORKSHEET_SIDE: u32 = 360;

/// Runs `ringlab lesson`, returning the report; what was skipped goes to standard error.
pub fn run(args: &LessonArgs) -> Result<String, Failure> {
    let read = load(&args.source)?;
    for skipped in &read.skipped {
        eprintln!("ringlab: skipped: {skipped}");
    }
    let l = &read.lesson;
    if l.steps.is_empty() {
        return Err(Failure::Refused(format!(
            "{}: no step of the lesson could be read.",
            args.source
        )));
    }
    Ok(if args.markdown {
        markdown(l)
    } else if args.worksheet {
        worksheet(l, Sheet::Inline, |link| {
            Still::of_link(link)
                .0
                .svg(WORKSHEET_SIDE, Styling::Inline { dark: false })
        })
    } else if args.file {
        write_text(l)
    } else if args.link {
        let value = lesson_link(l);
        let fits = value.len() + 200 < MAX_LINK_CHARS;
        let mut out = format!("{value}\n");
        if !fits {
            let _ = writeln!(
                out,
                "This lesson is {} characters as a link, more than a link may hold ({MAX_LINK_CHARS}); share it as a file.",
                value.len()
            );
        }
        out
    } else {
        text(&read)
    })
}

/// The lesson `source` names: a file, standard input, a link or a built-in id.
fn load(source: &str) -> Result<ReadLesson, Failure> {
    let unreadable = |e: std::io::Error| Failure::Unreadable(format!("{source}: {e}"));
    if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(unreadable)?;
        return Ok(read_text(&text));
    }
    let path = std::path::Path::new(source);
    if path.is_file() {
        return Ok(read_text(
            &std::fs::read_to_string(path).map_err(unreadable)?,
        ));
    }
    // A Practice link's exercise set reads as a lesson of one question a step.
    if let Some(set) = source
        .split(['?', '&', '#'])
        .find_map(|p| p.strip_prefix(&format!("{SET_PARAM}=")))
    {
        return Ok(lesson_from_set(set));
    }
    let value = source
        .split(['?', '&'])
        .find_map(|p| p.strip_prefix("lesson="))
        .map(|v| v.split('#').next().unwrap_or_default())
        .unwrap_or(source);
    if is_lesson_link(value) {
        return Ok(lesson_from_link(value));
    }
    match lesson(value) {
        Some(found) => Ok(ReadLesson {
            lesson: found.clone(),
            skipped: Vec::new(),
        }),
        None => Err(Failure::Refused(format!(
            "{source}: there is no such file, lesson link or built-in lesson."
        ))),
    }
}

/// The lesson as plain text.
fn text(read: &ReadLesson) -> String {
    let l = &read.lesson;
    let mut out = format!("{}\n", l.title);
    let count = l.steps.len();
    for (i, step) in l.steps.iter().enumerate() {
        let _ = writeln!(out, "\nStep {} of {count}: {}", i + 1, step.title);
        for line in plain(&step.caption).lines() {
            let _ = writeln!(out, "  {line}");
        }
        if let Some(pointer) = &step.pointer {
            let _ = writeln!(out, "  Look at: {pointer}.");
        }
        let link = read_link(&step.link, MAX_KEYS);
        let _ = writeln!(out, "  {}", setting(&link.scenario));
        if let Some(last) = &link.last {
            let _ = writeln!(out, "  Last change: {}", last.summary());
        }
        let _ = writeln!(out, "  Scenario: ?{}", step.link.trim_start_matches('?'));
        for q in &step.questions {
            let _ = writeln!(out, "  Question: {}", q.title);
            match q.question().and_then(|question| question.pose()) {
                Ok(posed) => {
                    let _ = writeln!(out, "    {}", posed.prompt());
                    let _ = writeln!(out, "    Answer: {}", posed.answer().text());
                }
                Err(e) => {
                    let _ = writeln!(out, "    This question cannot be asked: {e}");
                }
            }
        }
    }
    out
}
