//! SVG path data for the shapes the canvas painter builds its paths from: stretches of ring,
//! circles, radial lines and the density band's wedges, each starting where the painter's does
//! and running the same way round, so filled shapes fill and overlap as on the canvas.
//!
//! An SVG arc cannot end where it starts, and one whose ends round to the same point is not
//! drawn at all; so any stretch longer than half a turn is written as two halves.

use std::fmt::Write;

use crate::draw::geometry::Frame;

/// Path data being written.
#[derive(Debug, Default)]
pub(super) struct Path {
    data: String,
}

impl Path {
    /// The path data written so far.
    pub(super) fn data(&self) -> &str {
        self.data.trim_start()
    }

    /// Whether nothing has been written.
    pub(super) fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    fn command(&mut self, letter: char, (x, y): (f64, f64)) {
        let _ = write!(self.data, " {letter}{} {}", num(x), num(y));
    }

    fn move_to(&mut self, point: (f64, f64)) {
        self.command('M', point);
    }

    fn line_to(&mut self, point: (f64, f64)) {
        self.command('L', point);
    }

    /// Runs round the ring's centre at `radius`, from turn fraction `from` (where the path
    /// stands) for `sweep` of a turn, clockwise or back.
    fn round(&mut self, frame: Frame, radius: f64, from: f64, sweep: f64, clockwise: bool) {
        let parts = if sweep > 0.5 { 2 } else { 1 };
        let r = num(radius);
        for part in 1..=parts {
            let run = sweep * f64::from(part) / f64::from(parts);
            let (x, y) = frame.at(if clockwise { from + run } else { from - run }, radius);
            let way = u8::from(clockwise);
            let _ = write!(self.data, " A{r} {r} 0 0 {way} {} {}", num(x), num(y));
        }
    }

    /// A stretch of ring at `radius` from turn fraction `start`, `sweep` of a turn clockwise
    /// (a whole turn at most), as the painter's `ring_arc` draws it.
    pub(super) fn ring_arc(&mut self, frame: Frame, radius: f64, start: f64, sweep: f64) {
        let sweep = sweep.min(1.0);
        if sweep <= 0.0 {
            return;
        }
        self.move_to(frame.at(start, radius));
        self.round(frame, radius, start, sweep, true);
    }

    /// A circle of `radius` round `centre`, from its rightmost point, clockwise.
    pub(super) fn circle(&mut self, (x, y): (f64, f64), radius: f64) {
        let r = num(radius);
        let (right, left) = (num(x + radius), num(x - radius));
        let y = num(y);
        let _ = write!(
            self.data,
            " M{right} {y} A{r} {r} 0 0 1 {left} {y} A{r} {r} 0 0 1 {right} {y}Z"
        );
    }

    /// A radial line at turn fraction `fraction`, from `inner` to `outer` from the centre.
    pub(super) fn radial(&mut self, frame: Frame, fraction: f64, inner: f64, outer: f64) {
        self.move_to(frame.at(fraction, inner));
        self.line_to(frame.at(fraction, outer));
    }

    /// A wedge of the density band standing on `base`, from turn fraction `start` for `sweep`,
    /// `height` pixels tall: out, clockwise along its top, in, and back along the base.
    pub(super) fn wedge(&mut self, frame: Frame, base: f64, start: f64, sweep: f64, height: f64) {
        self.move_to(frame.at(start, base));
        self.line_to(frame.at(start, base + height));
        self.round(frame, base + height, start, sweep, true);
        self.line_to(frame.at(start + sweep, base));
        self.round(frame, base, start + sweep, sweep, false);
        self.data.push('Z');
    }
}

/// A coordinate or length for SVG: at most two decimals (a hundredth of a pixel), without
/// trailing zeros, and never `-0`.
pub(super) fn num(x: f64) -> String {
    let text = format!("{x:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_two_decimals_at_most_and_no_negative_zero() {
        assert_eq!(num(153.6), "153.6");
        assert_eq!(num(240.0), "240");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.005_1), "1.01");
        assert_eq!(num(-12.5), "-12.5");
    }

    #[test]
    fn a_whole_turn_is_written_as_two_half_turns_that_end_where_it_began() {
        let frame = Frame { side: 200.0 };
        let mut path = Path::default();
        path.ring_arc(frame, 50.0, 0.0, 1.0);
        assert_eq!(
            path.data(),
            "M100 50 A50 50 0 0 1 100 150 A50 50 0 0 1 100 50"
        );
        let mut short = Path::default();
        short.ring_arc(frame, 50.0, 0.0, 0.25);
        assert_eq!(short.data(), "M100 50 A50 50 0 0 1 150 100");
        let mut none = Path::default();
        none.ring_arc(frame, 50.0, 0.3, 0.0);
        assert!(none.is_empty());
    }

    #[test]
    fn a_wedge_runs_out_clockwise_in_and_back() {
        let frame = Frame { side: 200.0 };
        let mut path = Path::default();
        path.wedge(frame, 50.0, 0.0, 0.25, 10.0);
        assert_eq!(
            path.data(),
            "M100 50 L100 40 A60 60 0 0 1 160 100 L150 100 A50 50 0 0 0 100 50Z"
        );
    }
}
