//! Charts as plain data: axes, lines, shaded windows and marks, the maps from data to the
//! drawing's coordinates, round ticks and the numbers as people read them. The page's SVG
//! chart (`ui::timeline::chart`) only draws what this module computes, and this module is tested
//! natively.
//!
//! Conventions, stated once: data x grows to the right and data y grows up; the drawing's own
//! y grows down, so [`Frame::y`] flips it. A log axis is base 10.

use crate::core::grouped;

/// One axis: its label (with the unit), its range and whether it is logarithmic.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    /// What the axis measures, with its unit: "time after the change (s)".
    pub label: String,
    /// The smallest value shown.
    pub min: f64,
    /// The largest value shown.
    pub max: f64,
    /// Base-10 logarithmic (min must be above 0).
    pub log: bool,
    /// Values are fractions shown as percentages.
    pub percent: bool,
}

/// One line: its name (in the legend and the readout), its CSS class and its points, sorted
/// by x.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Its name.
    pub name: String,
    /// Its CSS class: colour and dash.
    pub class: &'static str,
    /// Its points, sorted by x.
    pub points: Vec<(f64, f64)>,
}

/// Everything a chart draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// The horizontal axis.
    pub x: Axis,
    /// The vertical axis.
    pub y: Axis,
    /// The lines, the first one on top of the readout.
    pub lines: Vec<Line>,
    /// Shaded ranges of x, each with a short label.
    pub bands: Vec<(f64, f64, String)>,
    /// Vertical marks at an x, each with a short label.
    pub marks: Vec<(f64, String)>,
    /// A point marked on a line (the current setting), with its label.
    pub spot: Option<(f64, f64, String)>,
}

/// Where the plot area sits in the SVG, and the maps from data to SVG coordinates.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    /// The plot area's left edge.
    pub left: f64,
    /// Its right edge.
    pub right: f64,
    /// Its top edge.
    pub top: f64,
    /// Its bottom edge.
    pub bottom: f64,
}

impl Frame {
    /// The SVG x of data x `value`.
    pub fn x(&self, axis: &Axis, value: f64) -> f64 {
        self.left + (self.right - self.left) * unit(axis, value)
    }

    /// The SVG y of data y `value`.
    pub fn y(&self, axis: &Axis, value: f64) -> f64 {
        self.bottom - (self.bottom - self.top) * unit(axis, value)
    }

    /// The data x at SVG coordinate `px`.
    pub fn x_value(&self, axis: &Axis, px: f64) -> f64 {
        let u = ((px - self.left) / (self.right - self.left)).clamp(0.0, 1.0);
        if axis.log {
            10f64.powf(axis.min.log10() + u * (axis.max.log10() - axis.min.log10()))
        } else {
            axis.min + u * (axis.max - axis.min)
        }
    }
}

/// Where `value` falls between the axis' ends, 0 to 1.
fn unit(axis: &Axis, value: f64) -> f64 {
    let u = if axis.log {
        let (lo, hi) = (axis.min.log10(), axis.max.log10());
        (value.max(axis.min).log10() - lo) / (hi - lo)
    } else {
        (value - axis.min) / (axis.max - axis.min)
    };
    if u.is_finite() {
        u.clamp(-0.02, 1.02)
    } else {
        0.0
    }
}

/// Round tick values covering the axis: 1, 2 or 5 times a power of ten apart, about `count`
/// of them; on a log axis, the powers of ten.
pub fn ticks(axis: &Axis, count: usize) -> Vec<f64> {
    if axis.log {
        let mut out = Vec::new();
        let mut p = 10f64.powf(axis.min.log10().ceil());
        while p <= axis.max * 1.000_001 {
            out.push(p);
            p *= 10.0;
        }
        return out;
    }
    let span = axis.max - axis.min;
    if span.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return vec![axis.min];
    }
    let raw = span / count.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power);
    let first = (axis.min / step).ceil() as i64;
    let last = (axis.max / step + 1e-9).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// The smallest round number at or above `value` (1, 2 or 5 times a power of ten), for the top
/// of an axis.
pub fn nice_ceiling(value: f64) -> f64 {
    if value <= 0.0 || !value.is_finite() {
        return 1.0;
    }
    let power = 10f64.powf(value.log10().floor());
    [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= value * 0.999_999)
        .unwrap_or(10.0 * power)
}

/// A value as a tick label: 25k, 1.5M, 0.25, 40 %.
pub fn tick_label(axis: &Axis, value: f64) -> String {
    if axis.percent {
        let p = value * 100.0;
        return if (p - p.round()).abs() < 1e-9 {
            format!("{p:.0}%")
        } else {
            format!("{p:.1}%")
        };
    }
    let a = value.abs();
    let (scaled, suffix) = if a >= 1e6 {
        (value / 1e6, "M")
    } else if a >= 1e3 {
        (value / 1e3, "k")
    } else {
        (value, "")
    };
    let text = format!("{scaled:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}{suffix}")
}

/// A value in the readout and the tables: grouped whole numbers from 100 up, else up to three
/// significant decimals; percentages with one decimal.
pub fn value_text(percent: bool, value: f64) -> String {
    if percent {
        return format!("{:.1}%", value * 100.0);
    }
    if value.abs() >= 100.0 {
        let rounded = value.round();
        if rounded < 0.0 {
            format!("−{}", grouped((-rounded) as u64))
        } else {
            grouped(rounded as u64)
        }
    } else {
        let text = format!("{value:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The index of the point of `points` (sorted by x) nearest to `x`.
pub fn nearest_index(points: &[(f64, f64)], x: f64) -> Option<usize> {
    let i = points.partition_point(|p| p.0 < x);
    match (i.checked_sub(1), i < points.len()) {
        (Some(b), true) => Some(if x - points[b].0 <= points[i].0 - x {
            b
        } else {
            i
        }),
        (Some(b), false) => Some(b),
        (None, true) => Some(i),
        (None, false) => None,
    }
}

/// The point of `line` at the first line's point `i`: the same index when the lines share
/// their x values (so a jump reads as its two sides), else the nearest x.
pub fn aligned(line: &[(f64, f64)], i: usize, x: f64) -> Option<(f64, f64)> {
    match line.get(i) {
        Some(p) if p.0 == x => Some(*p),
        _ => nearest(line, x),
    }
}

/// The point of `points` (sorted by x) nearest to `x`.
pub fn nearest(points: &[(f64, f64)], x: f64) -> Option<(f64, f64)> {
    let i = points.partition_point(|p| p.0 < x);
    let after = points.get(i);
    let before = i.checked_sub(1).and_then(|j| points.get(j));
    match (before, after) {
        (Some(b), Some(a)) => Some(if x - b.0 <= a.0 - x { *b } else { *a }),
        (Some(p), None) | (None, Some(p)) => Some(*p),
        (None, None) => None,
    }
}

/// The SVG path of a line, in the plot area `frame`.
pub fn path(frame: &Frame, chart: &Chart, points: &[(f64, f64)]) -> String {
    let mut d = String::with_capacity(points.len() * 16);
    for (i, (x, y)) in points.iter().enumerate() {
        let (px, py) = (frame.x(&chart.x, *x), frame.y(&chart.y, *y));
        if px.is_finite() && py.is_finite() {
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&format!("{px:.1},{py:.1}"));
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(min: f64, max: f64, log: bool) -> Axis {
        Axis {
            label: String::new(),
            min,
            max,
            log,
            percent: false,
        }
    }

    #[test]
    fn ticks_are_round_steps_inside_the_axis() {
        assert_eq!(
            ticks(&axis(0.0, 20_000.0, false), 5),
            vec![0.0, 5_000.0, 10_000.0, 15_000.0, 20_000.0]
        );
        // The chart asks for 8 ticks on a wide screen and 4 on a phone.
        assert_eq!(
            ticks(&axis(-4.0, 80.0, false), 8),
            vec![0.0, 20.0, 40.0, 60.0, 80.0]
        );
        assert_eq!(ticks(&axis(-4.0, 80.0, false), 4), vec![0.0, 50.0]);
        assert_eq!(
            ticks(&axis(1.0, 1000.0, true), 5),
            vec![1.0, 10.0, 100.0, 1000.0]
        );
        assert_eq!(ticks(&axis(3.0, 3.0, false), 5), vec![3.0]);
    }

    #[test]
    fn the_top_of_an_axis_is_the_next_round_number() {
        assert_eq!(nice_ceiling(14_518.0 * 1.05), 20_000.0);
        assert_eq!(nice_ceiling(2_500.0), 2_500.0);
        assert_eq!(nice_ceiling(0.0), 1.0);
        assert_eq!(nice_ceiling(0.87), 1.0);
    }

    #[test]
    fn labels_and_values_read_as_people_write_them() {
        let plain = axis(0.0, 1.0, false);
        assert_eq!(tick_label(&plain, 15_000.0), "15k");
        assert_eq!(tick_label(&plain, 2_500_000.0), "2.5M");
        assert_eq!(tick_label(&plain, 0.25), "0.25");
        let share = Axis {
            percent: true,
            ..plain
        };
        assert_eq!(tick_label(&share, 0.4), "40%");
        assert_eq!(value_text(false, 14_518.2), "14,518");
        assert_eq!(value_text(false, 92.1034), "92.103");
        assert_eq!(value_text(true, 0.0626), "6.3%");
    }

    #[test]
    fn data_maps_to_the_plot_area_and_back() {
        // left 50, right 250: x from 0 to 100; top 10, bottom 110: y from 0 to 10.
        let frame = Frame {
            left: 50.0,
            right: 250.0,
            top: 10.0,
            bottom: 110.0,
        };
        let (x, y) = (axis(0.0, 100.0, false), axis(0.0, 10.0, false));
        assert_eq!(frame.x(&x, 0.0), 50.0);
        assert_eq!(frame.x(&x, 100.0), 250.0);
        assert_eq!(frame.y(&y, 0.0), 110.0);
        assert_eq!(frame.y(&y, 10.0), 10.0);
        assert_eq!(frame.x_value(&x, 150.0), 50.0);
        let log = axis(1.0, 1000.0, true);
        assert!((frame.x(&log, 10.0) - (50.0 + 200.0 / 3.0)).abs() < 1e-9);
        assert!((frame.x_value(&log, 250.0) - 1000.0).abs() < 1e-9);
    }

    #[test]
    fn the_readout_takes_the_nearest_point_and_both_sides_of_a_jump() {
        let points = [(0.0, 1.0), (0.0, 9.0), (1.0, 5.0), (3.0, 2.0)];
        assert_eq!(nearest_index(&points, 2.5), Some(3));
        assert_eq!(nearest_index(&points, -1.0), Some(0));
        assert_eq!(nearest(&points, 1.2), Some((1.0, 5.0)));
        let other = [(0.0, 2.0), (0.0, 4.0), (1.0, 3.0), (3.0, 1.0)];
        assert_eq!(aligned(&other, 1, 0.0), Some((0.0, 4.0)));
        assert_eq!(aligned(&[(0.5, 7.0)], 1, 0.0), Some((0.5, 7.0)));
    }
}
