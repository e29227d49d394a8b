//! The real systems' own verbs applied to a scenario (each system's verbs are in its folder,
//! listed by [`SystemVerb`]), and what a change did to the chosen system's own structure.

use super::outcome::{Outcome, SystemOutcome};
use super::state::Scenario;
use crate::core::error::Error;
use crate::core::placement::systems::{units_moved, Applied, Cluster, SystemVerb};
use crate::core::placement::Kind;

impl Scenario {
    /// Does one of the systems' verbs.
    pub(super) fn system_verb(&self, verb: &SystemVerb) -> Result<(Scenario, Outcome), Error> {
        let names: Vec<&str> = self.servers.iter().map(|s| s.name.as_str()).collect();
        let cluster = Cluster {
            names: &names,
            state: &self.systems,
        };
        match verb.apply(&cluster)? {
            Applied::Unchanged { headline, notes } => {
                let mut outcome =
                    Outcome::quiet(headline, self.keys.len(), names.len(), self.placement);
                outcome.notes = notes;
                Ok((self.clone(), outcome))
            }
            Applied::Changed {
                state,
                headline,
                lines,
                compared,
            } => {
                let mut next = self.edited();
                next.systems = state;
                let (next, mut outcome) = self.moved(next, headline);
                if !compared {
                    outcome.baseline = None;
                }
                if let Some(system) = &mut outcome.system {
                    system.lines = lines;
                }
                Ok((next, outcome))
            }
        }
    }

    /// Refuses the server at `index` leaving where the chosen system refuses it (Redis's
    /// `del-node` of a master that holds slots).
    pub(super) fn refuse_del_node(&self, index: usize) -> Result<(), Error> {
        (self.placement.spec().refuse_leaving)(&self.layout(), index)
    }
}

/// What a change did to the structure of `kind`, when it is a real system: units that changed
/// server (or came and went), and keys that changed partition or shard.
pub(super) fn system_outcome(
    before: &Scenario,
    after: &Scenario,
    kind: Kind,
) -> Option<SystemOutcome> {
    let (pb, pa) = (before.placed(), after.placed());
    let (b, a) = (pb.system()?, pa.system()?);
    let moved = units_moved(b, pb.names(), a, pa.names());
    let regrouped = a.regroups().then(|| {
        let keys = after.keys();
        let common = before.keys().len().min(keys.len()) as u32;
        (0..common)
            .filter(|&id| pb.regroups(before.keys(), &pa, keys, id))
            .count()
    });
    Some(SystemOutcome {
        unit: kind.units().unwrap_or("units"),
        moved,
        total: a.unit_count(),
        regrouped,
        lines: Vec::new(),
    })
}
