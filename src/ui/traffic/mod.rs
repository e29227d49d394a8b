//! Requests rather than keys: the Traffic view's readout (popularity, hot keys, the remedies and
//! each server's share of the requests) and the cache-impact panel, what the last change did to
//! the database's reads.

pub mod cache;
pub mod panel;
pub mod remedies;
pub mod requests;
