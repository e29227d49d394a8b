//! How thick the ring's lines are and how large its writing is, in the normal mode and in
//! presentation mode, and the few fixed sizes round the marks (the gap of a halo, the dash of
//! the walk). The canvas painter and the SVG writer both read them here, so a still of the ring
//! has the lines and the type of the ring on screen.
//!
//! Presentation mode draws every line 1.6 times as thick and writing √1.6 times as large, and
//! never writes smaller than 20 px, so that the ring reads from the back of a room. Radii and
//! positions, which follow the size of the ring and not the mode, are the geometry's.

use crate::draw::geometry::Frame;

/// The family text on the ring is written in.
pub const FONT_FAMILY: &str = "system-ui, sans-serif";
/// The weight text on the ring is written in.
pub const FONT_WEIGHT: u16 = 600;
/// In presentation mode nothing written on the ring is smaller than this, in pixels.
pub const PRESENT_MIN_FONT: f64 = 20.0;

/// The selected key's walk: dash and gap, in pixels.
pub const WALK_DASH: [f64; 2] = [6.0, 4.0];
/// The shortest walk drawn, as a turn fraction, so a key right on its owner's point still
/// shows one.
pub const WALK_MIN_SWEEP: f64 = 0.0005;
/// The radius of the dot at the end of the walk.
pub const WALK_END: f64 = 5.0;
/// How far out from a key's dot the halo of a moved key is drawn.
pub const HALO_GAP: f64 = 3.0;
/// How far out from a key's dot the ring round the selected key is drawn.
pub const SELECTED_GAP: f64 = 6.0;
/// How far out from a key's dot the two rings round a key made hot are drawn.
pub const HOT_GAPS: [f64; 2] = [4.0, 9.0];
/// The selected server's arcs are this many times the band's width.
pub const SELECTED_ARC: f64 = 1.5;
/// How opaque the density band is.
pub const DENSITY_OPACITY: f64 = 0.55;

/// The mode lines and writing are drawn in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Style {
    /// Presentation mode: thicker lines, larger writing.
    pub present: bool,
}

/// A line on the ring, by what it draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// The thin circle of the ring itself.
    Ring,
    /// A server's stretch of the coloured band.
    Arc {
        /// Whether its server is selected.
        selected: bool,
    },
    /// A tick mark.
    Tick,
    /// The selected key's walk.
    Walk,
    /// The outline of a server's point.
    PointOutline,
    /// A point drawn as a tick across the band, when points are many.
    PointTick,
    /// A selected server's point drawn as a tick across the band.
    SelectedPointTick,
    /// The outline of a key's dot.
    KeyOutline,
    /// The halo round a key that moved.
    Halo,
    /// The ring round the selected key.
    SelectedKey,
    /// The rings round a key made hot.
    Hot,
    /// The rim of a badge on the selected key's preference list.
    Badge,
    /// The mark under the pointer.
    Hover,
}

/// Writing on the ring, by what it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writing {
    /// A tick's position.
    Tick,
    /// A server's name beside its point.
    Server,
    /// A key's label beside its dot.
    Key,
    /// A rank on a badge.
    Badge,
}

impl Line {
    /// The line's width at normal weight, in pixels, on the ring in `frame`.
    pub fn width(self, frame: Frame) -> f64 {
        match self {
            Line::Ring | Line::PointTick | Line::KeyOutline => 1.0,
            Line::Arc { selected: false } => frame.band_width(),
            Line::Arc { selected: true } => frame.band_width() * SELECTED_ARC,
            Line::Tick => 1.5,
            Line::PointOutline | Line::Halo | Line::Hover => 2.0,
            Line::SelectedPointTick | Line::Hot => 2.5,
            Line::Walk | Line::SelectedKey | Line::Badge => 3.0,
        }
    }
}

impl Writing {
    /// The writing's size as a share of the frame's side, and the smallest it may be.
    fn share(self) -> (f64, f64) {
        match self {
            Writing::Tick => (0.027, 12.0),
            Writing::Server => (0.034, 14.0),
            Writing::Key => (0.022, 11.0),
            Writing::Badge => (0.024, 12.0),
        }
    }
}

impl Style {
    /// How many times thicker lines are drawn than at normal weight.
    pub fn weight(self) -> f64 {
        if self.present {
            1.6
        } else {
            1.0
        }
    }

    /// The width `line` is drawn with in this mode, in pixels.
    pub fn width(self, frame: Frame, line: Line) -> f64 {
        line.width(frame) * self.weight()
    }

    /// The size `writing` is written at in this mode, in whole pixels.
    pub fn font_size(self, frame: Frame, writing: Writing) -> f64 {
        let (share, min) = writing.share();
        let px = (frame.side * share).max(min) * self.weight().sqrt();
        let px = if self.present {
            px.max(PRESENT_MIN_FONT)
        } else {
            px
        };
        // Rounded as the canvas's font shorthand writes it (`{:.0}`: ties to even).
        px.round_ties_even()
    }

    /// The CSS font shorthand for `writing` in this mode: `600 14px system-ui, sans-serif`.
    pub fn font(self, frame: Frame, writing: Writing) -> String {
        let px = self.font_size(frame, writing);
        format!("{FONT_WEIGHT} {px:.0}px {FONT_FAMILY}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presentation_mode_draws_every_line_thicker_by_the_same_weight() {
        let frame = Frame { side: 480.0 };
        let normal = Style { present: false };
        let present = Style { present: true };
        for line in [Line::Ring, Line::Walk, Line::Arc { selected: true }] {
            let ratio = present.width(frame, line) / normal.width(frame, line);
            assert!((ratio - 1.6).abs() < 1e-12);
        }
        assert_eq!(
            normal.width(frame, Line::Arc { selected: false }),
            frame.band_width()
        );
    }

    #[test]
    fn writing_is_whole_pixels_and_never_below_twenty_in_presentation_mode() {
        let small = Frame { side: 240.0 };
        assert_eq!(
            Style::default().font_size(small, Writing::Key),
            11.0,
            "the smallest key label"
        );
        assert_eq!(Style { present: true }.font_size(small, Writing::Key), 20.0);
        assert_eq!(
            Style::default().font(Frame { side: 600.0 }, Writing::Server),
            "600 20px system-ui, sans-serif"
        );
    }
}
