//! Changes to the keys: adding, generating, dropping and clearing them.

use std::sync::Arc;

use super::super::outcome::Outcome;
use super::super::state::Scenario;
use crate::core::error::{shown, Error};
use crate::core::keys::{Commas, Key, KeySet};
use crate::core::numbers_and_lists::plural;

impl Scenario {
    /// Adds keys by label.
    pub(super) fn add_keys(&self, keys: &[String]) -> Result<(Scenario, Outcome), Error> {
        let parsed = keys
            .iter()
            .map(|k| Key::parse(k))
            .collect::<Result<Vec<_>, _>>()?;
        if parsed.is_empty() {
            return Err(Error::EmptyKey);
        }
        let headline = match parsed.as_slice() {
            [one] => format!("Key {} added.", shown(&one.label())),
            many => format!("{} keys added.", many.len()),
        };
        self.with_keys(headline, |set| set.insert(parsed))
    }

    /// Adds `count` generated keys.
    pub(super) fn generate_keys(&self, count: usize) -> Result<(Scenario, Outcome), Error> {
        let words = plural(count, "key", "keys");
        self.with_keys(format!("{count} {words} added."), |set| {
            set.generate(count).map(|_| ())
        })
    }

    /// Removes one key, and its heat and count.
    pub(super) fn drop_key(&self, label: &str) -> Result<(Scenario, Outcome), Error> {
        let (mut next, outcome) = self
            .with_keys(format!("Key {} removed.", shown(label.trim())), |set| {
                set.remove(label).map(|_| ())
            })?;
        // A key that is gone is hot no more, and has no count.
        if let (Some(measured), Some(id)) = (&self.traffic.measured, self.keys.find(label)) {
            next.traffic.measured = Some(measured.without(id));
        }
        let key = Key::read(label, Commas::Kept)?;
        next.traffic
            .hot
            .retain(|(l, _)| Key::parse(l).ok().as_ref() != Some(&key));
        Ok((next, outcome))
    }

    /// Removes every key, and the data they came from.
    pub(super) fn clear_keys(&self) -> Result<(Scenario, Outcome), Error> {
        let (mut next, outcome) = self.with_keys("All keys removed.".into(), |set| {
            set.clear();
            Ok(())
        })?;
        next.traffic.hot.clear();
        next.forget_data();
        Ok((next, outcome))
    }

    fn with_keys(
        &self,
        headline: String,
        edit: impl FnOnce(&mut KeySet) -> Result<(), Error>,
    ) -> Result<(Scenario, Outcome), Error> {
        let mut set = (*self.keys).clone();
        edit(&mut set)?;
        let mut next = self.edited();
        next.keys = Arc::new(set);
        next.count_new_keys(self.keys.len());
        let mut outcome = Outcome::quiet(
            headline,
            next.keys.len(),
            self.servers.len(),
            self.placement,
        );
        outcome.notes.extend(bounded_note(self, &next));
        Ok((next, outcome))
    }
}

/// Where the placement caps each server's keys (bounded loads), the caps grow and shrink with
/// the number of keys, so adding or removing keys can move keys that were already there; says
/// how many.
fn bounded_note(before: &Scenario, after: &Scenario) -> Option<String> {
    let (b, a) = (before.placed(), after.placed());
    b.caps()?;
    let common = before.keys.len().min(after.keys.len());
    if after.keys.len() < before.keys.len() {
        return None;
    }
    let moved = (0..common as u32)
        .filter(|&id| {
            b.names()[b.owner_of_key(&before.keys, id)]
                != a.names()[a.owner_of_key(&after.keys, id)]
        })
        .count();
    (moved > 0).then(|| {
        format!(
            "The caps grew with the keys, so {moved} {} that were already there changed server.",
            plural(moved, "key", "keys")
        )
    })
}
