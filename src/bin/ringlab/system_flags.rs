//! The real systems on the command line: a cluster read from a file in its tool's own form
//! (`--cluster-nodes`, `--nginx-upstream`, … a flag for each form a system reads), and the
//! systems' settings as flags.

use std::path::Path;

use ringlab::core::pasted::{self, Format};
use ringlab::core::placement::systems::elasticsearch::{self, EsVersion, Routing};
use ringlab::core::placement::systems::kafka;
use ringlab::core::placement::{Panel, Setting};
use ringlab::core::{parse_number, Change, Error, Kind, Scenario};

use crate::failure::Failure;
use crate::flags::PlacementArgs;

/// The cluster file named on the command line, if any: its flag, format and path.
pub fn cluster_file(args: &PlacementArgs) -> Result<Option<(String, Format, &Path)>, Failure> {
    match args.cluster.0.as_slice() {
        [] => Ok(None),
        [(format, path)] => Ok(Some((
            format!("--{}", format.id()),
            *format,
            path.as_path(),
        ))),
        [(a, _), (b, _), ..] => Err(Failure::Refused(format!(
            "--{} and --{} both name the servers; read one cluster at a time.",
            a.id(),
            b.id()
        ))),
    }
}

/// The scenario a cluster file describes, on `base`'s ring settings.
pub fn read_cluster(
    flag: &str,
    format: Format,
    path: &Path,
    base: &Scenario,
) -> Result<Scenario, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::Unreadable(format!("{flag}: cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::Refused(format!("{flag}: {} is not UTF-8 text.", path.display())))?;
    pasted::read(format, &text, base)
        .map(|p| p.scenario)
        .map_err(|refused| {
            Failure::Refused(format!("{flag}: {} {}", path.display(), refused.line()))
        })
}

/// The systems' settings given as flags, as changes, for a scenario placed by `kind`.
pub fn settings(
    args: &PlacementArgs,
    kind: Kind,
    scenario: &Scenario,
) -> Result<Vec<(&'static str, Change)>, Failure> {
    let at = |flag: &'static str| move |e: Error| Failure::at(flag, e);
    let mut changes: Vec<(&'static str, Change)> = Vec::new();
    if let Some(t) = &args.num_tokens {
        let count: u32 = parse_number(t).map_err(at("--num-tokens"))?;
        changes.push(("--num-tokens", Change::set(Setting::NumTokens, count)));
    }
    if let Some(s) = &args.seed {
        let seed: u64 = parse_number(s).map_err(at("--seed"))?;
        changes.push(("--seed", Change::set(Setting::TokenSeed, seed)));
    }
    for (flag, setting, given) in [
        ("--hash-type", Setting::HashType, &args.hash_type),
        ("--nc-hash", Setting::NutcrackerHash, &args.nc_hash),
        ("--hash-tag", Setting::HashTag, &args.hash_tag),
    ] {
        if let Some(text) = given {
            changes.push((flag, Change::setting(setting, text).map_err(at(flag))?));
        }
    }
    if let Some(m) = &args.min_ring {
        let size: u64 = parse_number(m).map_err(at("--min-ring"))?;
        changes.push(("--min-ring", Change::set(Setting::MinRing, size)));
    }
    if let Some(r) = &args.groupcache_replicas {
        let count: u32 = parse_number(r).map_err(at("--groupcache-replicas"))?;
        changes.push((
            "--groupcache-replicas",
            Change::set(Setting::GroupcacheReplicas, count),
        ));
    }
    if kind.spec().panel == Panel::Topic {
        if let Some(p) = &args.partitions {
            let partitions = parse_number(p).map_err(at("--partitions"))?;
            changes.push((
                "--partitions",
                Change::system(kafka::Verb::CreateTopic { partitions }),
            ));
        }
    }
    if args.shards.is_some() || args.routing_shards.is_some() || args.es_version.is_some() {
        let now = scenario.systems().routing();
        let version: EsVersion = match &args.es_version {
            Some(v) => v.parse().map_err(at("--es-version"))?,
            None => now.version,
        };
        let shards: u32 = match &args.shards {
            Some(s) => parse_number(s).map_err(at("--shards"))?,
            None => now.shards,
        };
        let routing: Option<u32> = match &args.routing_shards {
            Some(r) => Some(parse_number(r).map_err(at("--routing-shards"))?),
            None => None,
        };
        let flag = if args.routing_shards.is_some() {
            "--routing-shards"
        } else if args.shards.is_some() {
            "--shards"
        } else {
            "--es-version"
        };
        let index = Routing::new(shards, routing, version).map_err(at(flag))?;
        changes.push((
            flag,
            Change::system(elasticsearch::Verb::CreateIndex { index }),
        ));
    }
    Ok(changes)
}
