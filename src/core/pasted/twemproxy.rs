//! One pool of a twemproxy `nutcracker.yml` with `distribution: ketama`. Each server becomes a
//! server named as nutcracker hashes it (its name after the weight, else `host:port`, the host
//! alone on port 11211), with its weight; the pool's `hash` and `hash_tag` are kept.

use super::reading::{server_name, Pasted, Refused};
use crate::core::error::shown;
use crate::core::placement::systems::twemproxy::{parse_pool, points_for};
use crate::core::placement::{Kind, Setting};
use crate::core::scenario::{Change, Scenario};
use crate::core::server::{Placement, Server, WEIGHTS};

/// Reads `text` onto `base`'s keys.
pub(super) fn pool(text: &str, base: &Scenario) -> Result<Pasted, Refused> {
    let pool = parse_pool(text).map_err(Refused::one)?;
    let mut list = Vec::new();
    for server in &pool.servers {
        let hashed = server.ketama_name();
        if !WEIGHTS.contains(&server.weight) {
            return Err(Refused::one(format!(
                "{}: weight {} is more than Ringlab takes ({} to {}); divide every weight by the same number to keep the shares.",
                shown(&hashed),
                server.weight,
                WEIGHTS.start(),
                WEIGHTS.end()
            )));
        }
        let name =
            server_name(&hashed).map_err(|e| Refused::one(format!("{}: {e}", shown(&hashed))))?;
        list.push(Server {
            name,
            placement: Placement::Hashed {
                weight: server.weight,
            },
        });
    }
    let mut scenario = base
        .with_servers(list.clone(), Kind::Twemproxy)
        .map_err(|e| Refused::one(e.to_string()))?;
    let tag = pool
        .hash_tag
        .map(|t| String::from_utf8_lossy(&t).into_owned())
        .unwrap_or_default();
    for change in [
        Change::set(Setting::NutcrackerHash, pool.hash.name()),
        Change::set(Setting::HashTag, tag),
    ] {
        scenario
            .apply(change)
            .map_err(|e| Refused::one(e.to_string()))?;
    }
    let total: u32 = list.iter().map(Server::weight).sum();
    let read = list
        .iter()
        .map(|s| {
            let points = points_for(s.weight(), total, list.len() as u32);
            format!("{}: weight {}, {points} points", s.name, s.weight())
        })
        .collect();
    let mut skipped = vec![format!(
        "keys hashed with {}{}; Ringlab's keys stand for the keys sent",
        pool.hash.name(),
        pool.hash_tag.map_or(String::new(), |t| format!(
            ", only the part between {} and {}",
            char::from(t[0]),
            char::from(t[1])
        ))
    )];
    skipped.retain(|s| !s.is_empty());
    Ok(Pasted {
        scenario,
        read,
        skipped,
    })
}
