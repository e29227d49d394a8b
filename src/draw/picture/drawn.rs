//! What the canvas painter and the SVG writer decide alike about a picture in a frame: whether
//! the servers' points are dots or ticks across the band, and how tall each wedge of the
//! density band stands.

use super::keys::{DensityBin, KeyLayer};
use super::whole::Picture;
use crate::draw::geometry::Frame;

/// Up to this many points are drawn as dots; more are drawn as ticks across the band.
pub const MAX_POINT_DOTS: usize = 60;

/// How the servers' points are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointDrawing {
    /// A dot each, with the servers' names beside them when the points carry labels.
    Dots,
    /// A short tick across the band each.
    Ticks {
        /// Whether the points of servers that are not selected get a tick too: not when they
        /// are so many that their ticks would hide the arcs.
        unselected: bool,
    },
}

/// A slice of the density band as drawn: a wedge standing on the band's base.
#[derive(Debug, Clone, PartialEq)]
pub struct Wedge {
    /// Where it starts, as a turn fraction.
    pub start: f64,
    /// How wide it is, as a turn fraction.
    pub sweep: f64,
    /// How far out it reaches from the band's base, in pixels.
    pub height: f64,
}

impl Picture {
    /// How the points are drawn on the ring in `frame`.
    pub fn point_drawing(&self, frame: Frame) -> PointDrawing {
        let count = self.points.len();
        if count <= MAX_POINT_DOTS {
            PointDrawing::Dots
        } else {
            PointDrawing::Ticks {
                unselected: count as f64 <= frame.point_tick_room(),
            }
        }
    }

    /// The density band's wedges when the band is `depth` pixels deep at most: one for each
    /// slice holding keys, as tall as its share of the fullest slice (of the reads, when the
    /// picture shows requests); and, drawn over them, one for each slice where keys moved, as
    /// tall as the moved keys' part of its wedge. Both are empty when keys are dots.
    pub fn density_wedges(&self, depth: f64) -> (Vec<Wedge>, Vec<Wedge>) {
        let KeyLayer::Density { bins, peak } = &self.keys else {
            return (Vec::new(), Vec::new());
        };
        let heat_peak = bins.iter().map(|b| b.heat).fold(0.0, f64::max);
        let by_requests = self.requests && heat_peak > 0.0;
        let peak = (*peak).max(1) as f64;
        let height = |b: &DensityBin| {
            if by_requests {
                depth * b.heat / heat_peak
            } else {
                depth * b.count as f64 / peak
            }
        };
        let wedge = |b: &DensityBin, height: f64| Wedge {
            start: b.start,
            sweep: b.sweep,
            height,
        };
        let keys = bins
            .iter()
            .filter(|b| b.count > 0)
            .map(|b| wedge(b, height(b)))
            .collect();
        let moved = bins
            .iter()
            .filter(|b| b.moved > 0)
            .map(|b| wedge(b, height(b) * (b.moved as f64 / b.count.max(1) as f64)))
            .collect();
        (keys, moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Change, HashScheme, RingSize, Scenario, Server};
    use crate::draw::picture::Focus;

    #[test]
    fn many_points_are_ticks_and_past_the_rings_room_only_the_selected_servers() {
        let frame = Frame { side: 480.0 };
        let teaching = Picture::new(&Scenario::teaching(), None, &[0, 1, 2], &Focus::default());
        assert_eq!(teaching.point_drawing(frame), PointDrawing::Dots);
        let servers: Vec<Server> = (0..4).map(|i| Server::hashed(&format!("s{i}"))).collect();
        let slots = [0, 1, 2, 3];
        for (vnodes, unselected) in [(20, true), (100, false)] {
            let scenario = Scenario::new(
                RingSize::FULL,
                HashScheme::default(),
                vnodes,
                servers.clone(),
            )
            .unwrap();
            let picture = Picture::new(&scenario, None, &slots, &Focus::default());
            assert_eq!(
                picture.point_drawing(frame),
                PointDrawing::Ticks { unselected },
                "{vnodes} points a server"
            );
        }
    }

    #[test]
    fn the_fullest_slice_reaches_the_bands_depth_and_moved_keys_their_share_of_it() {
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::GenerateKeys { count: 5000 })
            .unwrap();
        let last = scenario
            .apply(Change::RemoveServer { name: "B".into() })
            .unwrap();
        let picture = Picture::new(&scenario, Some(&last), &[0, 2], &Focus::default());
        let (keys, moved) = picture.density_wedges(30.0);
        let tallest = keys.iter().map(|w| w.height).fold(0.0, f64::max);
        assert!((tallest - 30.0).abs() < 1e-9);
        assert!(!moved.is_empty());
        for m in &moved {
            let whole = keys.iter().find(|w| w.start == m.start).unwrap();
            assert!(m.height <= whole.height + 1e-9);
        }
        let dots = Picture::new(&Scenario::teaching(), None, &[0, 1, 2], &Focus::default());
        assert_eq!(dots.density_wedges(30.0), (Vec::new(), Vec::new()));
    }
}
