//! "By how much?", on the Traffic view: how many times a fair share of the requests the
//! busiest server serves (1 is perfectly even).

use super::busiest::{loads, working};
use super::number::{band_words, check_band};
use crate::core::{Error, Scenario};
use crate::teach::quiz::answer::Answer;
use crate::teach::quiz::ask::{Band, Unit};
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::under;

/// Poses "how many times its fair share does the busiest server serve?".
pub(crate) fn pose(scenario: &Scenario, band: Band) -> Result<Parts, Error> {
    let loads = loads(scenario)?;
    let fair = 1.0 / loads.servers.len() as f64;
    let value = loads.servers[loads.busiest].share / fair;
    // The page and the lessons state the factor to two decimals.
    let value = (value * 100.0).round() / 100.0;
    check_band(band, value, Unit::Times)?;
    let (low, high) = band.bounds(value);
    Ok(Parts {
        prompt: format!(
            "On the Traffic view: the busiest server serves how many times a fair share of the requests{}? {}",
            under(scenario.placement()),
            band_words(band, Unit::Times)
        ),
        answer: Answer::Number {
            value,
            unit: Unit::Times,
            low,
            high,
        },
        worked: working(scenario, &loads),
        then: None,
        select: None,
    })
}
