//! `redis-cli --cluster rebalance` and `reshard` as verbs on a cluster, with their text:
//!
//! | text | meaning |
//! |---|---|
//! | `rebalance`, `rebalance:use-empty-masters,threshold=1,B=0` | `rebalance` with its options and `--cluster-weight`s |
//! | `reshard:all>D=100`, `reshard:A,B>D=100` | `reshard` of 100 slots from every other master, or from A and B, to D |
//!
//! Server names may hold `:` (`10.0.0.1:6379`) but never `,`, `>` or `=`, which separate the
//! parts here. What is refused is refused in redis-cli's own words.

use std::fmt;

use serde::Serialize;

use super::cli::{rebalance, reshard, slots_words, Rebalance, Rebalanced, SLOTS, THRESHOLD};
use crate::core::decimal::{hundredths_text, parse_hundredths};
use crate::core::error::{quoted, shown, Error};
use crate::core::placement::systems::cluster::{Applied, Cluster};
use crate::core::size::parse_number;

/// One of `redis-cli --cluster`'s verbs that move slots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Verb {
    /// `redis-cli --cluster rebalance`.
    Rebalance {
        /// `--cluster-use-empty-masters`: masters holding no slot take part.
        use_empty_masters: bool,
        /// `--cluster-threshold`, in hundredths of a percent (200 is 2%, the default).
        threshold: u32,
        /// `--cluster-weight NAME=W`, W in hundredths (0 empties a master).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        weights: Vec<(String, u32)>,
    },
    /// `redis-cli --cluster reshard --cluster-from … --cluster-to … --cluster-slots N`.
    Reshard {
        /// How many slots.
        slots: u32,
        /// The source masters; empty for `all` (every master but the target).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        from: Vec<String>,
        /// The receiving master.
        to: String,
    },
}

impl Verb {
    /// Does the verb to `cluster`'s slot table.
    pub fn apply(&self, cluster: &Cluster<'_>) -> Result<Applied, Error> {
        match self {
            Verb::Rebalance {
                use_empty_masters,
                threshold,
                weights,
            } => rebalanced(cluster, *use_empty_masters, *threshold, weights),
            Verb::Reshard { slots, from, to } => resharded(cluster, *slots, from, to),
        }
    }

    /// Reads `rebalance…` or `reshard:…`; `None` for another verb.
    pub fn read(verb: &str, rest: &str) -> Option<Result<Verb, Error>> {
        match verb {
            "rebalance" => Some(read_rebalance(rest)),
            "reshard" => Some(read_reshard(rest)),
            _ => None,
        }
    }
}

impl fmt::Display for Verb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verb::Rebalance {
                use_empty_masters,
                threshold,
                weights,
            } => {
                let mut parts: Vec<String> = Vec::new();
                if *use_empty_masters {
                    parts.push("use-empty-masters".into());
                }
                if *threshold != THRESHOLD {
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
            Verb::Reshard { slots, from, to } => {
                let from = if from.is_empty() {
                    "all".to_string()
                } else {
                    from.join(",")
                };
                write!(f, "reshard:{from}>{to}={slots}")
            }
        }
    }
}

/// Hundredths written short: `1`, `2.5`, `0.25`.
fn short(hundredths: u32) -> String {
    let text = hundredths_text(hundredths);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn read_rebalance(rest: &str) -> Result<Verb, Error> {
    let mut use_empty_masters = false;
    let mut threshold = THRESHOLD;
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
    Ok(Verb::Rebalance {
        use_empty_masters,
        threshold,
        weights,
    })
}

fn read_reshard(rest: &str) -> Result<Verb, Error> {
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
    Ok(Verb::Reshard {
        slots: parse_number(slots)?,
        from,
        to: to.trim().to_string(),
    })
}

fn rebalanced(
    cluster: &Cluster<'_>,
    use_empty: bool,
    threshold: u32,
    weights: &[(String, u32)],
) -> Result<Applied, Error> {
    let n = cluster.names.len();
    let slots = cluster.state.slots();
    let mut w = vec![1.0f32; n];
    for (name, weight) in weights {
        let index = cluster.find(name).ok_or_else(|| {
            Error::System(format!("*** No such master node {}", shown(name.trim())))
        })?;
        w[index] = *weight as f32 / 100.0;
    }
    let plan = Rebalance {
        weights: w,
        use_empty_masters: use_empty,
        threshold: threshold as f32 / 100.0,
    };
    let counts = slots.counts(n);
    let total: f32 = (0..n)
        .filter(|&i| use_empty || counts[i] > 0)
        .map(|i| plan.weights[i])
        .sum();
    if total <= 0.0 {
        return Err(Error::System(
            "Every master taking part has weight 0: there is nowhere to put the slots.".into(),
        ));
    }
    Ok(match rebalance(slots, n, &plan) {
        Rebalanced::NotNeeded => {
            let mut notes = Vec::new();
            if !use_empty && counts.contains(&0) {
                notes.push(
                    "A master holding no slot takes part only with use-empty-masters.".into(),
                );
            }
            Applied::Unchanged {
                headline: format!(
                    "*** No rebalancing needed! All nodes are within the {:.2}% threshold.",
                    plan.threshold
                ),
                notes,
            }
        }
        Rebalanced::Moved { table, steps, .. } => Applied::Changed {
            state: cluster.state.with_slots(table),
            headline: format!("Rebalanced across {n} masters."),
            lines: steps
                .iter()
                .map(|&(from, to, count)| {
                    format!(
                        "Moving {count} slots from {} to {}",
                        cluster.names[from], cluster.names[to]
                    )
                })
                .collect(),
            compared: false,
        },
    })
}

fn resharded(
    cluster: &Cluster<'_>,
    slots: u32,
    from: &[String],
    to: &str,
) -> Result<Applied, Error> {
    let n = cluster.names.len();
    if !(1..=SLOTS).contains(&slots) {
        return Err(Error::System(format!(
            "A reshard moves from 1 to 16384 slots, not {slots}."
        )));
    }
    let unknown = |name: &str| {
        Error::System(format!(
            "*** The specified node ({}) is not known or not a master, please retry.",
            shown(name.trim())
        ))
    };
    let target = cluster.find(to).ok_or_else(|| unknown(to))?;
    let sources: Vec<usize> = if from.is_empty() {
        (0..n).filter(|&i| i != target).collect()
    } else {
        let mut list = Vec::new();
        for name in from {
            let i = cluster.find(name).ok_or_else(|| unknown(name))?;
            if i == target {
                return Err(Error::System(
                    "*** It is not possible to use the target node as source node.".into(),
                ));
            }
            list.push(i);
        }
        list
    };
    if sources.is_empty() {
        return Err(Error::System(
            "*** No source nodes given, operation aborted.".into(),
        ));
    }
    let (table, moved) = reshard(cluster.state.slots(), &sources, target, slots);
    // In the reshard table's order: the source holding the most first.
    let mut order: Vec<usize> = Vec::new();
    for m in &moved {
        if !order.contains(&m.from) {
            order.push(m.from);
        }
    }
    let mut lines = Vec::new();
    for &s in &order {
        let given: Vec<u32> = moved
            .iter()
            .filter(|m| m.from == s)
            .map(|m| m.unit)
            .collect();
        if let (Some(first), Some(last)) = (given.first(), given.last()) {
            lines.push(format!(
                "Moving {} from {} to {}: {first}-{last}",
                slots_words(given.len() as u64),
                cluster.names[s],
                cluster.names[target]
            ));
        }
    }
    Ok(Applied::Changed {
        state: cluster.state.with_slots(table),
        headline: format!(
            "Resharded {} to {}.",
            slots_words(moved.len() as u64),
            cluster.names[target]
        ),
        lines,
        compared: false,
    })
}
