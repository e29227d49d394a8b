//! The ring's colours, as plain data: one table that the canvas painter, the page's swatches
//! and the SVG writer all read.
//!
//! Server colours come from a palette chosen to stay distinguishable for people with
//! colour-vision deficiencies (after Okabe and Ito), in a light and a dark variant; each variant
//! also names the background, the ink of text and strong lines, the muted colour of quiet lines
//! and tick labels, and the halo round keys that moved. What a mark is painted with is a
//! [`Paint`], a role that a palette turns into a colour (and the SVG writer, in its classes
//! styling, into a CSS class). Forced colours (a high-contrast mode) are the browser's own system
//! colours and stay with the page, in `ui/kit/theme.rs`.

use crate::draw::picture::PALETTE;

/// The colours of one colour scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// A colour per colour slot (see `picture::slots`), as CSS hex colours.
    pub servers: [&'static str; PALETTE],
    /// The background behind the ring.
    pub background: &'static str,
    /// Text and strong lines.
    pub ink: &'static str,
    /// Quiet lines and tick labels.
    pub muted: &'static str,
    /// The halo round keys that moved.
    pub halo: &'static str,
}

/// The light scheme.
pub const LIGHT: Palette = Palette {
    servers: [
        "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#B59B00", "#D55E00", "#7B61C9", "#6A6A6A",
    ],
    background: "#ffffff",
    ink: "#1b1f24",
    muted: "#555d68",
    halo: "#111111",
};

/// The dark scheme.
pub const DARK: Palette = Palette {
    servers: [
        "#56B4E9", "#E69F00", "#2BC48F", "#E08BC0", "#F0E442", "#FF6A3D", "#A48BFF", "#C8C8C8",
    ],
    background: "#16181d",
    ink: "#eceff4",
    muted: "#a9b1bd",
    halo: "#ffffff",
};

/// What a mark is painted with, by its role rather than its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Paint {
    /// The colour of a server's colour slot; slots past the palette wrap round.
    Server(usize),
    /// The background.
    Background,
    /// Text and strong lines.
    Ink,
    /// Quiet lines and tick labels.
    Muted,
    /// The halo round keys that moved.
    Halo,
}

impl Paint {
    /// What quiet lines and tick labels are painted with: muted, except in presentation mode,
    /// where they take the ink, to be read from the back of a room.
    pub fn quiet(present: bool) -> Paint {
        if present {
            Paint::Ink
        } else {
            Paint::Muted
        }
    }
}

impl Palette {
    /// The dark scheme when `dark`, else the light one.
    pub fn of(dark: bool) -> &'static Palette {
        if dark {
            &DARK
        } else {
            &LIGHT
        }
    }

    /// A server's colour by slot; slots past the palette wrap round.
    pub fn server(&self, slot: usize) -> &'static str {
        self.servers[slot % PALETTE]
    }

    /// The colour of `paint` in this scheme.
    pub fn colour(&self, paint: Paint) -> &'static str {
        match paint {
            Paint::Server(slot) => self.server(slot),
            Paint::Background => self.background,
            Paint::Ink => self.ink,
            Paint::Muted => self.muted,
            Paint::Halo => self.halo,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_past_the_palette_wrap_round_to_the_same_colours() {
        assert_eq!(LIGHT.server(0), "#0072B2");
        assert_eq!(LIGHT.server(PALETTE + 3), LIGHT.server(3));
        assert_eq!(DARK.colour(Paint::Server(9)), DARK.server(1));
    }

    #[test]
    fn quiet_marks_take_the_ink_in_presentation_mode() {
        assert_eq!(LIGHT.colour(Paint::quiet(false)), LIGHT.muted);
        assert_eq!(LIGHT.colour(Paint::quiet(true)), LIGHT.ink);
    }
}
