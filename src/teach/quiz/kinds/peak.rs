//! "How high does it peak?", on the Timeline: the most database reads a second after a
//! server joins, leaves or fails, with the page's 50,000 reads a second at 95% hits.

use super::number::{band_words, check_band};
use crate::core::{amount, CacheLoad, Change, Error, Scenario, Timeline};
use crate::teach::quiz::answer::Answer;
use crate::teach::quiz::ask::{Band, Unit};
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::change_words;

/// The timeline of `change` on `scenario`, as the Timeline view draws it.
pub(crate) fn timeline(scenario: &Scenario, change: &Change) -> Result<Timeline, Error> {
    if change.membership().is_none() {
        return Err(Error::Question(format!(
            "The Timeline follows a server that joins, leaves or fails; {change} is none of these."
        )));
    }
    Timeline::new(scenario, change, CacheLoad::default())
        .map_err(|e| Error::Question(format!("{change}: {e}")))
}

/// The unit the Timeline's reads are given in.
pub(crate) fn reads_unit() -> Unit {
    let load = CacheLoad::default();
    Unit::Reads {
        reads: load.reads as u64,
        hit: (load.hit_rate * 100.0).round() as u32,
    }
}

/// The timeline's figures, a line each.
pub(crate) fn working(t: &Timeline) -> Vec<String> {
    let c = &t.placement;
    vec![
        format!(
            "{} reads a second at {}% hits: the database normally sees {} reads a second.",
            amount(t.load.reads, 0),
            amount(t.load.hit_rate * 100.0, 0),
            amount(c.steady, 0)
        ),
        format!(
            "{} keys change server, and the first reads of {} of them miss: the database peaks at {} reads a second, {} seconds after the change.",
            amount(c.moved.0 as f64, 0),
            amount(c.cold_keys as f64, 0),
            amount(c.peak, 0),
            amount(c.peak_at, 2)
        ),
        format!(
            "{} extra reads reach the database in all; 99% of them are in within {} seconds.",
            amount(c.extra_reads, 0),
            amount(c.settle, 2)
        ),
    ]
}

/// Poses "at most how many reads a second reach the database after `change`?".
pub(crate) fn pose(scenario: &Scenario, change: &Change, band: Band) -> Result<Parts, Error> {
    let t = timeline(scenario, change)?;
    let unit = reads_unit();
    let value = t.placement.peak.round();
    check_band(band, value, unit)?;
    let (low, high) = band.bounds(value);
    Ok(Parts {
        prompt: format!(
            "On the Timeline: {}. The caches take {} reads a second and answer {}% of them. At most how many reads a second reach the database? {}",
            change_words(change),
            amount(t.load.reads, 0),
            amount(t.load.hit_rate * 100.0, 0),
            band_words(band, unit)
        ),
        answer: Answer::Number {
            value,
            unit,
            low,
            high,
        },
        worked: working(&t),
        then: Some(change.clone()),
        select: None,
    })
}
