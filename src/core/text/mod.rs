//! Servers and changes as short text, shared by links, the command line and host pages:
//!
//! | text | meaning |
//! |---|---|
//! | `D`, `D@60`, `D*2` | a hashed server, one placed by hand at 60, a hashed server of weight 2 |
//! | `add:D@60`, `remove:B` | add or remove a server |
//! | `vnodes:100`, `weight:D*2`, `move:D@70` | virtual nodes, a weight, a hand-placed point |
//! | `hash-placed` | hash every server placed by hand |
//! | `keys:@52,user:7`, `gen:100`, `drop:@52`, `clear` | add, generate, remove, clear keys |
//! | `ring:2^32`, `hash:md5-low32` | the ring's size, the hash |
//! | `placement:jump`, `maglev:65537`, `partitions:1024`, `load:1.25`, `probes:21` | the placement and its settings |
//! | `traffic:zipf:1.1`, `hot:@52*1000`, `cool:@52`, `remedy:copies:3` | popularity, hot keys, remedies |
//! | `fail:C`, `restart:C` | a server fails (down, off the ring) or restarts empty |
//! | `replicas:3`, `restart-after:60`, `restart-after:off`, `gossip:30`, `writes:500` | the timeline's settings |
//! | `num-tokens:16`, `token-seed:7`, `min-ring:1024`, `groupcache-replicas:50`, `hash-type:sdbm`, `nc-hash:md5`, `hash-tag:{}` | the real systems' settings |
//! | `rebalance:use-empty-masters`, `reshard:all>D=100`, `topic:6`, `add-partitions:1`, `index:3/768`, `split:6`, `shrink:1` | the real systems' own verbs, each written in its system's folder ([`SystemVerb`]) |

use std::fmt;
use std::str::FromStr;

use crate::core::error::Error;
use crate::core::placement::systems::SystemVerb;
use crate::core::placement::Setting;
use crate::core::scenario::{Change, NewServer};
use crate::core::server::{Placement, Server, WEIGHTS};
use crate::core::size::{parse_number, RingSize};

/// A server written as text: `name`, `name@position` or `name*weight`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerSpec {
    /// Its name (checked when the server is added).
    pub name: String,
    /// A position chosen by hand.
    pub at: Option<u64>,
    /// A weight, for a hashed server.
    pub weight: Option<u32>,
}

impl ServerSpec {
    /// The server this text describes, on a ring of `size`, for building a scenario (which
    /// checks the rest: its name, duplicates, its weight, free positions).
    pub fn on_ring(&self, size: RingSize) -> Result<Server, Error> {
        let placement = match (self.at, self.weight) {
            (Some(_), Some(_)) => return Err(Error::WeightOfPlacedServer(self.name.clone())),
            (Some(at), None) => Placement::At(size.check(at)?),
            (None, weight) => Placement::Hashed {
                weight: weight.unwrap_or(1),
            },
        };
        Ok(Server {
            name: self.name.clone(),
            placement,
        })
    }

    /// The text for `server`.
    pub fn of(server: &Server) -> ServerSpec {
        let (at, weight) = match server.placement {
            Placement::At(p) => (Some(u64::from(p)), None),
            Placement::Hashed { weight: 1 } => (None, None),
            Placement::Hashed { weight } => (None, Some(weight)),
        };
        ServerSpec {
            name: server.name.clone(),
            at,
            weight,
        }
    }
}

impl FromStr for ServerSpec {
    type Err = Error;

    /// Reads `name`, `name@position` or `name*weight`: a weight after the last `*`, then a
    /// position after the first `@` of what is left (so `A@10*2` is read, and refused as a
    /// weight given to a server placed by hand).
    fn from_str(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let (rest, weight) = match text.rsplit_once('*') {
            Some((rest, weight)) => (
                rest,
                Some(parse_number(weight).map_err(|e| e.largest(u64::from(*WEIGHTS.end())))?),
            ),
            None => (text, None),
        };
        let (name, at) = match rest.split_once('@') {
            Some((name, at)) => (
                name,
                Some(parse_number(at).map_err(|e| e.largest(RingSize::MAX - 1))?),
            ),
            None => (rest, None),
        };
        Ok(ServerSpec {
            name: name.trim().to_string(),
            at,
            weight,
        })
    }
}

impl fmt::Display for ServerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if let Some(at) = self.at {
            write!(f, "@{at}")?;
        }
        if let Some(weight) = self.weight {
            write!(f, "*{weight}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::AddServer { name, at, weight } => {
                let spec = ServerSpec {
                    name: name.clone(),
                    at: *at,
                    weight: *weight,
                };
                write!(f, "add:{spec}")
            }
            Change::SetServers { servers } => {
                let specs: Vec<String> = servers
                    .iter()
                    .map(|s| {
                        ServerSpec {
                            name: s.name.clone(),
                            at: s.at,
                            weight: s.weight,
                        }
                        .to_string()
                    })
                    .collect();
                write!(f, "servers:{}", specs.join(","))
            }
            Change::RemoveServer { name } => write!(f, "remove:{name}"),
            Change::SetVnodes { vnodes } => write!(f, "vnodes:{vnodes}"),
            Change::SetWeight { name, weight } => write!(f, "weight:{name}*{weight}"),
            Change::MovePoint { name, to } => write!(f, "move:{name}@{to}"),
            Change::HashPlaced => f.write_str("hash-placed"),
            Change::AddKeys { keys } => write!(f, "keys:{}", keys.join(",")),
            Change::GenerateKeys { count } => write!(f, "gen:{count}"),
            Change::DropKey { label } => write!(f, "drop:{label}"),
            Change::ClearKeys => f.write_str("clear"),
            Change::SetRingSize { size } => match RingSize::new(*size) {
                Ok(size) => write!(f, "ring:{size}"),
                Err(_) => write!(f, "ring:{size}"),
            },
            Change::SetHash { hash } => write!(f, "hash:{hash}"),
            Change::SetPlacement { placement } => write!(f, "placement:{placement}"),
            Change::SetPopularity { popularity } => write!(f, "traffic:{popularity}"),
            Change::MakeHot { key, times } => write!(f, "hot:{key}*{times}"),
            Change::SetRemedy { remedy } => write!(f, "remedy:{remedy}"),
            Change::FailServer { name } => write!(f, "fail:{name}"),
            Change::RestartServer { name } => write!(f, "restart:{name}"),
            Change::SetReplicas { count } => write!(f, "replicas:{count}"),
            Change::SetRestartDelay { seconds: Some(s) } => write!(f, "restart-after:{s}"),
            Change::SetRestartDelay { seconds: None } => f.write_str("restart-after:off"),
            Change::SetGossip { seconds } => write!(f, "gossip:{seconds}"),
            Change::SetWrites { per_second } => write!(f, "writes:{per_second}"),
            Change::Set { setting, value } => write!(f, "{}:{value}", setting.verb()),
            Change::System(verb) => write!(f, "{verb}"),
        }
    }
}

impl FromStr for Change {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let (verb, rest) = text.split_once(':').unwrap_or((text, ""));
        if let Some(&setting) = Setting::ALL.iter().find(|s| s.verb() == verb) {
            return Change::setting(setting, rest);
        }
        let change = match verb {
            "add" => {
                let spec: ServerSpec = rest.parse()?;
                Change::AddServer {
                    name: spec.name,
                    at: spec.at,
                    weight: spec.weight,
                }
            }
            "servers" => Change::SetServers {
                servers: rest
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| {
                        s.parse::<ServerSpec>().map(|spec| NewServer {
                            name: spec.name,
                            at: spec.at,
                            weight: spec.weight,
                        })
                    })
                    .collect::<Result<_, _>>()?,
            },
            "remove" => Change::RemoveServer {
                name: rest.trim().to_string(),
            },
            "vnodes" => Change::SetVnodes {
                vnodes: parse_number(rest)?,
            },
            "weight" => {
                let spec: ServerSpec = rest.parse()?;
                let weight = spec
                    .weight
                    .ok_or_else(|| Error::NotANumber(rest.trim().to_string()))?;
                Change::SetWeight {
                    name: spec.name,
                    weight,
                }
            }
            "move" => {
                let spec: ServerSpec = rest.parse()?;
                if spec.weight.is_some() {
                    // A move sets a point, not a weight: a weight here would be dropped.
                    return Err(Error::OutOfRange(
                        "A move names a server and the position its point goes to (move:B@40), without a weight.",
                    ));
                }
                let to = spec
                    .at
                    .ok_or_else(|| Error::NotANumber(rest.trim().to_string()))?;
                Change::MovePoint {
                    name: spec.name,
                    to,
                }
            }
            "keys" => Change::AddKeys {
                keys: rest
                    .split(',')
                    .map(|k| k.trim().to_string())
                    .filter(|k| !k.is_empty())
                    .collect(),
            },
            "gen" => Change::GenerateKeys {
                count: parse_number(rest)?,
            },
            "drop" => Change::DropKey {
                label: rest.trim().to_string(),
            },
            "clear" => Change::ClearKeys,
            "hash-placed" => Change::HashPlaced,
            "ring" => Change::SetRingSize {
                size: rest.parse::<RingSize>()?.get(),
            },
            "hash" => Change::SetHash {
                hash: rest.parse()?,
            },
            "placement" => Change::SetPlacement {
                placement: rest.parse()?,
            },
            "traffic" => Change::SetPopularity {
                popularity: rest.parse()?,
            },
            "hot" => {
                let (key, times) = rest
                    .rsplit_once('*')
                    .ok_or_else(|| Error::NotANumber(rest.trim().to_string()))?;
                Change::MakeHot {
                    key: key.trim().to_string(),
                    times: parse_number(times)?,
                }
            }
            "cool" => Change::MakeHot {
                key: rest.trim().to_string(),
                times: 1,
            },
            "remedy" => Change::SetRemedy {
                remedy: rest.parse()?,
            },
            "fail" => Change::FailServer {
                name: rest.trim().to_string(),
            },
            "restart" => Change::RestartServer {
                name: rest.trim().to_string(),
            },
            "replicas" => Change::SetReplicas {
                count: parse_number(rest)?,
            },
            "restart-after" => Change::SetRestartDelay {
                seconds: match rest.trim() {
                    "off" => None,
                    seconds => Some(parse_number(seconds)?),
                },
            },
            "gossip" => Change::SetGossip {
                seconds: parse_number(rest)?,
            },
            "writes" => Change::SetWrites {
                per_second: parse_number(rest)?,
            },
            other => match SystemVerb::read(other, rest) {
                Some(verb) => Change::System(verb?),
                None => return Err(Error::UnknownChange(text.to_string())),
            },
        };
        Ok(change)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_change_reads_back_from_its_text() {
        let changes = [
            "add:D@60",
            "add:E",
            "add:F*2",
            "remove:B",
            "vnodes:100",
            "weight:D*3",
            "move:A@12",
            "hash-placed",
            "keys:@52,user:7",
            "gen:100",
            "drop:@52",
            "clear",
            "ring:2^32",
            "ring:400",
            "hash:md5-low32",
            "placement:multi-probe",
            "maglev:65537",
            "partitions:1024",
            "load:1.25",
            "probes:21",
            "traffic:zipf:1.10",
            "traffic:uniform",
            "hot:@52*1000",
            "remedy:bounded:1.25",
            "remedy:copies:3",
            "remedy:near:off",
            "remedy:top:10",
            "fail:C",
            "restart:C",
            "replicas:3",
            "restart-after:60",
            "restart-after:off",
            "gossip:30",
            "writes:500",
            "rebalance",
            "rebalance:use-empty-masters",
            "rebalance:use-empty-masters,threshold=1,10.0.0.1:6379=0,B=2.5",
            "reshard:all>D=100",
            "reshard:10.0.0.1:6379,B>D=1000",
            "topic:12",
            "add-partitions:1",
            "index:3",
            "index:3/96",
            "index:4/4/9.4",
            "split:6",
            "shrink:1",
            "num-tokens:256",
            "token-seed:7",
            "min-ring:2048",
            "groupcache-replicas:50",
        ];
        for text in changes {
            let change: Change = text.parse().unwrap();
            assert_eq!(change.to_string(), text);
        }
    }

    #[test]
    fn unknown_or_malformed_changes_are_refused_with_a_reason() {
        assert!(matches!(
            "explode:A".parse::<Change>(),
            Err(Error::UnknownChange(_))
        ));
        assert!(matches!(
            "vnodes:lots".parse::<Change>(),
            Err(Error::NotANumber(_))
        ));
        assert!("ring:1".parse::<Change>().is_err());
    }

    #[test]
    fn servers_read_as_hashed_placed_or_weighted() {
        let placed: ServerSpec = "A@10".parse().unwrap();
        assert_eq!(
            placed.on_ring(RingSize::TEACHING).unwrap(),
            Server::at("A", 10)
        );
        let weighted: ServerSpec = "tokyo*2".parse().unwrap();
        assert_eq!(weighted.on_ring(RingSize::TEACHING).unwrap().weight(), 2);
        assert_eq!(ServerSpec::of(&Server::hashed("x")).to_string(), "x");
    }

    #[test]
    fn a_weight_after_a_position_is_read_whole_and_refused_as_the_weight_of_a_placed_server() {
        let spec: ServerSpec = "A@10*2".parse().unwrap();
        assert_eq!((spec.at, spec.weight), (Some(10), Some(2)));
        assert_eq!(
            spec.on_ring(RingSize::TEACHING),
            Err(Error::WeightOfPlacedServer("A".into()))
        );
        assert!(matches!(
            "A@100"
                .parse::<ServerSpec>()
                .unwrap()
                .on_ring(RingSize::TEACHING),
            Err(Error::PositionOutsideRing {
                position: 100,
                size: 100
            })
        ));
    }
}
