//! Where things sit on the canvas.
//!
//! Conventions, stated once: position 0 is at 12 o'clock and positions grow clockwise; a
//! position `p` on a ring of `M` positions is the fraction `p / M` of a full turn; canvas
//! coordinates are CSS pixels with `x` growing right and `y` growing down, so a turn fraction `f`
//! at radius `r` around the centre `(cx, cy)` is `(cx + r·sin 2πf, cy − r·cos 2πf)`.

use std::f64::consts::TAU;

/// Keys stacked at one position go at most this many lanes out; more share the last lane.
pub const MAX_LANE: u32 = 3;

/// The selected server's point is this many times its usual size.
const SELECTED_POINT: f64 = 1.4;

/// How far a tick label on a side of the ring is moved outwards from its place, in pixels, so
/// that the label that grows inwards starts beside the tick's radius rather than on it.
const TICK_LABEL_NUDGE: f64 = 8.0;

/// How a label is anchored at its point: where its text begins, its middle, or where it ends
/// (for left-to-right text: its left end, its centre, its right end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The text begins at the point and runs right.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

/// The square the ring is drawn in, in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Side length of the square.
    pub side: f64,
}

impl Frame {
    /// The centre of the square.
    pub fn centre(self) -> (f64, f64) {
        (self.side / 2.0, self.side / 2.0)
    }

    /// The radius of the ring line.
    pub fn ring_radius(self) -> f64 {
        self.side * 0.32
    }

    /// The width of the coloured band of owned arcs.
    pub fn band_width(self) -> f64 {
        (self.side * 0.04).max(8.0)
    }

    /// The radius of a server's point marker.
    pub fn point_size(self) -> f64 {
        (self.side * 0.014).max(5.0)
    }

    /// The radius of a key dot.
    pub fn key_size(self) -> f64 {
        // At least 5.5 px, to be seen and clicked; less only on small multiples.
        (self.side * 0.013).max(5.5_f64.min(self.side * 0.025))
    }

    /// The distance from the centre of a key dot in stacking lane `lane` (0 nearest the ring).
    pub fn key_radius(self, lane: u32) -> f64 {
        let first = self.ring_radius() + self.band_width() / 2.0 + self.key_size() * 2.2;
        first + f64::from(lane.min(MAX_LANE)) * self.key_size() * 2.3
    }

    /// Where the density band starts and how deep it may grow.
    pub fn density_band(self) -> (f64, f64) {
        (
            self.ring_radius() + self.band_width() / 2.0 + 3.0,
            self.side * 0.07,
        )
    }

    /// The frame's measures as JSON, for what reads the canvas from outside (the browser tests
    /// read them from the canvas's `data-geometry` instead of keeping a copy): its side, centre,
    /// the ring's radius, the band's width, a key dot's size, the radius of each key lane and of
    /// the tick labels.
    pub fn measures(self) -> String {
        let (x, y) = self.centre();
        serde_json::json!({
            "side": self.side,
            "centre": { "x": x, "y": y },
            "ring_radius": self.ring_radius(),
            "band_width": self.band_width(),
            "key_size": self.key_size(),
            "key_radii": (0..=MAX_LANE).map(|lane| self.key_radius(lane)).collect::<Vec<f64>>(),
            "tick_label_radius": self.tick_label_radius(),
        })
        .to_string()
    }

    /// The radius tick labels are written at (outside the keys).
    pub fn tick_label_radius(self) -> f64 {
        self.ring_radius() + self.side * 0.155
    }

    /// The radius server labels are written at (inside the ring).
    pub fn server_label_radius(self) -> f64 {
        self.ring_radius() - self.band_width() / 2.0 - self.side * 0.045
    }

    /// The radius of a key dot read `heat` times as often as the average key: its area follows
    /// how often it is read (1 when the picture does not show requests).
    pub fn key_dot_radius(self, heat: f64) -> f64 {
        self.key_size() * heat.sqrt().clamp(0.45, 3.5)
    }

    /// The radius a key's label is written at, for a key in stacking lane `lane`.
    pub fn key_label_radius(self, lane: u32) -> f64 {
        self.key_radius(lane) + self.key_size() * 2.6
    }

    /// The radius of a server's point marker, larger when its server is selected.
    pub fn point_radius(self, selected: bool) -> f64 {
        self.point_size() * if selected { SELECTED_POINT } else { 1.0 }
    }

    /// Where a point drawn as a tick across the band begins and ends, from the centre.
    pub fn point_tick(self) -> (f64, f64) {
        let (r, band) = (self.ring_radius(), self.band_width());
        (r - band * 0.75, r + band * 0.75)
    }

    /// How many points drawn as ticks the ring has room for before they hide its arcs: one
    /// every three pixels round it.
    pub fn point_tick_room(self) -> f64 {
        TAU * self.ring_radius() / 3.0
    }

    /// Where a tick mark begins and ends, from the centre: just inside the band.
    pub fn tick_mark(self) -> (f64, f64) {
        let inner = self.ring_radius() - self.band_width() / 2.0;
        (inner - 10.0, inner - 4.0)
    }

    /// Where the label of the tick at turn fraction `fraction` is written, and how it is
    /// anchored there. Labels on the sides grow inwards, so wide ones never leave the frame.
    pub fn tick_label(self, fraction: f64) -> ((f64, f64), Anchor) {
        let (x, y) = self.at(fraction, self.tick_label_radius());
        let (cx, _) = self.centre();
        if x < cx - 1.0 {
            ((x - TICK_LABEL_NUDGE, y), Anchor::Start)
        } else if x > cx + 1.0 {
            ((x + TICK_LABEL_NUDGE, y), Anchor::End)
        } else {
            ((x, y), Anchor::Middle)
        }
    }

    /// The radius the selected key's walk is drawn at (inside the band).
    pub fn walk_radius(self) -> f64 {
        self.ring_radius() - self.band_width()
    }

    /// The radius of a numbered badge on the selected key's preference list.
    pub fn badge_size(self) -> f64 {
        (self.side * 0.022).max(10.0)
    }

    /// The radius the badges' centres sit at (inside the walk).
    pub fn badge_radius(self) -> f64 {
        self.ring_radius() - self.band_width() - self.badge_size() * 1.6
    }

    /// Where the mark under the pointer begins and ends, from the centre: across the band.
    pub fn hover_line(self) -> (f64, f64) {
        let (r, band) = (self.ring_radius(), self.band_width());
        (r - band, r + band)
    }

    /// The point at turn fraction `fraction` and distance `radius` from the centre.
    pub fn at(self, fraction: f64, radius: f64) -> (f64, f64) {
        let (cx, cy) = self.centre();
        let angle = fraction * TAU;
        (cx + radius * angle.sin(), cy - radius * angle.cos())
    }

    /// The turn fraction (in `0..1`) and distance from the centre of the canvas point `(x, y)`.
    pub fn polar(self, x: f64, y: f64) -> (f64, f64) {
        let (cx, cy) = self.centre();
        let (dx, dy) = (x - cx, y - cy);
        let fraction = dx.atan2(-dy) / TAU;
        (fraction.rem_euclid(1.0), dx.hypot(dy))
    }

    /// The canvas angle (radians, as `CanvasRenderingContext2d::arc` wants: 0 at 3 o'clock,
    /// growing clockwise on screen) of turn fraction `fraction`.
    pub fn canvas_angle(fraction: f64) -> f64 {
        fraction * TAU - TAU / 4.0
    }
}

/// The turn fraction of position `position` on a ring of `size` positions.
pub fn fraction_of(position: u32, size: u64) -> f64 {
    position as f64 / size as f64
}

/// The position at turn fraction `fraction` on a ring of `size` positions: the position whose
/// tick is nearest, so a click right on a tick picks that tick's position.
pub fn position_at(fraction: f64, size: u64) -> u32 {
    let position = (fraction.rem_euclid(1.0) * size as f64).round() as u64;
    (position % size) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
    }

    #[test]
    fn zero_is_at_twelve_o_clock_and_positions_run_clockwise() {
        let frame = Frame { side: 200.0 };
        assert!(close(frame.at(0.0, 50.0), (100.0, 50.0)));
        assert!(close(frame.at(0.25, 50.0), (150.0, 100.0)));
        assert!(close(frame.at(0.5, 50.0), (100.0, 150.0)));
        assert!(close(frame.at(0.75, 50.0), (50.0, 100.0)));
    }

    #[test]
    fn a_canvas_point_maps_back_to_its_turn_fraction() {
        let frame = Frame { side: 200.0 };
        for fraction in [0.0, 0.1, 0.25, 0.5, 0.74, 0.99] {
            let (x, y) = frame.at(fraction, 60.0);
            let (back, radius) = frame.polar(x, y);
            assert!(
                (back - fraction).abs() < 1e-9,
                "{fraction} came back as {back}"
            );
            assert!((radius - 60.0).abs() < 1e-9);
        }
    }

    #[test]
    fn positions_and_fractions_convert_both_ways_on_the_teaching_ring() {
        assert_eq!(fraction_of(25, 100), 0.25);
        assert_eq!(position_at(0.25, 100), 25);
        assert_eq!(position_at(0.999, 100), 0);
        assert_eq!(position_at(0.5, 1 << 32), 1 << 31);
    }

    #[test]
    fn the_canvas_angle_of_zero_points_up() {
        assert!((Frame::canvas_angle(0.0) + TAU / 4.0).abs() < 1e-12);
        assert!((Frame::canvas_angle(0.25)).abs() < 1e-12);
    }

    #[test]
    fn the_measures_the_tests_read_are_the_frames_own() {
        let frame = Frame { side: 480.0 };
        let m: serde_json::Value = serde_json::from_str(&frame.measures()).unwrap();
        assert_eq!(m["ring_radius"].as_f64(), Some(frame.ring_radius()));
        assert_eq!(m["centre"]["x"].as_f64(), Some(240.0));
        assert_eq!(m["key_radii"][2].as_f64(), Some(frame.key_radius(2)));
        assert_eq!(
            m["key_radii"].as_array().map(Vec::len),
            Some(MAX_LANE as usize + 1)
        );
        assert_eq!(
            m["tick_label_radius"].as_f64(),
            Some(frame.tick_label_radius())
        );
    }
}
