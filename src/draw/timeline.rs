//! A timeline as the page shows it: its chart (both curves, the gossip windows shaded, the
//! change and the restart marked), each curve's name, times in the axis' unit, and the notes
//! beside the figures. The engine's [`Timeline`] computes every number; this file only says
//! how it is drawn and worded, natively and tested, for the page and for stills alike.

use super::chart::{nice_ceiling, value_text, Axis, Chart, Line};
use crate::core::timeline::Curve;
use crate::core::{grouped, plural, Kind, Membership, Summation, Timeline};

/// A curve's name on the chart: "Ring", "mod N", "Rendezvous".
pub fn curve_name(c: &Curve) -> String {
    if c.kind == Kind::ModN {
        "mod N".to_string()
    } else {
        c.kind.name().to_string()
    }
}

/// A time in the axis' unit, with its symbol.
pub fn time_text(t: &Timeline, seconds: f64) -> String {
    format!(
        "{} {}",
        value_text(false, t.axis.unit.of(seconds)),
        t.axis.unit.symbol()
    )
}

/// The chart of a timeline: both curves, the gossip windows shaded, the outage and the restart
/// marked.
pub fn chart_of(t: &Timeline) -> Chart {
    let unit = t.axis.unit;
    let line = |c: &Curve, class| Line {
        name: curve_name(c),
        class,
        points: c
            .samples
            .iter()
            .map(|s| (unit.of(s.t), s.db_reads))
            .collect(),
    };
    let top = t.placement.peak.max(t.baseline.peak).max(1.0);
    let mut marks = vec![(0.0, happening_mark(t))];
    if let Some(d) = t.restart_at {
        marks.push((
            unit.of(d),
            format!("{} restarts", t.failed.clone().unwrap_or_default()),
        ));
    }
    Chart {
        x: Axis {
            label: format!("time after the change ({})", unit.symbol()),
            min: unit.of(t.axis.start),
            max: unit.of(t.axis.end),
            log: false,
            percent: false,
        },
        y: Axis {
            label: "database reads/s".to_string(),
            min: 0.0,
            max: nice_ceiling(top * 1.05),
            log: false,
            percent: false,
        },
        lines: vec![line(&t.placement, "line-a"), line(&t.baseline, "line-b")],
        bands: t
            .gossip
            .iter()
            .map(|w| {
                (
                    unit.of(w.from),
                    unit.of(w.to),
                    "clients disagree".to_string(),
                )
            })
            .collect(),
        marks,
        spot: None,
    }
}

fn happening_mark(t: &Timeline) -> String {
    match t.change.membership() {
        Some(Membership::Fails(name)) => format!("{name} fails"),
        Some(Membership::Leaves(name)) => format!("{name} removed"),
        Some(Membership::Joins { name, .. }) => format!("{name} joins"),
        None => "the change".to_string(),
    }
}

/// What the clients that disagree and the hints add, in words.
pub fn notes(t: &Timeline) -> String {
    let p = &t.placement;
    let mut parts = Vec::new();
    if t.failed.is_some() && t.timing.replicas > 1 {
        parts.push(format!(
            "With {} copies per key a replica serves the failed server's keys: no storm.",
            t.timing.replicas
        ));
    }
    if let (Some(name), Some(d)) = (&t.failed, t.restart_at) {
        parts.push(format!(
            "{name} restarts empty after {d} s: its {} returning {} miss again.",
            grouped(p.moved.1 as u64),
            plural(p.moved.1, "key", "keys")
        ));
    }
    if !t.gossip.is_empty() {
        parts.push(format!(
            "While clients disagree (shaded), {} requests go to a server the new view does not name and {} to an old owner.",
            value_text(false, p.misrouted),
            value_text(false, p.stale)
        ));
    }
    if let Some(h) = p.hints.filter(|_| t.timing.writes > 0) {
        let mut text = format!(
            "Hinted handoff: {} writes/s for the failed server are held as hints",
            value_text(false, h.per_second)
        );
        match h.delivered {
            Some(d) => text.push_str(&format!(
                ", {} delivered at the restart.",
                value_text(false, d)
            )),
            None => text.push_str(" while it stays down."),
        }
        parts.push(text);
    }
    parts.join(" ")
}

/// How to see more, and how the sum was done: the notes' second part, which presentation mode
/// leaves out.
pub fn aside(t: &Timeline) -> String {
    let mut parts = Vec::new();
    if let (Some(name), None) = (&t.failed, t.restart_at) {
        parts.push(format!(
            "{name} stays down; give a restart time to see it come back."
        ));
    }
    parts.push(
        match t.placement.summation {
            Summation::Exact { .. } => "Summed exactly over the moved keys.",
            Summation::Binned { .. } => {
                "Summed over fine bins of the moved keys' read rates (totals exact)."
            }
        }
        .to_string(),
    );
    format!(" {}", parts.join(" "))
}
