//! Painting a [`Picture`] on the canvas: the one module that touches the 2D context.
//!
//! Shapes of one colour go into one path and are stroked or filled once: the full ring can hold
//! thousands of arcs and points, and one call per shape would cost a frame.

use std::collections::BTreeMap;
use std::f64::consts::TAU;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::draw::geometry::Frame;
use crate::draw::picture::{KeyLayer, Picture};
use crate::ui::kit::theme::Theme;

/// How long the moved-key pulse lasts, in milliseconds.
pub const PULSE_MS: f64 = 900.0;
/// Up to this many points are drawn as dots; more are drawn as ticks across the band.
const MAX_POINT_DOTS: usize = 60;

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
    fn font(&self, share: f64, min: f64) {
        let px = (self.frame.side * share).max(min) * self.theme.weight().sqrt();
        // From the back of a room nothing written on the ring is smaller than 20 px.
        let px = if self.theme.present { px.max(20.0) } else { px };
        let font = format!("600 {px:.0}px system-ui, sans-serif");
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

    fn stroke(&self, colour: &str, width: f64) {
        self.ctx.set_stroke_style_str(colour);
        self.ctx.set_line_width(width * self.theme.weight());
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
        self.stroke(self.theme.muted(), 1.0);
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
            self.stroke(
                self.theme.server(slot),
                if selected { band * 1.5 } else { band },
            );
        }
        let _ = self.ctx.set_line_dash(&dash(&[]));
    }

    fn ticks(&self, picture: &Picture) {
        let inner = self.frame.ring_radius() - self.frame.band_width() / 2.0;
        self.ctx.begin_path();
        for tick in &picture.ticks {
            self.radial(tick.fraction, inner - 10.0, inner - 4.0);
        }
        self.stroke(self.theme.muted(), 1.5);
        self.font(0.027, 12.0);
        self.ctx.set_text_align("center");
        self.ctx.set_text_baseline("middle");
        self.ctx.set_fill_style_str(self.theme.muted());
        let (cx, _) = self.frame.centre();
        for tick in &picture.ticks {
            if let Some(label) = &tick.label {
                let (x, y) = self.frame.at(tick.fraction, self.frame.tick_label_radius());
                // Labels on the sides grow inwards, so wide ones never leave the canvas.
                let align = if x < cx - 1.0 {
                    "left"
                } else if x > cx + 1.0 {
                    "right"
                } else {
                    "center"
                };
                let nudge = match align {
                    "left" => -8.0,
                    "right" => 8.0,
                    _ => 0.0,
                };
                self.ctx.set_text_align(align);
                let _ = self.ctx.fill_text(label, x + nudge, y);
            }
        }
        self.ctx.set_text_align("center");
    }

    /// The selected key's clockwise walk to its owner, dashed, ending in a dot.
    fn walk(&self, picture: &Picture) {
        let Some(walk) = &picture.walk else { return };
        let radius = self.frame.ring_radius() - self.frame.band_width();
        let _ = self.ctx.set_line_dash(&dash(&[6.0, 4.0]));
        self.ctx.begin_path();
        self.ring_arc(radius, walk.from, walk.sweep.max(0.0005));
        self.stroke(self.theme.ink(), 3.0);
        let _ = self.ctx.set_line_dash(&dash(&[]));
        self.ctx.begin_path();
        self.circle(self.frame.at(walk.from + walk.sweep, radius), 5.0);
        self.fill(self.theme.ink());
    }

    /// Server points: a dot each when they are few, a short tick across the band when many.
    fn points(&self, picture: &Picture) {
        let r = self.frame.ring_radius();
        let band = self.frame.band_width();
        if picture.points.len() > MAX_POINT_DOTS {
            // A tick per point, unless there are so many that they would hide the arcs.
            let room = std::f64::consts::TAU * r / 3.0;
            for selected in [false, true] {
                if !selected && picture.points.len() as f64 > room {
                    continue;
                }
                self.ctx.begin_path();
                for point in picture.points.iter().filter(|p| p.selected == selected) {
                    self.radial(point.fraction, r - band * 0.75, r + band * 0.75);
                }
                if selected {
                    self.stroke(self.theme.ink(), 2.5);
                } else {
                    self.stroke(self.theme.background(), 1.0);
                }
            }
            return;
        }
        for point in &picture.points {
            self.ctx.begin_path();
            let size = self.frame.point_size() * if point.selected { 1.4 } else { 1.0 };
            self.circle(self.frame.at(point.fraction, r), size);
            self.fill(self.theme.server(point.slot));
            self.stroke(self.theme.ink(), 2.0);
        }
        if picture.points.iter().all(|p| p.label.is_none()) {
            return;
        }
        self.font(0.034, 14.0);
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
                let at = |d: &crate::draw::picture::KeyDot| {
                    self.frame.at(d.fraction, self.frame.key_radius(d.lane))
                };
                // Read by requests, a dot's area follows how often its key is read.
                let radius =
                    |d: &crate::draw::picture::KeyDot| size * d.heat.sqrt().clamp(0.45, 3.5);
                let mut by_slot: BTreeMap<usize, Vec<&crate::draw::picture::KeyDot>> =
                    BTreeMap::new();
                for dot in dots {
                    by_slot.entry(dot.slot).or_default().push(dot);
                }
                for (slot, slot_dots) in by_slot {
                    self.ctx.begin_path();
                    for dot in slot_dots {
                        self.circle(at(dot), radius(dot));
                    }
                    self.fill(self.theme.server(slot));
                    self.stroke(self.theme.background(), 1.0);
                }
                self.ctx.begin_path();
                for dot in dots.iter().filter(|d| d.moved) {
                    self.circle(at(dot), radius(dot) + 3.0);
                }
                self.stroke(self.theme.halo(), 2.0);
                if let Some(t) = pulse {
                    let progress = (t / PULSE_MS).clamp(0.0, 1.0);
                    self.ctx.begin_path();
                    for dot in dots.iter().filter(|d| d.moved) {
                        self.circle(at(dot), radius(dot) + 3.0 + progress * size * 2.5);
                    }
                    self.ctx.set_global_alpha(1.0 - progress);
                    self.stroke(self.theme.halo(), 2.0);
                    self.ctx.set_global_alpha(1.0);
                }
                if dots.iter().any(|d| d.label.is_some()) {
                    self.font(0.022, 11.0);
                }
                self.ctx.set_fill_style_str(self.theme.ink());
                for dot in dots {
                    if let Some(label) = &dot.label {
                        let (x, y) = self
                            .frame
                            .at(dot.fraction, self.frame.key_radius(dot.lane) + size * 2.6);
                        let _ = self.ctx.fill_text(label, x, y);
                    }
                }
                self.ctx.begin_path();
                for dot in dots.iter().filter(|d| d.selected) {
                    self.circle(at(dot), radius(dot) + 6.0);
                }
                self.stroke(self.theme.ink(), 3.0);
                // A key made hot wears a bold double ring, plain even in a projector's glare.
                self.ctx.begin_path();
                for dot in dots.iter().filter(|d| d.hot) {
                    self.circle(at(dot), radius(dot) + 4.0);
                    self.circle(at(dot), radius(dot) + 9.0);
                }
                self.stroke(self.theme.ink(), 2.5);
            }
            KeyLayer::Density { bins, peak } => {
                let (base, depth) = self.frame.density_band();
                // By requests the band's height is each slice's share of the reads.
                let heat_peak = bins.iter().map(|b| b.heat).fold(0.0, f64::max);
                let by_requests = picture.requests && heat_peak > 0.0;
                let peak = (*peak).max(1) as f64;
                let height = |b: &crate::draw::picture::DensityBin| {
                    if by_requests {
                        depth * b.heat / heat_peak
                    } else {
                        depth * b.count as f64 / peak
                    }
                };
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
                for bin in bins.iter().filter(|b| b.count > 0) {
                    wedge(bin.start, bin.sweep, height(bin));
                }
                self.ctx.set_global_alpha(0.55);
                self.fill(self.theme.muted());
                self.ctx.set_global_alpha(1.0);
                self.ctx.begin_path();
                for bin in bins.iter().filter(|b| b.moved > 0) {
                    let moved = bin.moved as f64 / bin.count.max(1) as f64;
                    wedge(bin.start, bin.sweep, height(bin) * moved);
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
        let radius = (self.frame.side * 0.022).max(10.0);
        let at_radius = self.frame.ring_radius() - self.frame.band_width() - radius * 1.6;
        self.font(0.024, 12.0);
        for mark in &picture.replicas {
            let centre = self.frame.at(mark.fraction, at_radius);
            self.ctx.begin_path();
            self.circle(centre, radius);
            self.fill(self.theme.background());
            self.stroke(self.theme.server(mark.slot), 3.0);
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
        let r = self.frame.ring_radius();
        let band = self.frame.band_width();
        self.ctx.begin_path();
        self.radial(fraction, r - band, r + band);
        self.stroke(self.theme.ink(), 2.0);
    }
}

fn dash(values: &[f64]) -> JsValue {
    values
        .iter()
        .map(|v| JsValue::from_f64(*v))
        .collect::<js_sys::Array>()
        .into()
}
