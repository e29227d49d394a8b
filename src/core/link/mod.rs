//! A scenario as a link: the query string that rebuilds it.
//!
//! `?ring=100&hash=md5-first32&vnodes=1&servers=A@10,B@40,C@75&keys=@90,@52&gen=1000&then=add:D@60`
//!
//! - `ring`: the size (`100`, `2^32`, any size from 2 to 2^32); `hash`: a scheme id;
//!   `vnodes`: points per server.
//! - `servers`: comma-separated `name`, `name@position` or `name*weight`, in list order.
//! - `keys`: comma-separated key labels (`@52` is a key at 52, anything else is a name to hash);
//!   `gen=N`: the generated keys `key-0` to `key-(N-1)`.
//! - `placement`: the placement the panels speak of (`ring` when absent); `maglev`, `partitions`,
//!   `load`, `probes`: the settings of maglev, the partition table, bounded loads and
//!   multi-probe; `table`: the partition table when it is no longer the one the servers start
//!   with (runs of server indices, see [`PartitionTable`]).
//! - the real systems' settings and state (`slots`, `topic`, `index`, `tokens`, ...): see
//!   [`system_state`].
//! - `down`: the servers that failed, in the order they failed; `servers` lists them too, at
//!   the place they return to when they restart.
//! - `r`: copies per key (1 when absent); `restart`: seconds after a failure at which the
//!   failed server restarts; `gossip`: seconds a membership change takes to reach every
//!   client; `writes`: writes per second. `r` is also handed on in [`Link::extra`], for a page
//!   that keeps its own copy of it; a value for it in `extra` is written instead of the
//!   scenario's.
//! - `data`: in place of `keys` and `gen` when the keys came from a file of the person's own,
//!   which a link never carries: "your file, 1,000,000 lines, not in this link".
//! - `then`: the last change, replayed on opening so the link shows what it moved.
//!
//! Reading never fails: what cannot be read is skipped and said in words, and a link with no
//! usable server falls back to the teaching ring's servers.

mod deferred;
mod held;
mod needs;
mod panels;
mod params;
mod parts;
mod read;
mod system_state;
#[cfg(test)]
mod tests;
mod write;

pub use deferred::{defer_generation, Deferred, Finished};
pub use held::Link;
pub use needs::{change_names_placement_away, names_placement_away};
pub use panels::{read_panels, DEFAULT_PANELS, PANELS};
pub use params::{gives_param, names_a_scenario, reads_param, SCENARIO_PARAMS, SHARED_PARAMS};
pub use read::{read_link, MAX_NOTES};
pub use write::write_link;
