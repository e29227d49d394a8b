//! Every kind of mark the ring is drawn with, its CSS class and what it is painted with: one
//! table that gives the classes styling its classes, the standalone styling its colours, and
//! the stylesheet its rules, so the three can never disagree.

use std::fmt::Write;

use crate::draw::palette::{Paint, Palette};
use crate::draw::picture::PALETTE;

/// The class of the `<svg>` element; the stylesheet's rules all sit under it. In presentation
/// mode the element also has the class `present`.
pub const ROOT_CLASS: &str = "ringlab-ring";

/// A kind of mark on the ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mark {
    Background,
    RingLine,
    Arc,
    Tick,
    TickLabel,
    Walk,
    WalkEnd,
    Point,
    PointTick,
    SelectedPointTick,
    ServerLabel,
    Key,
    Moved,
    KeyLabel,
    SelectedKey,
    Hot,
    Density,
    DensityMoved,
    Badge,
    BadgeLabel,
    Hover,
}

/// What a part of a mark (its inside or its outline) is painted with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colour {
    /// Its server's colour slot, named by a class `s0` to `s7`.
    Slot,
    /// Muted, or the ink in presentation mode.
    Quiet,
    /// The same role in every mode.
    Fixed(Paint),
}

impl Mark {
    /// Every kind of mark, in the order the stylesheet lists them.
    pub(super) const ALL: [Mark; 21] = [
        Mark::Background,
        Mark::RingLine,
        Mark::Arc,
        Mark::Tick,
        Mark::TickLabel,
        Mark::Walk,
        Mark::WalkEnd,
        Mark::Point,
        Mark::PointTick,
        Mark::SelectedPointTick,
        Mark::ServerLabel,
        Mark::Key,
        Mark::Moved,
        Mark::KeyLabel,
        Mark::SelectedKey,
        Mark::Hot,
        Mark::Density,
        Mark::DensityMoved,
        Mark::Badge,
        Mark::BadgeLabel,
        Mark::Hover,
    ];

    /// The mark's own class, different for every kind.
    pub(super) fn class(self) -> &'static str {
        match self {
            Mark::Background => "background",
            Mark::RingLine => "ring-line",
            Mark::Arc => "arc",
            Mark::Tick => "tick",
            Mark::TickLabel => "tick-label",
            Mark::Walk => "walk",
            Mark::WalkEnd => "walk-end",
            Mark::Point => "point",
            Mark::PointTick => "point-tick",
            Mark::SelectedPointTick => "selected-point-tick",
            Mark::ServerLabel => "server-label",
            Mark::Key => "key",
            Mark::Moved => "moved",
            Mark::KeyLabel => "key-label",
            Mark::SelectedKey => "selected-key",
            Mark::Hot => "hot",
            Mark::Density => "density",
            Mark::DensityMoved => "density-moved",
            Mark::Badge => "badge",
            Mark::BadgeLabel => "badge-label",
            Mark::Hover => "hover",
        }
    }

    /// What the inside and the outline are painted with, as the canvas painter paints them;
    /// `None` leaves that part unpainted.
    fn colours(self) -> (Option<Colour>, Option<Colour>) {
        use Colour::{Fixed, Quiet, Slot};
        use Paint::{Background, Halo, Ink};
        match self {
            Mark::Background => (Some(Fixed(Background)), None),
            Mark::RingLine | Mark::Tick => (None, Some(Quiet)),
            Mark::TickLabel | Mark::Density => (Some(Quiet), None),
            Mark::Arc => (None, Some(Slot)),
            Mark::Walk | Mark::SelectedPointTick | Mark::SelectedKey | Mark::Hot | Mark::Hover => {
                (None, Some(Fixed(Ink)))
            }
            Mark::WalkEnd | Mark::ServerLabel | Mark::KeyLabel | Mark::BadgeLabel => {
                (Some(Fixed(Ink)), None)
            }
            Mark::Point => (Some(Slot), Some(Fixed(Ink))),
            Mark::PointTick => (None, Some(Fixed(Background))),
            Mark::Key => (Some(Slot), Some(Fixed(Background))),
            Mark::Moved => (None, Some(Fixed(Halo))),
            Mark::DensityMoved => (Some(Fixed(Halo)), None),
            Mark::Badge => (Some(Fixed(Background)), Some(Slot)),
        }
    }

    /// Whether the mark is painted in its server's colour, and so carries a slot class.
    pub(super) fn by_slot(self) -> bool {
        let (fill, stroke) = self.colours();
        fill == Some(Colour::Slot) || stroke == Some(Colour::Slot)
    }

    /// Whether the mark has an inside to paint.
    pub(super) fn filled(self) -> bool {
        self.colours().0.is_some()
    }

    /// What the inside and the outline of a mark in colour slot `slot` are painted with.
    pub(super) fn paints(self, slot: usize, present: bool) -> (Option<Paint>, Option<Paint>) {
        let resolve = |colour: Colour| match colour {
            Colour::Slot => Paint::Server(slot),
            Colour::Quiet => Paint::quiet(present),
            Colour::Fixed(paint) => paint,
        };
        let (fill, stroke) = self.colours();
        (fill.map(resolve), stroke.map(resolve))
    }
}

/// The class naming colour slot `slot`; slots past the palette wrap round, as their colours do.
pub(super) fn slot_class(slot: usize) -> String {
    format!("s{}", slot % PALETTE)
}

/// The CSS rules that colour an SVG written in the classes styling with `palette`, in either
/// mode: each mark's fill and stroke, per colour slot for the marks in their server's colour,
/// and the quiet marks' ink under `.present`. A page puts them in its own stylesheet (under a
/// `prefers-color-scheme` query for the dark palette, say); [`page_stylesheet`] does exactly
/// that.
pub fn stylesheet(palette: &Palette) -> String {
    rules("", &|paint| palette.colour(paint).to_string())
}

/// The rules of [`stylesheet`] for the light palette, and for the dark one when the reader's
/// system prefers a dark colour scheme: all a page needs to colour the classes styling.
pub fn page_stylesheet() -> String {
    let mut css = stylesheet(Palette::of(false));
    css.push_str("@media (prefers-color-scheme: dark) {\n");
    css.push_str(&stylesheet(Palette::of(true)));
    css.push_str("}\n");
    css
}

/// A stylesheet for stills written with their colours in (light), each the child of an element
/// `host` (a figure's tag): these rules recolour them to follow the colour scheme the figure
/// itself follows once live, the host page's `--ringlab-color-scheme` (`light` or `dark`) when
/// it sets one on the element or a parent, and the reader's setting when not. Every colour is
/// `light-dark(light, dark)`, so a browser without it keeps the colours written in. A still
/// keeps its side and shrinks to a narrower column.
pub fn still_stylesheet(host: &str) -> String {
    let root = format!("{host}>svg.{ROOT_CLASS}");
    let mut css = format!(
        "{root}{{display:block;max-width:100%;height:auto;margin:0 auto;\
         color-scheme:var(--ringlab-color-scheme,light dark)}}\n"
    );
    let light = Palette::of(false);
    let dark = Palette::of(true);
    css.push_str(&rules(host, &|paint| {
        format!("light-dark({},{})", light.colour(paint), dark.colour(paint))
    }));
    css
}

/// Every mark's colour rule, each selector under `scope` (a selector, or nothing), with the
/// colours `colour` gives.
fn rules(scope: &str, colour: &dyn Fn(Paint) -> String) -> String {
    let scope = if scope.is_empty() {
        String::new()
    } else {
        format!("{scope} ")
    };
    let mut css = String::new();
    for present in [false, true] {
        let root = if present {
            format!("{scope}.{ROOT_CLASS}.present")
        } else {
            format!("{scope}.{ROOT_CLASS}")
        };
        for mark in Mark::ALL {
            let (fill, stroke) = mark.colours();
            if present && fill != Some(Colour::Quiet) && stroke != Some(Colour::Quiet) {
                continue;
            }
            let slots = if mark.by_slot() { PALETTE } else { 1 };
            for slot in 0..slots {
                let selector = if mark.by_slot() {
                    format!("{root} .{}.{}", mark.class(), slot_class(slot))
                } else {
                    format!("{root} .{}", mark.class())
                };
                let (fill, stroke) = mark.paints(slot, present);
                let mut body = Vec::new();
                if let Some(paint) = fill {
                    body.push(format!("fill:{}", colour(paint)));
                }
                if let Some(paint) = stroke {
                    body.push(format!("stroke:{}", colour(paint)));
                }
                let _ = writeln!(css, "{selector}{{{}}}", body.join(";"));
            }
        }
    }
    css
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_has_a_class_of_its_own() {
        let mut classes: Vec<&str> = Mark::ALL.iter().map(|m| m.class()).collect();
        classes.sort_unstable();
        classes.dedup();
        assert_eq!(classes.len(), Mark::ALL.len());
    }

    #[test]
    fn the_stylesheet_colours_each_slot_of_the_arcs_and_the_quiet_marks_in_both_modes() {
        let css = stylesheet(Palette::of(false));
        assert!(
            css.contains(".ringlab-ring .arc.s3{stroke:#CC79A7}"),
            "{css}"
        );
        assert!(css.contains(".ringlab-ring .key.s0{fill:#0072B2;stroke:#ffffff}"));
        assert!(css.contains(".ringlab-ring .tick-label{fill:#555d68}"));
        assert!(css.contains(".ringlab-ring.present .tick-label{fill:#1b1f24}"));
        let page = page_stylesheet();
        assert!(page.contains("@media (prefers-color-scheme: dark)"));
        assert!(page.contains(".ringlab-ring .arc.s0{stroke:#56B4E9}"));
    }

    #[test]
    fn the_stills_stylesheet_gives_each_mark_its_light_and_dark_colour_under_the_figure() {
        let css = still_stylesheet("ringlab-figure");
        assert!(css.starts_with(
            "ringlab-figure>svg.ringlab-ring{display:block;max-width:100%;height:auto;margin:0 auto;\
             color-scheme:var(--ringlab-color-scheme,light dark)}"
        ));
        assert!(
            css.contains(
                "ringlab-figure .ringlab-ring .arc.s0{stroke:light-dark(#0072B2,#56B4E9)}"
            ),
            "{css}"
        );
        assert!(css.contains(
            "ringlab-figure .ringlab-ring.present .tick-label{fill:light-dark(#1b1f24,#eceff4)}"
        ));
        assert!(!css.contains("@media"));
    }
}
