//! An HAProxy `backend` (or `listen`) section using `hash-type consistent`. Each active
//! `server` becomes a server of that name (HAProxy places servers by their numeric ids, not
//! their names) with its `weight`; the section's hash type is kept, and so are the ids HAProxy
//! gives the servers wherever they would not come out the same from the list alone. `backup`,
//! `disabled` and weight-0 servers take no key while an active server is up: they are listed
//! as not placed.

use super::backend::POINTS_PER_WEIGHT;
use super::config::parse_backend;
use super::request::Balance;
use super::ServerIds;
use crate::core::error::shown;
use crate::core::placement::options::Setting;
use crate::core::placement::spec::Spec;
use crate::core::placement::systems::pasting::{server_name, PasteFormat, PastedCluster, Refused};
use crate::core::server::{Placement, Server, WEIGHTS};

/// An HAProxy `backend` (or `listen`) section with `hash-type consistent`.
pub static BACKEND: PasteFormat = PasteFormat {
    id: "haproxy-backend",
    name: "HAProxy backend section",
    #[cfg(not(target_arch = "wasm32"))]
    help: "Read an HAProxy backend (or listen) section with hash-type consistent.\nExample: --haproxy-backend backend.cfg",
    read: backend,
    looks_like: |lines| {
        let starts = |word: &str| lines.iter().any(|l| l.starts_with(word));
        lines[0].starts_with("backend")
            || lines[0].starts_with("listen")
            || starts("hash-type")
            || starts("balance")
    },
};

/// Reads a section.
fn backend(text: &str, _: &Spec) -> Result<PastedCluster, Refused> {
    let config = parse_backend(text).map_err(Refused::one)?;
    let ids = config.backend().ids().to_vec();
    let mut skipped = Vec::new();
    let mut placed: Vec<(String, u32, u32, bool)> = Vec::new();
    for (server, &id) in config.servers.iter().zip(&ids) {
        let why = if server.backup {
            Some("a backup server, used only when no active server is")
        } else if server.disabled {
            Some("disabled (in maintenance)")
        } else if server.weight == 0 {
            Some("of weight 0")
        } else {
            None
        };
        if let Some(why) = why {
            skipped.push(format!("{}: {why}; not placed", shown(&server.name)));
            continue;
        }
        if !WEIGHTS.contains(&server.weight) {
            return Err(Refused::one(format!(
                "{}: weight {} is more than Ringlab takes ({} to {}); divide every weight by the same number to keep the shares.",
                shown(&server.name),
                server.weight,
                WEIGHTS.start(),
                WEIGHTS.end()
            )));
        }
        let name = server_name(&server.name)
            .map_err(|e| Refused::one(format!("{}: {e}", shown(&server.name))))?;
        placed.push((name, id, server.weight, server.id.is_some()));
    }
    if placed.is_empty() {
        return Err(Refused::one(
            "The section has no active server with a weight: nothing would take a key.",
        ));
    }
    // The ids HAProxy gave must hold in Ringlab too: those written in the section, and every
    // one when a server left out of the list took a number of the count.
    let freeze = !skipped.is_empty();
    let explicit = ServerIds(
        placed
            .iter()
            .filter(|p| freeze || p.3)
            .map(|p| (p.0.clone(), p.1))
            .collect(),
    );
    let list: Vec<Server> = placed
        .iter()
        .map(|(name, _, weight, _)| Server {
            name: name.clone(),
            placement: Placement::Hashed { weight: *weight },
        })
        .collect();
    let mut cluster = PastedCluster::of(&super::SPEC, list);
    cluster.state = Some(Box::new(move |state| state.with_ids(explicit)));
    cluster.settings = vec![(
        Setting::System(&super::HASH_TYPE),
        config.hash_type.to_string(),
    )];
    cluster.read = placed
        .iter()
        .map(|(name, id, weight, _)| {
            format!(
                "{name}: id {id}, weight {weight}, {} points",
                weight * POINTS_PER_WEIGHT
            )
        })
        .collect();
    let key = match &config.balance {
        Some(Balance::UrlParam(name)) => format!(
            "the key is the URL parameter {}, as sent (still percent-encoded)",
            shown(name)
        ),
        Some(Balance::Header { name, .. }) => {
            format!("the key is the first element of the header {}", shown(name))
        }
        None => "no balance line: the key is what the backend hashes".to_string(),
    };
    skipped.insert(
        0,
        format!(
            "{key}, hashed with hash-type {}; Ringlab's keys stand for its values",
            config.hash_type
        ),
    );
    cluster.skipped = skipped;
    Ok(cluster)
}
