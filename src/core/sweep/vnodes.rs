//! Spread against virtual nodes: how evenly the ring shares out as each server gets more
//! points, for every v from 1 to the last asked for.

use super::grow::GrowingRing;
use super::progress::Progress;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::ring::vnode_label;
use crate::core::scenario::Scenario;
use crate::core::server::{Placement, Server, MAX_POINTS, VNODES};
use crate::core::size::RingSize;

/// The spread of ring shares at one virtual-node count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VnodePoint {
    /// Virtual nodes per weight-1 hashed server.
    pub vnodes: u32,
    /// The standard deviation of share / ideal share over the servers, as the ownership panel's
    /// balance measures it (0 is perfectly even).
    pub spread: f64,
    /// What `1/√v` predicts for it, `v` being the mean points per server.
    pub predicted: f64,
    /// The largest share over its ideal.
    pub peak_to_mean: f64,
}

/// The spread of ring shares for v = 1, 2, ... up to a last v, for the scenario's servers (those
/// that are up), weights, ring size and hash: exact, from the arcs.
///
/// A hashed server of weight w has the points `name#0` to `name#(w·v − 1)` at v, so going from
/// v to v + 1 only adds w points to each; the sweep grows one ring point by point instead of
/// building a thousand. A server placed by hand keeps its one point throughout. Each
/// [`VnodeSweep::step`] adds one v, so a page can spread the sweep over frames.
///
/// ```
/// use ringlab::core::{Scenario, VnodeSweep};
/// // The teaching ring's servers are placed by hand: one point each whatever v is.
/// let points = VnodeSweep::run(&Scenario::teaching(), 3).unwrap();
/// assert_eq!(points.len(), 3);
/// assert!((points[2].spread - 0.005f64.sqrt()).abs() < 1e-12); // shares 35, 30, 35
/// ```
#[derive(Debug, Clone)]
pub struct VnodeSweep {
    size: RingSize,
    hash: HashScheme,
    servers: Vec<Server>,
    ideals: Vec<f64>,
    ring: GrowingRing,
    last: u32,
    points: Vec<VnodePoint>,
}

impl VnodeSweep {
    /// The usual last v: a thousand points per server.
    pub const LAST: u32 = 1000;

    /// A sweep of `scenario` from v = 1 to `last`, refused when `last` is outside 1 to 1,000 or
    /// the ring at `last` would hold more than [`MAX_POINTS`] points.
    pub fn new(scenario: &Scenario, last: u32) -> Result<VnodeSweep, Error> {
        if !VNODES.contains(&last) {
            return Err(Error::VnodesOutOfRange {
                min: *VNODES.start(),
                max: *VNODES.end(),
            });
        }
        let servers = scenario.servers().to_vec();
        if Scenario::point_total(&servers, last) > MAX_POINTS {
            return Err(Error::TooManyPoints { max: MAX_POINTS });
        }
        let names: Vec<&str> = servers.iter().map(|s| s.name.as_str()).collect();
        let mut ring = GrowingRing::new(scenario.size(), &names);
        for (i, server) in servers.iter().enumerate() {
            if let Placement::At(position) = server.placement {
                ring.insert(i, position, 0);
            }
        }
        let total: f64 = servers.iter().map(|s| f64::from(s.weight())).sum();
        let ideals = servers
            .iter()
            .map(|s| f64::from(s.weight()) / total)
            .collect();
        Ok(VnodeSweep {
            size: scenario.size(),
            hash: scenario.hash(),
            servers,
            ideals,
            ring,
            last,
            points: Vec::with_capacity(last as usize),
        })
    }

    /// The whole sweep at once.
    pub fn run(scenario: &Scenario, last: u32) -> Result<Vec<VnodePoint>, Error> {
        let mut sweep = VnodeSweep::new(scenario, last)?;
        while sweep.step().is_some() {}
        Ok(sweep.points)
    }

    /// Adds the next v's points and measures the spread; `None` once the last v is done.
    pub fn step(&mut self) -> Option<VnodePoint> {
        let v = self.points.len() as u32 + 1;
        if v > self.last {
            return None;
        }
        for (i, server) in self.servers.iter().enumerate() {
            if let Placement::Hashed { weight } = server.placement {
                for vnode in (v - 1) * weight..v * weight {
                    let label = vnode_label(&server.name, vnode);
                    let position = self.size.position_of(self.hash.hash32(&label));
                    self.ring.insert(i, position, vnode);
                }
            }
        }
        let point = self.measure(v);
        self.points.push(point);
        Some(point)
    }

    /// Whether every v is done.
    pub fn is_done(&self) -> bool {
        self.points.len() as u32 >= self.last
    }

    /// How far it has got, in values of v.
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.points.len(),
            total: self.last as usize,
        }
    }

    /// The points so far, v = 1 first.
    pub fn points(&self) -> &[VnodePoint] {
        &self.points
    }

    /// The spread at `v`, by the same arithmetic as the ownership panel's balance.
    fn measure(&self, v: u32) -> VnodePoint {
        let n = self.servers.len() as f64;
        let space = self.size.get() as f64;
        let ratios: Vec<f64> = self
            .ring
            .arcs()
            .iter()
            .zip(&self.ideals)
            .map(|(&arc, ideal)| (arc as f64 / space) / ideal)
            .collect();
        let peak_to_mean = ratios.iter().copied().fold(0.0, f64::max);
        let variance = ratios.iter().map(|r| (r - 1.0).powi(2)).sum::<f64>() / n;
        let mean_points = self
            .servers
            .iter()
            .map(|s| s.point_count(v) as f64)
            .sum::<f64>()
            / n;
        VnodePoint {
            vnodes: v,
            spread: variance.sqrt(),
            predicted: 1.0 / mean_points.max(1.0).sqrt(),
            peak_to_mean,
        }
    }
}
