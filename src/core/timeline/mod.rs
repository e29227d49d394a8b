//! Timelines: database reads per second over time after a change, from the steady level
//! through the storm of misses and back.
//!
//! # The model
//!
//! A cache serves `reads` per second and answers a share `hit` of them, so the database sees
//! `reads × (1 − hit)` in steady state. Key k is read as a Poisson process at rate
//! `r_k = reads × w_k / W`, where `w_k` is its popularity weight ([`Traffic::weights`]) and W
//! their sum.
//!
//! **A key on a server that lacks it.** When a change moves key k to a server that does not
//! hold it, the first read there misses and fills it; until then every read that would have
//! hit (a share `hit` of them) goes to the database. So the key adds `r_k × hit × e^(−r_k t)`
//! database reads per second at time t, and `hit` reads in all. A server holds a key when it
//! owned it before the change or, with R copies ([`Timing::replicas`]), when it was one of the
//! first R servers of the key's preference list; a restarted server starts empty and holds
//! nothing. So adding or removing a server on purpose makes a storm of `hit × moved keys`
//! extra reads in all, and a failure with R > 1 makes none: the key's next owner already holds
//! it.
//!
//! **A failure and a restart.** `fail:C` takes C off the ring; its keys go to their successors
//! under the placement. With one copy, a read sent to C while it is down gets no answer and the
//! client reads the database (each such read that would have hit is an extra database read);
//! with more copies it reads a replica. With a restart delay d ([`Timing::restart_after`]) the
//! same timeline shows C coming back, empty, at t = d: its arcs move back to it and exactly the
//! keys of the returning arcs miss again, a second storm. The substitutes' storm stops at d
//! (their keys are read from C again), so a key that missed on a substitute costs
//! `hit × (1 − e^(−r_k d))` there.
//!
//! **Clients that disagree.** A membership change reaches the clients over a gossip window g
//! ([`Timing::gossip`]): each client hears of every change the same δ seconds after it, with δ
//! spread evenly over `[0, g]`, so the share of clients using the new view grows linearly from
//! 0 to 1 over g. A key's reads are spread evenly over the clients; those on an old view go to
//! the key's owner in that view. So, while the window lasts:
//! - a server removed on purpose keeps answering the clients that still send it reads (it is
//!   drained, then stopped), so they hit: the new owner's storm is spread over the window,
//!   lower and later, with the same `hit` extra reads per moved key;
//! - a failed server answers nothing, so with one copy the reads old-view clients send it go
//!   to the database: the storm starts as tall as with g = 0 and lasts longer, costing
//!   `hit × r_k × g/2` more reads per key;
//! - the requests sent to a server the newest view does not name (the removed or failed one)
//!   are counted in [`Curve::misrouted`]: `Σ r_k × g/2` over that server's keys (up to the
//!   restart, after which the newest view names it again). Requests sent to any server other
//!   than the newest view's owner are counted in [`Curve::stale`].
//!
//! **Hinted handoff.** With `writes` per second ([`Timing::writes`]), spread over the keys like
//! the reads, each write to a key the failed server held a copy of is kept as a hint by a
//! substitute while the server is down, and delivered when it restarts:
//! `writes × (share of their weight) × d` hints ([`Hints`]). Hints carry writes; the restarted
//! cache still starts empty for reads.
//!
//! # Exact figures and the series
//!
//! Each key's contribution is a closed form in t, so the figures are exact: the total extra
//! reads ([`Curve::extra_reads`]), the time by which 99 % of them have happened
//! ([`Curve::settle`], by bisection on the closed-form running total), the peak ([`Curve::peak`]:
//! at the change or the restart when g = 0, where the reads jump; otherwise the highest sample,
//! refined by a golden-section search). Keys are summed in groups of equal rate, exactly while
//! there are at most [`EXACT_GROUPS`] groups (uniform popularity makes one, each hot key its
//! own), otherwise in logarithmic bins of rate ([`PER_OCTAVE`] to each doubling) at the mean
//! rate of each bin, which keeps the spike's height and every total that is linear in the rates
//! exact and the series within 10⁻⁴ of the spike's height: [`Curve::summation`] says which.
//!
//! The axis fits itself ([`Axis::showing`]): it shows everything until the slower curve has
//! settled, the restart and the gossip windows, in the unit that reads best, and each curve is
//! sampled a few hundred times, more densely after the change and the restart.
//!
//! [`Traffic::weights`]: crate::core::Traffic::weights

mod axis;
mod clock;
mod curve;
mod event;
mod streams;

use std::fmt::Write;

use crate::core::cache::CacheLoad;
use crate::core::error::Error;
use crate::core::placement::Kind;
use crate::core::scenario::{Change, Scenario, Timing};

pub use axis::{Axis, TimeUnit, Window};
pub use clock::Side;
pub use curve::{Curve, Hints, Sample, SETTLED};
pub use event::{Event, Happening};
pub use streams::{Summation, EXACT_GROUPS, PER_OCTAVE};

use clock::Clock;
use curve::Draft;
use streams::{gather, Kinds, Path};

/// Database reads per second over time after one change, under the chosen placement and under
/// the placement it is compared with.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// The change.
    pub change: Change,
    /// Reads per second and hit rate.
    pub load: CacheLoad,
    /// The settings it ran with (those of the scenario before the change).
    pub timing: Timing,
    /// The failed server, when the change was a failure.
    pub failed: Option<String>,
    /// Seconds after the change at which the failed server restarted, when it did.
    pub restart_at: Option<f64>,
    /// The time axis both curves share.
    pub axis: Axis,
    /// While clients still disagree: after the change and after the restart, each as long as
    /// the gossip window (none when it is 0).
    pub gossip: Vec<Window>,
    /// While the failed server is down: to its restart, or to the end of the axis.
    pub outage: Option<Window>,
    /// Under the chosen placement.
    pub placement: Curve,
    /// Under the placement it is compared with: mod N, or the ring when mod N is chosen.
    pub baseline: Curve,
}

impl Timeline {
    /// The timeline of `change` applied to `before`, with the settings of `before` and `load`'s
    /// reads and hit rate. A failure restarts after the scenario's restart delay, when it has
    /// one. Refused, with the engine's words, when the change is refused or cannot move keys
    /// between servers, or when there are no reads to follow.
    ///
    /// ```
    /// use ringlab::core::{CacheLoad, Change, Scenario, Timeline};
    /// let mut s = Scenario::teaching();
    /// s.apply(Change::GenerateKeys { count: 995 }).unwrap();
    /// let add = Change::AddServer { name: "D".into(), at: Some(60), weight: None };
    /// let t = Timeline::new(&s, &add, CacheLoad::default()).unwrap();
    /// // Every key that moved to D misses there once: 95 % of a read each, in all.
    /// let moved = t.placement.moved.0 as f64;
    /// assert!((t.placement.extra_reads - 0.95 * moved).abs() < 1e-9 * moved);
    /// assert_eq!(t.placement.steady.round(), 2_500.0);
    /// ```
    pub fn new(before: &Scenario, change: &Change, load: CacheLoad) -> Result<Timeline, Error> {
        if !change.can_move_keys() {
            return Err(Error::NoTimeline(change.to_string()));
        }
        if load.reads <= 0.0 {
            return Err(Error::OutOfRange(
                "A timeline needs reads to follow: at least 1 read per second.",
            ));
        }
        let (after, _) = before.after(change.clone())?;
        let timing = before.timing();
        let failed = if let Change::FailServer { name } = change {
            Some(name.trim().to_string())
        } else {
            None
        };
        let restart = match (&failed, timing.restart_after) {
            (Some(name), Some(d)) => {
                let (back, _) = after.after(Change::RestartServer { name: name.clone() })?;
                Some((back, f64::from(d)))
            }
            _ => None,
        };
        let mut scenarios = vec![before, &after];
        if let Some((back, _)) = &restart {
            scenarios.push(back);
        }
        let path = Path {
            scenarios,
            failed: failed.as_deref(),
        };
        let restart_at = restart.as_ref().map(|(_, d)| *d);
        let clock = Clock {
            gossip: f64::from(timing.gossip),
            restart: restart_at,
        };
        let chosen = Kinds {
            before: before.placement(),
            after: after.placement(),
        };
        let compared = if chosen.after == Kind::ModN {
            Kind::Ring
        } else {
            Kind::ModN
        };
        let writes = timing.writes > 0;
        let draft = |kinds: Kinds| {
            let gathered = gather(&path, kinds, load.reads, writes);
            Draft::new(kinds.after, gathered, load.reads, load.hit_rate, clock)
        };
        let placement = draft(chosen);
        let baseline = draft(Kinds {
            before: compared,
            after: compared,
        });

        let g = clock.gossip;
        let d = restart_at.unwrap_or(0.0);
        let span = placement
            .settle()
            .max(baseline.settle())
            .max(g)
            .max(if restart_at.is_some() { d + g } else { 0.0 });
        let axis = Axis::showing(span);
        let events: Vec<f64> = restart_at.into_iter().collect();
        let mut marks = vec![g, d + g];
        marks.retain(|&m| m > 0.0);
        let times = axis.times(&events, &marks);
        let was_failure = failed.is_some();
        let finish = |draft: Draft| {
            let curve = draft.finish(&times, timing.writes as f64);
            if was_failure {
                curve
            } else {
                curve.without_hints()
            }
        };
        let gossip = if g > 0.0 {
            std::iter::once(0.0)
                .chain(restart_at)
                .map(|from| Window { from, to: from + g })
                .collect()
        } else {
            Vec::new()
        };
        let outage = failed.as_ref().map(|_| Window {
            from: 0.0,
            to: restart_at.unwrap_or(axis.end),
        });
        let (placement, baseline) = (finish(placement), finish(baseline));
        Ok(Timeline {
            change: change.clone(),
            load,
            timing,
            failed,
            restart_at,
            axis,
            gossip,
            outage,
            placement,
            baseline,
        })
    }
}

impl Timeline {
    /// Every sample as CSV, for the page's "Save series" and the command line's `--csv`:
    /// `t_seconds`, then each curve's database reads per second, headed by its placement's
    /// [`field`](crate::core::Kind::field) name (`t_seconds,ring,mod_n`).
    pub fn csv(&self) -> String {
        let mut out = format!(
            "t_seconds,{},{}\n",
            self.placement.kind.field(),
            self.baseline.kind.field()
        );
        for (a, b) in self.placement.samples.iter().zip(&self.baseline.samples) {
            let _ = writeln!(out, "{},{},{}", a.t, a.db_reads, b.db_reads);
        }
        out
    }
}
