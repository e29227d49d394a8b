//! Cassandra's `nodetool ring`: per datacenter, a header, then a row per token sorted by token:
//! `Address Rack Status State Load Owns Token`, the load possibly two words (`256.12 GiB`) and
//! a first row holding only the last token (where the ring wraps). Every token becomes its
//! node's, exactly; a token held twice is refused.

use super::Tokens;
use crate::core::error::{quoted, shown};
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::spec::Spec;
use crate::core::placement::systems::pasting::{
    server_name, PasteFormat, PastedCluster, Problems, Refused,
};
use crate::core::server::Server;

/// `nodetool ring`.
pub static NODETOOL_RING: PasteFormat = PasteFormat {
    id: "nodetool-ring",
    name: "Cassandra nodetool ring",
    #[cfg(not(target_arch = "wasm32"))]
    help: "Read a Cassandra ring, every token exactly, from what nodetool ring printed.\nExample: --nodetool-ring ring.txt",
    read: ring,
    looks_like: |lines| {
        lines
            .iter()
            .any(|l| l.starts_with("Datacenter:") || l.starts_with("Address "))
    },
};

fn ring(text: &str, _: &Spec) -> Result<PastedCluster, Refused> {
    let mut problems = Problems::default();
    let mut nodes: Vec<(String, Vec<i64>)> = Vec::new();
    let mut seen: Vec<(i64, usize, String)> = Vec::new();
    let mut skipped = Vec::new();
    let mut datacenters = 0;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.chars().all(|c| c == '=') {
            continue;
        }
        if line.starts_with("Datacenter:") {
            datacenters += 1;
            continue;
        }
        if line.starts_with("Address")
            || line.starts_with("Note:")
            || line.starts_with("Warning:")
            || line.starts_with("To view status related info")
        {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() == 1 && f[0].parse::<i64>().is_ok() {
            // The wrap-around row: the ring's last token, listed again at the top.
            continue;
        }
        if f.len() < 7 {
            problems.at(
                n,
                "a ring row has Address, Rack, Status, State, Load, Owns and Token",
            );
            continue;
        }
        let token = match f[f.len() - 1].parse::<i64>() {
            Ok(t) => t,
            Err(_) => {
                problems.at(
                    n,
                    format!(
                        "{} is not a Murmur3Partitioner token (a signed 64-bit integer)",
                        quoted(f[f.len() - 1])
                    ),
                );
                continue;
            }
        };
        if !matches!(f[2], "Up" | "Down" | "?") {
            problems.at(
                n,
                format!("{} is not a status (Up, Down or ?)", quoted(f[2])),
            );
            continue;
        }
        if !matches!(f[3], "Normal" | "Joining" | "Leaving" | "Moving") {
            problems.at(
                n,
                format!(
                    "{} is not a state (Normal, Joining, Leaving or Moving)",
                    quoted(f[3])
                ),
            );
            continue;
        }
        let name = match server_name(f[0]) {
            Ok(name) => name,
            Err(error) => {
                problems.at(n, format!("{}: {error}", shown(f[0])));
                continue;
            }
        };
        if let Some((_, at, by)) = seen.iter().find(|(t, _, _)| *t == token) {
            problems.at(n, format!("token {token} is held twice, by {by} on line {at} and by {name} here: a token belongs to one node"));
            continue;
        }
        seen.push((token, n, name.clone()));
        match nodes.iter_mut().find(|(node, _)| *node == name) {
            Some((_, tokens)) => tokens.push(token),
            None => nodes.push((name, vec![token])),
        }
    }
    if nodes.is_empty() && problems.0.is_empty() {
        problems
            .whole("No ring row was found: paste the lines nodetool ring printed, rows and all.");
    }
    problems.check()?;
    if datacenters > 1 {
        skipped.push(format!(
            "{datacenters} datacenters are read as one ring, as SimpleStrategy sees them"
        ));
    }
    let servers: Vec<Server> = nodes.iter().map(|(name, _)| Server::hashed(name)).collect();
    let mut cluster = PastedCluster::of(&super::SPEC, servers);
    cluster.read = nodes
        .iter()
        .map(|(name, t)| {
            format!(
                "{name}: {} {}",
                grouped(t.len() as u64),
                plural(t.len(), "token", "tokens")
            )
        })
        .collect();
    cluster.skipped = skipped;
    cluster.state = Some(Box::new(move |state| state.with_tokens(Tokens(nodes))));
    Ok(cluster)
}
