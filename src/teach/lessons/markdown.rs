//! A lesson as Markdown, for a text or a handout: every step's caption with the engine's
//! figures for its scenario, and every question with its answer and working worked out by the
//! engine. `ringlab lesson --markdown` prints it.

use std::fmt::Write;

use super::caption::Style;
use super::lesson::{Lesson, Step};
use crate::core::{amount, read_link, Scenario, MAX_KEYS};
use crate::teach::quiz::setting;

/// The lesson as Markdown: a heading per step, its caption, what it points at, the engine's
/// figures for its scenario (the setting, the last change, each server's share), and each
/// question with the engine's answer and working.
///
/// ```
/// use ringlab::teach::lessons::{lesson, markdown};
/// let text = markdown(lesson("teaching-ring").unwrap());
/// assert!(text.starts_with("# The ring by hand\n"));
/// assert!(text.contains("## Step 3 of 6: D joins at 60"));
/// assert!(text.contains("Last change: Server D added. 1 of 5 keys moved (20%)."));
/// ```
pub fn markdown(lesson: &Lesson) -> String {
    let mut out = format!("# {}\n", escape(&lesson.title));
    let count = lesson.steps.len();
    for (i, step) in lesson.steps.iter().enumerate() {
        let _ = write!(
            out,
            "\n## Step {} of {count}: {}\n\n",
            i + 1,
            escape(&step.title)
        );
        for p in step.paragraphs() {
            for run in p {
                match run.style {
                    Style::Plain => out.push_str(&escape(&run.text)),
                    Style::Bold => {
                        let _ = write!(out, "**{}**", escape(&run.text));
                    }
                    Style::Code => {
                        let _ = write!(out, "`{}`", run.text.replace('`', "'"));
                    }
                }
            }
            out.push_str("\n\n");
        }
        if let Some(pointer) = &step.pointer {
            let _ = writeln!(out, "Look at: {}.\n", escape(&pointer.to_string()));
        }
        figures(&mut out, step);
        for q in &step.questions {
            let _ = write!(out, "\n### Question: {}\n\n", escape(&q.title));
            if !q.lead.is_empty() {
                let _ = write!(out, "{}\n\n", escape(&q.lead));
            }
            match q.question().and_then(|question| question.pose()) {
                Ok(posed) => {
                    let _ = write!(out, "**{}**\n\n", escape(posed.prompt()));
                    for (k, alternative) in posed.alternatives().iter().enumerate() {
                        let _ = writeln!(
                            out,
                            "{}. {}",
                            crate::teach::quiz::letter(k),
                            escape(&alternative.text)
                        );
                    }
                    if !posed.alternatives().is_empty() {
                        out.push('\n');
                    }
                    let _ = write!(out, "Answer: {}\n\n", escape(&posed.answer().text()));
                    for line in posed.worked() {
                        let _ = writeln!(out, "- {}", escape(line));
                    }
                }
                Err(e) => {
                    let _ = writeln!(
                        out,
                        "This question cannot be asked: {}",
                        escape(&e.to_string())
                    );
                }
            }
        }
    }
    out
}

/// The engine's figures for a step's scenario, as a list.
fn figures(out: &mut String, step: &Step) {
    let link = read_link(&step.link, MAX_KEYS);
    let _ = writeln!(out, "- Scenario: `?{}`", step.link.trim_start_matches('?'));
    let _ = writeln!(out, "- {}", escape(&setting(&link.scenario)));
    if let Some(last) = &link.last {
        let _ = writeln!(out, "- Last change: {}", escape(&last.summary()));
    }
    let _ = writeln!(out, "- Shares: {}", shares(&link.scenario));
    for problem in &link.ignored {
        let _ = writeln!(out, "- Not read from the link: {}", escape(problem));
    }
}

/// Each server's share of the key space and its keys: `A 35% (2 keys), B 30% (1 key)`.
fn shares(scenario: &Scenario) -> String {
    let own = scenario.ownership();
    own.servers
        .iter()
        .map(|s| {
            format!(
                "{} {}% ({} {})",
                escape(&s.name),
                amount(s.share * 100.0, 1),
                amount(s.keys as f64, 0),
                if s.keys == 1 { "key" } else { "keys" }
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Text as Markdown shows it literally: HTML and Markdown's own marks are escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '*' | '_' | '`' | '[' | ']' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::lessons::{lesson, read_text};

    #[test]
    fn markdown_states_the_engines_figures_and_answers() {
        let text = markdown(lesson("teaching-ring").unwrap());
        assert!(
            text.contains("A 35% (2 keys), B 30% (1 key), C 35% (2 keys)"),
            "{text}"
        );
        assert!(text.contains("### Question: Which keys follow D"));
        assert!(text.contains("Answer: One key moves: @52 (C → D); the other 4 keys stay."));
    }

    #[test]
    fn html_in_a_caption_is_escaped_and_a_broken_question_is_named() {
        let read = read_text(
            "title: T\nstep: s\nlink: ring=100&servers=A@10\n<script>alert(1)</script> **b**\nquestion: q\nask: ring=100&servers=A@10&ask=owner&key=@3\n",
        );
        let text = markdown(&read.lesson);
        assert!(
            text.contains("&lt;script&gt;alert(1)&lt;/script&gt; **b**"),
            "{text}"
        );
        assert!(text.contains("This question cannot be asked"), "{text}");
    }
}
