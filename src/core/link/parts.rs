//! The parts of a link read one by one: the placement and its settings, the timeline's
//! settings, the traffic, the servers and the keys. What cannot be read is left as a new
//! scenario has it and said.

use std::collections::HashSet;

use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::keys::{Key, KeySet};
use crate::core::placement::partitions::PartitionTable;
use crate::core::placement::{Kind, Setting};
use crate::core::scenario::{
    check_gossip, check_replicas, check_restart_after, check_writes, Change, Scenario, Timing,
};
use crate::core::server::{Placement, Server};
use crate::core::size::{parse_number, RingSize};
use crate::core::text::ServerSpec;
use crate::core::traffic::{check_heat, check_remedy, Popularity, Remedy, Traffic};

/// The placement, its settings and the partition table a link names; what cannot be read is
/// left at its default and said.
pub(super) fn read_settings<'a>(
    scenario: &mut Scenario,
    param: &impl Fn(&str) -> Option<&'a str>,
    ignored: &mut Vec<String>,
) {
    let mut options = scenario.options();
    let read =
        |name: &str, ignored: &mut Vec<String>, set: &mut dyn FnMut(&str) -> Result<(), Error>| {
            if let Some(value) = param(name) {
                if let Err(error) = set(value) {
                    ignored.push(format!("{name}: {error}"));
                }
            }
        };
    let size = scenario.size();
    for setting in Setting::ALL {
        read(setting.param(), ignored, &mut |v| {
            setting.read(v, &mut options, size)
        });
    }
    let mut placement = Kind::default();
    read("placement", ignored, &mut |v| {
        let kind: Kind = v.parse()?;
        kind.spec().check_servers(scenario.servers().iter())?;
        placement = kind;
        Ok(())
    });
    let servers = scenario.servers().len();
    let weights: Vec<u32> = scenario.servers().iter().map(Server::weight).collect();
    let mut table = PartitionTable::start(options.partition_count(scenario.size()), &weights);
    read("table", ignored, &mut |v| {
        let parsed = PartitionTable::parse(v, servers)?;
        if parsed.count() != table.count() {
            return Err(Error::BadTable(v.chars().take(40).collect()));
        }
        table = parsed;
        Ok(())
    });
    if let Err(error) = scenario.set_placement_settings(placement, options, table) {
        ignored.push(error.to_string());
    }
}

/// The timeline's settings a link names; what cannot be read is left at its default and said.
pub(super) fn read_timing<'a>(
    scenario: &mut Scenario,
    param: &impl Fn(&str) -> Option<&'a str>,
    ignored: &mut Vec<String>,
) {
    let mut timing = Timing::default();
    let mut read = |name: &str, set: &mut dyn FnMut(&str) -> Result<(), Error>| {
        if let Some(value) = param(name) {
            if let Err(error) = set(value) {
                ignored.push(format!("{name}: {error}"));
            }
        }
    };
    read("r", &mut |v| {
        timing.replicas = check_replicas(parse_number(v)?)?;
        Ok(())
    });
    read("restart", &mut |v| {
        timing.restart_after = Some(check_restart_after(parse_number(v)?)?);
        Ok(())
    });
    read("gossip", &mut |v| {
        timing.gossip = check_gossip(parse_number(v)?)?;
        Ok(())
    });
    read("writes", &mut |v| {
        timing.writes = check_writes(parse_number(v)?)?;
        Ok(())
    });
    if let Err(error) = scenario.set_timing(timing) {
        ignored.push(error.to_string());
    }
}

/// The traffic model a link names: popularity, remedies, and hot keys (which must be keys the
/// link holds).
pub(super) fn read_traffic<'a>(
    scenario: &mut Scenario,
    param: &impl Fn(&str) -> Option<&'a str>,
    ignored: &mut Vec<String>,
) {
    let mut traffic = Traffic::default();
    if let Some(text) = param("traffic") {
        match text.parse::<Popularity>() {
            Ok(Popularity::Measured) => ignored.push(
                "traffic: the counts of your data are not in this link; every key is read equally"
                    .into(),
            ),
            Ok(p) => traffic.popularity = p,
            Err(error) => ignored.push(format!("traffic: {error}")),
        }
    }
    for (name, list) in [
        ("remedy", param("remedy")),
        ("top", param("top").map(|t| format!("top:{t}")).as_deref()),
    ] {
        for text in list
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            match text.parse::<Remedy>().and_then(check_remedy) {
                Ok(remedy) => traffic.set(remedy),
                Err(error) => ignored.push(format!(
                    "{name} {}: {error}",
                    crate::core::error::shown(text)
                )),
            }
        }
    }
    for text in param("hot")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let read = text
            .rsplit_once('*')
            .ok_or_else(|| Error::NotANumber(text.to_string()))
            .and_then(|(key, times)| {
                let times = check_heat(parse_number(times)?)?;
                let label = Key::parse(key)?.label();
                if scenario.keys().find(&label).is_none() {
                    return Err(Error::NoSuchKey(label));
                }
                Ok((label, times))
            });
        match read {
            Ok((label, times)) if times > 1 => {
                traffic.hot.retain(|(k, _)| *k != label);
                traffic.hot.push((label, times));
            }
            Ok(_) => {}
            Err(error) => ignored.push(format!("hot {}: {error}", crate::core::error::shown(text))),
        }
    }
    if let Err(error) = scenario.set_traffic(traffic) {
        ignored.push(error.to_string());
    }
}

/// A scenario with every server that can be read; the teaching servers when none can.
pub(super) fn build_servers(
    size: RingSize,
    hash: HashScheme,
    vnodes: u32,
    specs: &[&str],
    ignored: &mut Vec<String>,
) -> Scenario {
    // The whole list at once, as the scenario held it: a hashed point that came to share a
    // hand-placed server's position after that server joined (more virtual nodes, say) is
    // no clash. Only a list that cannot be read whole is read server by server, to name the
    // servers that cannot join.
    let whole: Result<Vec<Server>, Error> = specs
        .iter()
        .map(|text| {
            text.parse::<ServerSpec>()
                .and_then(|spec| spec.on_ring(size))
        })
        .collect();
    if let Ok(servers) = whole {
        if let Ok(scenario) = Scenario::new(size, hash, vnodes, servers) {
            return scenario;
        }
    }
    let mut scenario: Option<Scenario> = None;
    for text in specs {
        let server = text
            .parse::<ServerSpec>()
            .and_then(|spec| spec.on_ring(size));
        let result = match (&mut scenario, server) {
            (_, Err(error)) => Err(error),
            (None, Ok(server)) => Scenario::new(size, hash, vnodes, vec![server]).map(|s| {
                scenario = Some(s);
            }),
            (Some(s), Ok(server)) => {
                let (at, weight) = match server.placement {
                    Placement::At(p) => (Some(u64::from(p)), None),
                    Placement::Hashed { weight } => (None, Some(weight)),
                };
                s.apply(Change::AddServer {
                    name: server.name,
                    at,
                    weight,
                })
                .map(|_| ())
            }
        };
        if let Err(error) = result {
            ignored.push(format!(
                "server {}: {error}",
                crate::core::error::shown(text)
            ));
        }
    }
    scenario.unwrap_or_else(|| {
        if !specs.is_empty() {
            ignored.push(
                "no server could be read, so the teaching servers A, B and C are used".into(),
            );
        }
        let teaching = vec![
            Server::at("A", 10),
            Server::at("B", 40),
            Server::at("C", 75),
        ];
        Scenario::new(size, hash, vnodes, teaching.clone())
            .or_else(|_| {
                Scenario::new(
                    size,
                    hash,
                    vnodes,
                    vec![
                        Server::hashed("A"),
                        Server::hashed("B"),
                        Server::hashed("C"),
                    ],
                )
            })
            .expect("three hashed servers always fit")
    })
}

pub(super) fn add_keys(scenario: &mut Scenario, labels: &[&str], ignored: &mut Vec<String>) {
    if labels.is_empty() {
        return;
    }
    let parsed: Result<Vec<Key>, _> = labels.iter().map(|l| Key::parse(l)).collect();
    if let Ok(keys) = parsed {
        if scenario.insert_keys(keys).is_ok() {
            return;
        }
    }
    // Something in the batch is wrong: each key is judged alone (read, on this ring, not given
    // before, not already there), the bad ones are named, and the rest go in as one batch. Key
    // by key insertion would copy the whole set for every key.
    let present: HashSet<Key> = scenario.keys().iter().collect();
    let mut alone = KeySet::new(scenario.size(), scenario.hash());
    let mut seen = HashSet::new();
    let mut good = Vec::new();
    let mut bad = 0;
    for label in labels {
        let judged = Key::parse(label).and_then(|key| {
            if present.contains(&key) || !seen.insert(key.clone()) {
                return Err(Error::DuplicateKey(key.label()));
            }
            alone.insert(vec![key.clone()])?;
            alone = KeySet::new(scenario.size(), scenario.hash());
            Ok(key)
        });
        match judged {
            Ok(key) => good.push(key),
            Err(error) => {
                bad += 1;
                if bad <= 5 {
                    ignored.push(format!("key {}: {error}", crate::core::error::shown(label)));
                }
            }
        }
    }
    if bad > 5 {
        ignored.push(format!("and {} more keys that could not be read", bad - 5));
    }
    if let Err(error) = scenario.insert_keys(good) {
        ignored.push(format!("keys: {error}"));
    }
}
