//! A lesson as a worksheet to print and hand out: a page per step with a still of its ring,
//! its words and its questions with room to answer, and the answers, worked, on the last page.
//! One self-contained HTML document, its print layout in its own stylesheet; `ringlab lesson
//! --worksheet` writes it, and the page's Print worksheet prints the same document.
//!
//! The stills are drawn by the caller (the drawing layer's SVG writer, from each step's link),
//! so that lessons stay apart from drawing.

use std::fmt::Write;

use super::caption::Style;
use super::lesson::Lesson;

/// Where a worksheet's layout comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet<'a> {
    /// Written into the document, which then stands alone (`ringlab lesson --worksheet`).
    Inline,
    /// Linked from this address, for a page whose security policy forbids inline style: the
    /// build writes [`WORKSHEET_CSS`] as `worksheet.css` beside the page.
    Linked(&'a str),
}

/// The worksheet's own layout: a step a page, room to write, answers last, black on white.
pub const WORKSHEET_CSS: &str = "\
@page { margin: 1.6cm; }
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #000; background: #fff; max-width: 46rem; margin: 1rem auto; padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin: 0 0 0.25rem; }
h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
h3 { font-size: 1.05rem; margin: 1rem 0 0.25rem; }
.who { margin: 0 0 1rem; }
.step, .answers { break-before: page; }
.step:first-of-type { break-before: auto; }
.still svg { display: block; width: 8.5cm; height: auto; margin: 0.5rem auto; }
.room { border: 1px solid #555; border-radius: 4px; min-height: 4.5cm; margin: 0.5rem 0 0; }
.answers h3 { break-after: avoid; }
@media screen { .step, .answers { border-top: 2px solid #000; padding-top: 1rem; margin-top: 2rem; } }
";

/// The worksheet of `lesson`, its layout as `sheet` says, each step's still drawn by `still`
/// from the step's link (an SVG element, or why it could not be drawn).
pub fn worksheet(
    lesson: &Lesson,
    sheet: Sheet<'_>,
    still: impl Fn(&str) -> Result<String, String>,
) -> String {
    let title = escape(&lesson.title);
    let style = match sheet {
        Sheet::Inline => format!("<style>\n{WORKSHEET_CSS}</style>"),
        Sheet::Linked(href) => format!("<link rel=\"stylesheet\" href=\"{}\">", escape(href)),
    };
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}: worksheet</title>\n{style}\n</head>\n<body>\n<h1>{title}</h1>\n<p class=\"who\">Name: ______________________ Date: ____________</p>\n"
    );
    let count = lesson.steps.len();
    let mut answers = String::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        let _ = write!(
            out,
            "<section class=\"step\">\n<h2>Step {} of {count}: {}</h2>\n",
            i + 1,
            escape(&step.title)
        );
        match still(&step.link) {
            Ok(svg) => {
                let _ = writeln!(out, "<div class=\"still\">{svg}</div>");
            }
            Err(why) => {
                let _ = writeln!(out, "<p>(No drawing: {}.)</p>", escape(&why));
            }
        }
        for paragraph in step.paragraphs() {
            out.push_str("<p>");
            for run in paragraph {
                let text = escape(&run.text);
                match run.style {
                    Style::Plain => out.push_str(&text),
                    Style::Bold => {
                        let _ = write!(out, "<strong>{text}</strong>");
                    }
                    Style::Code => {
                        let _ = write!(out, "<code>{text}</code>");
                    }
                }
            }
            out.push_str("</p>\n");
        }
        for (q, asked) in step.questions.iter().enumerate() {
            let _ = writeln!(
                out,
                "<div class=\"question\">\n<h3>Question {}.{}: {}</h3>",
                i + 1,
                q + 1,
                escape(&asked.title)
            );
            if !asked.lead.is_empty() {
                let _ = writeln!(out, "<p>{}</p>", escape(&asked.lead));
            }
            let _ = writeln!(
                answers,
                "<h3>Question {}.{}: {}</h3>",
                i + 1,
                q + 1,
                escape(&asked.title)
            );
            match asked.question().and_then(|question| question.pose()) {
                Ok(posed) => {
                    let _ = writeln!(out, "<p><strong>{}</strong></p>", escape(posed.prompt()));
                    if !posed.alternatives().is_empty() {
                        out.push_str("<ol type=\"A\">\n");
                        for alternative in posed.alternatives() {
                            let _ = writeln!(out, "<li>{}</li>", escape(&alternative.text));
                        }
                        out.push_str("</ol>\n");
                    }
                    let _ = writeln!(answers, "<p>{}</p>", escape(&posed.answer().text()));
                    if !posed.worked().is_empty() {
                        answers.push_str("<ul>\n");
                        for line in posed.worked() {
                            let _ = writeln!(answers, "<li>{}</li>", escape(line));
                        }
                        answers.push_str("</ul>\n");
                    }
                }
                Err(e) => {
                    let why = escape(&e.to_string());
                    let _ = writeln!(out, "<p>This question cannot be asked: {why}</p>");
                    let _ = writeln!(answers, "<p>(Not asked: {why}.)</p>");
                }
            }
            out.push_str(
                "<div class=\"room\" aria-label=\"Room for your answer\"></div>\n</div>\n",
            );
        }
        out.push_str("</section>\n");
    }
    let _ = write!(
        out,
        "<section class=\"answers\">\n<h2>Answers</h2>\n{answers}</section>\n</body>\n</html>\n"
    );
    out
}

/// Text as HTML shows it literally.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::lessons::lesson;

    #[test]
    fn a_worksheet_has_a_page_per_step_with_its_still_and_questions_and_the_answers_last() {
        let lesson = lesson("teaching-ring").unwrap();
        let html = worksheet(lesson, Sheet::Inline, |link| {
            Ok(format!("<svg data-link=\"{}\"></svg>", escape(link)))
        });
        assert!(html.contains("<style>\n@page"));
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert_eq!(
            html.matches("<section class=\"step\">").count(),
            lesson.steps.len()
        );
        assert_eq!(
            html.matches("<div class=\"still\"><svg").count(),
            lesson.steps.len()
        );
        let questions: usize = lesson.steps.iter().map(|s| s.questions.len()).sum();
        assert!(questions > 0);
        assert_eq!(html.matches("class=\"room\"").count(), questions);
        let answers = html.find("<section class=\"answers\">").unwrap();
        assert!(html.rfind("<section class=\"step\">").unwrap() < answers);
        assert_eq!(html[answers..].matches("<h3>Question ").count(), questions);
        assert!(!html.contains("<button"));
        assert!(!html.contains("<script"));
    }

    #[test]
    fn words_are_escaped_and_a_still_that_cannot_be_drawn_is_said() {
        let mut lesson = lesson("teaching-ring").unwrap().clone();
        lesson.title = "Rings & <keys>".into();
        let html = worksheet(&lesson, Sheet::Linked("worksheet.css"), |_| {
            Err("no ring".into())
        });
        assert!(html.contains("<link rel=\"stylesheet\" href=\"worksheet.css\">"));
        assert!(!html.contains("<style"));
        assert!(html.contains("<h1>Rings &amp; &lt;keys&gt;</h1>"));
        assert!(html.contains("(No drawing: no ring.)"));
    }
}
