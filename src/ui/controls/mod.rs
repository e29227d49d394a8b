//! The controls on the left of the ring: the placement and its settings, the servers, virtual
//! nodes, keys (with the generation of many keys in steps), copies per key and the ring's size
//! and hash. Each turns what a person did into a `Change` for `AppState::dispatch`.

pub mod data;
pub mod generation;
pub mod keys;
pub mod placement;
pub mod replicas;
pub mod ring;
pub mod servers;
pub mod vnodes;
