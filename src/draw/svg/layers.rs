//! The picture's layers, in the canvas painter's order and with its decisions: the background
//! and the ring's line, the arcs, the ticks, the selected key's walk, the points, the keys, the
//! badges of the preference list and the hover mark, each a group of its own. Shapes the
//! painter puts in one path (the arcs of one colour, the dots of one colour, the halos) are one
//! `<path>` here too, so fills and outlines overlap as they do on the canvas. The moved keys'
//! pulse is an animation and has no place in a still.

use std::collections::BTreeMap;

use super::marks::Mark;
use super::path::{num, Path};
use super::xml::Doc;
use crate::draw::geometry::{Anchor, Frame};
use crate::draw::picture::{KeyDot, KeyLayer, Picture, PointDrawing, Wedge};
use crate::draw::style::{
    Line, Style, Writing, DENSITY_OPACITY, HALO_GAP, HOT_GAPS, SELECTED_GAP, WALK_DASH, WALK_END,
    WALK_MIN_SWEEP,
};

/// Writes the layers of `picture` in `frame` into `doc`.
pub(super) fn layers(doc: &mut Doc, picture: &Picture, frame: Frame, style: Style) {
    let layers = Layers { frame, style };
    layers.background(doc);
    layers.arcs(doc, picture);
    layers.ticks(doc, picture);
    layers.walk(doc, picture);
    layers.points(doc, picture);
    layers.keys(doc, picture);
    layers.replicas(doc, picture);
    layers.hover(doc, picture);
}

struct Layers {
    frame: Frame,
    style: Style,
}

/// Opens the group of layer `name`: `<g class="layer-name">` (no mark's class begins so).
fn group(doc: &mut Doc, name: &str) {
    doc.open(&[("class", format!("layer-{name}"))]);
}

impl Layers {
    fn width(&self, line: Line) -> (&'static str, String) {
        ("stroke-width", num(self.style.width(self.frame, line)))
    }

    /// The attributes of text written as `writing`, centred on its point like the canvas's
    /// (its `middle` baseline is the middle of the em box, which SVG calls `central`).
    fn writing(&self, writing: Writing) -> [(&'static str, String); 3] {
        [
            ("font-size", num(self.style.font_size(self.frame, writing))),
            ("text-anchor", "middle".to_string()),
            ("dominant-baseline", "central".to_string()),
        ]
    }

    /// A path drawing `mark` when it holds anything.
    fn path(
        &self,
        doc: &mut Doc,
        mark: Mark,
        slot: usize,
        states: &[&str],
        path: &Path,
        extra: &[(&str, String)],
    ) {
        if path.is_empty() {
            return;
        }
        let mut attributes = vec![("d", path.data().to_string())];
        attributes.extend_from_slice(extra);
        doc.shape("path", mark, slot, states, &attributes);
    }

    fn background(&self, doc: &mut Doc) {
        let side = num(self.frame.side);
        group(doc, "backdrop");
        doc.shape(
            "rect",
            Mark::Background,
            0,
            &[],
            &[("width", side.clone()), ("height", side)],
        );
        let (cx, cy) = self.frame.centre();
        doc.shape(
            "circle",
            Mark::RingLine,
            0,
            &[],
            &[
                ("cx", num(cx)),
                ("cy", num(cy)),
                ("r", num(self.frame.ring_radius())),
                self.width(Line::Ring),
            ],
        );
        doc.close();
    }

    fn arcs(&self, doc: &mut Doc, picture: &Picture) {
        let r = self.frame.ring_radius();
        let mut by_slot: BTreeMap<(usize, bool), Path> = BTreeMap::new();
        for arc in &picture.arcs {
            by_slot
                .entry((arc.slot, arc.selected))
                .or_default()
                .ring_arc(self.frame, r, arc.start, arc.sweep);
        }
        if by_slot.is_empty() {
            return;
        }
        group(doc, "arcs");
        for ((slot, selected), path) in by_slot {
            let states: &[&str] = if selected { &["selected"] } else { &[] };
            let width = self.width(Line::Arc { selected });
            self.path(doc, Mark::Arc, slot, states, &path, &[width]);
        }
        doc.close();
    }

    fn ticks(&self, doc: &mut Doc, picture: &Picture) {
        if picture.ticks.is_empty() {
            return;
        }
        group(doc, "ticks");
        let (inner, outer) = self.frame.tick_mark();
        let mut path = Path::default();
        for tick in &picture.ticks {
            path.radial(self.frame, tick.fraction, inner, outer);
        }
        self.path(doc, Mark::Tick, 0, &[], &path, &[self.width(Line::Tick)]);
        let [size, _, baseline] = self.writing(Writing::Tick);
        for tick in &picture.ticks {
            if let Some(label) = &tick.label {
                let ((x, y), anchor) = self.frame.tick_label(tick.fraction);
                let anchor = match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                    Anchor::End => "end",
                };
                doc.text(
                    Mark::TickLabel,
                    &[
                        ("x", num(x)),
                        ("y", num(y)),
                        size.clone(),
                        ("text-anchor", anchor.to_string()),
                        baseline.clone(),
                    ],
                    label,
                );
            }
        }
        doc.close();
    }

    fn walk(&self, doc: &mut Doc, picture: &Picture) {
        let Some(walk) = &picture.walk else { return };
        let radius = self.frame.walk_radius();
        group(doc, "walk");
        let mut path = Path::default();
        path.ring_arc(
            self.frame,
            radius,
            walk.from,
            walk.sweep.max(WALK_MIN_SWEEP),
        );
        let dash = WALK_DASH.map(num).join(" ");
        self.path(
            doc,
            Mark::Walk,
            0,
            &[],
            &path,
            &[self.width(Line::Walk), ("stroke-dasharray", dash)],
        );
        let (x, y) = self.frame.at(walk.from + walk.sweep, radius);
        doc.shape(
            "circle",
            Mark::WalkEnd,
            0,
            &[],
            &[("cx", num(x)), ("cy", num(y)), ("r", num(WALK_END))],
        );
        doc.close();
    }

    fn points(&self, doc: &mut Doc, picture: &Picture) {
        if picture.points.is_empty() {
            return;
        }
        let r = self.frame.ring_radius();
        group(doc, "points");
        if let PointDrawing::Ticks { unselected } = picture.point_drawing(self.frame) {
            let (inner, outer) = self.frame.point_tick();
            for selected in [false, true] {
                if !selected && !unselected {
                    continue;
                }
                let mut path = Path::default();
                for point in picture.points.iter().filter(|p| p.selected == selected) {
                    path.radial(self.frame, point.fraction, inner, outer);
                }
                let (mark, line) = if selected {
                    (Mark::SelectedPointTick, Line::SelectedPointTick)
                } else {
                    (Mark::PointTick, Line::PointTick)
                };
                self.path(doc, mark, 0, &[], &path, &[self.width(line)]);
            }
            doc.close();
            return;
        }
        for point in &picture.points {
            let (x, y) = self.frame.at(point.fraction, r);
            let states: &[&str] = if point.selected { &["selected"] } else { &[] };
            doc.shape(
                "circle",
                Mark::Point,
                point.slot,
                states,
                &[
                    ("cx", num(x)),
                    ("cy", num(y)),
                    ("r", num(self.frame.point_radius(point.selected))),
                    self.width(Line::PointOutline),
                ],
            );
        }
        let writing = self.writing(Writing::Server);
        for point in &picture.points {
            if let Some(label) = &point.label {
                let (x, y) = self
                    .frame
                    .at(point.fraction, self.frame.server_label_radius());
                let mut attributes = vec![("x", num(x)), ("y", num(y))];
                attributes.extend_from_slice(&writing);
                doc.text(Mark::ServerLabel, &attributes, label);
            }
        }
        doc.close();
    }

    fn keys(&self, doc: &mut Doc, picture: &Picture) {
        match &picture.keys {
            KeyLayer::Dots(dots) if !dots.is_empty() => self.dots(doc, dots),
            KeyLayer::Dots(_) => {}
            KeyLayer::Density { .. } => self.density(doc, picture),
        }
    }

    fn dots(&self, doc: &mut Doc, dots: &[KeyDot]) {
        let frame = self.frame;
        let at = |d: &KeyDot| frame.at(d.fraction, frame.key_radius(d.lane));
        let radius = |d: &KeyDot| frame.key_dot_radius(d.heat);
        let rings = |gaps: &[f64], keep: &dyn Fn(&KeyDot) -> bool| {
            let mut path = Path::default();
            for dot in dots.iter().filter(|d| keep(d)) {
                for gap in gaps {
                    path.circle(at(dot), radius(dot) + gap);
                }
            }
            path
        };
        group(doc, "keys");
        let mut by_slot: BTreeMap<usize, Path> = BTreeMap::new();
        for dot in dots {
            by_slot
                .entry(dot.slot)
                .or_default()
                .circle(at(dot), radius(dot));
        }
        for (slot, path) in by_slot {
            let width = self.width(Line::KeyOutline);
            self.path(doc, Mark::Key, slot, &[], &path, &[width]);
        }
        let moved = rings(&[HALO_GAP], &|d| d.moved);
        self.path(doc, Mark::Moved, 0, &[], &moved, &[self.width(Line::Halo)]);
        let writing = self.writing(Writing::Key);
        for dot in dots {
            if let Some(label) = &dot.label {
                let (x, y) = frame.at(dot.fraction, frame.key_label_radius(dot.lane));
                let mut attributes = vec![("x", num(x)), ("y", num(y))];
                attributes.extend_from_slice(&writing);
                doc.text(Mark::KeyLabel, &attributes, label);
            }
        }
        let selected = rings(&[SELECTED_GAP], &|d| d.selected);
        let width = self.width(Line::SelectedKey);
        self.path(doc, Mark::SelectedKey, 0, &[], &selected, &[width]);
        // A key made hot wears a bold double ring.
        let hot = rings(&HOT_GAPS, &|d| d.hot);
        self.path(doc, Mark::Hot, 0, &[], &hot, &[self.width(Line::Hot)]);
        doc.close();
    }

    fn density(&self, doc: &mut Doc, picture: &Picture) {
        let (base, depth) = self.frame.density_band();
        let (wedges, moved) = picture.density_wedges(depth);
        let path = |wedges: &[Wedge]| {
            let mut path = Path::default();
            for w in wedges {
                path.wedge(self.frame, base, w.start, w.sweep, w.height);
            }
            path
        };
        group(doc, "keys");
        let opacity = ("fill-opacity", num(DENSITY_OPACITY));
        self.path(doc, Mark::Density, 0, &[], &path(&wedges), &[opacity]);
        self.path(doc, Mark::DensityMoved, 0, &[], &path(&moved), &[]);
        doc.close();
    }

    fn replicas(&self, doc: &mut Doc, picture: &Picture) {
        if picture.replicas.is_empty() {
            return;
        }
        let radius = self.frame.badge_size();
        let at_radius = self.frame.badge_radius();
        group(doc, "badges");
        let writing = self.writing(Writing::Badge);
        for mark in &picture.replicas {
            let (x, y) = self.frame.at(mark.fraction, at_radius);
            doc.shape(
                "circle",
                Mark::Badge,
                mark.slot,
                &[],
                &[
                    ("cx", num(x)),
                    ("cy", num(y)),
                    ("r", num(radius)),
                    self.width(Line::Badge),
                ],
            );
            let mut attributes = vec![("x", num(x)), ("y", num(y))];
            attributes.extend_from_slice(&writing);
            doc.text(Mark::BadgeLabel, &attributes, &mark.rank.to_string());
        }
        doc.close();
    }

    fn hover(&self, doc: &mut Doc, picture: &Picture) {
        let Some(fraction) = picture.hover else {
            return;
        };
        let (inner, outer) = self.frame.hover_line();
        let mut path = Path::default();
        path.radial(self.frame, fraction, inner, outer);
        group(doc, "hover");
        self.path(doc, Mark::Hover, 0, &[], &path, &[self.width(Line::Hover)]);
        doc.close();
    }
}
