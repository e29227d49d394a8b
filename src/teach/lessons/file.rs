//! A lesson as a text file: what the built-in lessons are written in, what the page saves and
//! opens, and what `ringlab lesson` reads.
//!
//! ```text
//! ringlab lesson 1
//! title: The ring by hand
//! id: teaching-ring
//!
//! step: Three servers, one circle
//! link: ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5
//! point: server A
//! The positions 0 to 99 close into a circle. A **bold** word, a `code` word.
//!
//! A second paragraph.
//!
//! question: Past the top
//! lead: Another ring, with servers at 20, 50 and 80.
//! ask: ring=100&servers=A@20,B@50,C@80&keys=@95&ask=owner&key=@95
//! ```
//!
//! A line `name: value` with one of the names above is a field; every other line of a step is
//! its caption, blank lines separating paragraphs. A caption line that would read as a field
//! is written with a `\` in front, which reading takes off. The header's `id:` is only for the
//! built-in lessons. Nothing is ever an answer: a question is posed again whenever it is read.
//!
//! Reading never fails. What cannot be used (a step with no link, a pointer or a question that
//! does not read) is left out and named in [`ReadLesson::skipped`], so a damaged file opens
//! with every step that can be read.

use std::fmt::Write;

use super::caption::MAX_CAPTION;
use super::lesson::{Lesson, Pointer, Step, StepQuestion};
use crate::core::quoted;

/// The first line of a lesson file, before its version.
pub const MAGIC: &str = "ringlab lesson";

/// The version of the format this engine writes and reads.
pub const VERSION: u32 = 1;

/// The most steps a lesson may hold.
pub const MAX_STEPS: usize = 100;

/// The most questions one step may ask.
pub const MAX_STEP_QUESTIONS: usize = 10;

/// The field names a line may start with.
const FIELDS: [&str; 8] = [
    "title", "id", "step", "link", "point", "question", "lead", "ask",
];

/// A lesson read from its text or link, and what had to be left out, in words.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadLesson {
    /// Everything that could be read.
    pub lesson: Lesson,
    /// Each thing left out, as a sentence.
    pub skipped: Vec<String>,
}

/// Writes `lesson` as its text file.
///
/// ```
/// use ringlab::teach::lessons::{lesson, read_text, write_text};
/// let l = lesson("teaching-ring").unwrap();
/// let text = write_text(l);
/// assert!(text.starts_with("ringlab lesson 1\ntitle: The ring by hand\n"));
/// assert_eq!(&read_text(&text).lesson, l);
/// ```
pub fn write_text(lesson: &Lesson) -> String {
    let mut out = format!("{MAGIC} {VERSION}\ntitle: {}\n", one_line(&lesson.title));
    if !lesson.id.is_empty() {
        let _ = writeln!(out, "id: {}", one_line(&lesson.id));
    }
    for step in &lesson.steps {
        out.push('\n');
        out.push_str(&write_step(step));
    }
    out
}

/// Writes one step as the lines of its block, from `step:` to its last question.
pub fn write_step(step: &Step) -> String {
    let mut out = format!(
        "step: {}\nlink: {}\n",
        one_line(&step.title),
        one_line(&step.link)
    );
    if let Some(pointer) = &step.pointer {
        let _ = writeln!(out, "point: {pointer}");
    }
    for line in step.caption.trim().lines() {
        let line = line.trim_end();
        if line.starts_with('\\') || field(line).is_some() {
            out.push('\\');
        }
        out.push_str(line);
        out.push('\n');
    }
    for q in &step.questions {
        let _ = write!(
            out,
            "\nquestion: {}\nlead: {}\nask: {}\n",
            one_line(&q.title),
            one_line(&q.lead),
            one_line(&q.query)
        );
    }
    out
}

/// Reads a lesson's text. Never fails; see [`ReadLesson::skipped`].
pub fn read_text(text: &str) -> ReadLesson {
    let mut read = ReadLesson::default();
    let mut lines = text.lines().peekable();
    while lines.peek().is_some_and(|l| l.trim().is_empty()) {
        lines.next();
    }
    match lines.peek().map(|l| l.trim()) {
        Some(first) if first.starts_with(MAGIC) => {
            let version = first[MAGIC.len()..].trim();
            if version != VERSION.to_string() {
                read.skipped.push(format!(
                    "The file says it is a lesson of version {}; this version of Ringlab writes version {VERSION}, so some of it may not be read.",
                    quoted(version)
                ));
            }
            lines.next();
        }
        Some(_) => read.skipped.push(format!(
            "The file does not start with \"{MAGIC} {VERSION}\"; what reads as a lesson was kept."
        )),
        None => {}
    }
    let mut blocks: Vec<Block> = Vec::new();
    for line in lines {
        match field(line) {
            Some(("step", value)) => blocks.push(Block {
                title: value.to_string(),
                ..Block::default()
            }),
            Some((name, value)) if blocks.is_empty() => match name {
                "title" => read.lesson.title = value.to_string(),
                "id" => read.lesson.id = value.to_string(),
                _ => read
                    .skipped
                    .push(format!("A {name}: line came before the first step.")),
            },
            Some((name, value)) => blocks
                .last_mut()
                .expect("a step is open")
                .field(name, value),
            None => match blocks.last_mut() {
                Some(block) => block.text(line),
                None if line.trim().is_empty() => {}
                None => read.skipped.push(format!(
                    "Text before the first step was left out: {}.",
                    quoted(line.trim())
                )),
            },
        }
    }
    if blocks.len() > MAX_STEPS {
        read.skipped.push(format!(
            "The lesson has {} steps; only the first {MAX_STEPS} are read.",
            blocks.len()
        ));
        blocks.truncate(MAX_STEPS);
    }
    for (i, block) in blocks.into_iter().enumerate() {
        if let Some(step) = block.into_step(i + 1, &mut read.skipped) {
            read.lesson.steps.push(step);
        }
    }
    read
}

/// One step's lines as they are read.
#[derive(Default)]
struct Block {
    title: String,
    link: Option<String>,
    pointer: Option<String>,
    caption: Vec<String>,
    questions: Vec<StepQuestion>,
    asked: Vec<bool>,
}

impl Block {
    fn field(&mut self, name: &str, value: &str) {
        match name {
            "link" => self.link = Some(value.to_string()),
            "point" => self.pointer = Some(value.to_string()),
            "question" => {
                self.questions.push(StepQuestion {
                    title: value.to_string(),
                    ..StepQuestion::default()
                });
                self.asked.push(false);
            }
            "lead" | "ask" if !self.questions.is_empty() => {
                let q = self.questions.last_mut().expect("a question is open");
                if name == "lead" {
                    q.lead = value.to_string();
                } else {
                    q.query = value.to_string();
                    *self.asked.last_mut().expect("a question is open") = true;
                }
            }
            // A caption line as a text line reads: its end trimmed ("id:" with no value).
            _ => self
                .caption
                .push(format!("{name}: {value}").trim_end().to_string()),
        }
    }

    fn text(&mut self, line: &str) {
        let line = line.trim_end();
        self.caption
            .push(line.strip_prefix('\\').unwrap_or(line).to_string());
    }

    fn into_step(self, number: usize, skipped: &mut Vec<String>) -> Option<Step> {
        let named = if self.title.is_empty() {
            format!("Step {number}")
        } else {
            format!("Step {number} ({})", clip(&self.title))
        };
        let Some(link) = self.link.filter(|l| !l.trim().is_empty()) else {
            skipped.push(format!("{named} has no link, so it was left out."));
            return None;
        };
        let pointer = self.pointer.and_then(|text| match text.parse::<Pointer>() {
            Ok(p) => Some(p),
            Err(e) => {
                skipped.push(format!("{named}: its pointer was left out: {e}."));
                None
            }
        });
        let mut caption = self.caption.join("\n").trim().to_string();
        if caption.chars().count() > MAX_CAPTION {
            caption = caption.chars().take(MAX_CAPTION).collect();
            skipped.push(format!(
                "{named}: its caption was cut to {MAX_CAPTION} characters."
            ));
        }
        let mut questions = Vec::new();
        for (q, asked) in self.questions.into_iter().zip(self.asked) {
            if !asked {
                skipped.push(format!(
                    "{named}: the question {} has no ask: line, so it was left out.",
                    quoted(q.title.trim())
                ));
            } else if questions.len() == MAX_STEP_QUESTIONS {
                skipped.push(format!(
                    "{named}: a step asks at most {MAX_STEP_QUESTIONS} questions; {} was left out.",
                    quoted(q.title.trim())
                ));
            } else {
                questions.push(q);
            }
        }
        Some(Step {
            title: self.title,
            link: link.trim().to_string(),
            caption,
            pointer,
            questions,
        })
    }
}

/// The field a line holds: a known name, a colon, and the rest as its value.
fn field(line: &str) -> Option<(&str, &str)> {
    let (name, value) = line.split_once(':')?;
    let name = name.trim_end();
    FIELDS.contains(&name).then(|| (name, value.trim()))
}

/// A value on one line, as [`read_text`] reads lines: each line break (`\n`, or `\r\n`) and
/// the spaces round it become one space. A lone `\r` is no line break to the reader, so it
/// stays, and the value reads back as it was.
fn one_line(text: &str) -> String {
    text.split('\n')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// At most 60 characters of `text`, for naming it in a sentence.
fn clip(text: &str) -> String {
    let t = text.trim();
    if t.chars().count() <= 60 {
        t.to_string()
    } else {
        format!("{}…", t.chars().take(59).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::lessons::lesson::Panel;

    fn sample() -> Lesson {
        Lesson {
            id: String::new(),
            title: "My ring".into(),
            steps: vec![
                Step {
                    title: "Start".into(),
                    link: "ring=100&servers=A@10,B@40&keys=@5".into(),
                    caption: "First **bold**.\nlink: looks like a field\n\\starts with a backslash\n\nSecond paragraph <script>x</script>.".into(),
                    pointer: Some(Pointer::Panel(Panel::Cache)),
                    questions: vec![StepQuestion {
                        title: "Who owns 5?".into(),
                        lead: "Look at the top.".into(),
                        query: "ring=100&servers=A@10,B@40&keys=@5&ask=owner&key=@5".into(),
                    }],
                },
                Step {
                    title: "Two".into(),
                    link: "ring=100&servers=A@10".into(),
                    ..Step::default()
                },
            ],
        }
    }

    #[test]
    fn a_lesson_reads_back_from_its_text_exactly() {
        let l = sample();
        let read = read_text(&write_text(&l));
        assert_eq!(read.skipped, Vec::<String>::new());
        assert_eq!(read.lesson, l);
    }

    #[test]
    fn a_damaged_file_opens_what_can_be_read_and_names_the_rest() {
        let text = "title: Broken\nstray words\nstep: no link here\nA caption.\nstep: fine\nlink: servers=A\npoint: panel sofa\nquestion: never asked\nlead: hm\n";
        let read = read_text(text);
        assert_eq!(read.lesson.title, "Broken");
        assert_eq!(read.lesson.steps.len(), 1);
        assert_eq!(read.lesson.steps[0].title, "fine");
        assert!(read.lesson.steps[0].questions.is_empty());
        let all = read.skipped.join(" ");
        for expected in [
            "does not start with",
            "stray words",
            "no link",
            "sofa",
            "no ask:",
        ] {
            assert!(all.contains(expected), "{expected}: {all}");
        }
    }

    #[test]
    fn a_file_cut_short_keeps_its_whole_steps() {
        let text = write_text(&sample());
        let cut = &text[..text.find("step: Two").unwrap() + 8];
        let read = read_text(cut);
        assert_eq!(read.lesson.steps.len(), 1);
        assert!(read.skipped[0].contains("Step 2"), "{:?}", read.skipped);
    }
}
