//! The real systems, checked against each project's own published vectors (with where each
//! comes from), against what real servers were seen to do, and against naive oracles.

#[path = "../common/cases.rs"]
mod cases;
mod cassandra;
mod elasticsearch;
mod envoy;
mod kafka;
mod nginx;
mod oracles;
mod pasted;
mod proxies;
mod redis;
mod scenario;
