//! An Elasticsearch index created from the command line: `--shards`, `--routing-shards` and
//! `--es-version`. The shards and the version not given are the index's before; routing shards
//! not given are worked out from the shards, as the version would.

use super::routing::{EsVersion, Routing};
use super::Verb;
use crate::core::placement::spec::Panel;
use crate::core::placement::system_setting::Flag;
use crate::core::placement::systems::state::SystemState;
use crate::core::placement::systems::verb_flags::{FromFlags, Given, VerbFlags};
use crate::core::size::parse_number;

/// The index's three flags.
pub static INDEX_FLAGS: VerbFlags<Verb> = VerbFlags {
    flags: &[
        Flag {
            long: "shards",
            value_name: "N",
            help: "Elasticsearch: the index's primary shards, from 1 to 1024 (default 3).\n\
                   Example: --shards 5",
        },
        Flag {
            long: "routing-shards",
            value_name: "R",
            help: "Elasticsearch: index.number_of_routing_shards, a multiple of --shards (default: the\n\
                   shards doubled up to 1024, as Elasticsearch 7.0 to 9.3 set it).\n\
                   Example: --routing-shards 96",
        },
        Flag {
            long: "es-version",
            value_name: "V",
            help: "Elasticsearch: the version the index was created on, which picks the routing rule:\n\
                   before 7 (6), 7.0 to 9.3 (7, the default), or 9.4 and later (9.4).\n\
                   Example: --es-version 9.4",
        },
    ],
    read,
};

fn read(given: Given<'_>, _panel: Panel, state: &SystemState) -> FromFlags<Verb> {
    let (shards, routing, version) = (
        given("shards"),
        given("routing-shards"),
        given("es-version"),
    );
    if shards.is_none() && routing.is_none() && version.is_none() {
        return None;
    }
    let now = state.routing();
    let read = || {
        let version: EsVersion = match version {
            Some(v) => v.parse().map_err(|e| ("--es-version", e))?,
            None => now.version,
        };
        let count: u32 = match shards {
            Some(s) => parse_number(s).map_err(|e| ("--shards", e))?,
            None => now.shards,
        };
        let routing_shards: Option<u32> = match routing {
            Some(r) => Some(parse_number(r).map_err(|e| ("--routing-shards", e))?),
            None => None,
        };
        let flag = if routing.is_some() {
            "--routing-shards"
        } else if shards.is_some() {
            "--shards"
        } else {
            "--es-version"
        };
        let index = Routing::new(count, routing_shards, version).map_err(|e| (flag, e))?;
        Ok((flag, Verb::CreateIndex { index }))
    };
    Some(read())
}
