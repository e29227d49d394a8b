//! One chapter's text made into what its renderer shows: each `ringlab` fence becomes a
//! figure, each `ringlab:` link a button and each `{{#ringlab-step}}` paragraph a step, spliced
//! into the text by byte range so that every other byte stays as the author wrote it.
//!
//! Under mdBook's `html` renderer a figure is Ringlab's `<ringlab-figure>` element with its still
//! inside, which the page's script makes live. Other renderers get the still alone (an SVG), a
//! button's words and a step's paragraph: what a reader without the script would see.
//!
//! Controls find their figure by id, by group, or as the nearest figure above them; a figure
//! that a control finds that way and that has no id of its own is given `ringlab-figure-N`,
//! N being its place in the chapter (or the next number no figure of the chapter uses).

use std::ops::Range;

use crate::control::{check_change, Named, Target};
use crate::fence::Fence;
use crate::problem::LineProblem;
use crate::render;
use crate::scan::scan;
use crate::source::{splice, Lines};

/// What a chapter is made into, by the renderer it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Live figures for the `html` renderer: the element, buttons and steps.
    Live,
    /// Stills, words and paragraphs, for every other renderer.
    Stills,
}

/// A chapter made over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transformed {
    /// Its new text.
    pub content: String,
    /// How many figures it holds.
    pub figures: usize,
}

/// A figure of the chapter: where its fence is, and what it says when it could be read.
pub(crate) struct Figure {
    pub(crate) range: Range<usize>,
    pub(crate) fence: Option<Fence>,
}

/// Where a control's target was found.
enum Resolved {
    /// A figure's id or a group, as the author named it.
    Named(Named),
    /// The figure at this place in the chapter, the nearest above the control.
    Above(usize),
}

/// Makes `text` over for `output`, or says every problem of it, by line.
pub fn transform(text: &str, output: Output) -> Result<Transformed, Vec<LineProblem>> {
    let lines = Lines::of(text);
    let found = scan(text, &lines);
    let mut problems = found.problems;

    // A fence that cannot be read keeps its place, with no figure, so that the controls under
    // it still find it rather than adding a second, misleading problem.
    let figures: Vec<Figure> = found
        .figures
        .iter()
        .map(|f| Figure {
            range: f.range.clone(),
            fence: Fence::read(&f.body, lines.line(f.range.start))
                .map_err(|more| problems.extend(more))
                .ok(),
        })
        .collect();
    let ids = author_ids(&figures, &mut problems);

    let mut resolve_control = |at: usize, change: &str, target: &str| {
        let resolved = check_change(change).and_then(|()| resolve(at, target, &figures, &ids));
        resolved
            .map_err(|message| problems.push(LineProblem::new(lines.line(at), message)))
            .ok()
    };
    let buttons: Vec<_> = found
        .buttons
        .iter()
        .map(|b| resolve_control(b.range.start, &b.change, &b.title))
        .collect();
    let steps: Vec<_> = found
        .steps
        .iter()
        .map(|s| resolve_control(s.start, &s.directive.change, &s.directive.target))
        .collect();
    // The figures are drawn even when the chapter has problems already: a still that cannot
    // be drawn (a selected key that is not on the ring) is one more, told with the others.
    let above: Vec<usize> = buttons
        .iter()
        .chain(&steps)
        .filter_map(|r| match r {
            Some(Resolved::Above(index)) => Some(*index),
            _ => None,
        })
        .collect();
    let final_ids = assign_ids(&figures, &above);
    let mut edits = Vec::new();
    for (figure, id) in figures.iter().zip(&final_ids) {
        let Some(fence) = &figure.fence else { continue };
        let range = figure.range.clone();
        match render::figure(text, &lines, range, fence, id.clone(), output) {
            Ok(edit) => edits.push(edit),
            Err(problem) => problems.push(problem),
        }
    }
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.line);
        return Err(problems);
    }

    let name = |resolved: &Option<Resolved>| match resolved {
        Some(Resolved::Named(named)) => named.clone(),
        Some(Resolved::Above(index)) => {
            Named::Figure(final_ids[*index].clone().unwrap_or_default())
        }
        None => unreachable!("every control was resolved, or the chapter has problems"),
    };
    for (button, resolved) in found.buttons.iter().zip(&buttons) {
        edits.push(render::button(text, button, &name(resolved), output));
    }
    for (step, resolved) in found.steps.iter().zip(&steps) {
        edits.extend(render::step(text, &lines, step, &name(resolved), output));
    }
    Ok(Transformed {
        content: splice(text, edits),
        figures: figures.len(),
    })
}

/// The ids the author gave, each with its figure's line; a second figure with the same id is
/// a problem, as the page would find only the first.
fn author_ids(figures: &[Figure], problems: &mut Vec<LineProblem>) -> Vec<(String, usize)> {
    let mut ids: Vec<(String, usize)> = Vec::new();
    for fence in figures.iter().filter_map(|f| f.fence.as_ref()) {
        let Some(id) = &fence.element.id else {
            continue;
        };
        match ids.iter().find(|(other, _)| other == id) {
            Some((_, first)) => problems.push(LineProblem::new(
                fence.line_of("id").unwrap_or(fence.line),
                format!(
                    "id: {id:?} is already the id of the figure on line {first}: \
                     each figure of a chapter has an id of its own"
                ),
            )),
            None => ids.push((id.clone(), fence.line)),
        }
    }
    ids
}

/// Finds the figures a control at byte `at` names with `target`, among the chapter's.
fn resolve(
    at: usize,
    target: &str,
    figures: &[Figure],
    ids: &[(String, usize)],
) -> Result<Resolved, String> {
    match Target::read(target)? {
        Target::Figure(id) => {
            if ids.iter().any(|(other, _)| *other == id) {
                return Ok(Resolved::Named(Named::Figure(id)));
            }
            let known: Vec<&str> = ids.iter().map(|(id, _)| id.as_str()).collect();
            Err(if known.is_empty() {
                format!("no figure in this chapter has the id {id:?}: none of them has an id")
            } else {
                format!(
                    "no figure in this chapter has the id {id:?}: its figures' ids are {}",
                    known.join(", ")
                )
            })
        }
        Target::Group(group) => {
            let grouped = figures
                .iter()
                .filter_map(|f| f.fence.as_ref())
                .any(|f| f.element.group.as_deref() == Some(group.as_str()));
            if grouped {
                Ok(Resolved::Named(Named::Group(group)))
            } else {
                Err(format!(
                    "no figure in this chapter is in the group {group:?}"
                ))
            }
        }
        Target::Above => match figures.iter().rposition(|f| f.range.start < at) {
            Some(index) => Ok(Resolved::Above(index)),
            None => Err(
                "this control has no figure above it in the chapter and names none: \
                 put it under a figure, or name one as the link's title \
                 ([words](ringlab:add:E \"ID\")) or as the step's second word \
                 ({{#ringlab-step add:E ID}})"
                    .into(),
            ),
        },
    }
}

/// Each figure's id on the page: the author's, or `ringlab-figure-N` for a figure without one
/// that a control finds as the nearest above it; none for the others.
fn assign_ids(figures: &[Figure], above: &[usize]) -> Vec<Option<String>> {
    let mut ids: Vec<Option<String>> = figures
        .iter()
        .map(|f| f.fence.as_ref().and_then(|f| f.element.id.clone()))
        .collect();
    for index in 0..figures.len() {
        if ids[index].is_some() || !above.contains(&index) {
            continue;
        }
        let id = (index + 1..)
            .map(|n| format!("ringlab-figure-{n}"))
            .find(|id| !ids.iter().flatten().any(|other| other == id))
            .expect("some number is free");
        ids[index] = Some(id);
    }
    ids
}
