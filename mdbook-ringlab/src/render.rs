//! What each find of a chapter becomes, as edits of the chapter's text.
//!
//! A figure and a step become HTML blocks. CommonMark ends such a block only at a blank line,
//! and the block that starts with an element of another name (`<ringlab-figure>`, `<svg>`)
//! cannot interrupt a paragraph; so each is written with a blank line before and after it, and
//! every line of it after the first carries the container prefix of the place it is in (`> `
//! in a quote, the indent of a list item), so that it stays there.

use std::ops::Range;

use ringlab::draw::figure_element::FigureElement;

use crate::chapter::Output;
use crate::control::{button_open, step_open, Named, BUTTON_CLOSE, STEP_CLOSE};
use crate::fence::Fence;
use crate::problem::LineProblem;
use crate::scan::{FoundButton, FoundStep};
use crate::source::{blank, continuation, indent, Edit, Lines};

/// A fence's edit: the figure's element (live) or its still (stills), as an HTML block, with
/// `id` as its id.
pub(crate) fn figure(
    text: &str,
    lines: &Lines,
    range: Range<usize>,
    fence: &Fence,
    id: Option<String>,
    output: Output,
) -> Result<Edit, LineProblem> {
    let element = FigureElement {
        id,
        ..fence.element.clone()
    };
    let html = match output {
        Output::Live => element.write(),
        Output::Stills => element.still(),
    }
    // A selected key that is not on the ring is only found drawing: it is the link's problem.
    .map_err(|why| {
        LineProblem::new(
            fence.line_of("link").unwrap_or(fence.line),
            format!("link: {why}"),
        )
    })?;
    let html: String = html
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let cont = continuation(text, lines, range.start);
    Ok(Edit {
        range,
        with: format!("\n{cont}{}\n{}", indent(&html, &cont), blank(&cont)),
    })
}

/// A button's edit: the element around the link's own words (live), or the words alone.
pub(crate) fn button(text: &str, button: &FoundButton, named: &Named, output: Output) -> Edit {
    let words = match &button.text {
        Some(range) => text[range.clone()].to_owned(),
        None => markdown_escape(button.change.trim()),
    };
    let with = match output {
        Output::Live => format!(
            "{}{words}{BUTTON_CLOSE}",
            button_open(&button.change, named)
        ),
        Output::Stills => words,
    };
    Edit {
        range: button.range.clone(),
        with,
    }
}

/// A step's edits: its directive out, and (live) the paragraph inside the step's element, as
/// Markdown still, between blank lines.
pub(crate) fn step(
    text: &str,
    lines: &Lines,
    step: &FoundStep,
    named: &Named,
    output: Output,
) -> Vec<Edit> {
    let directive = step.start..step.rest;
    if output == Output::Stills {
        return vec![Edit {
            range: directive,
            with: String::new(),
        }];
    }
    let cont = continuation(text, lines, step.start);
    let open = step_open(&step.directive.change, named);
    let after = format!("\n{}", blank(&cont));
    if step.rest == step.end {
        // A step with no words: an empty element, which still marks its place in the text.
        return vec![Edit {
            range: step.start..step.end,
            with: format!("{open}{STEP_CLOSE}{after}"),
        }];
    }
    vec![
        Edit {
            range: directive,
            with: format!("{open}{after}\n{cont}"),
        },
        Edit {
            range: step.end..step.end,
            with: format!("{after}\n{cont}{STEP_CLOSE}{after}"),
        },
    ]
}

/// `text` with Markdown's punctuation escaped, so that a change shown as a button's words
/// (`hot:key-0*1000`) reads as written.
fn markdown_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_punctuation() && !matches!(c, ':' | '@' | ',' | '=' | '/' | '%') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_shown_as_words_keeps_its_stars_and_brackets() {
        assert_eq!(markdown_escape("hot:key-0*1000"), "hot:key\\-0\\*1000");
        assert_eq!(markdown_escape("add:D@60"), "add:D@60");
    }
}
