//! A pasted `backend` (or `listen`) section, read as HAProxy reads it.

use super::backend::{Backend, Server, MAX_WEIGHT};
use super::hashes::HashType;
use super::request::Balance;

/// A `backend` section as Ringlab reads it: the balance, the hash type, the servers and
/// `option allbackups`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `balance url_param …` or `balance hdr(…)`, if given.
    pub balance: Option<Balance>,
    /// The hash type (`hash-type consistent …`).
    pub hash_type: HashType,
    /// The servers, in order.
    pub servers: Vec<Server>,
    /// `option allbackups`.
    pub all_backups: bool,
}

impl Config {
    /// The backend these settings build.
    pub fn backend(&self) -> Backend {
        Backend::new(&self.servers, self.hash_type, self.all_backups)
    }
}

/// Reads a `backend` (or `listen`) section: its `balance`, `hash-type`, `option allbackups` and
/// `server` lines (with `weight`, `id`, `backup`, `disabled`; other server options are
/// ignored). Other lines are ignored; a `hash-type` other than `consistent …`, a `balance`
/// other than `url_param` or `hdr()`, or a server line it cannot read is refused, with its
/// line number. A section without `hash-type` is refused: HAProxy would use map-based hashing.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::parse_backend;
/// let c = parse_backend("backend b\n  balance url_param key\n  hash-type consistent\n  server a 10.0.0.1:80 weight 2\n  server b 10.0.0.2:80 id 7\n").unwrap();
/// assert_eq!(c.servers.len(), 2);
/// assert_eq!(c.backend().ids(), &[1, 7]);
/// ```
pub fn parse_backend(text: &str) -> Result<Config, String> {
    let mut balance = None;
    let mut hash_type = None;
    let mut servers = Vec::new();
    let mut all_backups = false;
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = |e: String| format!("line {}: {e}", n + 1);
        match words.as_slice() {
            [] => {}
            ["balance", "url_param", name, ..] => {
                balance = Some(Balance::UrlParam(name.to_string()));
            }
            ["balance", rule, rest @ ..] if rule.starts_with("hdr(") && rule.ends_with(')') => {
                balance = Some(Balance::Header {
                    name: rule[4..rule.len() - 1].to_string(),
                    domain_only: rest.contains(&"use_domain_only"),
                });
            }
            ["balance", other, ..] => {
                return Err(at(format!(
                    "balance {other} is not one Ringlab reads (url_param or hdr())"
                )))
            }
            ["hash-type", rest @ ..] => {
                hash_type = Some(HashType::parse(&rest.join(" ")).map_err(at)?)
            }
            ["option", "allbackups"] => all_backups = true,
            ["server", name, address, options @ ..] => {
                let mut s = Server::new(name, 1);
                s.address = address.to_string();
                let mut i = 0;
                while i < options.len() {
                    let value = options.get(i + 1);
                    let number = |what: &str| -> Result<u32, String> {
                        value
                            .and_then(|v| v.parse::<u32>().ok())
                            .ok_or_else(|| at(format!("server {name}: {what} takes a number")))
                    };
                    match options[i] {
                        "weight" => {
                            s.weight = number("weight")?;
                            if s.weight > MAX_WEIGHT {
                                return Err(at(format!(
                                    "server {name}: weight {} is above {MAX_WEIGHT}",
                                    s.weight
                                )));
                            }
                            i += 1;
                        }
                        "id" => {
                            let id = number("id")?;
                            if id == 0 {
                                return Err(at(format!("server {name}: id must be above 0")));
                            }
                            s.id = Some(id);
                            i += 1;
                        }
                        "backup" => s.backup = true,
                        "disabled" => s.disabled = true,
                        "enabled" => s.disabled = false,
                        _ => {}
                    }
                    i += 1;
                }
                if let Some(id) = s.id {
                    if let Some(other) = servers.iter().find(|o: &&Server| o.id == Some(id)) {
                        return Err(at(format!(
                            "server {name}: id {id} is already server {}'s",
                            other.name
                        )));
                    }
                }
                servers.push(s);
            }
            ["server", ..] => return Err(at("a server needs a name and an address".to_string())),
            _ => {}
        }
    }
    let hash_type = hash_type.ok_or_else(|| {
        "no 'hash-type consistent' line: HAProxy would use map-based hashing".to_string()
    })?;
    Ok(Config {
        balance,
        hash_type,
        servers,
        all_backups,
    })
}
