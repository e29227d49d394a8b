//! Running the engine's sweeps in the page: a few steps at a time, each batch short enough
//! that no task nears 50 ms, the chart redrawn now and then, and a newer run cancelling an older
//! one.

use leptos::prelude::*;

use crate::core::sweep::Progress;
use crate::core::{SizePoint, SizeSweep, VnodePoint, VnodeSweep};
use crate::ui::kit::browser::now;

/// The most time one batch of sweep steps takes before it lets the page breathe, in ms: with
/// the chart redrawn after it, a task stays well under 50 ms.
const BATCH_MS: f64 = 12.0;

/// The least time between two redraws of a sweep's chart while it runs, in ms.
const REDRAW_MS: f64 = 200.0;

/// A sweep's state on the page: its points so far, how far it got, or why it was refused.
#[derive(Clone, PartialEq)]
pub struct Sweeping<P> {
    /// The points so far.
    pub points: Vec<P>,
    /// Steps done and in all, while it runs.
    pub progress: Option<(usize, usize)>,
    /// Why the engine refused it.
    pub refused: Option<String>,
}

impl<P> Default for Sweeping<P> {
    fn default() -> Self {
        Sweeping {
            points: Vec::new(),
            progress: Some((0, 1)),
            refused: None,
        }
    }
}

/// Anything that runs in steps.
pub trait Steps: 'static {
    /// One point of the series.
    type Point: Clone + PartialEq + Send + Sync + 'static;
    /// Does one step; false when there was none left.
    fn advance(&mut self) -> bool;
    /// Whether every step is done.
    fn done(&self) -> bool;
    /// How far it got.
    fn progress(&self) -> Progress;
    /// The points so far.
    fn points(&self) -> Vec<Self::Point>;
}

impl Steps for VnodeSweep {
    type Point = VnodePoint;
    fn advance(&mut self) -> bool {
        self.step().is_some()
    }
    fn done(&self) -> bool {
        self.is_done()
    }
    fn progress(&self) -> Progress {
        VnodeSweep::progress(self)
    }
    fn points(&self) -> Vec<VnodePoint> {
        VnodeSweep::points(self).to_vec()
    }
}

impl Steps for SizeSweep {
    type Point = SizePoint;
    fn advance(&mut self) -> bool {
        self.step();
        true
    }
    fn done(&self) -> bool {
        self.is_done()
    }
    fn progress(&self) -> Progress {
        SizeSweep::progress(self)
    }
    fn points(&self) -> Vec<SizePoint> {
        SizeSweep::points(self).to_vec()
    }
}

/// Runs `sweep` in batches of at most [`BATCH_MS`], publishing its points after each, until it
/// is done or `run` is no longer the latest run of `latest`.
pub fn drive<S: Steps>(
    mut sweep: S,
    out: RwSignal<Sweeping<S::Point>>,
    latest: StoredValue<u64>,
    run: u64,
    drawn: f64,
) {
    set_timeout(
        move || {
            // A newer run took over, or the view that showed the sweep is gone: its state is
            // disposed with it, so it is asked for without insisting that it still exists.
            if latest.try_get_value() != Some(run) {
                return;
            }
            let start = now();
            while !sweep.done() && now() - start < BATCH_MS {
                if !sweep.advance() {
                    break;
                }
            }
            let p = sweep.progress();
            let done = sweep.done();
            // Redrawing a chart of a thousand points costs more than a batch: only now and
            // then while the sweep runs, and once at the end.
            let mut drawn = drawn;
            if done || now() - drawn >= REDRAW_MS {
                drawn = now();
                out.set(Sweeping {
                    points: sweep.points(),
                    progress: (!done).then_some((p.done, p.total)),
                    refused: None,
                });
            }
            if !done {
                drive(sweep, out, latest, run, drawn);
            }
        },
        std::time::Duration::from_millis(0),
    );
}
