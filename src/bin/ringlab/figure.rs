//! `ringlab figure`: a `<ringlab-figure>` element with its still, ready to paste into a page,
//! written by the drawing layer's one writer of figures.

use ringlab::core::parse_number;
use ringlab::draw::figure_element::FigureElement;

use crate::experiment::Failure;
use crate::figure_args::FigureArgs;

/// Runs `ringlab figure`, returning the element.
pub fn run(args: &FigureArgs) -> Result<String, Failure> {
    let side = match &args.size {
        Some(size) => Some(parse_number::<u32>(size).map_err(|_| {
            Failure::Refused(format!("--size: {size:?} is not a whole number of pixels."))
        })?),
        None => None,
    };
    let figure = FigureElement {
        link: args.link.clone(),
        panels: args.panels.clone(),
        label: args.label.clone(),
        id: args.id.clone(),
        group: args.group.clone(),
        side,
    };
    let problems = figure.problems();
    if !problems.is_empty() {
        let flagged: Vec<String> = problems.iter().map(|p| format!("--{p}")).collect();
        return Err(Failure::Refused(flagged.join("\n")));
    }
    figure.write().map_err(Failure::Refused)
}
