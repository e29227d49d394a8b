//! Placements: the ways of deciding which server owns a key, side by side.
//!
//! Every placement answers one question, "which server owns this key?", for the scenario's
//! servers (in list order, with their weights) and keys. All but ketama start from the key's
//! 32-bit hash, the value the ring uses (a key placed by hand at p has hash p); ketama hashes
//! the key's label its own way. Where an algorithm needs 64 bits it widens the hash with
//! [`widen`](crate::core::widen).
//!
//! | placement | a key goes to | module |
//! |---|---|---|
//! | hash mod N | `servers[hash mod N]` | [`mod_n`] |
//! | ring | the first point at or after its position | [`ring`] (the ring itself: [`crate::core::Ring`]) |
//! | ketama | the same, on libketama's own 2^32 ring | [`ketama`] |
//! | rendezvous | the server scoring it highest | [`rendezvous`] |
//! | jump | the bucket its jumps end on | [`jump`] |
//! | maglev | the owner of table entry `hash mod M` | [`maglev`] |
//! | partition table | the holder of its partition | [`table`] (the table itself: [`partitions`]) |
//! | bounded loads | the first server with room, from its ring owner on | [`bounded`] |
//! | multi-probe | the server whose point follows one of its k probes most closely | [`multi_probe`] |
//!
//! Each placement's file says what it is (its [`Spec`]: names, words, the rules it imposes,
//! its settings) and builds the [`Structure`] its lookups read; [`Kind::spec`] is the one list
//! that finds it. [`Placed`] is one placement evaluated on one [`Layout`]: its structure, each
//! key's server and the keys per server.

// Before the files that declare their lists with it.
#[macro_use]
mod listed;

pub mod bounded;
mod code;
mod expected;
pub mod jump;
pub mod ketama;
mod kind;
mod layout;
pub mod maglev;
mod measure;
pub mod mod_n;
mod moved;
pub mod multi_probe;
mod options;
pub mod partitions;
mod placed;
pub mod rendezvous;
pub mod ring;
mod spec;
mod structure;
mod system_setting;
pub mod systems;
pub mod table;
mod trace;
mod unused;

pub use code::{all_here, arrived, every, Evaluate};
pub use expected::{theory, Theory};
pub use ketama::ketama_hash;
pub use kind::Kind;
pub use layout::Layout;
pub use measure::{Cost, Space, State};
pub use moved::{
    counts_ahead, ideal_movement, mod_n_by_pass, mod_n_moves, moves_between, ring_moves,
};
pub use options::{check_load, check_maglev_size, check_probes, parse_load, Options, Setting};
pub use placed::Placed;
pub use spec::{Circle, Copies, Lookup, Panel, ServersBy, Spec, Verbs, Weights};
pub use structure::{Earlier, Evaluated, LoneKey, Structure};
#[cfg(not(target_arch = "wasm32"))]
pub use system_setting::Flag;
pub use system_setting::{SystemSetting, SystemValues};
pub use trace::{Mark, Trace};
pub use unused::unused;
