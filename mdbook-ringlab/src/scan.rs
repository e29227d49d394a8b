//! Finds a chapter's figures, buttons and steps where mdBook will find blocks and links: the
//! chapter is read with pulldown-cmark, the parser mdBook renders with, under the options
//! mdBook gives it, and each find keeps its byte range in the chapter's text.
//!
//! Reading the Markdown, rather than searching its text, keeps a `ringlab` fence or a
//! `{{#ringlab-step}}` shown inside another code block or a code span as it is: that is how an
//! author writes about them.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, LinkType, Options, Parser, Tag, TagEnd};

use crate::control::{Directive, SCHEME, STEP};
use crate::problem::LineProblem;
use crate::source::{trimmed_end, Lines};

/// A `ringlab` fence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FoundFigure {
    /// The whole block, fences included, without the line end after it.
    pub(crate) range: Range<usize>,
    /// Its lines, without the fences (and without a container's prefix).
    pub(crate) body: String,
}

/// A link to `ringlab:CHANGE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FoundButton {
    /// The whole link.
    pub(crate) range: Range<usize>,
    /// Its text, as Markdown, in the chapter; `None` when it has none of its own.
    pub(crate) text: Option<Range<usize>>,
    /// The change: the destination after `ringlab:`.
    pub(crate) change: String,
    /// The link's title, which names the target.
    pub(crate) title: String,
}

/// A paragraph that opens with `{{#ringlab-step …}}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FoundStep {
    /// Where the directive starts, which is where the paragraph starts.
    pub(crate) start: usize,
    /// Where the paragraph's own words start, after the directive.
    pub(crate) rest: usize,
    /// Where the paragraph ends, before its line end.
    pub(crate) end: usize,
    /// The directive, read.
    pub(crate) directive: Directive,
}

/// Everything found in a chapter, in the order of the text.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    pub(crate) figures: Vec<FoundFigure>,
    pub(crate) buttons: Vec<FoundButton>,
    pub(crate) steps: Vec<FoundStep>,
    pub(crate) problems: Vec<LineProblem>,
}

/// The parser options mdBook 0.5 renders chapters with (mdbook-markdown's
/// `new_cmark_parser`, with its defaults), so that blocks end where mdBook's end. Smart
/// punctuation is left out: it changes words, not where blocks and links are.
fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_DEFINITION_LIST
        | Options::ENABLE_GFM
}

/// Finds the figures, buttons and steps of `text`.
pub(crate) fn scan(text: &str, lines: &Lines) -> Scan {
    let mut found = Scan::default();
    let mut figure: Option<FoundFigure> = None;
    let mut in_code = false;
    let mut button: Option<FoundButton> = None;
    let mut autolink = false;
    for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
        if let Some(b) = button.as_mut() {
            if !matches!(event, Event::End(TagEnd::Link)) {
                // The link's text runs from its first inner event to its last.
                let at = b.text.get_or_insert(range.clone());
                *at = at.start.min(range.start)..at.end.max(range.end);
            }
        }
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                in_code = true;
                if let CodeBlockKind::Fenced(info) = kind {
                    if info.split_whitespace().next() == Some("ringlab") {
                        figure = Some(FoundFigure {
                            range: range.start..trimmed_end(text, &range),
                            body: String::new(),
                        });
                    }
                }
            }
            Event::Text(body) if in_code => {
                if let Some(f) = figure.as_mut() {
                    f.body.push_str(&body);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                found.figures.extend(figure.take());
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                ..
            }) => {
                if let Some(change) = dest_url.strip_prefix(SCHEME) {
                    button = Some(FoundButton {
                        range,
                        text: None,
                        change: change.to_owned(),
                        title: title.to_string(),
                    });
                    autolink = link_type == LinkType::Autolink;
                }
            }
            Event::End(TagEnd::Link) => {
                if let Some(mut b) = button.take() {
                    // An autolink's text is its address: the button says its change instead.
                    if autolink {
                        b.text = None;
                    }
                    found.buttons.push(b);
                }
            }
            Event::Start(Tag::Paragraph) if text[range.start..].starts_with(STEP) => {
                let end = trimmed_end(text, &range);
                match Directive::read(&text[range.start..end]) {
                    Ok(directive) => {
                        let rest = words_after(text, range.start + directive.rest, end);
                        found.steps.push(FoundStep {
                            start: range.start,
                            rest,
                            end,
                            directive,
                        });
                    }
                    Err(message) => found
                        .problems
                        .push(LineProblem::new(lines.line(range.start), message)),
                }
            }
            Event::Text(words) if words.contains(STEP) => {
                let opens_a_paragraph = found.steps.iter().any(|s| s.start == range.start)
                    || found
                        .problems
                        .iter()
                        .any(|p| p.line == lines.line(range.start));
                if !opens_a_paragraph {
                    found.problems.push(LineProblem::new(
                        lines.line(range.start),
                        format!(
                            "{STEP} …}}}} must open a paragraph of its own: leave a blank line \
                             before it (in a list, a blank line between the items too)"
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    found
}

/// Where a step's words start after its directive (which ends at `from`): past the spaces,
/// and when the directive has its line to itself, past the line end and the next line's
/// container prefix (`> ` in a quote, a list item's indent).
fn words_after(text: &str, from: usize, end: usize) -> usize {
    let mut at = from;
    let bytes = text.as_bytes();
    while at < end && matches!(bytes[at], b' ' | b'\t') {
        at += 1;
    }
    if at < end && bytes[at] == b'\r' {
        at += 1;
    }
    if at < end && bytes[at] == b'\n' {
        at += 1;
        while at < end && matches!(bytes[at], b' ' | b'\t' | b'>') {
            at += 1;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_of(text: &str) -> Scan {
        scan(text, &Lines::of(text))
    }

    #[test]
    fn fences_of_other_languages_and_code_spans_are_not_read() {
        let text = "```text\n{{#ringlab-step add:E}}\n```\n\n`{{#ringlab-step add:E}}` and `[x](ringlab:undo)`\n\n    ```ringlab\n    link: ring=100\n    ```\n";
        let found = scan_of(text);
        assert!(found.figures.is_empty() && found.buttons.is_empty() && found.steps.is_empty());
        assert!(found.problems.is_empty(), "{:?}", found.problems);
    }

    #[test]
    fn a_button_keeps_its_links_text_as_written() {
        let text = "Try [add *E*](ringlab:add:E \"group:p\"), <ringlab:undo> or [r][def].\n\n[def]: ringlab:redo\n";
        let found = scan_of(text);
        let [add, undo, redo] = &found.buttons[..] else {
            panic!("{:?}", found.buttons)
        };
        assert_eq!(&text[add.text.clone().unwrap()], "add *E*");
        assert_eq!(
            (add.change.as_str(), add.title.as_str()),
            ("add:E", "group:p")
        );
        assert_eq!(undo.text, None, "an autolink's address is no text");
        assert_eq!(&text[redo.range.clone()], "[r][def]");
        assert_eq!(redo.change, "redo");
    }

    #[test]
    fn a_step_on_a_line_of_its_own_starts_its_words_on_the_next_line_inside_its_quote() {
        let text = "> {{#ringlab-step add:E}}\n> D is *now* here.\n";
        let found = scan_of(text);
        let step = &found.steps[0];
        assert_eq!(&text[step.start..step.rest], "{{#ringlab-step add:E}}\n> ");
        assert_eq!(&text[step.rest..step.end], "D is *now* here.");
    }

    #[test]
    fn a_step_anywhere_but_at_a_paragraphs_start_is_refused() {
        let found = scan_of("Some words\n\nthen {{#ringlab-step add:E}} here\n\n- {{#ringlab-step add:F}} tight\n- item\n");
        let lines: Vec<usize> = found.problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [3, 5]);
        assert!(found.problems[0]
            .message
            .contains("must open a paragraph of its own"));
    }
}
