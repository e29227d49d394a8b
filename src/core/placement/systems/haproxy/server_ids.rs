//! HAProxy servers' explicit `id`s, as the scenario keeps them.

use std::fmt;
use std::sync::Arc;

use crate::core::error::{shown, Error};
use crate::core::placement::systems::state::{without, StatePart, SystemState};
use crate::core::size::parse_number;

/// HAProxy servers' explicit `id`s, read from a pasted `backend` (or written in a link), by
/// server name; the servers not listed are numbered as HAProxy numbers them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ServerIds(pub Vec<(String, u32)>);

impl ServerIds {
    /// The explicit id of `name`, when it has one.
    pub fn of(&self, name: &str) -> Option<u32> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, id)| *id)
    }

    /// Reads the text [`ServerIds`] writes: `name=id,name2=id2`.
    pub fn parse(text: &str) -> Result<ServerIds, Error> {
        let mut out: Vec<(String, u32)> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, id) = part.rsplit_once('=').ok_or_else(|| {
                Error::System(format!("{} is no server id: write name=id.", shown(part)))
            })?;
            let id: u32 = parse_number(id)?;
            let name = name.trim();
            if id == 0 {
                return Err(Error::System(format!(
                    "{} has id 0: ids start at 1.",
                    shown(name)
                )));
            }
            if out.iter().any(|(n, i)| n == name || *i == id) {
                return Err(Error::System(format!(
                    "{} or its id {id} is given twice.",
                    shown(name)
                )));
            }
            out.push((name.to_string(), id));
        }
        Ok(ServerIds(out))
    }
}

/// `a=1,b=7`.
impl fmt::Display for ServerIds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, id)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{name}={id}")?;
        }
        Ok(())
    }
}

/// No id is read until a backend is pasted; a removed server's id is forgotten.
impl StatePart for Arc<ServerIds> {
    fn new(_servers: usize) -> Arc<ServerIds> {
        Arc::default()
    }

    fn joined(&self, _index: usize, _servers: usize) -> Arc<ServerIds> {
        self.clone()
    }

    fn left(&self, _index: usize, _servers: usize, forget: Option<&str>) -> Arc<ServerIds> {
        without(&self.0, forget).map_or_else(|| self.clone(), |rest| Arc::new(ServerIds(rest)))
    }
}

impl SystemState {
    /// HAProxy servers' explicit ids.
    pub fn ids(&self) -> &ServerIds {
        self.part::<Arc<ServerIds>>()
    }

    /// The same state with the HAProxy ids `ids` read.
    pub fn with_ids(&self, ids: ServerIds) -> SystemState {
        self.with_part(Arc::new(ids))
    }
}
