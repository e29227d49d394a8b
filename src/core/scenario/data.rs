//! Keys from a file of your own: the keys replace the scenario's, their counts (when the file
//! had any) become the measured popularity, and the scenario remembers where they came from,
//! so that a link can say it does not carry them.

use std::sync::Arc;

use super::data_source::DataSource;
use super::outcome::Outcome;
use super::state::Scenario;
use crate::core::error::Error;
use crate::core::keys::KeySet;
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::traffic::{Measured, Popularity};

impl Scenario {
    /// The scenario with `keys` (read for this ring and hash) in place of its own, `measured`
    /// (counts by key id) as the popularity when given, and `source` remembered.
    /// Hot keys are forgotten: they named the old keys.
    pub fn with_data(
        &self,
        keys: KeySet,
        measured: Option<Measured>,
        source: DataSource,
    ) -> Result<(Scenario, Outcome), Error> {
        if keys.ring_size() != self.size || keys.scheme() != self.hash {
            return Err(Error::Unreadable(
                "The ring's size or hash changed while the file was being read; open it again."
                    .into(),
            ));
        }
        if measured
            .as_ref()
            .is_some_and(|m| m.counts().len() != keys.len())
        {
            return Err(Error::Unreadable(
                "The counts do not match the keys, one for each.".into(),
            ));
        }
        let mut next = self.edited();
        let count = keys.len();
        next.keys = Arc::new(keys);
        next.traffic.hot.clear();
        next.traffic.measured = measured;
        next.traffic.popularity = match (&next.traffic.measured, self.traffic.popularity) {
            (Some(_), _) => Popularity::Measured,
            (None, Popularity::Measured) => Popularity::Uniform,
            (None, other) => other,
        };
        let headline = format!(
            "{} {} from your file ({} {}).",
            grouped(count as u64),
            plural(count, "key", "keys"),
            grouped(source.lines as u64),
            plural(source.lines, "line", "lines"),
        );
        next.source = Some(Arc::new(source));
        let outcome = Outcome::quiet(headline, count, self.servers.len(), self.placement);
        Ok((next, outcome))
    }

    /// Where the keys came from, when they came from a file.
    pub fn data_source(&self) -> Option<&DataSource> {
        self.source.as_deref()
    }

    /// Forgets the file the keys came from, and its counts: every key is gone.
    pub(super) fn forget_data(&mut self) {
        self.source = None;
        self.traffic.measured = None;
        if self.traffic.popularity == Popularity::Measured {
            self.traffic.popularity = Popularity::Uniform;
        }
    }

    /// Gives the keys added after the first `before` a count of 0, when the keys have counts.
    pub(super) fn count_new_keys(&mut self, before: usize) {
        let added = self.keys.len().saturating_sub(before);
        if added > 0 {
            if let Some(measured) = &self.traffic.measured {
                self.traffic.measured = Some(measured.with_more(added));
            }
        }
    }
}
