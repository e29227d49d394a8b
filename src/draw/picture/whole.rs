//! The whole picture, laid out from a scenario under a placement, and what is drawn for the
//! selected key: its walk, its probes and its preference list.

use super::arcs::{arcs, points, ArcBand, PointMark};
use super::keys::{keys, KeyLayer, MAX_DOTS};
use super::ticks::{ticks, uncrowded, Tick};
use crate::core::placement::Mark;
use crate::core::{KeyIds, Kind, Outcome, Placed, Scenario};
use crate::draw::geometry::{fraction_of, position_at};

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
    /// Where the pointer is, as a turn fraction from the top; the picture puts it on its own
    /// circle, so it follows a change of placement.
    pub hover: Option<f64>,
    /// How many copies each key has.
    pub replicas: usize,
    /// Whether keys are drawn by how often they are read rather than one alike.
    pub requests: bool,
    /// At most this many keys are drawn one dot each ([`MAX_DOTS`] when `None`); more are
    /// drawn as a density band. Small pictures take fewer.
    pub dot_limit: Option<usize>,
}

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
        let trace = focus.key.map(|key| placed.trace(&scenario.layout(), key));
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
            hover: focus.hover.map(|f| at(position_at(f, circle))),
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
