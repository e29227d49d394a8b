//! Save SVG: the ring on the canvas written again as a vector image, for slides and papers, by
//! the drawing layer's SVG writer (the one that also writes the page's first screen). It
//! arrives with the rest of the Share menu on first use.

use crate::draw::geometry::Frame;
use crate::draw::style::Style;
use crate::draw::svg::{self, Options, Styling, Words};
use crate::ui::kit::browser::download;
use crate::ui::state::AppState;

use leptos::prelude::*;

/// Offers the ring as it is drawn now (its picture, side, palette and mode) as an SVG file.
pub fn save_svg(app: AppState) {
    let Some(still) = app.still.get_value() else {
        return;
    };
    let frame = Frame {
        side: still.side.get_untracked(),
    };
    let style = Style {
        present: app.page.present.get_untracked(),
    };
    let styling = Styling::Standalone {
        dark: still.dark.get_untracked(),
    };
    let document = still.picture.with_untracked(|picture| {
        let words = app.scenario.with_untracked(|s| Words::of(s, picture));
        let options = Options {
            frame,
            style,
            styling,
            words: &words,
        };
        svg::write(picture, &options)
    });
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(&document)
    );
    download(&url, "ringlab-ring.svg");
    app.words
        .announce("The ring was saved as an SVG image.".into());
}
