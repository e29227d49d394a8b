//! The systems' state a scenario keeps: what only the systems' own verbs change. Each system
//! writes its part in its folder, with what it reads of it; the systems' list says which parts
//! a new state holds. This file names no system.

use std::any::Any;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::core::error::Error;

/// One system's part of the state: how it starts, and what a server joining or leaving does
/// to it.
pub trait StatePart: Any + Clone + Eq + Hash + Debug + Send + Sync {
    /// What a cluster of `servers` servers starts with.
    fn new(servers: usize) -> Self;

    /// Whether every unit is held by one of `servers` servers.
    fn fits(&self, _servers: usize) -> bool {
        true
    }

    /// The part as a list of `servers` servers uses it: kept when it fits, started afresh
    /// otherwise.
    fn fitted(&self, servers: usize) -> Self {
        if self.fits(servers) {
            self.clone()
        } else {
            Self::new(servers)
        }
    }

    /// After a server joins the list at `index` (`servers` being the count after).
    fn joined(&self, index: usize, servers: usize) -> Self;

    /// After the server at `index` leaves a list of `servers`; `forget` names it when it is
    /// decommissioned (as opposed to failing and coming back).
    fn left(&self, index: usize, servers: usize, forget: Option<&str>) -> Self;

    /// Refuses a part no system could hold.
    fn check(&self) -> Result<(), Error> {
        Ok(())
    }
}

/// A part held without its type: what [`SystemState`] asks of each.
pub trait Part: Debug + Send + Sync {
    /// The part, to be read as its type.
    fn as_any(&self) -> &dyn Any;
    /// [`StatePart::fits`].
    fn fits(&self, servers: usize) -> bool;
    /// [`StatePart::fitted`].
    fn fitted(&self, servers: usize) -> Arc<dyn Part>;
    /// [`StatePart::joined`].
    fn joined(&self, index: usize, servers: usize) -> Arc<dyn Part>;
    /// [`StatePart::left`].
    fn left(&self, index: usize, servers: usize, forget: Option<&str>) -> Arc<dyn Part>;
    /// [`StatePart::check`].
    fn check(&self) -> Result<(), Error>;
    /// Whether `other` is the same part with the same content.
    fn same(&self, other: &dyn Part) -> bool;
    /// Hashes the part into `hasher`.
    fn hash_into(&self, hasher: &mut dyn Hasher);
}

impl<P: StatePart> Part for P {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn fits(&self, servers: usize) -> bool {
        StatePart::fits(self, servers)
    }

    fn fitted(&self, servers: usize) -> Arc<dyn Part> {
        Arc::new(StatePart::fitted(self, servers))
    }

    fn joined(&self, index: usize, servers: usize) -> Arc<dyn Part> {
        Arc::new(StatePart::joined(self, index, servers))
    }

    fn left(&self, index: usize, servers: usize, forget: Option<&str>) -> Arc<dyn Part> {
        Arc::new(StatePart::left(self, index, servers, forget))
    }

    fn check(&self) -> Result<(), Error> {
        StatePart::check(self)
    }

    fn same(&self, other: &dyn Part) -> bool {
        other.as_any().downcast_ref::<P>() == Some(self)
    }

    fn hash_into(&self, mut hasher: &mut dyn Hasher) {
        self.hash(&mut hasher);
    }
}

/// A new part `P`, as a cluster of `servers` servers starts with it.
pub fn fresh<P: StatePart>(servers: usize) -> Arc<dyn Part> {
    Arc::new(P::new(servers))
}

/// `list` without `name`'s entry: `None` when no name is given or it has no entry.
pub fn without<T: Clone>(list: &[(String, T)], name: Option<&str>) -> Option<Vec<(String, T)>> {
    let name = name?;
    list.iter()
        .any(|(n, _)| n == name)
        .then(|| list.iter().filter(|(n, _)| n != name).cloned().collect())
}

/// The state of the systems whose structure only their own verbs change: one part per system.
#[derive(Debug, Clone)]
pub struct SystemState {
    parts: Vec<Arc<dyn Part>>,
}

impl SystemState {
    /// A state of `parts`, one of each type.
    pub fn of(parts: Vec<Arc<dyn Part>>) -> SystemState {
        SystemState { parts }
    }

    /// The part of type `P`. Every state is made by the systems' list with one of each
    /// system's part, and changes only replace a part by one of its type.
    pub fn part<P: StatePart>(&self) -> &P {
        self.parts
            .iter()
            .find_map(|part| part.as_any().downcast_ref::<P>())
            .expect("a state holds every system's part")
    }

    /// The same state with `part` in place of the part of its type.
    pub fn with_part<P: StatePart>(&self, part: P) -> SystemState {
        let parts = self
            .parts
            .iter()
            .map(|old| {
                if old.as_any().is::<P>() {
                    Arc::new(part.clone()) as Arc<dyn Part>
                } else {
                    old.clone()
                }
            })
            .collect();
        SystemState { parts }
    }

    /// Whether every part fits `servers` servers.
    pub fn fits(&self, servers: usize) -> bool {
        self.parts.iter().all(|part| part.fits(servers))
    }

    /// The state as a list of `servers` servers uses it: each part kept when it fits, and
    /// started afresh otherwise.
    pub fn fitted(&self, servers: usize) -> SystemState {
        self.each(|part| part.fitted(servers))
    }

    /// After a server joins the list at `index` (`servers` being the count after).
    pub fn joined(&self, index: usize, servers: usize) -> SystemState {
        self.each(|part| part.joined(index, servers))
    }

    /// After the server at `index` leaves a list of `servers`; `forget` names it when it is
    /// decommissioned, so what was read for it goes too.
    pub fn left(&self, index: usize, servers: usize, forget: Option<&str>) -> SystemState {
        self.each(|part| part.left(index, servers, forget))
    }

    /// Refuses a state a part of which no system could hold.
    pub fn check(&self) -> Result<(), Error> {
        self.parts.iter().try_for_each(|part| part.check())
    }

    fn each(&self, change: impl Fn(&dyn Part) -> Arc<dyn Part>) -> SystemState {
        SystemState {
            parts: self
                .parts
                .iter()
                .map(|part| change(part.as_ref()))
                .collect(),
        }
    }
}

impl PartialEq for SystemState {
    fn eq(&self, other: &SystemState) -> bool {
        self.parts.len() == other.parts.len()
            && self
                .parts
                .iter()
                .zip(&other.parts)
                .all(|(a, b)| a.same(b.as_ref()))
    }
}

impl Eq for SystemState {}

impl Hash for SystemState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for part in &self.parts {
            part.hash_into(state);
        }
    }
}
