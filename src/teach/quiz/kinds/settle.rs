//! "How long until it settles?", on the Timeline: the seconds until 99% of the extra database
//! reads a change causes have come in.

use super::number::{band_words, check_band};
use super::peak::{timeline, working};
use crate::core::{Change, Error, Scenario};
use crate::teach::quiz::answer::Answer;
use crate::teach::quiz::ask::{Band, Unit};
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::change_words;

/// Poses "how many seconds until 99% of the extra reads are in?".
pub(crate) fn pose(scenario: &Scenario, change: &Change, band: Band) -> Result<Parts, Error> {
    let t = timeline(scenario, change)?;
    if t.placement.extra_reads <= 0.0 {
        return Err(Error::Question(format!(
            "{}: no extra read reaches the database, so there is nothing to settle.",
            change_words(change)
        )));
    }
    // The page and the lessons give it to two decimals.
    let value = (t.placement.settle * 100.0).round() / 100.0;
    check_band(band, value, Unit::Seconds)?;
    let (low, high) = band.bounds(value);
    Ok(Parts {
        prompt: format!(
            "On the Timeline: {}. How many seconds until 99% of the extra database reads are in? {}",
            change_words(change),
            band_words(band, Unit::Seconds)
        ),
        answer: Answer::Number {
            value,
            unit: Unit::Seconds,
            low,
            high,
        },
        worked: working(&t),
        then: Some(change.clone()),
        select: None,
    })
}
