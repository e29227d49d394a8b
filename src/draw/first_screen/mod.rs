//! The page's first screen as HTML, written at build time into `index.html` so that a visitor
//! sees the starting ring, its servers, keys and shares before the page's code has arrived.
//!
//! It is the same picture the app draws: the ring is the canvas's [`Picture`] written by the
//! [SVG writer](crate::draw::svg) in its classes styling (the page's stylesheet colours it, light
//! or dark, from [`stylesheet`]), and the shares are the engine's [`Ownership`] in the words of
//! the app's ownership table. Around them stands the page's frame with the app's own classes, so
//! the same stylesheet lays both out alike: the header (its buttons kept in their places but not
//! shown, as they cannot work yet), the stage with the ring, and the readout. The app removes
//! it when it mounts, and its own elements take the same places.
//!
//! Everything written here is inert: no script, no `style` attribute, nothing to click or to
//! reach with the keyboard (what the app will offer is kept in its place but hidden, class
//! `pending`), and its two top elements carry the class [`CLASS`]. It stays readable: a screen
//! reader finds the page's heading, its `main` landmark, the ring's description and the shares'
//! table, as it then finds the app's. The ring is written at a few
//! sides ([`SIDES`]) and the stylesheet shows the one nearest to the side the canvas will take
//! on that screen, at the canvas's exact size.
//!
//! The words both the app and this page say are here too ([`ring_labels`]), so that they are
//! written once.

mod header;
mod markup;
mod readout;
pub mod ring_labels;

pub use markup::{Shell, CLASS};

use std::fmt::Write;

use crate::core::Scenario;
use crate::draw::geometry::Frame;
use crate::draw::palette::Palette;
use crate::draw::picture::{assign_slots, Focus, Picture, PALETTE};
use crate::draw::style::Style;
use crate::draw::svg::{self, Options, Styling, Words};
use markup::escape;

/// The sides the ring is written at, in CSS pixels: a 375-pixel phone's, a 1280×720 window's,
/// and the largest the canvas takes (a tablet's, a tall window's).
pub const SIDES: [u32; 3] = [359, 520, 640];

/// The first screen showing `scenario` (the starting one), as the elements to put at the start
/// of the page's `<body>`: the header and the `<main>` of the app's layout.
pub fn write(scenario: &Scenario, shell: &Shell<'_>) -> String {
    let names: Vec<&str> = scenario.servers().iter().map(|s| s.name.as_str()).collect();
    let slots: Vec<usize> = assign_slots(&[], &names)
        .into_iter()
        .map(|(_, slot)| slot)
        .collect();
    let picture = Picture::new(scenario, None, &slots, &Focus::default());
    let words = Words::of(scenario, &picture);
    let mut html = String::new();
    html.push_str(&header::header(shell));
    let _ = writeln!(html, "<main class=\"layout {CLASS}\">");
    html.push_str("<section class=\"controls\"></section>\n");
    html.push_str("<section class=\"stage\">\n");
    let _ = writeln!(
        html,
        "<p class=\"mode-banner\"><span class=\"mode-text\">{}</span><button type=\"button\" \
         class=\"predict-switch pending\">Predict first</button></p>",
        escape(ring_labels::SELECT_HINT)
    );
    html.push_str("<div class=\"ring-box\">\n");
    for side in SIDES {
        let ring = svg::write(
            &picture,
            &Options {
                frame: Frame {
                    side: f64::from(side),
                },
                style: Style::default(),
                styling: Styling::Classes,
                words: &words,
            },
        );
        let _ = write!(
            html,
            "<div class=\"first-ring side-{side}\">\n{ring}</div>\n"
        );
    }
    html.push_str("</div>\n");
    let _ = writeln!(
        html,
        "<p class=\"hover-readout\">{}</p>",
        escape(ring_labels::HOVER_HINT)
    );
    html.push_str("</section>\n");
    html.push_str(&readout::readout(&scenario.ownership(), &slots));
    html.push_str("</main>\n");
    html
}

/// The colours of the first screen, for the page's stylesheet: the SVG's classes
/// ([`svg::page_stylesheet`]) and the servers' colours on the table's swatches and bars, light
/// and, when the reader's system prefers it, dark.
pub fn stylesheet() -> String {
    let mut css = svg::page_stylesheet();
    let servers = |palette: &Palette| {
        let mut rules = String::new();
        for slot in 0..PALETTE {
            let colour = palette.server(slot);
            let _ = writeln!(
                rules,
                ".{CLASS} .swatch.s{slot}{{background:{colour}}}\n.{CLASS} .bar-fill.s{slot}{{fill:{colour}}}"
            );
        }
        rules
    };
    css.push_str(&servers(Palette::of(false)));
    css.push_str("@media (prefers-color-scheme: dark) {\n");
    css.push_str(&servers(Palette::of(true)));
    css.push_str("}\n");
    css
}

#[cfg(test)]
mod tests;
