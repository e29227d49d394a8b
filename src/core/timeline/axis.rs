//! The time axis: how long to show, in what unit, and where to sample.

use super::clock::Side;

/// A unit of time for the axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeUnit {
    /// Milliseconds.
    Milliseconds,
    /// Seconds.
    Seconds,
    /// Minutes.
    Minutes,
    /// Hours.
    Hours,
}

impl TimeUnit {
    /// The unit that reads best for an axis ending at `seconds`: ms below a second, s below two
    /// minutes, min below two hours, h beyond.
    ///
    /// ```
    /// use ringlab::core::TimeUnit;
    /// assert_eq!(TimeUnit::for_span(0.002), TimeUnit::Milliseconds);
    /// assert_eq!(TimeUnit::for_span(90.0), TimeUnit::Seconds);
    /// assert_eq!(TimeUnit::for_span(600.0), TimeUnit::Minutes);
    /// assert_eq!(TimeUnit::for_span(36_000.0), TimeUnit::Hours);
    /// ```
    pub fn for_span(seconds: f64) -> TimeUnit {
        if seconds < 1.0 {
            TimeUnit::Milliseconds
        } else if seconds < 120.0 {
            TimeUnit::Seconds
        } else if seconds < 7200.0 {
            TimeUnit::Minutes
        } else {
            TimeUnit::Hours
        }
    }

    /// Seconds in one unit.
    pub fn seconds(self) -> f64 {
        match self {
            TimeUnit::Milliseconds => 0.001,
            TimeUnit::Seconds => 1.0,
            TimeUnit::Minutes => 60.0,
            TimeUnit::Hours => 3600.0,
        }
    }

    /// Its symbol: `ms`, `s`, `min`, `h`.
    pub fn symbol(self) -> &'static str {
        match self {
            TimeUnit::Milliseconds => "ms",
            TimeUnit::Seconds => "s",
            TimeUnit::Minutes => "min",
            TimeUnit::Hours => "h",
        }
    }

    /// `seconds` in this unit.
    pub fn of(self, seconds: f64) -> f64 {
        seconds / self.seconds()
    }
}

/// A stretch of time, in seconds since the change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    /// When it starts.
    pub from: f64,
    /// When it ends.
    pub to: f64,
}

/// The time axis of a timeline, in seconds since the change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Axis {
    /// Where it starts: a twentieth of its length before the change, at the steady level.
    pub start: f64,
    /// Where it ends: a round number of `unit`s past everything worth showing.
    pub end: f64,
    /// The unit its ticks read best in.
    pub unit: TimeUnit,
}

/// Samples spread evenly over the axis.
const EVEN: usize = 240;
/// Samples spread geometrically after each event, where the reads change fastest.
const AFTER_EVENT: usize = 60;

impl Axis {
    /// An axis showing `span` seconds after the change: 10 % more, rounded up to a round number
    /// (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) in the unit that reads best;
    /// a minute when there is nothing to show.
    pub fn showing(span: f64) -> Axis {
        let span = if span > 0.0 && span.is_finite() {
            span * 1.1
        } else {
            60.0
        };
        let unit = TimeUnit::for_span(span);
        let end = round_up(unit.of(span)) * unit.seconds();
        Axis {
            start: -end / 20.0,
            end,
            unit,
        }
    }

    /// The times to sample, sorted: the start, the change (just before and after), each event
    /// in `events` (just before and after), `marks` worth a sample of their own, an even
    /// spread, and a denser spread after each event.
    pub(super) fn times(&self, events: &[f64], marks: &[f64]) -> Vec<(f64, Side)> {
        let mut times: Vec<(f64, Side)> = vec![(self.start, Side::After), (0.0, Side::Before)];
        for &e in std::iter::once(&0.0).chain(events) {
            if e <= self.end {
                if e > 0.0 {
                    times.push((e, Side::Before));
                }
                times.push((e, Side::After));
                for k in 0..=AFTER_EVENT {
                    let step = self.end * 10f64.powf(-4.0 + 4.0 * k as f64 / AFTER_EVENT as f64);
                    times.push((e + step, Side::After));
                }
            }
        }
        for i in 1..=EVEN {
            times.push((self.end * i as f64 / EVEN as f64, Side::After));
        }
        times.extend(marks.iter().map(|&m| (m, Side::After)));
        times.retain(|&(t, _)| t >= self.start && t <= self.end && t.is_finite());
        // Equal entries are alike, so an unstable sort gives the same list.
        times.sort_unstable_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then((a.1 == Side::After).cmp(&(b.1 == Side::After)))
        });
        let tiny = self.end * 1e-12;
        times.dedup_by(|next, kept| next.1 == kept.1 && (next.0 - kept.0).abs() <= tiny);
        times
    }
}

/// The smallest round number at or above `x` (> 0).
fn round_up(x: f64) -> f64 {
    let power = 10f64.powf(x.log10().floor());
    [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&v| v >= x * (1.0 - 1e-12))
        .unwrap_or(10.0 * power)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_ends_on_a_round_number_of_its_unit() {
        let axis = Axis::showing(92.1); // 101.3 s
        assert_eq!((axis.end, axis.unit), (120.0, TimeUnit::Seconds));
        let axis = Axis::showing(1000.0); // 18.3 min
        assert_eq!((axis.end, axis.unit), (1200.0, TimeUnit::Minutes));
        let axis = Axis::showing(0.0046);
        assert_eq!(axis.unit, TimeUnit::Milliseconds);
        assert!((axis.end - 0.006).abs() < 1e-15); // 5.06 ms, rounded up
        assert_eq!(Axis::showing(0.0).end, 60.0);
        assert_eq!(round_up(2.2), 2.5);
        assert!((round_up(0.07) - 0.08).abs() < 1e-15);
        assert_eq!(round_up(10.0), 10.0);
    }

    #[test]
    fn samples_are_a_few_hundred_sorted_with_both_sides_of_each_event() {
        let axis = Axis::showing(100.0);
        let times = axis.times(&[30.0], &[45.0]);
        assert!(times.len() > 250 && times.len() < 500, "{}", times.len());
        assert!(times.windows(2).all(|w| w[0].0 <= w[1].0));
        assert!(times.contains(&(30.0, Side::Before)) && times.contains(&(30.0, Side::After)));
        assert_eq!(times[0], (axis.start, Side::After));
        assert_eq!(times[1], (0.0, Side::Before));
    }
}
