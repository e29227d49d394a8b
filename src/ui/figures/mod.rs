//! Figures: many live rings in one host page, sharing one download and one WebAssembly
//! instance, each with its own state.
//!
//! A host page adds the build's `figures.js` as a module script (written by
//! `scripts/split-build.mjs`) and writes each figure as a `<ringlab-figure>` element whose `link`
//! attribute is a Ringlab link's state (`ring=100&servers=A@10,B@40,C@75&keys=@90`) and whose
//! `panels` attribute names the panels beside the ring, as an embed's `panels=` does. What the
//! element holds (a still from `ringlab svg`) shows until the figure is live. `figures.js` sets
//! `globalThis.ringlabFigures` before starting the WebAssembly, which tells [`wanted`] that this
//! is a host page and not the app's own; the figures' code then arrives as a module of its own,
//! so the app's first screen carries none of it.

mod actions;
mod events;
mod figure;
mod page;
mod registry;
mod scheme;
mod start;

pub use page::{name_placements, wanted};

use crate::ui::kit::lazy::split_point;

split_point! {
    /// The figures' code: finds the page's figures and wakes each as it nears the viewport,
    /// and follows the text's links and steps.
    pub fn arrive() -> fn() = figures {
        || {
            start::start(actions::clicked);
            actions::follow_steps();
        }
    }
}
