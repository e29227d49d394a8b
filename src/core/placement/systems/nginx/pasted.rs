//! An nginx `upstream { … }` block using `hash $key consistent`. Each `server` becomes a
//! server named exactly as written (nginx hashes that text), with its `weight`; a `down`
//! server's points stay on the circle and nginx walks past them, which is Ringlab's down
//! server. As nginx does, `backup` after `hash` is refused; a `backup` server listed before
//! `hash` is accepted and gets no points.

use crate::core::error::{quoted, shown};
use crate::core::placement::spec::Spec;
use crate::core::placement::systems::pasting::{
    server_name, PasteFormat, PastedCluster, Problems, Refused,
};
use crate::core::server::{Placement, Server, WEIGHTS};

/// One statement of the block, with the line it starts on.
struct Statement {
    line: usize,
    words: Vec<String>,
}

/// Cuts the block into statements at `;`, `{` and `}`, dropping `#` comments.
fn statements(text: &str) -> Vec<Statement> {
    let mut out = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut start = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let mut word = String::new();
        let flush = |word: &mut String, words: &mut Vec<String>, start: &mut usize| {
            if !word.is_empty() {
                if words.is_empty() {
                    *start = i + 1;
                }
                words.push(std::mem::take(word));
            }
        };
        for c in line.chars() {
            match c {
                ';' | '{' | '}' => {
                    flush(&mut word, &mut words, &mut start);
                    if c != ';' || !words.is_empty() {
                        let mut ws = std::mem::take(&mut words);
                        if c != ';' {
                            ws.push(c.to_string());
                        }
                        out.push(Statement {
                            line: if start == 0 { i + 1 } else { start },
                            words: ws,
                        });
                        start = 0;
                    }
                }
                c if c.is_whitespace() => flush(&mut word, &mut words, &mut start),
                c => word.push(c),
            }
        }
        flush(&mut word, &mut words, &mut start);
    }
    if !words.is_empty() {
        out.push(Statement { line: start, words });
    }
    out
}

/// An nginx `upstream { … }` block with `hash $key consistent`.
pub static UPSTREAM: PasteFormat = PasteFormat {
    id: "nginx-upstream",
    name: "nginx upstream block",
    #[cfg(not(target_arch = "wasm32"))]
    help: "Read nginx servers and weights from an upstream { ... } block using hash ... consistent.\nExample: --nginx-upstream upstream.conf",
    read: upstream,
    looks_like: |lines| {
        lines[0].starts_with("upstream") || lines.iter().any(|l| l.starts_with("server "))
    },
};

/// `upstream name { hash $key consistent; server …; }`.
fn upstream(text: &str, _: &Spec) -> Result<PastedCluster, Refused> {
    let mut problems = Problems::default();
    let mut hash_at: Option<usize> = None;
    let mut servers: Vec<(usize, String, u32, bool)> = Vec::new();
    let mut skipped = Vec::new();
    let mut key = String::new();
    for st in statements(text) {
        let w: Vec<&str> = st.words.iter().map(String::as_str).collect();
        let n = st.line;
        match w.as_slice() {
            ["upstream", _, "{"] | ["}"] | ["http", "{"] => {}
            ["hash", k, "consistent"] => {
                hash_at = Some(n);
                key = k.to_string();
            }
            ["hash", _] => problems.at(n, "hash without consistent is hash mod the servers' weights, not the ring: add consistent"),
            [m, ..] if matches!(*m, "least_conn" | "ip_hash" | "random" | "least_time" | "sticky") => {
                problems.at(n, format!("{m} is another balancing method; the block must use hash $key consistent"))
            }
            ["server", address, params @ ..] => {
                let mut weight = 1u32;
                let mut down = false;
                let mut backup = false;
                let mut bad = false;
                for p in params.iter() {
                    if let Some(v) = p.strip_prefix("weight=") {
                        match v.parse::<u32>() {
                            Ok(w) if WEIGHTS.contains(&w) => weight = w,
                            Ok(w) if w > 0 => {
                                problems.at(n, format!("weight={w}: Ringlab takes weights from 1 to {}", WEIGHTS.end()));
                                bad = true;
                            }
                            _ => {
                                problems.at(n, format!("invalid weight {}", quoted(p)));
                                bad = true;
                            }
                        }
                    } else if *p == "down" {
                        down = true;
                    } else if *p == "backup" {
                        backup = true;
                    } else if ["max_fails=", "fail_timeout=", "max_conns=", "slow_start=", "route=", "service="]
                        .iter()
                        .any(|k| p.starts_with(k))
                        || *p == "resolve"
                    {
                        // These change how nginx treats a failing server, not where a key goes.
                    } else {
                        problems.at(n, format!("invalid parameter {}", quoted(p)));
                        bad = true;
                    }
                }
                if backup {
                    if hash_at.is_some() {
                        problems.at(n, "balancing method does not support parameter \"backup\"");
                    } else {
                        skipped.push(format!("line {n}: {} is a backup, which gets no points on the circle", shown(address)));
                    }
                    continue;
                }
                if bad {
                    continue;
                }
                match server_name(address) {
                    Ok(name) if servers.iter().any(|s| s.1 == name) => {
                        problems.at(n, format!("{name} is listed twice; Ringlab names each server once"))
                    }
                    Ok(name) => servers.push((n, name, weight, down)),
                    Err(error) => problems.at(n, format!("{}: {error}", shown(address))),
                }
            }
            [other, ..] => {
                if matches!(*other, "keepalive" | "keepalive_timeout" | "keepalive_requests" | "zone" | "resolver" | "resolver_timeout") {
                    skipped.push(format!("line {n}: {other} does not change where a key goes"));
                } else {
                    problems.at(n, format!("unknown directive {}", quoted(other)));
                }
            }
            [] => {}
        }
    }
    if hash_at.is_none() && problems.0.is_empty() {
        problems.whole("The block has no hash $key consistent directive.");
    }
    if servers.is_empty() && problems.0.is_empty() {
        problems.whole("The block has no server.");
    }
    problems.check()?;
    let list: Vec<Server> = servers
        .iter()
        .map(|(_, name, weight, _)| Server {
            name: name.clone(),
            placement: Placement::Hashed { weight: *weight },
        })
        .collect();
    let mut cluster = PastedCluster::of(&super::SPEC, list);
    cluster.down = servers
        .iter()
        .filter(|(_, _, _, down)| *down)
        .map(|(n, name, _, _)| (*n, name.clone()))
        .collect();
    cluster.read = servers
        .iter()
        .map(|(_, name, weight, down)| {
            format!(
                "{name}: weight {weight}, {} points{}",
                weight * 160,
                if *down { ", down" } else { "" }
            )
        })
        .collect();
    skipped.insert(
        0,
        format!(
            "the key is {}; Ringlab's keys stand for its values",
            shown(&key)
        ),
    );
    cluster.skipped = skipped;
    Ok(cluster)
}
