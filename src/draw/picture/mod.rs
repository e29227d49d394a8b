//! What the canvas shows, as plain data: arcs, points, ticks, keys and the selected key's walk.
//!
//! Everything here is computed from a [`Scenario`] and the last [`Outcome`] by asking the engine;
//! the canvas painter only draws it. Keeping it free of the browser lets native tests check it.
//!
//! One idea a file: `arcs` (who owns each stretch of the circle, and the servers' points),
//! `ticks` (the labelled marks round the ring), `keys` (a dot per key, or a density band), `hit`
//! (what a click or an arrow key lands on), `drawn` (what both painters decide alike: points as
//! dots or ticks, the density band's wedges), `slots` (colours that stay with their server) and
//! `whole` (the [`Picture`] itself and the selected key's walk, probes and preference list).
//!
//! [`Scenario`]: crate::core::Scenario
//! [`Outcome`]: crate::core::Outcome

mod arcs;
mod drawn;
mod hit;
mod keys;
mod slots;
mod ticks;
mod whole;

pub use arcs::{ArcBand, PointMark, BAND_SAMPLES, MAX_POINT_LABELS};
pub use drawn::{PointDrawing, Wedge, MAX_POINT_DOTS};
pub use hit::Hit;
pub use keys::{DensityBin, KeyDot, KeyLayer, DENSITY_BINS, MAX_DOTS, MAX_KEY_LABELS};
pub use slots::{assign_slots, preferred_slot, slots_like, PALETTE};
pub use ticks::{ticks, Tick};
pub use whole::{Focus, Picture, ProbeMark, ReplicaMark, Walk};
