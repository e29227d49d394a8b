//! Elasticsearch's document routing as a placement: a document goes to the node holding its
//! shard. How the shard is worked out, and why an index splits only by factors, is in
//! [`routing`].

mod index;
#[cfg(not(target_arch = "wasm32"))]
pub mod index_flags;
pub mod link;
pub mod routing;
mod verbs;

use std::sync::Arc;

use super::hashes::es_murmur3;
use super::strip::{Band, Strip};
use super::structure::evaluated;
use super::system::{Coordinate, Located, Shape, System};
use super::units::Units;
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::{Cost, Space};
use crate::core::placement::spec::{
    any_may_leave, drawn_on_circle, no_caveat, nothing_ignored, Circle, Copies, Lookup, Panel,
    ServersBy, Spec, Verbs, Weights,
};
use crate::core::placement::structure::{Earlier, Evaluated};

pub use index::ShardedIndex;
pub use routing::{
    default_routing_shards, EsVersion, Routing, MAX_ROUTING_SHARDS, MAX_SHARDS, SHARDS,
};
pub use verbs::Verb;

/// Elasticsearch.
pub static SPEC: Spec = Spec {
    id: "elasticsearch",
    name: "Elasticsearch",
    phrase: "Elasticsearch",
    called: "Elasticsearch",
    under: "under Elasticsearch",
    summary: "MurmurHash3 of the routing value picks a routing shard; runs of routing shards make a shard, so an index splits by factors.",
    system: true,
    verbs: Verbs {
        add: "Add node",
        remove: "Remove node",
    },
    units: Some("shards"),
    weights: Weights::Equal,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: false,
    lookup: Lookup::Remainder,
    servers_by: ServersBy::Operator,
    settings: &[],
    note: None,
    hover: |spot, owner| format!("Routing shard {spot} is on node {owner}"),
    picture: |_, places| drawn_on_circle(SPEC.name, places),
    listing: "Each shard, its routing shards and its node",
    panel: Panel::Index,
    practice: None,
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let state = layout.systems;
    let index = Index {
        routing: state.routing(),
        nodes: state.shards_for(layout.servers.len()),
    };
    evaluated(layout, "shards", index)
}

/// An index: its routing, and the node holding each shard.
#[derive(Debug)]
struct Index {
    routing: Routing,
    nodes: Arc<Units>,
}

impl System for Index {
    fn locate(&self, key: &str) -> Located {
        let r = self.routing.routing_shard(es_murmur3(key));
        let shard = self.routing.shard_of_routing(r);
        Located {
            owner: self.nodes.owner(shard),
            spot: r,
            coordinate: Coordinate::Shard(shard),
        }
    }

    fn circle(&self) -> u64 {
        u64::from(self.routing.circle())
    }

    fn owner_at_spot(&self, spot: u32) -> usize {
        self.nodes.owner(self.routing.shard_of_routing(spot))
    }

    fn shape(&self) -> Shape<'_> {
        Shape::Units(&self.nodes)
    }

    fn cost(&self) -> Cost {
        Cost {
            per_key: 1.0,
            unit: "remainder",
        }
    }

    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize) {
        let routing = &self.routing;
        let located = self.locate(key);
        let owner = names.get(located.owner).map_or("?", |n| n);
        let h = es_murmur3(key);
        let units = key.encode_utf16().count();
        let mut steps = vec![format!(
            "The routing value {key:?} is hashed as {units} UTF-16 code {} written little-endian: murmur3_x86_32 = {h}.",
            plural(units, "unit", "units")
        )];
        let shard = routing.shard_of_routing(located.spot);
        match routing.version {
            EsVersion::From94 => steps.push(format!(
                "floorMod({h}, {} shards) = shard {shard}.",
                routing.shards
            )),
            EsVersion::Before7 | EsVersion::From7 => steps.push(format!(
                "floorMod({h}, {} routing shards) = {}; {} / {} (routing shards per shard) = shard {shard}.",
                grouped(u64::from(routing.routing_shards)),
                located.spot,
                located.spot,
                routing.factor()
            )),
        }
        steps.push(format!("Shard {shard} is on node {owner}."));
        (steps, 1)
    }

    fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        let name = |i: usize| names.get(i).map_or("?", |n| n);
        let routing = &self.routing;
        (0..routing.shards)
            .map(|s| match routing.version {
                EsVersion::From94 => format!("shard {s}: on {}", name(self.nodes.owner(s))),
                EsVersion::Before7 | EsVersion::From7 => {
                    let f = routing.factor();
                    format!(
                        "shard {s}: routing shards {}-{}, on {}",
                        s * f,
                        s * f + f - 1,
                        name(self.nodes.owner(s))
                    )
                }
            })
            .collect()
    }

    fn headline(&self, servers: usize) -> String {
        let routing = &self.routing;
        let mut text = format!(
            "An index of {} primary {}",
            routing.shards,
            plural(routing.shards as usize, "shard", "shards")
        );
        if routing.version == EsVersion::From7 {
            text.push_str(&format!(
                ", {} routing shards",
                grouped(u64::from(routing.routing_shards))
            ));
        }
        text.push_str(&format!(
            " ({}), on {servers} {}",
            routing.version.describe(),
            plural(servers, "node", "nodes")
        ));
        text
    }

    fn strip(&self) -> Option<Strip> {
        let routing = &self.routing;
        let per = match routing.version {
            EsVersion::From94 => 1,
            EsVersion::Before7 | EsVersion::From7 => routing.factor(),
        };
        Some(Strip {
            total: routing.circle(),
            unit: if per == 1 { "shards" } else { "routing shards" },
            bands: (0..routing.shards)
                .map(|s| Band {
                    first: s * per,
                    last: s * per + per - 1,
                    owner: self.nodes.owner(s),
                    group: Some(s),
                })
                .collect(),
        })
    }

    fn regroups(&self) -> bool {
        true
    }

    fn shares(&self, servers: usize) -> Vec<f64> {
        let mut shares = vec![0.0; servers];
        let circle = self.routing.circle();
        for r in 0..circle {
            shares[self.owner_at_spot(r)] += 1.0 / f64::from(circle);
        }
        shares
    }

    fn space(&self, servers: usize) -> Space {
        let total = u64::from(self.routing.circle());
        Space {
            amounts: self
                .shares(servers)
                .into_iter()
                .map(|s| (s * total as f64).round() as u64)
                .collect(),
            total,
            unit: "routing shards",
            exact: true,
        }
    }
}
