//! What the canvas shows, as plain data: arcs, points, ticks, keys and the selected key's walk.
//!
//! Everything here is computed from a [`Scenario`] and the last [`Outcome`] by asking the engine;
//! the canvas painter only draws it. Keeping it free of the browser lets native tests check it.

use crate::core::placement::Mark;
use crate::core::{KeyIds, Kind, Outcome, Placed, Scenario, Weights};
use crate::draw::geometry::{fraction_of, Frame};

/// Up to this many keys are drawn one dot each; more are drawn as a density band.
pub const MAX_DOTS: usize = 1500;
/// How many slices the density band has.
pub const DENSITY_BINS: usize = 120;
/// Up to this many keys, each dot carries the key's label.
pub const MAX_KEY_LABELS: usize = 24;
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

/// A tick mark on the ring.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// Where it sits, as a turn fraction.
    pub fraction: f64,
    /// Its label, for labelled ticks.
    pub label: Option<String>,
}

/// One key drawn as a dot.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyDot {
    /// The key's id.
    pub key: u32,
    /// Where it sits, as a turn fraction.
    pub fraction: f64,
    /// Its owner's colour slot.
    pub slot: usize,
    /// Whether it moved on the last change.
    pub moved: bool,
    /// Whether it is the selected key.
    pub selected: bool,
    /// Keys at the same position stack outwards: 0 is nearest the ring.
    pub lane: u32,
    /// The key's label, written beside the dot when keys are few.
    pub label: Option<String>,
    /// How often it is read next to the average key (1 for every key when the picture does not
    /// show requests).
    pub heat: f64,
    /// Whether it was made hot by hand.
    pub hot: bool,
}

/// A slice of the density band.
#[derive(Debug, Clone, PartialEq)]
pub struct DensityBin {
    /// Where the slice starts, as a turn fraction.
    pub start: f64,
    /// How wide it is, as a turn fraction.
    pub sweep: f64,
    /// Keys in it.
    pub count: u64,
    /// Keys in it that moved on the last change.
    pub moved: u64,
    /// Its share of the requests over an even share, when the picture shows requests.
    pub heat: f64,
}

/// How the keys are drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyLayer {
    /// One dot per key.
    Dots(Vec<KeyDot>),
    /// Too many keys for dots: how many fall in each slice of the ring.
    Density {
        /// The slices.
        bins: Vec<DensityBin>,
        /// The fullest slice's count.
        peak: u64,
    },
}

/// The clockwise walk from the selected key to its owner's point.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    /// The key's turn fraction.
    pub from: f64,
    /// How far the walk goes clockwise, as a turn fraction.
    pub sweep: f64,
    /// The owner's colour slot.
    pub slot: usize,
}

/// One probe of the selected key (multi-probe): where it landed and the point it found.
#[derive(Debug, Clone, PartialEq)]
pub struct ProbeMark {
    /// The probe's turn fraction.
    pub at: f64,
    /// How far clockwise its point is, as a turn fraction.
    pub sweep: f64,
    /// Whether it is the nearest, the one that decides.
    pub best: bool,
}

/// One server on the selected key's preference list, where the walk meets it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplicaMark {
    /// 1 for the primary, 2 for the first replica, ...
    pub rank: usize,
    /// The point's turn fraction.
    pub fraction: f64,
    /// The server's colour slot.
    pub slot: usize,
}

/// Everything the painter draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    /// How many places the circle has: the ring's positions, 2^32 for ketama, or maglev's
    /// table entries.
    pub circle: u64,
    /// Who owns each stretch of the circle, merged where neighbours share an owner.
    pub arcs: Vec<ArcBand>,
    /// Server points.
    pub points: Vec<PointMark>,
    /// Tick marks.
    pub ticks: Vec<Tick>,
    /// The keys.
    pub keys: KeyLayer,
    /// The selected key's walk.
    pub walk: Option<Walk>,
    /// The selected key's probes, under multi-probe.
    pub probes: Vec<ProbeMark>,
    /// Points of full servers the selected key walked past, under bounded loads.
    pub skipped: Vec<f64>,
    /// The stretch that decides the selected key's owner: its partition or table entry.
    pub span: Option<(f64, f64)>,
    /// The selected key's preference list, when more than one copy is kept.
    pub replicas: Vec<ReplicaMark>,
    /// The hovered position's turn fraction.
    pub hover: Option<f64>,
    /// Whether keys are drawn by how often they are read.
    pub requests: bool,
}

/// What is selected or hovered, besides the scenario itself.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Focus {
    /// The selected key's id.
    pub key: Option<u32>,
    /// The selected server's index.
    pub server: Option<usize>,
    /// The hovered place on the circle.
    pub hover: Option<u32>,
    /// How many copies each key has.
    pub replicas: usize,
    /// Whether keys are drawn by how often they are read rather than one alike.
    pub requests: bool,
    /// At most this many keys are drawn one dot each ([`MAX_DOTS`] when `None`); more are
    /// drawn as a density band. Small pictures take fewer.
    pub dot_limit: Option<usize>,
}

/// At most this many stretches are asked for their owner when the circle has no arcs; on a
/// small ring every position is asked.
pub const BAND_SAMPLES: u64 = 1440;

impl Picture {
    /// Lays out `scenario` after `last`, under its chosen placement, with colour slots `slots`
    /// (one per server, list order).
    pub fn new(
        scenario: &Scenario,
        last: Option<&Outcome>,
        slots: &[usize],
        focus: &Focus,
    ) -> Picture {
        let placed = scenario.placed();
        let moved = last
            .filter(|o| o.placement == placed.kind())
            .map(|o| &o.moved.keys);
        Picture::of(scenario, &placed, moved, slots, focus)
    }

    /// Lays out `scenario` under `placed` (any placement evaluated on it), marking `moved` keys.
    pub fn of(
        scenario: &Scenario,
        placed: &Placed,
        moved: Option<&KeyIds>,
        slots: &[usize],
        focus: &Focus,
    ) -> Picture {
        let circle = placed.circle(scenario.size());
        let trace = focus.key.map(|key| placed.trace(scenario, key));
        let at = |spot: u32| fraction_of(spot, circle);
        let mut walk = None;
        let mut probes = Vec::new();
        let mut skipped = Vec::new();
        let mut span = None;
        if let Some(trace) = &trace {
            let slot = slots[trace.owner];
            for mark in &trace.marks {
                match *mark {
                    Mark::Walk { from, to } => {
                        walk = Some(Walk {
                            from: at(from),
                            sweep: distance(from, to, circle),
                            slot,
                        })
                    }
                    Mark::Probe { at: p, to, best } => probes.push(ProbeMark {
                        at: at(p),
                        sweep: distance(p, to, circle),
                        best,
                    }),
                    Mark::Skipped { at: p } => skipped.push(at(p)),
                    Mark::Span { from, to } => {
                        // A stretch `from..=to` is drawn over the cells of its positions, each
                        // cell ending at its position (see `arcs`).
                        let start = f64::from(from) - 1.0;
                        span = Some((
                            start / circle as f64,
                            distance(from, to, circle) + 1.0 / circle as f64,
                        ));
                    }
                }
            }
        }
        let weights = focus
            .requests
            .then(|| scenario.traffic().weights(scenario.keys()));
        let keys = keys(
            scenario,
            placed,
            slots,
            moved,
            focus.key,
            weights.as_ref(),
            focus.dot_limit.unwrap_or(MAX_DOTS),
        );
        Picture {
            circle,
            arcs: arcs(scenario, placed, slots, focus.server),
            points: points(placed, circle, slots, focus.server),
            ticks: uncrowded(ticks(circle), &keys),
            keys,
            walk,
            probes,
            skipped,
            span,
            replicas: focus
                .key
                .filter(|_| focus.replicas > 1 && placed.kind() == Kind::Ring)
                .map(|key| replica_marks(scenario, slots, key, focus.replicas))
                .unwrap_or_default(),
            hover: focus.hover.map(at),
            requests: focus.requests,
        }
    }
}

impl Picture {
    /// The same picture for a small multiple: no writing on it, so that nine fit a screen.
    pub fn small(mut self) -> Picture {
        for tick in &mut self.ticks {
            tick.label = None;
        }
        for point in &mut self.points {
            point.label = None;
        }
        if let KeyLayer::Dots(dots) = &mut self.keys {
            for dot in dots {
                dot.label = None;
            }
        }
        self
    }
}

/// The clockwise distance from `from` to `to` on a circle of `circle` places, as a fraction.
fn distance(from: u32, to: u32, circle: u64) -> f64 {
    ((u64::from(to) + circle - u64::from(from)) % circle) as f64 / circle as f64
}

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

fn arcs(
    scenario: &Scenario,
    placed: &Placed,
    slots: &[usize],
    selected: Option<usize>,
) -> Vec<ArcBand> {
    let size = scenario.size();
    let circle = placed.circle(size);
    // Stretches `(last place, length, server)` around the circle, clockwise from 0.
    let mut stretches: Vec<(u64, u64, usize)> = Vec::new();
    match (placed.kind(), placed.ring(), placed.table()) {
        (Kind::Ring | Kind::Ketama | Kind::Bounded, Some(ring), _) => {
            for (index, point) in ring.points().iter().enumerate() {
                let length = ring.point_arc(index);
                if length > 0 {
                    stretches.push((u64::from(point.position), length, point.server as usize));
                }
            }
        }
        (_, _, Some(table)) => {
            for p in 0..table.count() {
                let (first, next) = (table.start_of(p, size), table.start_of(p + 1, size));
                if next > first {
                    stretches.push((next - 1, next - first, table.owner(p)));
                }
            }
        }
        _ => {
            // Asked place by place: every position of a small circle, evenly spaced samples
            // of a large one. Each sample stands for the stretch that ends at it.
            let samples = circle.min(BAND_SAMPLES);
            let mut previous = 0u64;
            for j in 1..=samples {
                // At most 1,440 samples of a circle of at most 2^32: the product fits in 64 bits.
                let end = j * circle / samples;
                let spot = (end - 1) as u32;
                stretches.push((end - 1, end - previous, placed.owner_at_spot(spot, size)));
                previous = end;
            }
        }
    }
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

fn points(
    placed: &Placed,
    circle: u64,
    slots: &[usize],
    selected: Option<usize>,
) -> Vec<PointMark> {
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

/// How close, as a turn fraction, a labelled key may come to a tick's label before the tick's
/// label gives way: the key's own label already says where it is.
const CROWDED: f64 = 0.015;

/// `ticks` without the labels a labelled key's label would be written over.
fn uncrowded(mut ticks: Vec<Tick>, keys: &KeyLayer) -> Vec<Tick> {
    let KeyLayer::Dots(dots) = keys else {
        return ticks;
    };
    let near = |a: f64, b: f64| {
        let d = (a - b).rem_euclid(1.0);
        d.min(1.0 - d) < CROWDED
    };
    for tick in &mut ticks {
        if dots
            .iter()
            .any(|dot| dot.label.is_some() && near(dot.fraction, tick.fraction))
        {
            tick.label = None;
        }
    }
    ticks
}

/// Labelled ticks: every 10 on rings up to 100, a tidy step on larger small rings, and the
/// quarter marks of the full ring.
pub fn ticks(size: u64) -> Vec<Tick> {
    if size > 10_000 {
        let quarter = size / 4;
        return (0..4)
            .map(|i| Tick {
                fraction: i as f64 / 4.0,
                label: Some(if size == 1 << 32 {
                    ["0", "2³⁰", "2³¹", "3·2³⁰"][i as usize].to_string()
                } else {
                    (i * quarter).to_string()
                }),
            })
            .collect();
    }
    let step = [
        1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000,
    ]
    .into_iter()
    .find(|s| size / s <= 12)
    .unwrap_or(size / 4);
    (0..size)
        .step_by(step as usize)
        .map(|p| Tick {
            fraction: p as f64 / size as f64,
            label: Some(p.to_string()),
        })
        .collect()
}

fn keys(
    scenario: &Scenario,
    placed: &Placed,
    slots: &[usize],
    moved: Option<&KeyIds>,
    selected: Option<u32>,
    weights: Option<&Weights>,
    dot_limit: usize,
) -> KeyLayer {
    let set = scenario.keys();
    // Each key's reads next to the average key's, when requests are shown.
    let mean = weights.map(|w| w.total(set.len()) / set.len().max(1) as f64);
    let heat = |id: u32| match (weights, mean) {
        (Some(w), Some(m)) if m > 0.0 => w.of(id) / m,
        _ => 1.0,
    };
    let hot: Vec<u32> = weights.map(|w| w.hot_ids().collect()).unwrap_or_default();
    let circle = placed.circle(scenario.size());
    // The placements drawn on the ring's own positions find keys in its sorted order; ketama
    // and maglev put each key somewhere else.
    let own_circle = matches!(placed.kind(), Kind::Ketama | Kind::Maglev);
    let was_moved = |id: u32| moved.is_some_and(|m| m.contains(id));
    if set.len() <= dot_limit {
        let labelled = set.len() <= MAX_KEY_LABELS;
        let spots: Vec<(u32, u32)> = if own_circle {
            let mut v: Vec<(u32, u32)> = (0..set.len() as u32)
                .map(|id| (placed.key_spot(set, id), id))
                .collect();
            v.sort_unstable();
            v
        } else {
            set.sorted_positions()
                .iter()
                .copied()
                .zip(set.order().iter().copied())
                .collect()
        };
        let mut dots = Vec::with_capacity(spots.len());
        let mut lane = 0;
        for i in 0..spots.len() {
            let (spot, key) = spots[i];
            lane = if i > 0 && spots[i - 1].0 == spot {
                lane + 1
            } else {
                0
            };
            dots.push(KeyDot {
                key,
                fraction: fraction_of(spot, circle),
                slot: slots[placed.owner_of_key(set, key)],
                moved: was_moved(key),
                selected: selected == Some(key),
                lane,
                label: labelled.then(|| short_label(&set.label(key))),
                heat: heat(key),
                hot: hot.contains(&key),
            });
        }
        return KeyLayer::Dots(dots);
    }
    // In u64: on wasm32 a usize cannot hold the full ring's 2^32.
    let bins = (DENSITY_BINS as u64).min(circle) as usize;
    // A spot times at most DENSITY_BINS bins fits in 64 bits, so no 128-bit division is needed
    // (WebAssembly has none: it would be a call for every key).
    let bin_of = |spot: u32| (u64::from(spot) * bins as u64 / circle) as usize;
    let mut counts = vec![0u64; bins];
    if own_circle {
        for id in 0..set.len() as u32 {
            counts[bin_of(placed.key_spot(set, id))] += 1;
        }
    } else {
        // Bin edges by binary search in the sorted positions: O(bins × log K).
        let positions = set.sorted_positions();
        let mut below = 0;
        for (i, count) in counts.iter_mut().enumerate() {
            let end = ((i as u64 + 1) * circle).div_ceil(bins as u64);
            let upto = positions.partition_point(|&p| u64::from(p) < end);
            *count = (upto - below) as u64;
            below = upto;
        }
    }
    let mut moved_counts = vec![0u64; bins];
    if let Some(ids) = moved {
        for id in ids.iter() {
            moved_counts[bin_of(placed.key_spot(set, id))] += 1;
        }
    }
    let mut heats = vec![0.0f64; bins];
    if let (Some(w), Some(m)) = (weights, mean) {
        if m > 0.0 {
            for id in 0..set.len() as u32 {
                heats[bin_of(placed.key_spot(set, id))] += w.of(id) / m;
            }
            // Over an even share of the keys per bin.
            let even = set.len() as f64 / bins as f64;
            for h in &mut heats {
                *h /= even;
            }
        }
    }
    let peak = counts.iter().copied().max().unwrap_or(0);
    KeyLayer::Density {
        bins: (0..bins)
            .map(|i| DensityBin {
                start: i as f64 / bins as f64,
                sweep: 1.0 / bins as f64,
                count: counts[i],
                moved: moved_counts[i],
                heat: heats[i],
            })
            .collect(),
        peak,
    }
}

/// A label short enough to sit beside a dot: `@52` is written `52`, long names are cut.
fn short_label(label: &str) -> String {
    let label = label.strip_prefix('@').unwrap_or(label);
    if label.chars().count() > 10 {
        label.chars().take(9).chain(std::iter::once('…')).collect()
    } else {
        label.to_string()
    }
}

fn replica_marks(
    scenario: &Scenario,
    slots: &[usize],
    key: u32,
    replicas: usize,
) -> Vec<ReplicaMark> {
    let ring = scenario.ring();
    let size = scenario.size().get();
    ring.preference_points(scenario.keys().position_of(key), replicas)
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let point = ring.points()[p];
            ReplicaMark {
                rank: i + 1,
                fraction: fraction_of(point.position, size),
                slot: slots[point.server as usize],
            }
        })
        .collect()
}

/// Colour slots that stay with their server: servers keep the slot they had in `previous`,
/// and a new server takes the lowest slot nobody holds.
pub fn assign_slots(previous: &[(String, usize)], names: &[&str]) -> Vec<(String, usize)> {
    let mut taken: Vec<usize> = Vec::new();
    let mut out: Vec<(String, Option<usize>)> = names
        .iter()
        .map(|name| {
            let slot = previous.iter().find(|(n, _)| n == name).map(|(_, s)| *s);
            if let Some(s) = slot {
                taken.push(s);
            }
            (name.to_string(), slot)
        })
        .collect();
    for entry in &mut out {
        if entry.1.is_none() {
            let free = (0..)
                .find(|s| !taken.contains(s))
                .expect("a free slot exists");
            taken.push(free);
            entry.1 = Some(free);
        }
    }
    out.into_iter()
        .map(|(n, s)| (n, s.expect("every slot assigned")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Change, HashScheme, RingSize, Server};

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
    fn the_selected_keys_walk_ends_at_its_owner() {
        let scenario = Scenario::teaching();
        let key = scenario.keys().find("@90").unwrap();
        let focus = Focus {
            key: Some(key),
            ..Focus::default()
        };
        let walk = Picture::new(&scenario, None, &[0, 1, 2], &focus)
            .walk
            .unwrap();
        assert!((walk.from - 0.9).abs() < 1e-12);
        assert!((walk.sweep - 0.2).abs() < 1e-12); // 90 -> 99 -> 0 -> 10
    }

    #[test]
    fn with_three_replicas_the_selected_key_marks_three_distinct_servers_in_walk_order() {
        let scenario = Scenario::teaching();
        let key = scenario.keys().find("@52").unwrap();
        let focus = Focus {
            key: Some(key),
            replicas: 3,
            ..Focus::default()
        };
        let marks = Picture::new(&scenario, None, &[0, 1, 2], &focus).replicas;
        let fractions: Vec<f64> = marks.iter().map(|m| m.fraction).collect();
        assert_eq!(fractions, vec![0.75, 0.1, 0.4]); // C at 75, then A at 10, then B at 40
        let one = Focus {
            key: Some(key),
            replicas: 1,
            ..Focus::default()
        };
        assert!(Picture::new(&scenario, None, &[0, 1, 2], &one)
            .replicas
            .is_empty());
    }

    #[test]
    fn many_keys_are_drawn_as_a_density_band_that_counts_them_all() {
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::GenerateKeys { count: 5000 })
            .unwrap();
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        match picture.keys {
            KeyLayer::Density { bins, .. } => {
                assert_eq!(bins.iter().map(|b| b.count).sum::<u64>(), 5005);
            }
            KeyLayer::Dots(_) => panic!("5,005 keys should be drawn as a band"),
        }
    }

    #[test]
    fn moved_keys_are_marked() {
        let mut scenario = Scenario::teaching();
        let outcome = scenario
            .apply(Change::AddServer {
                name: "D".into(),
                at: Some(60),
                weight: None,
            })
            .unwrap();
        let picture = Picture::new(&scenario, Some(&outcome), &[0, 1, 2, 3], &Focus::default());
        let KeyLayer::Dots(dots) = picture.keys else {
            panic!("few keys are dots")
        };
        let moved: Vec<f64> = dots
            .iter()
            .filter(|d| d.moved)
            .map(|d| d.fraction)
            .collect();
        assert_eq!(moved, vec![0.52]);
    }

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

    #[test]
    fn colour_slots_stay_with_their_server_when_another_leaves() {
        let first = assign_slots(&[], &["A", "B", "C"]);
        let second = assign_slots(&first, &["A", "C"]);
        assert_eq!(second, vec![("A".to_string(), 0), ("C".to_string(), 2)]);
        let third = assign_slots(&second, &["A", "C", "D"]);
        assert_eq!(third[2], ("D".to_string(), 1));
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

    #[test]
    fn the_teaching_ring_keeps_every_tick_label_but_the_one_its_key_at_90_repeats() {
        let picture = Picture::new(&Scenario::teaching(), None, &[0, 1, 2], &Focus::default());
        let labelled: Vec<String> = picture
            .ticks
            .iter()
            .filter_map(|t| t.label.clone())
            .collect();
        assert_eq!(
            labelled,
            ["0", "10", "20", "30", "40", "50", "60", "70", "80"]
        );
    }

    #[test]
    fn a_tick_label_gives_way_to_a_labelled_key_beside_it() {
        // The teaching ring's keys are at 90, 52, 68, 25 and 5; @69 and @80 join them.
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::AddKeys {
                keys: vec!["@69".into(), "@80".into()],
            })
            .expect("free positions");
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        let label = |at: &str| {
            picture
                .ticks
                .iter()
                .find(|t| (t.fraction * 100.0).round() as u32 == at.parse::<u32>().unwrap())
                .and_then(|t| t.label.clone())
        };
        assert_eq!(label("70"), None, "@69 is written beside 70");
        assert_eq!(label("80"), None, "@80 is written at 80");
        assert_eq!(
            label("30"),
            Some("30".to_string()),
            "@25 is far enough from 30"
        );
        assert_eq!(label("50"), Some("50".to_string()));
        assert_eq!(
            label("60"),
            Some("60".to_string()),
            "@68 and @69 leave 60 alone"
        );
    }

    #[test]
    fn the_full_ring_has_four_labelled_quarter_ticks() {
        let ticks = ticks(1 << 32);
        assert_eq!(ticks.len(), 4);
        assert_eq!(ticks[2].label.as_deref(), Some("2³¹"));
    }
}
