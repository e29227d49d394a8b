//! Cassandra tokens read from `nodetool ring` (or written in a link), as the scenario keeps
//! them.

use std::fmt;
use std::sync::Arc;

use crate::core::error::Error;
use crate::core::placement::systems::state::{without, StatePart, SystemState};

/// Cassandra tokens read from `nodetool ring` (or written in a link), by node name; the nodes
/// not listed draw theirs from the seed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Tokens(pub Vec<(String, Vec<i64>)>);

impl Tokens {
    /// The tokens of `name`, when they were read.
    pub fn of(&self, name: &str) -> Option<&[i64]> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_slice())
    }
}

/// `node=t1;t2;t3,node2=t4` (names cannot hold `,`; tokens are separated by `;`).
impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, tokens)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            let list: Vec<String> = tokens.iter().map(i64::to_string).collect();
            write!(f, "{name}={}", list.join(";"))?;
        }
        Ok(())
    }
}

impl Tokens {
    /// Reads the text [`Tokens`] writes.
    pub fn parse(text: &str) -> Result<Tokens, Error> {
        let mut out = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, list) = part.rsplit_once('=').ok_or_else(|| {
                Error::System(format!("{part:?} is not a node's tokens (node=t1;t2)."))
            })?;
            let tokens = list
                .split(';')
                .map(|t| {
                    t.trim().parse::<i64>().map_err(|_| {
                        Error::System(format!("{t:?} is not a token (a signed 64-bit integer)."))
                    })
                })
                .collect::<Result<Vec<i64>, Error>>()?;
            out.push((name.trim().to_string(), tokens));
        }
        let tokens = Tokens(out);
        tokens.check()?;
        Ok(tokens)
    }

    /// Refuses a token held twice, or a node listed twice.
    pub fn check(&self) -> Result<(), Error> {
        let mut seen: Vec<(i64, &str)> = Vec::new();
        for (i, (name, tokens)) in self.0.iter().enumerate() {
            if self.0[..i].iter().any(|(n, _)| n == name) {
                return Err(Error::System(format!("Node {name} is listed twice.")));
            }
            if tokens.is_empty() {
                return Err(Error::System(format!("Node {name} has no token.")));
            }
            for &t in tokens {
                if let Some((_, by)) = seen.iter().find(|(s, _)| *s == t) {
                    return Err(Error::System(format!(
                        "Token {t} is held twice, by {by} and by {name}: a token belongs to one node."
                    )));
                }
                seen.push((t, name));
            }
        }
        Ok(())
    }
}

/// No token is read until a ring is pasted; a decommissioned node's tokens are forgotten.
impl StatePart for Arc<Tokens> {
    fn new(_servers: usize) -> Arc<Tokens> {
        Arc::default()
    }

    fn joined(&self, _index: usize, _servers: usize) -> Arc<Tokens> {
        self.clone()
    }

    fn left(&self, _index: usize, _servers: usize, forget: Option<&str>) -> Arc<Tokens> {
        without(&self.0, forget).map_or_else(|| self.clone(), |rest| Arc::new(Tokens(rest)))
    }

    fn check(&self) -> Result<(), Error> {
        Tokens::check(self)
    }
}

impl SystemState {
    /// The Cassandra tokens that were read.
    pub fn tokens(&self) -> &Tokens {
        self.part::<Arc<Tokens>>()
    }

    /// The same state with the tokens `tokens` read.
    pub fn with_tokens(&self, tokens: Tokens) -> SystemState {
        self.with_part(Arc::new(tokens))
    }
}
