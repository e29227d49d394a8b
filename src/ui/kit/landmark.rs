//! The names of the page's regions. A host page may hold several figures (`ui::figures`), each
//! with the same panels: within a figure every region's name starts with the figure's own, so
//! that each region of the host page has a name no other region has.

use std::sync::Arc;

use leptos::prelude::*;

/// The id of the hidden element holding a figure's name, in each figure's shadow root.
pub const FIGURE_NAME: &str = "figure-name";

/// Provided by a figure: its name ("Figure 2: a server joins").
#[derive(Clone)]
pub struct InFigure(pub Arc<str>);

/// The ids a region's `aria-labelledby` names for its heading `id`: the heading alone in the
/// app, the figure's name and the heading in a figure.
pub fn labelled_by(id: &'static str) -> String {
    match use_context::<InFigure>() {
        Some(_) => format!("{FIGURE_NAME} {id}"),
        None => id.to_string(),
    }
}

/// A region's `aria-label` `name`, led by the figure's name in a figure.
pub fn named(name: &'static str) -> String {
    match use_context::<InFigure>() {
        Some(InFigure(figure)) => format!("{figure}: {name}"),
        None => name.to_string(),
    }
}
