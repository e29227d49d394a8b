//! What a click on the canvas lands on, and what the arrow keys step through.

use super::keys::KeyLayer;
use super::whole::Picture;
use crate::draw::geometry::Frame;

/// What a click at a canvas point lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// A key's dot, by key id.
    Key(u32),
    /// A server's point, by server index.
    Server(usize),
}

impl Picture {
    /// What the arrow keys step through, clockwise from 12 o'clock: every server point and
    /// every key drawn as a dot (only the points when keys are drawn as a band). At one place
    /// the points come before the keys.
    pub fn stops(&self) -> Vec<Hit> {
        let mut stops: Vec<(f64, u8, Hit)> = self
            .points
            .iter()
            .map(|p| (p.fraction, 0, Hit::Server(p.server)))
            .collect();
        if let KeyLayer::Dots(dots) = &self.keys {
            stops.extend(dots.iter().map(|d| (d.fraction, 1, Hit::Key(d.key))));
        }
        stops.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        stops.into_iter().map(|(_, _, hit)| hit).collect()
    }

    /// The key dot or server point nearest `(x, y)`, if one is within `reach` pixels.
    pub fn hit(&self, frame: Frame, x: f64, y: f64, reach: f64) -> Option<Hit> {
        let distance = |(px, py): (f64, f64)| (px - x).hypot(py - y);
        let mut best: Option<(f64, Hit)> = None;
        let mut consider = |d: f64, hit: Hit| {
            if d <= reach && best.is_none_or(|(b, _)| d < b) {
                best = Some((d, hit));
            }
        };
        if let KeyLayer::Dots(dots) = &self.keys {
            for dot in dots {
                consider(
                    distance(frame.at(dot.fraction, frame.key_radius(dot.lane))),
                    Hit::Key(dot.key),
                );
            }
        }
        for point in &self.points {
            consider(
                distance(frame.at(point.fraction, frame.ring_radius())),
                Hit::Server(point.server),
            );
        }
        best.map(|(_, hit)| hit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Change, Scenario};
    use crate::draw::picture::Focus;

    #[test]
    fn a_click_on_a_key_dot_selects_that_key_and_on_a_point_its_server() {
        let scenario = Scenario::teaching();
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        let frame = Frame { side: 600.0 };
        let (x, y) = frame.at(0.52, frame.key_radius(0));
        assert_eq!(
            picture.hit(frame, x, y, 12.0),
            Some(Hit::Key(scenario.keys().find("@52").unwrap()))
        );
        let (x, y) = frame.at(0.40, frame.ring_radius());
        assert_eq!(picture.hit(frame, x + 2.0, y, 12.0), Some(Hit::Server(1)));
        assert_eq!(picture.hit(frame, 300.0, 300.0, 12.0), None);
    }

    #[test]
    fn the_arrow_keys_visit_the_teaching_rings_points_and_keys_clockwise_from_zero() {
        let scenario = Scenario::teaching();
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        let keys = scenario.keys();
        let key = |label: &str| Hit::Key(keys.find(label).unwrap());
        assert_eq!(
            picture.stops(),
            vec![
                key("@5"),
                Hit::Server(0),
                key("@25"),
                Hit::Server(1),
                key("@52"),
                key("@68"),
                Hit::Server(2),
                key("@90"),
            ]
        );
        // Many keys drawn as a band leave only the points to step through.
        let mut big = Scenario::teaching();
        big.apply(Change::GenerateKeys { count: 5000 }).unwrap();
        let banded = Picture::new(&big, None, &[0, 1, 2], &Focus::default());
        assert_eq!(
            banded.stops(),
            vec![Hit::Server(0), Hit::Server(1), Hit::Server(2)]
        );
    }
}
