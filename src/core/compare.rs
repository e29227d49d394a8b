//! Every placement on the same servers, the same keys and the same change.
//!
//! A comparison is one `(before, after)` pair of scenarios evaluated under each placement in
//! turn: no second engine, the same [`Placed`] the main view uses.

use std::sync::Arc;

use crate::core::modn::mod_n_expected;
use crate::core::moves::KeyIds;
use crate::core::placement::{ideal_movement, moves_between, Cost, Kind, Placed, State};
use crate::core::scenario::Scenario;

/// One placement's figures for the change.
#[derive(Debug, Clone)]
pub struct Column {
    /// The placement.
    pub kind: Kind,
    /// Keys that changed server.
    pub moved: usize,
    /// Which keys changed server.
    pub moved_keys: KeyIds,
    /// The placement evaluated on the scenario after the change, for drawing it.
    pub placed: Arc<Placed>,
    /// The least any placement could move (mod N: what its theory expects).
    pub ideal: Option<f64>,
    /// Server names before, in list order.
    pub names_before: Vec<Arc<str>>,
    /// Keys per server before.
    pub before: Vec<u64>,
    /// Server names after.
    pub names_after: Vec<Arc<str>>,
    /// Keys per server after.
    pub after: Vec<u64>,
    /// The busiest server's keys over its ideal count, after the change.
    pub peak_to_mean: Option<f64>,
    /// The standard deviation of keys over ideal count, after the change.
    pub spread: Option<f64>,
    /// One lookup's cost, after the change.
    pub cost: Cost,
    /// What the placement stores, after the change.
    pub state: State,
    /// Something to know about this column, such as weights it ignores.
    pub note: Option<String>,
}

/// Every placement's column, and the number of keys they are out of.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The number of keys.
    pub keys: usize,
    /// One column per placement, in the order asked for.
    pub columns: Vec<Column>,
}

impl Column {
    /// The share of keys that moved.
    pub fn moved_fraction(&self, keys: usize) -> Option<f64> {
        (keys > 0).then(|| self.moved as f64 / keys as f64)
    }
}

/// The best figure of each column: the movement nearest the least any placement could move
/// (not the fewest: moving less than a fair share leaves a newcomer short), the busiest server
/// nearest the mean, and the cheapest lookup.
///
/// Moved keys and the busiest server are counts of keys, so with few keys they differ by luck:
/// a best figure is only marked when it stands clear of the runner-up by more than that luck
/// (twice the standard error of a share of K keys, `2·√(p(1−p)/K)`, for the moved share; twice
/// `√(N/K)`, the relative spread of one server's count among N, for the busiest server). Five
/// keys mark neither. Lookup costs are exact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Best {
    /// The smallest distance between a placement's moved share and the ideal.
    pub moved_gap: Option<f64>,
    /// Whether that smallest distance stands clear of the next one by more than luck.
    pub moved_clear: bool,
    /// The smallest busiest-over-mean.
    pub peak: Option<f64>,
    /// Whether that smallest busiest-over-mean stands clear of the next one by more than luck.
    pub peak_clear: bool,
    /// The smallest lookup cost.
    pub cost: f64,
}

/// Whether the smallest of `values` stands clear of the next larger one by more than `noise`
/// (false when every value ties).
fn clear_of_the_rest(values: &[f64], noise: f64) -> bool {
    let Some(best) = values.iter().copied().min_by(f64::total_cmp) else {
        return false;
    };
    values
        .iter()
        .copied()
        .filter(|v| *v > best + 1e-9)
        .min_by(f64::total_cmp)
        .is_some_and(|runner_up| runner_up - best > noise)
}

impl Comparison {
    /// The ideal share of keys to move: what the ring, honouring weights, should move.
    pub fn ideal(&self) -> Option<f64> {
        self.columns
            .iter()
            .find(|c| c.kind == Kind::Ring)
            .and_then(|c| c.ideal)
    }

    fn gap(&self, col: &Column) -> Option<f64> {
        Some((col.moved_fraction(self.keys)? - self.ideal()?).abs())
    }

    /// The best of each column.
    pub fn best(&self) -> Best {
        let keys = self.keys.max(1) as f64;
        let gaps: Vec<f64> = self.columns.iter().filter_map(|c| self.gap(c)).collect();
        let peaks: Vec<f64> = self.columns.iter().filter_map(|c| c.peak_to_mean).collect();
        let share = self
            .ideal()
            .unwrap_or(0.5)
            .clamp(0.5 / keys, 1.0 - 0.5 / keys);
        let servers = self.columns.first().map_or(1, |c| c.after.len().max(1)) as f64;
        Best {
            moved_gap: gaps.iter().copied().min_by(f64::total_cmp),
            moved_clear: clear_of_the_rest(&gaps, 2.0 * (share * (1.0 - share) / keys).sqrt()),
            peak: peaks.iter().copied().min_by(f64::total_cmp),
            peak_clear: clear_of_the_rest(&peaks, 2.0 * (servers / keys).sqrt()),
            cost: self
                .columns
                .iter()
                .map(|c| c.cost.per_key)
                .min_by(f64::total_cmp)
                .unwrap_or(0.0),
        }
    }

    /// Which of `col`'s figures are the best of their column: moved, busiest, cost.
    pub fn marks(&self, col: &Column, best: &Best) -> (bool, bool, bool) {
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        (
            best.moved_clear
                && self
                    .gap(col)
                    .zip(best.moved_gap)
                    .is_some_and(|(g, b)| near(g, b)),
            best.peak_clear
                && col
                    .peak_to_mean
                    .zip(best.peak)
                    .is_some_and(|(p, b)| near(p, b)),
            near(col.cost.per_key, best.cost),
        )
    }
}

/// Evaluates every textbook placement ([`Kind::ALL`]) on `before` and `after` (the same keys).
pub fn compare(before: &Scenario, after: &Scenario) -> Comparison {
    compare_kinds(before, after, &Kind::ALL)
}

/// Evaluates `kinds`, in that order, on `before` and `after` (the same keys): the textbook
/// placements and the real systems side by side when both are asked for.
pub fn compare_kinds(before: &Scenario, after: &Scenario, kinds: &[Kind]) -> Comparison {
    compare_batch(before, after, kinds, &[])
}

/// [`compare_kinds`] on one batch of keys read from a longer list, where `repeats` names, for
/// each line that repeated an earlier line's key, that key's id: each such line counts again,
/// with that key's servers. Batches are summed with [`Comparison::add`].
pub fn compare_batch(
    before: &Scenario,
    after: &Scenario,
    kinds: &[Kind],
    repeats: &[u32],
) -> Comparison {
    let columns = each_kind(kinds, |kind| column(before, after, kind, repeats));
    Comparison {
        keys: after.keys().len() + repeats.len(),
        columns,
    }
}

fn column(before: &Scenario, after: &Scenario, kind: Kind, repeats: &[u32]) -> Column {
    let b = before.place(kind);
    // The scenario's own placement may be evaluated already; any other is evaluated from the
    // one before the change, which can save work (see `Placed::following`).
    let a = if kind == after.placement() {
        after.place(kind)
    } else {
        Arc::new(Placed::following(
            &after.layout(),
            kind,
            &before.layout(),
            &b,
        ))
    };
    let moved = if std::ptr::eq(before, after) {
        KeyIds::default()
    } else {
        moves_between(&before.layout(), &b, &after.layout(), &a).keys
    };
    let ideal = if kind == Kind::ModN {
        mod_n_expected(before.servers().len(), after.servers().len())
    } else {
        ideal_movement(kind, &before.layout(), &after.layout())
    };
    let mut counts_before = b.counts().to_vec();
    let mut counts_after = a.counts().to_vec();
    let mut moved_again = 0;
    for &id in repeats {
        let (from, to) = (
            b.owner_of_key(before.keys(), id),
            a.owner_of_key(after.keys(), id),
        );
        counts_before[from] += 1;
        counts_after[to] += 1;
        moved_again += usize::from(moved.contains(id));
    }
    let keys = after.keys().len() + repeats.len();
    let (peak, spread) = balance(&counts_after, &a.ideals(), keys);
    let weighted = after.servers().iter().any(|s| s.weight() != 1);
    let note = (weighted && !kind.uses_weights()).then(|| {
        format!(
            "{} gives every server the same share: weights do not apply.",
            kind.name()
        )
    });
    Column {
        kind,
        moved: moved.len() + moved_again,
        moved_keys: moved,
        ideal,
        names_before: b.names().to_vec(),
        before: counts_before,
        names_after: a.names().to_vec(),
        after: counts_after,
        peak_to_mean: peak,
        spread,
        cost: a.cost(after.keys()),
        state: a.state(),
        note,
        placed: a,
    }
}

/// The busiest server's keys over its ideal count, and the standard deviation of keys over
/// ideal count, from each server's `counts` and its `ideals` (its ideal share of the `keys`);
/// none without keys.
fn balance(counts: &[u64], ideals: &[f64], keys: usize) -> (Option<f64>, Option<f64>) {
    if keys == 0 {
        return (None, None);
    }
    let keys = keys as f64;
    let ratios: Vec<f64> = counts
        .iter()
        .zip(ideals)
        .map(|(&c, &i)| c as f64 / (i * keys))
        .collect();
    let n = ratios.len() as f64;
    (
        Some(ratios.iter().copied().fold(0.0, f64::max)),
        Some((ratios.iter().map(|r| (r - 1.0).powi(2)).sum::<f64>() / n).sqrt()),
    )
}

impl Comparison {
    /// Adds `later`, the comparison of the same change over keys that came after these (the
    /// next batch of a longer list, measured by [`compare_batch`] with the same placements):
    /// moves and each server's keys summed, the balance and the mean lookup cost taken over
    /// every key. Which keys moved is not kept: key ids are a batch's own.
    pub fn add(&mut self, later: Comparison) {
        let (keys, more) = (self.keys as f64, later.keys as f64);
        for (col, next) in self.columns.iter_mut().zip(later.columns) {
            col.moved += next.moved;
            col.moved_keys = KeyIds::default();
            for (sum, count) in col.before.iter_mut().zip(&next.before) {
                *sum += count;
            }
            for (sum, count) in col.after.iter_mut().zip(&next.after) {
                *sum += count;
            }
            (col.peak_to_mean, col.spread) =
                balance(&col.after, &col.placed.ideals(), self.keys + later.keys);
            if keys + more > 0.0 {
                col.cost.per_key =
                    (col.cost.per_key * keys + next.cost.per_key * more) / (keys + more);
            }
        }
        self.keys += later.keys;
    }
}

/// `f` for every placement of `kinds`, in order; natively the placements share the cores.
fn each_kind<T: Send>(kinds: &[Kind], f: impl Fn(Kind) -> T + Sync) -> Vec<T> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = crate::core::par::threads();
        if threads > 1 {
            return std::thread::scope(|scope| {
                let handles: Vec<_> = kinds
                    .iter()
                    .map(|&kind| {
                        let f = &f;
                        scope.spawn(move || f(kind))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a placement's evaluation never panics"))
                    .collect()
            });
        }
    }
    kinds.iter().map(|&kind| f(kind)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Change;

    #[test]
    fn two_batches_summed_compare_as_their_keys_held_together_do() {
        let servers = ["A", "B", "C"]
            .map(crate::core::server::Server::hashed)
            .to_vec();
        let ring = Scenario::new(
            crate::core::RingSize::FULL,
            crate::core::HashScheme::default(),
            40,
            servers,
        )
        .unwrap();
        let with = |range: std::ops::Range<u32>| {
            let mut s = ring.clone();
            s.insert_keys(range.map(crate::core::Key::Generated).collect())
                .unwrap();
            let (after, _) = s
                .after(Change::AddServer {
                    name: "D".into(),
                    at: None,
                    weight: None,
                })
                .unwrap();
            (s, after)
        };
        let kinds: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| *k != Kind::Bounded)
            .collect();
        let (all, all_after) = with(0..3_000);
        let whole = compare_kinds(&all, &all_after, &kinds);
        let (first, first_after) = with(0..1_200);
        let (second, second_after) = with(1_200..3_000);
        let mut summed = compare_kinds(&first, &first_after, &kinds);
        summed.add(compare_kinds(&second, &second_after, &kinds));
        assert_eq!(summed.keys, 3_000);
        for (s, w) in summed.columns.iter().zip(&whole.columns) {
            assert_eq!(
                (s.moved, &s.before, &s.after),
                (w.moved, &w.before, &w.after)
            );
            assert_eq!(s.peak_to_mean, w.peak_to_mean, "{:?}", s.kind);
            assert!(
                (s.cost.per_key - w.cost.per_key).abs() < 1e-9,
                "{:?}",
                s.kind
            );
        }
    }

    #[test]
    fn adding_d_to_the_teaching_ring_is_measured_under_every_placement() {
        let before = Scenario::teaching();
        let mut after = before.clone();
        after
            .apply(Change::AddServer {
                name: "D".into(),
                at: Some(60),
                weight: None,
            })
            .unwrap();
        let c = compare(&before, &after);
        assert_eq!(c.columns.len(), 9);
        let of = |k: Kind| c.columns.iter().find(|col| col.kind == k).unwrap();
        assert_eq!(of(Kind::Ring).moved, 1);
        assert_eq!(of(Kind::ModN).moved, 4);
        assert_eq!(of(Kind::Ring).ideal, Some(0.25));
        assert_eq!(of(Kind::ModN).ideal, Some(0.75));
        for col in &c.columns {
            assert_eq!(col.after.iter().sum::<u64>(), 5, "{:?}", col.kind);
        }
    }

    #[test]
    fn five_keys_mark_no_best_movement_or_balance_but_ten_thousand_do() {
        let join = |keys: &str| {
            let before = crate::core::read_link(
                &format!("ring=2^32&vnodes=100&servers=A,B,C,D&{keys}"),
                20_000,
            )
            .scenario;
            let mut after = before.clone();
            after
                .apply(Change::AddServer {
                    name: "E".into(),
                    at: None,
                    weight: None,
                })
                .unwrap();
            let c = compare(&before, &after);
            let best = c.best();
            let marked: Vec<(Kind, (bool, bool, bool))> = c
                .columns
                .iter()
                .map(|col| (col.kind, c.marks(col, &best)))
                .collect();
            (best, marked)
        };
        let (few, marked) = join("gen=5");
        assert!(!few.moved_clear && !few.peak_clear);
        assert!(marked.iter().all(|(_, (moved, peak, _))| !moved && !peak));
        // The cheapest lookup is exact, so it is marked whatever the keys.
        assert!(marked.iter().any(|(_, (_, _, cost))| *cost));
        let (_, marked) = join("gen=10000");
        let of = |k: Kind| marked.iter().find(|(kind, _)| *kind == k).unwrap().1;
        // mod N moves 80% where 20% would do: it is never the best movement.
        assert!(!of(Kind::ModN).0);
    }

    #[test]
    fn a_best_figure_must_stand_clear_of_the_runner_up_by_more_than_the_noise() {
        assert!(clear_of_the_rest(&[0.05, 0.55, 0.30], 0.2));
        assert!(!clear_of_the_rest(&[0.05, 0.15, 0.55], 0.2));
        // Equal bests share the mark when the rest are far.
        assert!(clear_of_the_rest(&[0.05, 0.05, 0.9], 0.2));
        // Nothing to beat: no mark.
        assert!(!clear_of_the_rest(&[0.1, 0.1], 0.2));
        assert!(!clear_of_the_rest(&[], 0.2));
    }
}
