//! The partition table as a placement: a key goes to the holder of its partition,
//! `⌊position × P / M⌋`. The table itself is the scenario's state
//! ([`PartitionTable`]), moved partition by partition as servers come and go.

use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, Space, State};
use super::options::Setting;
use super::partitions::PartitionTable;
use super::spec::{
    any_may_leave, no_caveat, nothing_ignored, on_the_ring, position_hover, Circle, Copies, Lookup,
    Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{Earlier, Evaluated, LoneKey, Lookup as Steps, Structure};
use super::trace::{hash_steps, Mark};
use crate::core::keys::KeySet;
use crate::core::par::map_ids;
use crate::core::size::RingSize;

/// The partition table.
pub static SPEC: Spec = Spec {
    id: "table",
    name: "Partition table",
    phrase: "the partition table",
    called: "Partition table",
    under: "under Partition table",
    summary: "The ring is cut into fixed partitions and a table says who holds each; moves are whole partitions.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Honoured,
    circle: Circle::Positions,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Table,
    servers_by: ServersBy::Table,
    settings: &[Setting::Partitions],
    note: None,
    hover: position_hover,
    picture: |layout, _| on_the_ring(SPEC.name, layout),
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(5),
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let (keys, size) = (layout.keys, layout.size);
    let t = layout.table.clone();
    let owners = map_ids(keys.len(), |id| {
        t.owner(t.partition_of(keys.position_of(id), size)) as u16
    });
    Evaluated {
        structure: Arc::new(Partitioned { table: t, size }),
        owners: Some(owners),
    }
}

/// The scenario's partition table, on a ring of `size`.
#[derive(Debug)]
struct Partitioned {
    table: Arc<PartitionTable>,
    size: RingSize,
}

impl Structure for Partitioned {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        let t = &self.table;
        t.owner(t.partition_of(keys.position_of(id), self.size))
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        let t = &self.table;
        Some(t.owner(t.partition_of(probe.position, self.size)))
    }

    fn circle(&self, size: RingSize) -> u64 {
        size.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        keys.position_of(id)
    }

    fn owner_at_spot(&self, spot: u32, size: RingSize, _: usize) -> usize {
        self.table.owner(self.table.partition_of(spot, size))
    }

    fn stretches(&self, size: RingSize) -> Option<Vec<(u64, u64, usize)>> {
        let t = &self.table;
        Some(
            (0..t.count())
                .filter_map(|p| {
                    let (first, next) = (t.start_of(p, size), t.start_of(p + 1, size));
                    (next > first).then(|| (next - 1, next - first, t.owner(p)))
                })
                .collect(),
        )
    }

    fn cost(&self, _: &KeySet, _: usize) -> Cost {
        Cost {
            per_key: 1.0,
            unit: "table read",
        }
    }

    fn state(&self, _: usize) -> State {
        State {
            count: u64::from(self.table.count()),
            unit: "partitions",
        }
    }

    fn holdings(&self, servers: usize) -> Vec<u64> {
        self.table.counts(servers)
    }

    fn space(&self, size: RingSize, servers: usize) -> Option<Space> {
        let t = &self.table;
        let mut amounts = vec![0u64; servers];
        for p in 0..t.count() {
            amounts[t.owner(p)] += t.start_of(p + 1, size) - t.start_of(p, size);
        }
        Some(Space {
            amounts,
            total: size.get(),
            unit: "positions",
            exact: true,
        })
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, owner: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let (t, size) = (&self.table, layout.size);
        let position = layout.keys.position_of(id);
        let p = t.partition_of(position, size);
        let (first, next) = (t.start_of(p, size), t.start_of(p + 1, size));
        steps.push(format!(
            "Its partition is ⌊{position} × {} / {}⌋ = {p}, positions {first} to {}.",
            t.count(),
            size,
            next - 1
        ));
        steps.push(format!("Row {p} of the table: {}.", names[owner]));
        Steps {
            steps,
            hashing,
            marks: vec![Mark::Span {
                from: first as u32,
                to: (next - 1) as u32,
            }],
            scores: Vec::new(),
        }
    }

    fn table(&self) -> Option<&PartitionTable> {
        Some(&self.table)
    }
}
