//! A still: the ring of a scenario, as the page would draw it, written by the [SVG
//! writer](super::svg). `ringlab svg` writes one from a shell, and a figure's still (what a
//! `<ringlab-figure>` element shows until it is live) is one drawn from the figure's link, by
//! `ringlab figure`, the `mdbook-ringlab` preprocessor and the page's Copy as figure alike.
//!
//! A still shows what the page shows for the same link: the scenario after its last change
//! (`then=`), the keys that change moved ringed, the servers in the colours they had before it,
//! the selected key's walk (`select=`) with its copies (`r=`), the keys by how often they are
//! read (`view=traffic`), and presentation mode's heavier lines (`present=1`).

use std::ops::RangeInclusive;

use crate::core::{parse_number, read_link, Outcome, Scenario, MAX_KEYS, MAX_REPLICAS};
use crate::draw::geometry::Frame;
use crate::draw::picture::{assign_slots, Focus, Picture};
use crate::draw::style::Style;
use crate::draw::svg::{self, Options, Styling, Words};

/// The sides a still is drawn at, in pixels.
pub const SIDES: RangeInclusive<u32> = 100..=10_000;

/// The side of a figure's still when its author gives none, in pixels: the ring's size in a
/// live figure unless the host page sets `--ringlab-ring-size`.
pub const FIGURE_SIDE: u32 = 320;

/// What a still shows: a scenario, its last change, and what the page would have selected.
#[derive(Debug, Clone)]
pub struct Still {
    /// The scenario drawn.
    pub scenario: Scenario,
    /// The scenario before the last change, for the servers' colours.
    pub before: Option<Scenario>,
    /// What the last change did: the keys it moved are ringed.
    pub last: Option<Outcome>,
    /// The selected key's label, whose walk to its owner is drawn.
    pub select: Option<String>,
    /// Copies per key, drawn on the selected key's walk.
    pub replicas: usize,
    /// Whether the keys are drawn by how often they are read.
    pub requests: bool,
    /// Presentation mode's thicker lines and larger writing.
    pub present: bool,
}

impl Still {
    /// The still of a page's link (a whole address, or its query with or without the `?`),
    /// with what the link held that could not be read, in words.
    pub fn of_link(link: &str) -> (Still, Vec<String>) {
        let query = link.trim();
        let query = query.split_once('?').map_or(query, |(_, q)| q);
        let query = query.split('#').next().unwrap_or_default();
        let read = read_link(query, MAX_KEYS);
        let param = |name: &str| {
            read.extra
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let replicas = param("r")
            .and_then(|r| parse_number::<usize>(&r).ok())
            .map_or(1, |r| r.clamp(1, MAX_REPLICAS));
        let still = Still {
            select: param("select"),
            replicas,
            requests: param("view").as_deref() == Some("traffic"),
            present: param("present").as_deref() == Some("1"),
            scenario: read.scenario,
            before: read.before,
            last: read.last,
        };
        (still, read.ignored)
    }

    /// The still as SVG, `side` pixels square, coloured as `styling` says; refused, in words,
    /// when the side is out of [`SIDES`] or the selected key is not on the ring.
    pub fn svg(&self, side: u32, styling: Styling) -> Result<String, String> {
        if !SIDES.contains(&side) {
            return Err(format!(
                "the side goes from {} to {} pixels.",
                SIDES.start(),
                SIDES.end()
            ));
        }
        let scenario = &self.scenario;
        let key = match &self.select {
            Some(label) => Some(
                scenario
                    .keys()
                    .find(label)
                    .ok_or_else(|| format!("there is no key {label}."))?,
            ),
            None => None,
        };
        // The servers keep the colours they had before the change, as on the page.
        let mut slots = Vec::new();
        for step in self.before.iter().chain([scenario]) {
            let listed: Vec<&str> = step.servers().iter().map(|s| s.name.as_str()).collect();
            slots = assign_slots(&slots, &listed);
        }
        let slots: Vec<usize> = slots.into_iter().map(|(_, slot)| slot).collect();
        let focus = Focus {
            key,
            replicas: self.replicas,
            requests: self.requests,
            ..Focus::default()
        };
        let picture = Picture::new(scenario, self.last.as_ref(), &slots, &focus);
        let words = Words::of(scenario, &picture);
        Ok(svg::write(
            &picture,
            &Options {
                frame: Frame {
                    side: f64::from(side),
                },
                style: Style {
                    present: self.present,
                },
                styling,
                words: &words,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEACHING: &str = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";

    #[test]
    fn a_link_with_or_without_its_address_gives_the_same_still() {
        let (bare, notes) = Still::of_link(TEACHING);
        assert!(notes.is_empty());
        let (whole, _) = Still::of_link(&format!("https://example.org/ringlab/?{TEACHING}#x"));
        let draw = |s: &Still| s.svg(FIGURE_SIDE, Styling::Inline { dark: false }).unwrap();
        assert_eq!(draw(&bare), draw(&whole));
        assert!(draw(&bare).starts_with("<svg "));
    }

    #[test]
    fn what_a_link_cannot_say_is_noted_and_a_missing_key_or_a_bad_side_refused_in_words() {
        let (still, notes) = Still::of_link(&format!("{TEACHING}&vnodes=lots&select=@11"));
        assert_eq!(notes.len(), 1, "{notes:?}");
        let styling = Styling::Inline { dark: false };
        assert_eq!(
            still.svg(FIGURE_SIDE, styling),
            Err("there is no key @11.".to_string())
        );
        let (still, _) = Still::of_link(TEACHING);
        assert!(still
            .svg(99, styling)
            .unwrap_err()
            .contains("from 100 to 10000"));
    }
}
