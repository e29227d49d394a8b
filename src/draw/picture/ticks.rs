//! The labelled marks round the ring, and which labels give way to the keys' own.

use super::keys::KeyLayer;

/// A tick mark on the ring.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// Where it sits, as a turn fraction.
    pub fraction: f64,
    /// Its label, for labelled ticks.
    pub label: Option<String>,
}

/// How close, as a turn fraction, a labelled key may come to a tick's label before the tick's
/// label gives way: the key's own label already says where it is.
const CROWDED: f64 = 0.015;

/// `ticks` without the labels a labelled key's label would be written over.
pub(super) fn uncrowded(mut ticks: Vec<Tick>, keys: &KeyLayer) -> Vec<Tick> {
    let KeyLayer::Dots(dots) = keys else {
        return ticks;
    };
    let near = |a: f64, b: f64| {
        let d = (a - b).rem_euclid(1.0);
        d.min(1.0 - d) < CROWDED
    };
    for tick in &mut ticks {
        if dots
            .iter()
            .any(|dot| dot.label.is_some() && near(dot.fraction, tick.fraction))
        {
            tick.label = None;
        }
    }
    ticks
}

/// Labelled ticks: every 10 on rings up to 100, a tidy step on larger small rings, and the
/// quarter marks of the full ring.
pub fn ticks(size: u64) -> Vec<Tick> {
    if size > 10_000 {
        let quarter = size / 4;
        return (0..4)
            .map(|i| Tick {
                fraction: i as f64 / 4.0,
                label: Some(if size == 1 << 32 {
                    ["0", "2³⁰", "2³¹", "3·2³⁰"][i as usize].to_string()
                } else {
                    (i * quarter).to_string()
                }),
            })
            .collect();
    }
    let step = [
        1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000,
    ]
    .into_iter()
    .find(|s| size / s <= 12)
    .unwrap_or(size / 4);
    (0..size)
        .step_by(step as usize)
        .map(|p| Tick {
            fraction: p as f64 / size as f64,
            label: Some(p.to_string()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Change, Scenario};
    use crate::draw::picture::{Focus, Picture};

    #[test]
    fn the_teaching_ring_keeps_every_tick_label_but_the_one_its_key_at_90_repeats() {
        let picture = Picture::new(&Scenario::teaching(), None, &[0, 1, 2], &Focus::default());
        let labelled: Vec<String> = picture
            .ticks
            .iter()
            .filter_map(|t| t.label.clone())
            .collect();
        assert_eq!(
            labelled,
            ["0", "10", "20", "30", "40", "50", "60", "70", "80"]
        );
    }

    #[test]
    fn a_tick_label_gives_way_to_a_labelled_key_beside_it() {
        // The teaching ring's keys are at 90, 52, 68, 25 and 5; @69 and @80 join them.
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::AddKeys {
                keys: vec!["@69".into(), "@80".into()],
            })
            .expect("free positions");
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        let label = |at: &str| {
            picture
                .ticks
                .iter()
                .find(|t| (t.fraction * 100.0).round() as u32 == at.parse::<u32>().unwrap())
                .and_then(|t| t.label.clone())
        };
        assert_eq!(label("70"), None, "@69 is written beside 70");
        assert_eq!(label("80"), None, "@80 is written at 80");
        assert_eq!(
            label("30"),
            Some("30".to_string()),
            "@25 is far enough from 30"
        );
        assert_eq!(label("50"), Some("50".to_string()));
        assert_eq!(
            label("60"),
            Some("60".to_string()),
            "@68 and @69 leave 60 alone"
        );
    }

    #[test]
    fn the_full_ring_has_four_labelled_quarter_ticks() {
        let ticks = ticks(1 << 32);
        assert_eq!(ticks.len(), 4);
        assert_eq!(ticks[2].label.as_deref(), Some("2³¹"));
    }
}
