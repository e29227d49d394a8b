//! Colours on the page, and the swatch that shows a server's. The light and dark colours are
//! the drawing layer's table (`draw/palette.rs`), which the SVG writer reads too; forced colours
//! (a high-contrast mode) are the browser's system colours, and only the page has them.

use leptos::prelude::*;

use crate::draw::palette::{Paint, Palette};
use crate::draw::style::Style;

/// The colours the canvas needs for one colour scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Whether this is the dark scheme.
    pub dark: bool,
    /// Presentation mode: thicker strokes, larger type, stronger contrast.
    pub present: bool,
    /// Forced colours (a high-contrast mode): everything in the system's two colours, servers
    /// told apart by the dash pattern of their arcs instead of by colour.
    pub forced: bool,
}

/// Each colour slot's dash pattern under forced colours, in multiples of the band's width
/// (empty: solid). `style/main.css` draws the same patterns on the swatches.
const PATTERNS: [&[f64]; 8] = [
    &[],
    &[1.0, 0.5],
    &[0.25, 0.35],
    &[1.4, 0.35, 0.25, 0.35],
    &[0.5, 0.5],
    &[2.0, 0.5],
    &[0.25, 0.35, 0.25, 1.0],
    &[1.0, 0.25, 0.25, 0.25, 0.25, 0.25],
];

impl Theme {
    /// The line widths and type sizes of this mode.
    pub fn style(self) -> Style {
        Style {
            present: self.present,
        }
    }

    /// The colour of `paint`: the scheme's, or a system colour under forced colours.
    pub fn paint(self, paint: Paint) -> &'static str {
        if self.forced {
            match paint {
                Paint::Server(_) | Paint::Ink => return "CanvasText",
                Paint::Background => return "Canvas",
                Paint::Halo => return "Highlight",
                Paint::Muted => {}
            }
        }
        Palette::of(self.dark).colour(paint)
    }

    /// A server's colour by slot; slots past the palette wrap round.
    pub fn server(self, slot: usize) -> &'static str {
        self.paint(Paint::Server(slot))
    }

    /// A server's dash pattern by slot under forced colours, in multiples of `unit`; solid
    /// otherwise.
    pub fn pattern(self, slot: usize, unit: f64) -> Vec<f64> {
        if !self.forced {
            return Vec::new();
        }
        PATTERNS[slot % PATTERNS.len()]
            .iter()
            .map(|x| x * unit)
            .collect()
    }

    /// The canvas background.
    pub fn background(self) -> &'static str {
        self.paint(Paint::Background)
    }

    /// Text and strong lines.
    pub fn ink(self) -> &'static str {
        self.paint(Paint::Ink)
    }

    /// Quiet lines and tick labels.
    pub fn muted(self) -> &'static str {
        self.paint(Paint::quiet(self.present))
    }

    /// The halo round keys that moved.
    pub fn halo(self) -> &'static str {
        self.paint(Paint::Halo)
    }
}

/// Follows `prefers-color-scheme`, live, and the presentation mode.
pub fn use_theme(present: ReadSignal<bool>) -> Signal<Theme> {
    use_theme_with(media_query("(prefers-color-scheme: dark)").into(), present)
}

/// Follows `dark`, live (a figure's, which its host page may choose), and the presentation mode.
pub fn use_theme_with(dark: Signal<bool>, present: ReadSignal<bool>) -> Signal<Theme> {
    let forced = media_query("(forced-colors: active)");
    Signal::derive(move || Theme {
        dark: dark.get(),
        present: present.get(),
        forced: forced.get(),
    })
}

/// Whether the person asked for reduced motion, live.
pub fn use_reduced_motion() -> ReadSignal<bool> {
    media_query("(prefers-reduced-motion: reduce)")
}

/// Whether the media query `query` matches, live.
pub fn use_media(query: &str) -> ReadSignal<bool> {
    media_query(query)
}

fn media_query(query: &str) -> ReadSignal<bool> {
    use wasm_bindgen::prelude::*;
    let (matches, set_matches) = signal(false);
    let Some(list) = window().match_media(query).ok().flatten() else {
        return matches;
    };
    set_matches.set(list.matches());
    let listener = Closure::<dyn Fn(web_sys::MediaQueryListEvent)>::new(
        move |ev: web_sys::MediaQueryListEvent| {
            set_matches.set(ev.matches());
        },
    );
    let _ = list.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    listener.forget();
    matches
}

/// A server's colour swatch for colour slot `index`; under forced colours it shows the dash
/// pattern the ring draws that server's arcs with.
#[component]
pub fn Swatch(theme: Signal<Theme>, index: usize) -> impl IntoView {
    view! {
        <span
            class=format!("swatch pattern-{}", index % 8)
            aria-hidden="true"
            style=move || format!("background:{}", theme.get().server(index))
        ></span>
    }
}
