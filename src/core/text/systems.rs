//! The real systems' verbs as text:
//!
//! | text | meaning |
//! |---|---|
//! | `rebalance`, `rebalance:use-empty-masters,threshold=1,B=0` | `redis-cli --cluster rebalance` with its options and `--cluster-weight`s |
//! | `reshard:all>D=100`, `reshard:A,B>D=100` | `redis-cli --cluster reshard` of 100 slots from every other master, or from A and B, to D |
//! | `topic:6`, `add-partitions:1` | a Kafka topic created with 6 partitions; one partition added |
//! | `index:3`, `index:3/768`, `index:4/4/9.4`, `split:6`, `shrink:1` | an Elasticsearch index (shards / routing shards / version), `_split`, `_shrink` |
//! | `num-tokens:16`, `token-seed:7`, `min-ring:1024`, `groupcache-replicas:50` | Cassandra's, Envoy's and groupcache's settings |
//!
//! Server names may hold `:` (`10.0.0.1:6379`) but never `,`, `>` or `=`, which separate the
//! parts here.

use std::fmt;

use crate::core::decimal::{hundredths_text, parse_hundredths};
use crate::core::error::{quoted, Error};
use crate::core::scenario::Change;
use crate::core::size::parse_number;

/// Writes a system verb; `change` is one.
pub(super) fn write(change: &Change, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match change {
        Change::Rebalance {
            use_empty_masters,
            threshold,
            weights,
        } => {
            let mut parts: Vec<String> = Vec::new();
            if *use_empty_masters {
                parts.push("use-empty-masters".into());
            }
            if *threshold != crate::core::placement::systems::redis::THRESHOLD {
                parts.push(format!("threshold={}", short(*threshold)));
            }
            parts.extend(
                weights
                    .iter()
                    .map(|(name, w)| format!("{name}={}", short(*w))),
            );
            if parts.is_empty() {
                f.write_str("rebalance")
            } else {
                write!(f, "rebalance:{}", parts.join(","))
            }
        }
        Change::Reshard { slots, from, to } => {
            let from = if from.is_empty() {
                "all".to_string()
            } else {
                from.join(",")
            };
            write!(f, "reshard:{from}>{to}={slots}")
        }
        Change::CreateTopic { partitions } => write!(f, "topic:{partitions}"),
        Change::AddPartitions { count } => write!(f, "add-partitions:{count}"),
        Change::CreateIndex { index } => write!(f, "index:{index}"),
        Change::SplitIndex { shards } => write!(f, "split:{shards}"),
        Change::ShrinkIndex { shards } => write!(f, "shrink:{shards}"),
        other => unreachable!("{other:?} is written by the text module itself"),
    }
}

/// Hundredths written short: `1`, `2.5`, `0.25`.
fn short(hundredths: u32) -> String {
    let text = hundredths_text(hundredths);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Reads a system verb: `None` when `verb` is none of them.
pub(super) fn read(verb: &str, rest: &str) -> Option<Result<Change, Error>> {
    let rest = rest.trim();
    Some(match verb {
        "rebalance" => rebalance(rest),
        "reshard" => reshard(rest),
        "topic" => parse_number(rest).map(|partitions| Change::CreateTopic { partitions }),
        "add-partitions" => parse_number(rest).map(|count| Change::AddPartitions { count }),
        "index" => rest.parse().map(|index| Change::CreateIndex { index }),
        "split" => parse_number(rest).map(|shards| Change::SplitIndex { shards }),
        "shrink" => parse_number(rest).map(|shards| Change::ShrinkIndex { shards }),
        _ => return None,
    })
}

fn rebalance(rest: &str) -> Result<Change, Error> {
    let mut use_empty_masters = false;
    let mut threshold = crate::core::placement::systems::redis::THRESHOLD;
    let mut weights = Vec::new();
    for part in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if part == "use-empty-masters" {
            use_empty_masters = true;
        } else if let Some(t) = part.strip_prefix("threshold=") {
            threshold = parse_hundredths(t)?;
        } else if let Some((name, w)) = part.rsplit_once('=') {
            let w = parse_hundredths(w)?;
            weights.push((name.trim().to_string(), w));
        } else {
            return Err(Error::System(format!(
                "{} is not a rebalance option: use use-empty-masters, threshold=P or NAME=WEIGHT.",
                quoted(part)
            )));
        }
    }
    Ok(Change::Rebalance {
        use_empty_masters,
        threshold,
        weights,
    })
}

fn reshard(rest: &str) -> Result<Change, Error> {
    let bad = || {
        Error::System(format!(
            "{} is not a reshard: write FROM>TO=SLOTS, such as all>D=100 or A,B>D=100.",
            quoted(rest)
        ))
    };
    let (route, slots) = rest.rsplit_once('=').ok_or_else(bad)?;
    let (from, to) = route.split_once('>').ok_or_else(bad)?;
    let from: Vec<String> = from
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let from = if from == ["all"] { Vec::new() } else { from };
    if from.is_empty() && route.trim_start().starts_with('>') {
        return Err(bad());
    }
    Ok(Change::Reshard {
        slots: parse_number(slots)?,
        from,
        to: to.trim().to_string(),
    })
}
