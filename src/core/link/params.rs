//! The parameters a link may carry: those the engine reads, and those it hands on.

use crate::core::placement::Setting;

/// Parameters the engine reads that are also handed on to the caller.
pub const SHARED_PARAMS: [&str; 1] = ["r"];

/// The parameters the engine reads besides the placements' settings (each
/// [`Setting`](crate::core::placement::Setting)'s `param`); others are left to the caller. See
/// [`reads_param`].
pub const SCENARIO_PARAMS: [&str; 27] = [
    "ring",
    "hash",
    "vnodes",
    "servers",
    "keys",
    "gen",
    "later",
    "then",
    "placement",
    "table",
    "traffic",
    "hot",
    "remedy",
    "top",
    "down",
    "r",
    "restart",
    "gossip",
    "writes",
    "data",
    "slots",
    "topic",
    "leaders",
    "index",
    "shards",
    "tokens",
    "haproxy-ids",
];

/// Whether the engine reads the link parameter `name`: one of [`SCENARIO_PARAMS`] or a
/// placement's setting.
pub fn reads_param(name: &str) -> bool {
    SCENARIO_PARAMS.contains(&name) || Setting::ALL.iter().any(|s| s.param() == name)
}

/// Whether `query` (with or without `?`) names any part of a scenario (the ring, servers, keys,
/// a change...): a link of the view's parameters alone opens the starting scenario.
pub fn names_a_scenario(query: &str) -> bool {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .any(|(name, _)| reads_param(&name))
}

/// Whether `query` (with or without `?`) gives the parameter `name`, with any value.
pub fn gives_param(query: &str, name: &str) -> bool {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes()).any(|(n, _)| n == name)
}
