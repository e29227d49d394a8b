//! Envoy hosts: one `address:port` a line, with an optional weight (`10.0.0.1:80 2` or
//! `weight=2`), or an `lb_endpoints` list in YAML (`address:` and `port_value:` under
//! `socket_address`, `load_balancing_weight:`). The host key Envoy hashes is the address as
//! `ip:port`, which becomes the server's name.

use crate::core::error::{quoted, shown};
use crate::core::placement::spec::Spec;
use crate::core::placement::systems::pasting::{
    server_name, PasteFormat, PastedCluster, Problems, Refused,
};
use crate::core::server::{Placement, Server, WEIGHTS};

/// Envoy hosts: `address:port` a line (with an optional weight), or an `lb_endpoints` list.
pub static HOSTS: PasteFormat = PasteFormat {
    id: "envoy-hosts",
    name: "Envoy hosts",
    #[cfg(not(target_arch = "wasm32"))]
    help: "Read Envoy hosts: address:port a line with an optional weight, or lb_endpoints YAML.\nExample: --envoy-hosts hosts.txt",
    read: hosts,
    looks_like: |lines| {
        let yaml = lines.iter().any(|l| {
            l.contains("socket_address") || l.contains("lb_endpoints") || l.contains("port_value")
        });
        let host_like = |l: &&str| {
            l.split_whitespace().next().is_some_and(|h| {
                h.rsplit_once(':')
                    .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
            })
        };
        yaml || lines.iter().all(host_like)
    },
};

/// The hosts of an Envoy cluster, for its maglev when that is `chosen`, else for ring_hash.
fn hosts(text: &str, chosen: &Spec) -> Result<PastedCluster, Refused> {
    let mut problems = Problems::default();
    let mut hosts: Vec<(usize, String, u32)> = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    let mut skipped = Vec::new();
    let weight_of = |w: &str, n: usize, problems: &mut Problems| -> Option<u32> {
        match w
            .trim()
            .trim_matches(|c| c == '{' || c == '}')
            .trim()
            .trim_start_matches("value:")
            .trim()
            .parse::<u32>()
        {
            Ok(w) if WEIGHTS.contains(&w) => Some(w),
            Ok(w) => {
                problems.at(
                    n,
                    format!(
                        "weight {w}: Ringlab takes weights from 1 to {}",
                        WEIGHTS.end()
                    ),
                );
                None
            }
            Err(_) => {
                problems.at(n, format!("{} is not a weight", quoted(w.trim())));
                None
            }
        }
    };
    let yaml = text.contains("port_value") || text.contains("socket_address");
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .trim_start_matches("- ")
            .trim();
        if line.is_empty() {
            continue;
        }
        if yaml {
            let Some((key, value)) = line.split_once(':') else {
                problems.at(n, "not a YAML line key: value");
                continue;
            };
            let value = value.trim();
            match key.trim() {
                "address" if !value.is_empty() => {
                    pending = Some((n, value.trim_matches('"').to_string()))
                }
                "port_value" => match (pending.take(), value.parse::<u16>()) {
                    (Some((_, ip)), Ok(port)) => hosts.push((n, format!("{ip}:{port}"), 1)),
                    (None, _) => problems.at(n, "port_value without an address before it"),
                    (_, Err(_)) => problems.at(n, format!("{} is not a port", quoted(value))),
                },
                "load_balancing_weight" => {
                    if let Some(w) = weight_of(value, n, &mut problems) {
                        match hosts.last_mut() {
                            Some(h) => h.2 = w,
                            None => problems.at(n, "a weight before any host"),
                        }
                    }
                }
                _ => {}
            }
            continue;
        }
        let mut parts = line.split_whitespace();
        let host = parts.next().unwrap_or("");
        let host = host.strip_prefix("tcp://").unwrap_or(host);
        let Some((ip, port)) = host.rsplit_once(':') else {
            problems.at(n, format!("{} is not address:port", quoted(host)));
            continue;
        };
        if ip.is_empty() || port.parse::<u16>().is_err() {
            problems.at(n, format!("{} is not address:port", quoted(host)));
            continue;
        }
        let mut weight = 1;
        if let Some(w) = parts.next() {
            match weight_of(w.strip_prefix("weight=").unwrap_or(w), n, &mut problems) {
                Some(w) => weight = w,
                None => continue,
            }
        }
        if let Some(extra) = parts.next() {
            problems.at(
                n,
                format!(
                    "{} follows the weight; a line is address:port and a weight",
                    quoted(extra)
                ),
            );
            continue;
        }
        hosts.push((n, host.to_string(), weight));
    }
    if let Some((n, ip)) = pending {
        problems.at(
            n,
            format!("address {} has no port_value after it", shown(&ip)),
        );
    }
    let mut names: Vec<String> = Vec::new();
    for (n, host, _) in &hosts {
        match server_name(host) {
            Ok(name) if names.contains(&name) => problems.at(*n, format!("{name} is listed twice")),
            Ok(name) => names.push(name),
            Err(error) => problems.at(*n, format!("{}: {error}", shown(host))),
        }
    }
    if hosts.is_empty() && problems.0.is_empty() {
        problems.whole("No host was found: write one address:port a line.");
    }
    problems.check()?;
    // Read for Envoy's maglev when it is chosen, and for its ring otherwise.
    let maglev = chosen.id == super::MAGLEV_SPEC.id;
    let system = if maglev {
        &super::MAGLEV_SPEC
    } else {
        &super::RING_SPEC
    };
    let servers: Vec<Server> = hosts
        .iter()
        .map(|(_, host, w)| Server {
            name: host.clone(),
            placement: Placement::Hashed { weight: *w },
        })
        .collect();
    let mut cluster = PastedCluster::of(system, servers);
    cluster.read = hosts
        .iter()
        .map(|(_, host, w)| format!("{host}: weight {w}"))
        .collect();
    if !maglev {
        skipped.push(
            "placed with ring_hash; choose Envoy maglev first to read them for maglev".into(),
        );
    }
    cluster.skipped = skipped;
    Ok(cluster)
}
