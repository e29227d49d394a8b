//! A key's way to its server in each system's own terms, and each system's structure in its own
//! words: the lines the page shows beside the key and the structure, and the command line prints.

use std::sync::Arc;

use super::points::{position_token, token_position};
use super::{hashes, kafka, nginx, redis, Built, Coordinate};
use crate::core::placement::Kind;
use crate::core::words::{grouped, plural};

/// The steps from `key` to its server under `built`.
pub(super) fn steps(built: &Built, key: &str, names: &[Arc<str>]) -> Vec<String> {
    let bytes = key.as_bytes();
    let name = |i: usize| names.get(i).map_or("?".to_string(), |n| n.to_string());
    let located = built.locate(key);
    let owner = name(located.owner);
    let mut steps = Vec::new();
    match built {
        Built::Redis(slots) => {
            let part = redis::hashed_part(bytes);
            match redis::tag(bytes) {
                Some(_) => steps.push(format!(
                    "It holds a hash tag: only {:?}, between the first {{ and the next }}, is hashed.",
                    String::from_utf8_lossy(part)
                )),
                None if key.contains('{') => steps.push(format!(
                    "Its braces hold no tag (nothing between the first {{ and the next }}), so the whole key {key:?} is hashed."
                )),
                None => steps.push(format!("No hash tag: the whole key {key:?} is hashed.")),
            }
            let crc = hashes::crc16_xmodem(part);
            let slot = redis::key_slot(bytes);
            steps.push(format!(
                "CRC16 (XMODEM) = 0x{crc:04X} = {crc}; {crc} & 0x3FFF (mod 16,384) = slot {slot}."
            ));
            let (first, last, _) = slots
                .runs()
                .into_iter()
                .find(|r| r.0 <= slot && slot <= r.1)
                .unwrap_or((slot, slot, located.owner));
            steps.push(format!(
                "Slot {slot} is in {first}-{last}, held by master {owner}."
            ));
        }
        Built::Ring { kind, points } => {
            let (at, hash_words) = match located.coordinate {
                Coordinate::Token(t) => {
                    let mut words = format!(
                        "MurmurHash3 x64_128 of its {} UTF-8 {}, as Cassandra computes it: token {t}.",
                        bytes.len(),
                        plural(bytes.len(), "byte", "bytes")
                    );
                    let tail = &bytes[bytes.len() - bytes.len() % 16..];
                    if tail.iter().any(|&b| b >= 0x80) {
                        let standard = mur3::murmurhash3_x64_128(bytes, 0).0 as i64;
                        words.push_str(&format!(
                            " Its last {} bytes include one of 0x80 or more, which Cassandra sign-extends: the reference MurmurHash3 gives {standard}.",
                            tail.len()
                        ));
                    }
                    (token_position(t), words)
                }
                Coordinate::Hash(h) => {
                    let words = match kind {
                        Kind::EnvoyRingHash => format!("XXH64({key:?}, seed 0) = {h}."),
                        _ => format!("CRC32({key:?}) = {h} (0x{h:08x})."),
                    };
                    (h, words)
                }
                _ => (0, String::new()),
            };
            steps.push(hash_words);
            let i = points.owner_point(at);
            let p = points.points()[i];
            let wrapped = p.at < at;
            let total = points.points().len();
            let point_words = match kind {
                Kind::Cassandra => format!(
                    "The first token at or after it is {owner}'s {} (token {} of its {}), so {owner} owns the key",
                    position_token(p.at),
                    p.index + 1,
                    points.counts(names.len())[located.owner]
                ),
                Kind::EnvoyRingHash => format!(
                    "The first of the ring's {} entries at or after it is {owner}'s, XXH64(\"{owner}_{}\") = {}",
                    grouped(total as u64),
                    p.index,
                    p.at
                ),
                Kind::Nginx => {
                    let (host, port) = nginx::split(&owner);
                    format!(
                        "The first of the {} points at or after it is {owner}'s point {} (CRC32 of {host:?}, a zero byte, {port:?} and its point before), at {}",
                        grouped(total as u64),
                        p.index,
                        p.at
                    )
                }
                _ => format!(
                    "The first of the {} points at or after it is {owner}'s, CRC32(\"{}{owner}\") = {}",
                    grouped(total as u64),
                    p.index,
                    p.at
                ),
            };
            steps.push(if wrapped {
                format!("{point_words}, wrapping past the top.")
            } else {
                format!("{point_words}.")
            });
        }
        Built::Maglev(table) => {
            let h = hashes::xxh64(bytes, 0);
            let m = table.len();
            let held = table
                .iter()
                .filter(|&&o| o as usize == located.owner)
                .count();
            steps.push(format!("XXH64({key:?}, seed 0) = {h}."));
            steps.push(format!(
                "{h} mod {} = entry {}, which {owner} holds ({} of the {} entries are its).",
                grouped(m as u64),
                located.spot,
                grouped(held as u64),
                grouped(m as u64)
            ));
        }
        Built::Topic { java, leaders } => {
            let p = leaders.len();
            let partition = located.spot;
            if *java {
                let m = hashes::kafka_murmur2(bytes);
                let positive = kafka::to_positive(m);
                steps.push(format!(
                    "murmur2({key:?}) = {m}; with the sign bit cleared (& 0x7fffffff, not abs) {positive}."
                ));
                steps.push(format!("{positive} mod {p} = partition {partition}."));
            } else {
                let c = hashes::crc32(bytes);
                steps.push(format!(
                    "librdkafka's consistent_random hashes with CRC32: CRC32({key:?}) = {c}."
                ));
                steps.push(format!("{c} mod {p} = partition {partition}."));
            }
            steps.push(format!("Partition {partition} is led by broker {owner}."));
        }
        Built::Index { routing, .. } => {
            let h = hashes::es_murmur3(key);
            let units = key.encode_utf16().count();
            steps.push(format!(
                "The routing value {key:?} is hashed as {units} UTF-16 code {} written little-endian: murmur3_x86_32 = {h}.",
                plural(units, "unit", "units")
            ));
            let shard = routing.shard_of_routing(located.spot);
            match routing.version {
                super::elasticsearch::EsVersion::From94 => steps.push(format!(
                    "floorMod({h}, {} shards) = shard {shard}.",
                    routing.shards
                )),
                _ => steps.push(format!(
                    "floorMod({h}, {} routing shards) = {}; {} / {} (routing shards per shard) = shard {shard}.",
                    grouped(u64::from(routing.routing_shards)),
                    located.spot,
                    located.spot,
                    routing.factor()
                )),
            }
            steps.push(format!("Shard {shard} is on node {owner}."));
        }
    }
    steps
}

/// The structure of `built` in its system's own words, a line each.
pub(super) fn listing(built: &Built, names: &[Arc<str>]) -> Vec<String> {
    let name = |i: usize| names.get(i).map_or("?".to_string(), |n| n.to_string());
    let n = names.len();
    match built {
        Built::Redis(slots) => redis::slot_lines(slots, names),
        Built::Ring { kind, points } => {
            let counts = points.counts(n);
            match kind {
                Kind::Cassandra => (0..n)
                    .map(|s| {
                        let mut tokens: Vec<i64> = points
                            .points()
                            .iter()
                            .filter(|p| p.server as usize == s)
                            .map(|p| position_token(p.at))
                            .collect();
                        tokens.sort_unstable();
                        let list: Vec<String> = tokens.iter().map(i64::to_string).collect();
                        format!(
                            "{}: {} {}: {}",
                            name(s),
                            counts[s],
                            plural(counts[s] as usize, "token", "tokens"),
                            list.join(", ")
                        )
                    })
                    .collect(),
                Kind::EnvoyRingHash => (0..n)
                    .map(|s| {
                        format!(
                            "{}: {} of the {} ring entries",
                            name(s),
                            grouped(counts[s]),
                            grouped(points.points().len() as u64)
                        )
                    })
                    .collect(),
                _ => (0..n)
                    .map(|s| {
                        format!(
                            "{}: {} {}",
                            name(s),
                            grouped(counts[s]),
                            plural(counts[s] as usize, "point", "points")
                        )
                    })
                    .collect(),
            }
        }
        Built::Maglev(table) => {
            let counts = built.holdings(n);
            (0..n)
                .map(|s| {
                    format!(
                        "{}: {} of the {} table entries",
                        name(s),
                        grouped(counts[s]),
                        grouped(table.len() as u64)
                    )
                })
                .collect()
        }
        Built::Topic { leaders, .. } => (0..leaders.len())
            .map(|p| format!("partition {p}: leader {}", name(leaders.owner(p))))
            .collect(),
        Built::Index { routing, nodes } => (0..routing.shards)
            .map(|s| match routing.version {
                super::elasticsearch::EsVersion::From94 => {
                    format!("shard {s}: on {}", name(nodes.owner(s)))
                }
                _ => {
                    let f = routing.factor();
                    format!(
                        "shard {s}: routing shards {}-{}, on {}",
                        s * f,
                        s * f + f - 1,
                        name(nodes.owner(s))
                    )
                }
            })
            .collect(),
    }
}

/// The structure in one line: "16,384 slots on 3 masters", "48 tokens on 3 nodes".
pub(super) fn headline(built: &Built, servers: usize) -> String {
    let of = |count: u64, unit: &str, holders: &str| {
        format!("{} {unit} on {servers} {holders}", grouped(count))
    };
    match built {
        Built::Redis(slots) => of(
            u64::from(slots.len()),
            "slots",
            plural(servers, "master", "masters"),
        ),
        Built::Ring { kind, points } => {
            let n = points.points().len() as u64;
            match kind {
                Kind::Cassandra => of(
                    n,
                    plural(n as usize, "token", "tokens"),
                    plural(servers, "node", "nodes"),
                ),
                Kind::EnvoyRingHash => of(n, "ring entries", plural(servers, "host", "hosts")),
                Kind::Groupcache => of(n, "points", plural(servers, "peer", "peers")),
                _ => of(n, "points", plural(servers, "server", "servers")),
            }
        }
        Built::Maglev(table) => of(
            table.len() as u64,
            "table entries",
            plural(servers, "host", "hosts"),
        ),
        Built::Topic { leaders, .. } => {
            let p = leaders.len();
            format!(
                "A topic of {p} {} led by {servers} {}",
                plural(p as usize, "partition", "partitions"),
                plural(servers, "broker", "brokers")
            )
        }
        Built::Index { routing, .. } => {
            let mut text = format!(
                "An index of {} primary {}",
                routing.shards,
                plural(routing.shards as usize, "shard", "shards")
            );
            if routing.version == super::elasticsearch::EsVersion::From7 {
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
    }
}
