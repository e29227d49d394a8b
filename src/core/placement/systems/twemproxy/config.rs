//! One pool of a pasted `nutcracker.yml`, read as nutcracker reads it.

use super::continuum::{Pool, Server};
use super::hashkit::Hash;

/// Reads one pool of a `nutcracker.yml`: an optional `name:` line, then `hash:`, `hash_tag:`,
/// `distribution:` and the `servers:` list (`- host:port:weight [name]`); other keys are
/// ignored. A distribution other than `ketama`, an unknown hash, a hash tag that is not two
/// characters, a server line nutcracker would refuse or two servers of one name are refused.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::{parse_pool, Hash};
/// let pool = parse_pool("alpha:\n  listen: 127.0.0.1:22121\n  hash: md5\n  distribution: ketama\n  servers:\n   - 127.0.0.1:11212:1\n   - 127.0.0.1:11213:3 big\n").unwrap();
/// assert_eq!(pool.hash, Hash::Md5);
/// assert_eq!(pool.servers[1].ketama_name(), "big");
/// ```
pub fn parse_pool(text: &str) -> Result<Pool, String> {
    let mut hash = Hash::DEFAULT;
    let mut hash_tag = None;
    let mut servers = Vec::new();
    let mut in_servers = false;
    let unquote = |v: &str| -> String {
        let v = v.trim();
        for q in ['"', '\''] {
            if v.len() >= 2 && v.starts_with(q) && v.ends_with(q) {
                return v[1..v.len() - 1].to_string();
            }
        }
        v.to_string()
    };
    for (n, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", n + 1);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(item) = trimmed.strip_prefix('-') {
            if !in_servers {
                continue;
            }
            let s = Server::parse(&unquote(item)).map_err(at)?;
            servers.push(s);
            continue;
        }
        let Some((key, value)) = trimmed.split_once(':') else {
            continue;
        };
        in_servers = false;
        let value = unquote(value);
        match key.trim() {
            "hash" => {
                hash = Hash::parse(&value)
                    .ok_or_else(|| at(format!("'{value}' is not a hash of twemproxy's")))?;
            }
            "hash_tag" => {
                let b = value.as_bytes();
                if b.len() != 2 {
                    return Err(at(format!("hash_tag '{value}' is not two characters")));
                }
                hash_tag = Some([b[0], b[1]]);
            }
            "distribution" if value != "ketama" => {
                return Err(at(format!(
                    "distribution '{value}' is not ketama (consistent hashing)"
                )))
            }
            "servers" => in_servers = true,
            _ => {}
        }
    }
    if servers.is_empty() {
        return Err("the pool has no servers".to_string());
    }
    let mut names: Vec<String> = servers.iter().map(Server::ketama_name).collect();
    names.sort();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("two servers are named '{}'", w[0]));
    }
    Ok(Pool::new(servers, hash, hash_tag))
}
