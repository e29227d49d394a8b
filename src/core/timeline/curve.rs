//! One placement's database reads over time: the exact figures and the sampled series.

use super::clock::{Clock, Side, Views};
use super::streams::{Fate, Gathered, Group, Summation};
use crate::core::placement::Kind;
use crate::core::sum::Sum;

/// The share of the extra database reads by which a timeline has settled.
pub const SETTLED: f64 = 0.99;

/// One point of a series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Seconds since the change (negative before it).
    pub t: f64,
    /// Database reads per second.
    pub db_reads: f64,
}

/// Hinted handoff while the failed server is down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hints {
    /// Writes per second meant for the failed server (to keys it held a copy of), each kept as a
    /// hint by a substitute while it is down.
    pub per_second: f64,
    /// The hints delivered when it restarts (`per_second` × the restart delay); `None` when it
    /// stays down, and they are still held.
    pub delivered: Option<f64>,
}

/// Database reads over time under one placement.
#[derive(Debug, Clone, PartialEq)]
pub struct Curve {
    /// The placement after the change.
    pub kind: Kind,
    /// Database reads per second over the timeline's axis, denser after each event. Where the
    /// reads jump (at the change and the restart) two samples share a time: the level just
    /// before and just after.
    pub samples: Vec<Sample>,
    /// Database reads per second before the change: `reads × (1 − hit)`.
    pub steady: f64,
    /// The most database reads per second at any moment.
    pub peak: f64,
    /// When the peak comes, in seconds.
    pub peak_at: f64,
    /// Database reads beyond the steady level, summed over all time: `hit` for each key that
    /// misses once on a server that lacked it, plus what clients sent a dead server.
    pub extra_reads: f64,
    /// Seconds by which 99 % of the extra reads have happened (0 when there are none).
    pub settle: f64,
    /// Keys that changed owner in the change, and in the restart.
    pub moved: (usize, usize),
    /// Keys that cost the database extra reads.
    pub cold_keys: usize,
    /// Requests sent to a server the newest view does not name (the removed or failed server),
    /// by clients that had not heard yet, in all.
    pub misrouted: f64,
    /// Requests sent to a server other than the owner in the newest view, in all.
    pub stale: f64,
    /// Hinted handoff, when the change was a failure.
    pub hints: Option<Hints>,
    /// How the keys were summed.
    pub summation: Summation,
    model: Model,
}

/// The streams of one placement and what they cost.
#[derive(Debug, Clone, PartialEq)]
struct Model {
    groups: Vec<Group>,
    hit: f64,
    clock: Clock,
}

impl Model {
    fn start(&self, group: &Group) -> f64 {
        match group.stream.fate {
            Fate::Cold { from_restart: true } => self.clock.restart.unwrap_or(0.0),
            _ => 0.0,
        }
    }

    /// When a dead stream ends: at the restart, or never.
    fn end(&self) -> f64 {
        self.clock.restart.unwrap_or(f64::INFINITY)
    }

    /// Extra database reads per second at `t`.
    fn extra(&self, t: f64, side: Side) -> f64 {
        if t < 0.0 || (t == 0.0 && side == Side::Before) {
            return 0.0;
        }
        let mut shares = [0.0; 8];
        let mut integrals = [0.0; 8];
        for views in 1..8u8 {
            shares[views as usize] = self.clock.share(views, t, side);
            integrals[views as usize] = self.clock.integral(views, t);
        }
        let mut sum = Sum::default();
        for group in &self.groups {
            let views = group.stream.views;
            let share = shares[views as usize];
            let per_key = match group.stream.fate {
                Fate::Cold { .. } => {
                    let start = self.start(group);
                    let on = match side {
                        Side::Before => t > start,
                        Side::After => t >= start,
                    };
                    if !on || share == 0.0 {
                        continue;
                    }
                    let seen = integrals[views as usize] - self.clock.integral(views, start);
                    group.rate * share * (-group.rate * seen).exp()
                }
                Fate::Dead => {
                    let on = match side {
                        Side::Before => t <= self.end(),
                        Side::After => t < self.end(),
                    };
                    if !on {
                        continue;
                    }
                    group.rate * share
                }
            };
            sum.add(group.keys * per_key);
        }
        self.hit * sum.get()
    }

    /// Extra database reads from the change to `t`, for `t` up to infinity.
    fn cumulative(&self, t: f64) -> f64 {
        let mut sum = Sum::default();
        for group in &self.groups {
            let views: Views = group.stream.views;
            let per_key = match group.stream.fate {
                Fate::Cold { .. } => {
                    let start = self.start(group);
                    if t <= start {
                        continue;
                    }
                    let seen = self.clock.integral(views, t) - self.clock.integral(views, start);
                    -(-group.rate * seen).exp_m1()
                }
                Fate::Dead => group.rate * self.clock.integral(views, t.min(self.end())),
            };
            sum.add(group.keys * per_key);
        }
        self.hit * sum.get()
    }

    /// The time by which a share `SETTLED` of the extra reads has happened.
    fn settle(&self, total: f64) -> f64 {
        if total <= 0.0 {
            return 0.0;
        }
        let target = SETTLED * total;
        let mut hi = 1e-6;
        while self.cumulative(hi) < target && hi < 1e300 {
            hi *= 2.0;
        }
        let mut lo = 0.0;
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if self.cumulative(mid) < target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        hi
    }
}

/// Golden-section search for the highest value of `f` on `[a, b]`.
fn highest(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64) -> (f64, f64) {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..80 {
        if fc >= fd {
            b = d;
            d = c;
            fd = fc;
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    if fc >= fd {
        (c, fc)
    } else {
        (d, fd)
    }
}

/// A placement's curve, before it is sampled.
pub(super) struct Draft {
    kind: Kind,
    steady: f64,
    gathered: Gathered,
    model: Model,
    total: f64,
    settle: f64,
}

impl Draft {
    /// The curve of `gathered`, with `reads` per second at a hit rate `hit`.
    pub fn new(kind: Kind, gathered: Gathered, reads: f64, hit: f64, clock: Clock) -> Draft {
        let model = Model {
            groups: gathered.groups.clone(),
            hit,
            clock,
        };
        let total = model.cumulative(f64::INFINITY);
        let settle = model.settle(total);
        Draft {
            kind,
            steady: reads * (1.0 - hit),
            gathered,
            model,
            total,
            settle,
        }
    }

    /// Seconds by which it has settled.
    pub fn settle(&self) -> f64 {
        self.settle
    }

    /// The finished curve, sampled at `times` (sorted, each with the side of a jump it stands
    /// for), with hints at `writes` per second.
    pub fn finish(self, times: &[(f64, Side)], writes: f64) -> Curve {
        let model = self.model;
        let at = |(t, side): (f64, Side)| self.steady + model.extra(t, side);
        let samples: Vec<Sample> = times
            .iter()
            .map(|&(t, side)| Sample {
                t,
                db_reads: at((t, side)),
            })
            .collect();
        // The highest sample, then a closer look around it where the reads change smoothly.
        let mut best = (0.0, self.steady);
        let mut best_index = 0;
        for (i, s) in samples.iter().enumerate() {
            if s.db_reads > best.1 {
                best = (s.t, s.db_reads);
                best_index = i;
            }
        }
        if model.clock.gossip > 0.0 && best_index > 0 && best_index + 1 < samples.len() {
            let (a, b) = (samples[best_index - 1].t, samples[best_index + 1].t);
            if a < b {
                let found = highest(|t| at((t, Side::After)), a, b);
                if found.1 > best.1 {
                    best = found;
                }
            }
        }
        let clock = model.clock;
        let g = &self.gathered;
        let restart = clock.restart;
        let misrouted = g.gone_rate * clock.integral(1, restart.unwrap_or(f64::INFINITY));
        let stale = match restart {
            None => g.stale_rates[0] * clock.integral(1, f64::INFINITY),
            Some(d) => {
                g.stale_rates[0] * clock.integral(1, d)
                    + g.stale_rates[1] * (clock.integral(1, f64::INFINITY) - clock.integral(1, d))
                    + g.stale_rates[2] * (clock.integral(2, f64::INFINITY) - clock.integral(2, d))
            }
        };
        Curve {
            kind: self.kind,
            samples,
            steady: self.steady,
            peak: best.1,
            peak_at: best.0,
            extra_reads: self.total,
            settle: self.settle,
            moved: g.moved,
            cold_keys: g.cold_keys,
            misrouted,
            stale,
            hints: None,
            summation: g.summation,
            model,
        }
        .with_hints(g.hint_share * writes)
    }
}

impl Curve {
    fn with_hints(mut self, per_second: f64) -> Curve {
        self.hints = Some(Hints {
            per_second,
            delivered: self.model.clock.restart.map(|d| per_second * d),
        });
        self
    }

    /// Drops the hints, for a change that was not a failure.
    pub(super) fn without_hints(mut self) -> Curve {
        self.hints = None;
        self
    }

    /// Database reads per second at `t` seconds after the change (the level just after, where
    /// it jumps).
    pub fn db_reads_at(&self, t: f64) -> f64 {
        self.steady + self.model.extra(t, Side::After)
    }

    /// Database reads per second just before `t`, where the reads jump.
    pub fn db_reads_before(&self, t: f64) -> f64 {
        self.steady + self.model.extra(t, Side::Before)
    }

    /// Extra database reads (beyond the steady level) from the change to `t` seconds after it.
    pub fn extra_reads_by(&self, t: f64) -> f64 {
        self.model.cumulative(t.max(0.0))
    }
}
