//! Who owns each stretch of the circle, merged where neighbours share an owner, and the
//! servers' points on it.

use crate::core::{Placed, Scenario};
use crate::draw::geometry::fraction_of;

/// Up to this many points, each point is labelled with its server's name.
pub const MAX_POINT_LABELS: usize = 24;
/// A stretch of ring owned by one server.
#[derive(Debug, Clone, PartialEq)]
pub struct ArcBand {
    /// Where it starts, as a turn fraction.
    pub start: f64,
    /// How far it runs clockwise, as a turn fraction.
    pub sweep: f64,
    /// The owner's colour slot.
    pub slot: usize,
    /// Whether the owner is the selected server.
    pub selected: bool,
}

/// A server's point on the ring.
#[derive(Debug, Clone, PartialEq)]
pub struct PointMark {
    /// The server's index.
    pub server: usize,
    /// Where it sits, as a turn fraction.
    pub fraction: f64,
    /// Where it sits on the circle, in the circle's own places.
    pub position: u32,
    /// The server's colour slot.
    pub slot: usize,
    /// A label to write beside it, when points are few.
    pub label: Option<String>,
    /// Whether its server is selected.
    pub selected: bool,
}

/// At most this many stretches are asked for their owner when the circle has no arcs; on a
/// small ring every position is asked.
pub const BAND_SAMPLES: u64 = 1440;

/// Who owns each stretch of the circle, in bands merged where neighbours share an owner.
pub(super) fn arcs(
    scenario: &Scenario,
    placed: &Placed,
    slots: &[usize],
    selected: Option<usize>,
) -> Vec<ArcBand> {
    let size = scenario.size();
    let circle = placed.circle(size);
    // Stretches `(last place, length, server)` around the circle, clockwise from 0.
    let mut stretches: Vec<(u64, u64, usize)> = match placed.stretches(size) {
        Some(known) => known,
        None => {
            // Asked place by place: every position of a small circle, evenly spaced samples
            // of a large one. Each sample stands for the stretch that ends at it.
            let samples = circle.min(BAND_SAMPLES);
            let mut previous = 0u64;
            let mut asked = Vec::with_capacity(samples as usize);
            for j in 1..=samples {
                // At most 1,440 samples of a circle of at most 2^32: the product fits in 64 bits.
                let end = j * circle / samples;
                let spot = (end - 1) as u32;
                asked.push((end - 1, end - previous, placed.owner_at_spot(spot, size)));
                previous = end;
            }
            asked
        }
    };
    if stretches.len() as u64 > BAND_SAMPLES {
        // More stretches than a screen has pixels round the ring: draw what each pixel-wide
        // slice shows (the owner of its last place), so the painter strokes a few hundred arcs
        // instead of thousands of invisible ones.
        stretches = resample(&stretches, circle);
    }
    let mut bands: Vec<ArcBand> = Vec::new();
    for (last, length, server) in stretches {
        let end = (last as f64) / circle as f64;
        let sweep = length as f64 / circle as f64;
        match bands.last_mut() {
            Some(band)
                if band.slot == slots[server]
                    && (band.start + band.sweep - (end - sweep)).abs() < 1e-12 =>
            {
                band.sweep += sweep;
            }
            _ => bands.push(ArcBand {
                start: end - sweep,
                sweep,
                slot: slots[server],
                selected: selected == Some(server),
            }),
        }
    }
    bands
}

/// Stretches `(last place, length, owner)` in clockwise order from 0, cut into
/// [`BAND_SAMPLES`] equal slices, each given to the stretch covering its last place.
fn resample(stretches: &[(u64, u64, usize)], circle: u64) -> Vec<(u64, u64, usize)> {
    let mut out = Vec::with_capacity(BAND_SAMPLES as usize);
    let mut i = 0;
    let mut previous = 0u64;
    for j in 1..=BAND_SAMPLES {
        let end = j * circle / BAND_SAMPLES;
        // The stretch holding place end − 1: the first whose last place is at or after it,
        // or the first of all (it wraps past the top).
        while i < stretches.len() && stretches[i].0 < end - 1 {
            i += 1;
        }
        let owner = stretches.get(i).unwrap_or(&stretches[0]).2;
        out.push((end - 1, end - previous, owner));
        previous = end;
    }
    out
}

/// Every point on the ring, labelled with its server's name when points are few.
pub(super) fn points(
    placed: &Placed,
    circle: u64,
    slots: &[usize],
    selected: Option<usize>,
) -> Vec<PointMark> {
    if let Some(points) = placed.system().and_then(|b| b.points()) {
        let labelled = points.points().len() <= MAX_POINT_LABELS;
        return points
            .points()
            .iter()
            .map(|p| {
                let server = p.server as usize;
                let position = points.spot(p.at);
                PointMark {
                    server,
                    fraction: fraction_of(position, circle),
                    position,
                    slot: slots[server],
                    label: labelled.then(|| placed.names()[server].to_string()),
                    selected: selected == Some(server),
                }
            })
            .collect();
    }
    let Some(ring) = placed.ring() else {
        return Vec::new();
    };
    let labelled = ring.points().len() <= MAX_POINT_LABELS;
    ring.points()
        .iter()
        .map(|p| {
            let server = p.server as usize;
            PointMark {
                server,
                fraction: fraction_of(p.position, circle),
                position: p.position,
                slot: slots[server],
                label: labelled.then(|| ring.server_name(server).to_string()),
                selected: selected == Some(server),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HashScheme, RingSize, Server};
    use crate::draw::picture::{Focus, Picture};

    #[test]
    fn the_teaching_ring_draws_three_arcs_that_fill_the_circle() {
        let scenario = Scenario::teaching();
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        assert_eq!(picture.arcs.len(), 3);
        let total: f64 = picture.arcs.iter().map(|a| a.sweep).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(picture.ticks.len(), 10);
        assert_eq!(picture.points[0].label.as_deref(), Some("A"));
    }

    #[test]
    fn a_ring_with_more_arcs_than_pixels_is_drawn_slice_by_slice_in_each_slices_colour() {
        let servers: Vec<Server> = (0..20).map(|i| Server::hashed(&format!("s{i}"))).collect();
        let scenario = Scenario::new(RingSize::FULL, HashScheme::default(), 200, servers).unwrap();
        let slots: Vec<usize> = (0..20).collect();
        let picture = Picture::new(&scenario, None, &slots, &Focus::default());
        assert!(picture.arcs.len() <= BAND_SAMPLES as usize);
        let total: f64 = picture.arcs.iter().map(|a| a.sweep).sum();
        assert!((total - 1.0).abs() < 1e-9);
        // Every band ends where a slice ends, in the colour of the owner of that slice's end.
        for band in &picture.arcs {
            let end = ((band.start + band.sweep) * (1u64 << 32) as f64).round() as u64 - 1;
            let owner = scenario.ring().owner_of(end as u32);
            assert_eq!(band.slot, owner);
        }
    }
}
