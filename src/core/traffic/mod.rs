//! Traffic: how often each key is read, what that does to each server, and what the usual
//! remedies for a hot key do about it.
//!
//! Every key has a popularity weight: 1 for all (`uniform`), or `1 / (rank + 1)^s` (`zipf:s`,
//! s from 0 to 3), where a key's rank is the order it was added in (its id, from 0), or its
//! count in your data (`data`, see [`Measured`]), times its multiplier when it was made hot by
//! hand. A key's request rate is its weight's share of the
//! reads per second. A server's load is the sum of its keys' rates under a placement.
//!
//! Remedies, each on or off:
//! - **bounded loads on requests** (factor c): keys go, hottest first, to the first server of
//!   their preference list whose load stays under c times its fair share; a key too hot for any
//!   server goes to the least loaded of them, since one key cannot be split;
//! - **copies**: each of the hottest `top` keys is held by the first R distinct servers of its
//!   preference list, and its reads are spread evenly over them;
//! - **a near cache** in the app servers absorbs a fraction f of each of the hottest `top` keys'
//!   reads before they reach a cache server.
//!
//! Sums are compensated (Neumaier), so the shares of a million keys add up to 1 within 1e-12,
//! and a remedy only moves requests: the servers' loads and what the near cache absorbs always
//! add up to the reads.

mod loads;
mod measured;
mod model;
mod popularity;

pub use loads::{share_of, Loads, ServerLoad};
pub use measured::{fit_zipf, Measured, Ranking};
pub use model::{Traffic, Weights};
pub use popularity::{check_heat, check_remedy, check_zipf, Popularity, Remedy, MAX_HEAT};
