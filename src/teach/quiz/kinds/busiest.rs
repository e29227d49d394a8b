//! "Which server is busiest?", on the Traffic view: the server that serves the most requests
//! under the scenario's popularity and remedies, which need not be the one with most keys.

use crate::core::{amount, percent, CacheLoad, Error, Loads, Scenario};
use crate::teach::quiz::answer::Answer;
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::under;

/// The scenario's traffic at the page's usual reads a second.
pub(crate) fn loads(scenario: &Scenario) -> Result<Loads, Error> {
    if scenario.servers().is_empty() {
        return Err(Error::Question(
            "The scenario has no server to send requests to; add one first.".into(),
        ));
    }
    if scenario.keys().is_empty() {
        return Err(Error::Question(
            "The scenario has no keys, so no requests; add some first.".into(),
        ));
    }
    Ok(scenario.traffic().loads(
        &scenario.placed(),
        scenario.keys(),
        CacheLoad::default().reads,
    ))
}

/// Each server's requests and shares, a line each, busiest first.
pub(crate) fn working(scenario: &Scenario, loads: &Loads) -> Vec<String> {
    let names = scenario.placed().names().to_vec();
    let mut rows: Vec<usize> = (0..loads.servers.len()).collect();
    rows.sort_by(|&a, &b| {
        loads.servers[b]
            .requests
            .total_cmp(&loads.servers[a].requests)
    });
    let fair = 1.0 / loads.servers.len() as f64;
    let mut out = vec![format!(
        "{} reads a second over {} servers: a fair share is {} of them.",
        amount(loads.reads, 0),
        loads.servers.len(),
        percent(fair)
    )];
    out.extend(rows.iter().map(|&i| {
        let s = &loads.servers[i];
        format!(
            "{} serves {} reads a second, {} of the requests, with {} of the keys: {} times a fair share.",
            names[i],
            amount(s.requests, 0),
            percent(s.share),
            percent(s.key_share),
            amount(s.share / fair, 2)
        )
    }));
    if loads.absorbed > 0.0 {
        out.push(format!(
            "The near cache answers {} reads a second before they reach a server.",
            amount(loads.absorbed, 0)
        ));
    }
    out
}

/// Poses "which server serves the most requests?".
pub(crate) fn pose(scenario: &Scenario) -> Result<Parts, Error> {
    let loads = loads(scenario)?;
    let server = scenario.placed().names()[loads.busiest].to_string();
    Ok(Parts {
        prompt: format!(
            "On the Traffic view: which server serves the most requests{}?",
            under(scenario.placement())
        ),
        answer: Answer::Owner { server },
        worked: working(scenario, &loads),
        then: None,
        select: None,
    })
}
