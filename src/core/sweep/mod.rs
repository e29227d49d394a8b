//! Sweeps: series over a setting, as plain points for a chart.
//!
//! - [`VnodeSweep`]: the spread of ring shares against virtual nodes per server, v = 1 to a
//!   last v (every v, 1 to 1,000 by default), beside the `1/√v` prediction;
//! - [`SizeSweep`]: the share of keys that move when the (N+1)th server joins N, for N = 1 to a
//!   last N (50 by default), on the ring and under mod N beside 1/(N+1) and N/(N+1), and under
//!   any other placement asked for.
//!
//! Both run in steps, so a page can do a few per frame and never freeze: call `step` while
//! `is_done` is false and time is left, read `points` and `progress` to draw. A step of the
//! virtual-node sweep adds one v (w points per server of weight w, one MD5 each); a step of
//! the servers sweep adds one server to the ring and counts mod N's moves over every key, or
//! evaluates one other placement at one N. `run` does a whole sweep at once, for the command
//! line and tests; [`vnodes_csv`] and [`servers_csv`] write their series. Inputs that would make a sweep too large are refused with an [`Error`]
//! before any work: more than [`MAX_POINTS`] ring points, or more than [`MAX_SWEEP_LOOKUPS`]
//! key lookups for the other placements.
//!
//! [`Error`]: crate::core::Error
//! [`MAX_POINTS`]: crate::core::MAX_POINTS

mod csv;
mod grow;
mod progress;
mod servers;
mod vnodes;

pub use csv::{servers_csv, vnodes_csv};
pub use progress::Progress;
pub use servers::{SizePoint, SizeSweep, MAX_SWEEP_LOOKUPS};
pub use vnodes::{VnodePoint, VnodeSweep};
