//! "Which share?": how much of the key space a server owns, in percent, as the ownership panel
//! counts it.

use crate::core::amount;
use crate::core::percent;
use crate::core::placement::Kind;
use crate::core::Error;
use crate::core::Scenario;
use crate::teach::quiz::answer::Answer;
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::under;

/// The loosest slack a share question takes, in percentage points.
pub const MAX_SLACK: f64 = 5.0;

/// Poses "what share does `server` own?".
pub(crate) fn pose(scenario: &Scenario, server: &str, slack: f64) -> Result<Parts, Error> {
    if !(0.0..=MAX_SLACK).contains(&slack) {
        return Err(Error::Question(format!(
            "A slack of {} percentage points is too loose; at most {MAX_SLACK}.",
            amount(slack, 2)
        )));
    }
    let (index, found) = scenario.server(server)?;
    let name = found.name.clone();
    let own = scenario.ownership();
    let row = &own.servers[index];
    let value = row.share * 100.0;
    let kind = scenario.placement();
    let space = if kind.has_arcs() { "ring" } else { "key space" };
    let mut worked = vec![format!(
        "{name} owns {} of the {} {}{}: {}.",
        amount(row.arc as f64, 0),
        amount(own.ring_size as f64, 0),
        own.unit,
        under(kind),
        percent(row.share)
    )];
    if !own.exact {
        worked.push(format!(
            "The share is measured on {} positions spread over the ring, not counted exactly.",
            amount(own.ring_size as f64, 0)
        ));
    }
    worked.push(format!(
        "A fair share would be {}; {name} has {:.2} times that.",
        percent(row.ideal),
        row.share / row.ideal
    ));
    let slack_words = if slack == 0.0 {
        "Give it to one decimal.".to_string()
    } else {
        format!(
            "Within {} percentage {} counts as right.",
            amount(slack, 2),
            if slack == 1.0 { "point" } else { "points" }
        )
    };
    let prompt = if kind == Kind::Ring {
        format!("What share of the ring does {name} own, in percent? {slack_words}")
    } else {
        format!(
            "What share of the {space} does {name} own{}, in percent? {slack_words}",
            under(kind)
        )
    };
    Ok(Parts {
        prompt,
        answer: Answer::Share {
            percent: value,
            low: value - slack,
            high: value + slack,
        },
        worked,
        then: None,
        select: None,
    })
}
