//! One pool of a twemproxy `nutcracker.yml` with `distribution: ketama`. Each server becomes a
//! server named as nutcracker hashes it (its name after the weight, else `host:port`, the host
//! alone on port 11211), with its weight; the pool's `hash` and `hash_tag` are kept.

use super::config::parse_pool;
use super::continuum::points_for;
use crate::core::error::shown;
use crate::core::placement::options::Setting;
use crate::core::placement::spec::Spec;
use crate::core::placement::systems::pasting::{server_name, PasteFormat, PastedCluster, Refused};
use crate::core::server::{Placement, Server, WEIGHTS};

/// A twemproxy pool of `nutcracker.yml` with `distribution: ketama`.
pub static POOL: PasteFormat = PasteFormat {
    id: "nutcracker-pool",
    name: "twemproxy nutcracker.yml pool",
    #[cfg(not(target_arch = "wasm32"))]
    help: "Read one pool of a twemproxy nutcracker.yml with distribution: ketama.\nExample: --nutcracker-pool nutcracker.yml",
    read: pool,
    looks_like: |lines| {
        let starts = |word: &str| lines.iter().any(|l| l.starts_with(word));
        starts("distribution:") || starts("servers:") || starts("hash:")
    },
};

/// Reads a pool.
fn pool(text: &str, _: &Spec) -> Result<PastedCluster, Refused> {
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
    let tag = pool
        .hash_tag
        .map(|t| String::from_utf8_lossy(&t).into_owned())
        .unwrap_or_default();
    let mut cluster = PastedCluster::of(&super::SPEC, list.clone());
    cluster.settings = vec![
        (
            Setting::System(&super::POOL_HASH),
            pool.hash.name().to_string(),
        ),
        (Setting::System(&super::HASH_TAG), tag),
    ];
    let total: u32 = list.iter().map(Server::weight).sum();
    cluster.read = list
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
    cluster.skipped = skipped;
    Ok(cluster)
}
