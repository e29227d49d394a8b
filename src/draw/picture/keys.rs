//! The keys: one dot each while they are few, a density band of the ring's slices once they
//! are many, marked where they moved and, with requests shown, by how often they are read.

use crate::core::placement::Circle;
use crate::core::{KeyIds, Placed, Scenario, Weights};
use crate::draw::geometry::fraction_of;

/// Up to this many keys are drawn one dot each; more are drawn as a density band.
pub const MAX_DOTS: usize = 1500;
/// How many slices the density band has.
pub const DENSITY_BINS: usize = 120;
/// Up to this many keys, each dot carries the key's label.
pub const MAX_KEY_LABELS: usize = 24;

/// One key drawn as a dot.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyDot {
    /// The key's id.
    pub key: u32,
    /// Where it sits, as a turn fraction.
    pub fraction: f64,
    /// Its owner's colour slot.
    pub slot: usize,
    /// Whether it moved on the last change.
    pub moved: bool,
    /// Whether it is the selected key.
    pub selected: bool,
    /// Keys at the same position stack outwards: 0 is nearest the ring.
    pub lane: u32,
    /// The key's label, written beside the dot when keys are few.
    pub label: Option<String>,
    /// How often it is read next to the average key (1 for every key when the picture does not
    /// show requests).
    pub heat: f64,
    /// Whether it was made hot by hand.
    pub hot: bool,
}

/// A slice of the density band.
#[derive(Debug, Clone, PartialEq)]
pub struct DensityBin {
    /// Where the slice starts, as a turn fraction.
    pub start: f64,
    /// How wide it is, as a turn fraction.
    pub sweep: f64,
    /// Keys in it.
    pub count: u64,
    /// Keys in it that moved on the last change.
    pub moved: u64,
    /// Its share of the requests over an even share, when the picture shows requests.
    pub heat: f64,
}

/// How the keys are drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyLayer {
    /// One dot per key.
    Dots(Vec<KeyDot>),
    /// Too many keys for dots: how many fall in each slice of the ring.
    Density {
        /// The slices.
        bins: Vec<DensityBin>,
        /// The fullest slice's count.
        peak: u64,
    },
}

/// The keys as one dot each, or as a density band when there are more than `dot_limit`.
pub(super) fn keys(
    scenario: &Scenario,
    placed: &Placed,
    slots: &[usize],
    moved: Option<&KeyIds>,
    selected: Option<u32>,
    weights: Option<&Weights>,
    dot_limit: usize,
) -> KeyLayer {
    let set = scenario.keys();
    // Each key's reads next to the average key's, when requests are shown.
    let mean = weights.map(|w| w.total(set.len()) / set.len().max(1) as f64);
    let heat = |id: u32| match (weights, mean) {
        (Some(w), Some(m)) if m > 0.0 => w.of(id) / m,
        _ => 1.0,
    };
    let hot: Vec<u32> = weights.map(|w| w.hot_ids().collect()).unwrap_or_default();
    let circle = placed.circle(scenario.size());
    // The placements drawn on the ring's own positions find keys in its sorted order; ketama
    // and maglev put each key somewhere else.
    let own_circle = placed.kind().spec().circle == Circle::Own;
    let was_moved = |id: u32| moved.is_some_and(|m| m.contains(id));
    if set.len() <= dot_limit {
        let labelled = set.len() <= MAX_KEY_LABELS;
        let spots: Vec<(u32, u32)> = if own_circle {
            let mut v: Vec<(u32, u32)> = (0..set.len() as u32)
                .map(|id| (placed.key_spot(set, id), id))
                .collect();
            v.sort_unstable();
            v
        } else {
            set.sorted_positions()
                .iter()
                .copied()
                .zip(set.order().iter().copied())
                .collect()
        };
        let mut dots = Vec::with_capacity(spots.len());
        let mut lane = 0;
        for i in 0..spots.len() {
            let (spot, key) = spots[i];
            lane = if i > 0 && spots[i - 1].0 == spot {
                lane + 1
            } else {
                0
            };
            dots.push(KeyDot {
                key,
                fraction: fraction_of(spot, circle),
                slot: slots[placed.owner_of_key(set, key)],
                moved: was_moved(key),
                selected: selected == Some(key),
                lane,
                label: labelled.then(|| set.with_label(key, short_label)),
                heat: heat(key),
                hot: hot.contains(&key),
            });
        }
        return KeyLayer::Dots(dots);
    }
    // In u64: on wasm32 a usize cannot hold the full ring's 2^32.
    let bins = (DENSITY_BINS as u64).min(circle) as usize;
    // A spot times at most DENSITY_BINS bins fits in 64 bits, so no 128-bit division is needed
    // (WebAssembly has none: it would be a call for every key).
    let bin_of = |spot: u32| (u64::from(spot) * bins as u64 / circle) as usize;
    let mut counts = vec![0u64; bins];
    if own_circle {
        for id in 0..set.len() as u32 {
            counts[bin_of(placed.key_spot(set, id))] += 1;
        }
    } else {
        // Bin edges by binary search in the sorted positions: O(bins × log K).
        let positions = set.sorted_positions();
        let mut below = 0;
        for (i, count) in counts.iter_mut().enumerate() {
            let end = ((i as u64 + 1) * circle).div_ceil(bins as u64);
            let upto = positions.partition_point(|&p| u64::from(p) < end);
            *count = (upto - below) as u64;
            below = upto;
        }
    }
    let mut moved_counts = vec![0u64; bins];
    match moved.and_then(KeyIds::spans) {
        // Keys drawn at their own positions that moved as runs of that order (the ring's
        // changed arcs): each run is cut at the slices' edges by binary search, so the cost
        // follows the runs, not the keys in them.
        Some(spans) if !own_circle && spans.keys().len() == set.len() => {
            let positions = set.sorted_positions();
            let bin_end = |bin: usize| ((bin as u64 + 1) * circle).div_ceil(bins as u64);
            for span in spans.spans() {
                let (mut at, end) = (span.start as usize, span.end as usize);
                while at < end {
                    let bin = bin_of(positions[at]);
                    let edge = bin_end(bin);
                    let upto = at + positions[at..end].partition_point(|&p| u64::from(p) < edge);
                    moved_counts[bin] += (upto - at) as u64;
                    at = upto;
                }
            }
        }
        _ => {
            for id in moved.into_iter().flat_map(KeyIds::iter) {
                moved_counts[bin_of(placed.key_spot(set, id))] += 1;
            }
        }
    }
    let mut heats = vec![0.0f64; bins];
    if let (Some(w), Some(m)) = (weights, mean) {
        if m > 0.0 {
            for id in 0..set.len() as u32 {
                heats[bin_of(placed.key_spot(set, id))] += w.of(id) / m;
            }
            // Over an even share of the keys per bin.
            let even = set.len() as f64 / bins as f64;
            for h in &mut heats {
                *h /= even;
            }
        }
    }
    let peak = counts.iter().copied().max().unwrap_or(0);
    KeyLayer::Density {
        bins: (0..bins)
            .map(|i| DensityBin {
                start: i as f64 / bins as f64,
                sweep: 1.0 / bins as f64,
                count: counts[i],
                moved: moved_counts[i],
                heat: heats[i],
            })
            .collect(),
        peak,
    }
}

/// A label short enough to sit beside a dot: `@52` is written `52`, long names are cut.
fn short_label(label: &str) -> String {
    let label = label.strip_prefix('@').unwrap_or(label);
    // Past ten characters, however long: a key's name may have 65,536 bytes.
    if label.chars().nth(10).is_some() {
        label.chars().take(9).chain(std::iter::once('…')).collect()
    } else {
        label.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Change;
    use crate::draw::picture::{Focus, Picture};

    #[test]
    fn many_keys_are_drawn_as_a_density_band_that_counts_them_all() {
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::GenerateKeys { count: 5000 })
            .unwrap();
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        match picture.keys {
            KeyLayer::Density { bins, .. } => {
                assert_eq!(bins.iter().map(|b| b.count).sum::<u64>(), 5005);
            }
            KeyLayer::Dots(_) => panic!("5,005 keys should be drawn as a band"),
        }
    }

    #[test]
    fn moved_keys_are_marked() {
        let mut scenario = Scenario::teaching();
        let outcome = scenario
            .apply(Change::AddServer {
                name: "D".into(),
                at: Some(60),
                weight: None,
            })
            .unwrap();
        let picture = Picture::new(&scenario, Some(&outcome), &[0, 1, 2, 3], &Focus::default());
        let KeyLayer::Dots(dots) = picture.keys else {
            panic!("few keys are dots")
        };
        let moved: Vec<f64> = dots
            .iter()
            .filter(|d| d.moved)
            .map(|d| d.fraction)
            .collect();
        assert_eq!(moved, vec![0.52]);
    }

    #[test]
    fn a_long_key_is_labelled_by_its_first_nine_characters_beside_its_dot() {
        let mut scenario = Scenario::teaching();
        let long = format!("ключ:{}", "x".repeat(995));
        scenario
            .apply(Change::AddKeys {
                keys: vec![long.clone()],
            })
            .unwrap();
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        let KeyLayer::Dots(dots) = picture.keys else {
            panic!("few keys are dots")
        };
        let labels: Vec<&str> = dots.iter().filter_map(|d| d.label.as_deref()).collect();
        assert!(labels.contains(&"ключ:xxxx…"), "{labels:?}");
        assert!(labels.contains(&"52"), "{labels:?}");
    }

    /// The band's moved counts, found from runs of the key order, against a count of every
    /// moved key by its own slice.
    #[test]
    fn the_band_counts_moved_keys_in_the_same_slices_as_one_by_one() {
        for size in [100u64, 7_919, 1 << 20, 1 << 32] {
            let mut scenario = Scenario::teaching();
            for change in [
                Change::SetRingSize { size },
                Change::HashPlaced,
                Change::SetVnodes { vnodes: 20 },
                Change::GenerateKeys { count: 20_000 },
            ] {
                scenario.apply(change).unwrap();
            }
            for change in [
                Change::AddServer {
                    name: "D".into(),
                    at: None,
                    weight: None,
                },
                Change::RemoveServer { name: "A".into() },
            ] {
                let outcome = scenario.apply(change).unwrap();
                let spans = outcome.moved.keys.spans().expect("the ring keeps runs");
                assert!(!spans.is_empty());
                let placed = scenario.placed();
                let slots: Vec<usize> = (0..scenario.servers().len()).collect();
                let layer = keys(
                    &scenario,
                    &placed,
                    &slots,
                    Some(&outcome.moved.keys),
                    None,
                    None,
                    MAX_DOTS,
                );
                let KeyLayer::Density { bins, .. } = layer else {
                    panic!("20,005 keys are a band")
                };
                let circle = placed.circle(scenario.size());
                let mut expected = vec![0u64; bins.len()];
                for id in outcome.moved.keys.iter() {
                    let spot = u64::from(scenario.keys().position_of(id));
                    expected[(spot * bins.len() as u64 / circle) as usize] += 1;
                }
                let counted: Vec<u64> = bins.iter().map(|b| b.moved).collect();
                assert_eq!(counted, expected, "ring of {size}");
            }
        }
    }
}
