//! `Named`: a JSON object keyed by server name that keeps the servers' list order, shared by
//! the report's ownership tables and its requests section.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// A JSON object whose keys are server names, written in the servers' list order.
pub struct Named<T>(Vec<(String, T)>);

/// Named values from pairs.
pub fn named<T>(pairs: impl Iterator<Item = (String, T)>) -> Named<T> {
    Named(pairs.collect())
}

impl<T: Serialize> Serialize for Named<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}
