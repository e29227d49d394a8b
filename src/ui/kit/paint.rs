//! Painting a [`Picture`] on the canvas: the one module that touches the 2D context.
//!
//! Shapes of one colour go into one path and are stroked or filled once: the full ring can hold
//! thousands of arcs and points, and one call per shape would cost a frame. Where things go is
//! the geometry's, how thick and how large the drawing layer's `style`, and the colours its
//! `palette`, read through the [`Theme`]: the SVG writer (`draw::svg`) reads the same, so a
//! saved still shows what the canvas shows. Only the pulse of moved keys is this painter's own.

use std::collections::BTreeMap;
use std::f64::consts::TAU;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::draw::geometry::{Anchor, Frame};
use crate::draw::picture::{KeyDot, KeyLayer, Picture, PointDrawing};
use crate::draw::style::{
    Line, Style, Writing, DENSITY_OPACITY, HALO_GAP, HOT_GAPS, SELECTED_GAP, WALK_DASH, WALK_END,
    WALK_MIN_SWEEP,
};
use crate::ui::kit::theme::Theme;

/// How long the moved-key pulse lasts, in milliseconds.
pub const PULSE_MS: f64 = 900.0;

/// Draws `picture` on `canvas`, whose backing store is `dpr` pixels per CSS pixel. `pulse` is
/// the time since the last change while its pulse runs.
pub fn paint(
    canvas: &HtmlCanvasElement,
    dpr: f64,
    frame: Frame,
    picture: &Picture,
    theme: Theme,
    pulse: Option<f64>,
) {
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    let painter = Painter { ctx, frame, theme };
    painter.background();
    painter.arcs(picture);
    painter.ticks(picture);
    painter.walk(picture);
    painter.points(picture);
    painter.keys(picture, pulse);
    painter.replicas(picture);
    painter.hover(picture);
}

struct Painter {
    ctx: CanvasRenderingContext2d,
    frame: Frame,
    theme: Theme,
}

impl Painter {
    fn style(&self) -> Style {
        self.theme.style()
    }

    fn font(&self, writing: Writing) {
        let font = self.style().font(self.frame, writing);
        // Setting a font makes the browser bring the page's styles up to date first, which
        // costs most when the panels have just changed: set it only when it differs.
        if self.ctx.font() != font {
            self.ctx.set_font(&font);
        }
    }

    /// Adds a circle to the current path.
    fn circle(&self, (x, y): (f64, f64), radius: f64) {
        self.ctx.move_to(x + radius, y);
        let _ = self.ctx.arc(x, y, radius, 0.0, TAU);
    }

    /// Adds a stretch of ring at `radius` to the current path.
    fn ring_arc(&self, radius: f64, start: f64, sweep: f64) {
        let (cx, cy) = self.frame.centre();
        let (x, y) = self.frame.at(start, radius);
        self.ctx.move_to(x, y);
        let _ = self.ctx.arc(
            cx,
            cy,
            radius,
            Frame::canvas_angle(start),
            Frame::canvas_angle(start + sweep.min(1.0)),
        );
    }

    /// Adds a radial line from `inner` to `outer` at turn fraction `fraction`.
    fn radial(&self, fraction: f64, inner: f64, outer: f64) {
        let (x0, y0) = self.frame.at(fraction, inner);
        let (x1, y1) = self.frame.at(fraction, outer);
        self.ctx.move_to(x0, y0);
        self.ctx.line_to(x1, y1);
    }

    fn stroke(&self, colour: &str, line: Line) {
        self.ctx.set_stroke_style_str(colour);
        self.ctx
            .set_line_width(self.style().width(self.frame, line));
        self.ctx.stroke();
    }

    fn fill(&self, colour: &str) {
        self.ctx.set_fill_style_str(colour);
        self.ctx.fill();
    }

    fn background(&self) {
        let side = self.frame.side;
        self.ctx.set_fill_style_str(self.theme.background());
        self.ctx.fill_rect(0.0, 0.0, side, side);
        self.ctx.set_line_cap("butt");
        self.ctx.begin_path();
        self.circle(self.frame.centre(), self.frame.ring_radius());
        self.stroke(self.theme.muted(), Line::Ring);
    }

    fn arcs(&self, picture: &Picture) {
        let r = self.frame.ring_radius();
        let band = self.frame.band_width();
        let mut by_slot: BTreeMap<(usize, bool), Vec<(f64, f64)>> = BTreeMap::new();
        for arc in &picture.arcs {
            by_slot
                .entry((arc.slot, arc.selected))
                .or_default()
                .push((arc.start, arc.sweep));
        }
        for ((slot, selected), arcs) in by_slot {
            self.ctx.begin_path();
            for (start, sweep) in arcs {
                self.ring_arc(r, start, sweep);
            }
            let _ = self
                .ctx
                .set_line_dash(&dash(&self.theme.pattern(slot, band)));
            self.stroke(self.theme.server(slot), Line::Arc { selected });
        }
        let _ = self.ctx.set_line_dash(&dash(&[]));
    }

    fn ticks(&self, picture: &Picture) {
        let (inner, outer) = self.frame.tick_mark();
        self.ctx.begin_path();
        for tick in &picture.ticks {
            self.radial(tick.fraction, inner, outer);
        }
        self.stroke(self.theme.muted(), Line::Tick);
        self.font(Writing::Tick);
        self.ctx.set_text_align("center");
        self.ctx.set_text_baseline("middle");
        self.ctx.set_fill_style_str(self.theme.muted());
        for tick in &picture.ticks {
            if let Some(label) = &tick.label {
                let ((x, y), anchor) = self.frame.tick_label(tick.fraction);
                self.ctx.set_text_align(match anchor {
                    Anchor::Start => "left",
                    Anchor::Middle => "center",
                    Anchor::End => "right",
                });
                let _ = self.ctx.fill_text(label, x, y);
            }
        }
        self.ctx.set_text_align("center");
    }

    /// The selected key's clockwise walk to its owner, dashed, ending in a dot.
    fn walk(&self, picture: &Picture) {
        let Some(walk) = &picture.walk else { return };
        let radius = self.frame.walk_radius();
        let _ = self.ctx.set_line_dash(&dash(&WALK_DASH));
        self.ctx.begin_path();
        self.ring_arc(radius, walk.from, walk.sweep.max(WALK_MIN_SWEEP));
        self.stroke(self.theme.ink(), Line::Walk);
        let _ = self.ctx.set_line_dash(&dash(&[]));
        self.ctx.begin_path();
        self.circle(self.frame.at(walk.from + walk.sweep, radius), WALK_END);
        self.fill(self.theme.ink());
    }

    /// Server points: a dot each when they are few, a short tick across the band when many.
    fn points(&self, picture: &Picture) {
        let r = self.frame.ring_radius();
        if let PointDrawing::Ticks { unselected } = picture.point_drawing(self.frame) {
            let (inner, outer) = self.frame.point_tick();
            for selected in [false, true] {
                if !selected && !unselected {
                    continue;
                }
                self.ctx.begin_path();
                for point in picture.points.iter().filter(|p| p.selected == selected) {
                    self.radial(point.fraction, inner, outer);
                }
                if selected {
                    self.stroke(self.theme.ink(), Line::SelectedPointTick);
                } else {
                    self.stroke(self.theme.background(), Line::PointTick);
                }
            }
            return;
        }
        for point in &picture.points {
            self.ctx.begin_path();
            let size = self.frame.point_radius(point.selected);
            self.circle(self.frame.at(point.fraction, r), size);
            self.fill(self.theme.server(point.slot));
            self.stroke(self.theme.ink(), Line::PointOutline);
        }
        if picture.points.iter().all(|p| p.label.is_none()) {
            return;
        }
        self.font(Writing::Server);
        self.ctx.set_fill_style_str(self.theme.ink());
        for point in &picture.points {
            if let Some(label) = &point.label {
                let (x, y) = self
                    .frame
                    .at(point.fraction, self.frame.server_label_radius());
                let _ = self.ctx.fill_text(label, x, y);
            }
        }
    }

    fn keys(&self, picture: &Picture, pulse: Option<f64>) {
        match &picture.keys {
            KeyLayer::Dots(dots) => {
                let size = self.frame.key_size();
                let at = |d: &KeyDot| self.frame.at(d.fraction, self.frame.key_radius(d.lane));
                // Read by requests, a dot's area follows how often its key is read.
                let radius = |d: &KeyDot| self.frame.key_dot_radius(d.heat);
                let mut by_slot: BTreeMap<usize, Vec<&KeyDot>> = BTreeMap::new();
                for dot in dots {
                    by_slot.entry(dot.slot).or_default().push(dot);
                }
                for (slot, slot_dots) in by_slot {
                    self.ctx.begin_path();
                    for dot in slot_dots {
                        self.circle(at(dot), radius(dot));
                    }
                    self.fill(self.theme.server(slot));
                    self.stroke(self.theme.background(), Line::KeyOutline);
                }
                self.ctx.begin_path();
                for dot in dots.iter().filter(|d| d.moved) {
                    self.circle(at(dot), radius(dot) + HALO_GAP);
                }
                self.stroke(self.theme.halo(), Line::Halo);
                if let Some(t) = pulse {
                    let progress = (t / PULSE_MS).clamp(0.0, 1.0);
                    self.ctx.begin_path();
                    for dot in dots.iter().filter(|d| d.moved) {
                        self.circle(at(dot), radius(dot) + HALO_GAP + progress * size * 2.5);
                    }
                    self.ctx.set_global_alpha(1.0 - progress);
                    self.stroke(self.theme.halo(), Line::Halo);
                    self.ctx.set_global_alpha(1.0);
                }
                if dots.iter().any(|d| d.label.is_some()) {
                    self.font(Writing::Key);
                }
                self.ctx.set_fill_style_str(self.theme.ink());
                for dot in dots {
                    if let Some(label) = &dot.label {
                        let (x, y) = self
                            .frame
                            .at(dot.fraction, self.frame.key_label_radius(dot.lane));
                        let _ = self.ctx.fill_text(label, x, y);
                    }
                }
                self.ctx.begin_path();
                for dot in dots.iter().filter(|d| d.selected) {
                    self.circle(at(dot), radius(dot) + SELECTED_GAP);
                }
                self.stroke(self.theme.ink(), Line::SelectedKey);
                // A key made hot wears a bold double ring, plain even in a projector's glare.
                self.ctx.begin_path();
                for dot in dots.iter().filter(|d| d.hot) {
                    for gap in HOT_GAPS {
                        self.circle(at(dot), radius(dot) + gap);
                    }
                }
                self.stroke(self.theme.ink(), Line::Hot);
            }
            KeyLayer::Density { .. } => {
                let (base, depth) = self.frame.density_band();
                let (wedges, moved) = picture.density_wedges(depth);
                let wedge = |start: f64, sweep: f64, height: f64| {
                    let (cx, cy) = self.frame.centre();
                    let (a0, a1) = (
                        Frame::canvas_angle(start),
                        Frame::canvas_angle(start + sweep),
                    );
                    let (x, y) = self.frame.at(start, base);
                    self.ctx.move_to(x, y);
                    let _ = self.ctx.arc(cx, cy, base + height, a0, a1);
                    let _ = self.ctx.arc_with_anticlockwise(cx, cy, base, a1, a0, true);
                    self.ctx.close_path();
                };
                self.ctx.begin_path();
                for w in &wedges {
                    wedge(w.start, w.sweep, w.height);
                }
                self.ctx.set_global_alpha(DENSITY_OPACITY);
                self.fill(self.theme.muted());
                self.ctx.set_global_alpha(1.0);
                self.ctx.begin_path();
                for w in &moved {
                    wedge(w.start, w.sweep, w.height);
                }
                self.fill(self.theme.halo());
            }
        }
    }

    /// Numbered badges on the servers of the selected key's preference list.
    fn replicas(&self, picture: &Picture) {
        if picture.replicas.is_empty() {
            return;
        }
        let radius = self.frame.badge_size();
        let at_radius = self.frame.badge_radius();
        self.font(Writing::Badge);
        for mark in &picture.replicas {
            let centre = self.frame.at(mark.fraction, at_radius);
            self.ctx.begin_path();
            self.circle(centre, radius);
            self.fill(self.theme.background());
            self.stroke(self.theme.server(mark.slot), Line::Badge);
            self.ctx.set_fill_style_str(self.theme.ink());
            let _ = self
                .ctx
                .fill_text(&mark.rank.to_string(), centre.0, centre.1);
        }
    }

    fn hover(&self, picture: &Picture) {
        let Some(fraction) = picture.hover else {
            return;
        };
        let (inner, outer) = self.frame.hover_line();
        self.ctx.begin_path();
        self.radial(fraction, inner, outer);
        self.stroke(self.theme.ink(), Line::Hover);
    }
}

fn dash(values: &[f64]) -> JsValue {
    values
        .iter()
        .map(|v| JsValue::from_f64(*v))
        .collect::<js_sys::Array>()
        .into()
}
