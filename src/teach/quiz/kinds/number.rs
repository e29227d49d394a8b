//! "How many?": a number about one change, worked out by the engine, with the band the
//! question states.
//!
//! Every number starts from the share of keys the change moves, found one of three ways (the
//! scenario's own keys, the least any placement could move, or `hash mod N` over one cycle of
//! remainders), and is then given as a count of keys, a percentage, or database reads a second.

use crate::core::percent;
use crate::core::placement::{ideal_movement, Kind};
use crate::core::CacheLoad;
use crate::core::Change;
use crate::core::Error;
use crate::core::Scenario;
use crate::core::{amount, and_list, grouped};
use crate::teach::quiz::answer::{unit_amount, Answer};
use crate::teach::quiz::ask::{Band, Measure, Unit};
use crate::teach::quiz::explain::change_on;
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::{change_words, under};

/// The most keys a number question may count with `of=`.
pub const MAX_OF: u64 = 1_000_000_000_000;

/// The share a change moves, and how it was found.
struct Share {
    fraction: f64,
    /// The fraction as people write it here: `16/20` or `20%`.
    words: String,
}

/// Poses a number question.
pub(crate) fn pose(
    scenario: &Scenario,
    measure: Measure,
    change: &Change,
    unit: Unit,
    band: Band,
) -> Result<Parts, Error> {
    let (next, outcome) = change_on(scenario, change)?;
    let keys = scenario.keys().len();
    let kind = scenario.placement();
    let mut worked = Vec::new();
    let share = match measure {
        Measure::Moved => {
            if keys == 0 {
                return Err(Error::Question(
                    "The scenario has no keys to count; add some, or ask with measure=ideal or mod-n."
                        .into(),
                ));
            }
            worked.push(outcome.summary());
            let listed: Vec<String> = outcome
                .moved
                .listed
                .iter()
                .map(|m| format!("{} ({} → {})", scenario.keys().label(m.key), m.from, m.to))
                .collect();
            if !listed.is_empty() && listed.len() <= 12 {
                worked.push(format!("Moved: {}.", and_list(&listed)));
            }
            let fraction = outcome.moved.len() as f64 / keys as f64;
            Share {
                fraction,
                words: percent(fraction),
            }
        }
        Measure::Ideal => ideal(scenario, &next, kind, change, &mut worked)?,
        Measure::ModN => mod_n(scenario, &next, &mut worked),
    };
    let count_of = |of: u64| -> Result<f64, Error> {
        if of == 0 || of > MAX_OF {
            return Err(Error::Question(format!(
                "of= takes from 1 to {} keys.",
                grouped(MAX_OF)
            )));
        }
        Ok(of as f64)
    };
    let value = match unit {
        Unit::Keys { of: None } if measure == Measure::Moved => outcome.moved.len() as f64,
        Unit::Keys { of } => {
            let of = match of {
                Some(of) => count_of(of)?,
                None if keys > 0 => keys as f64,
                None => {
                    return Err(Error::Question(
                        "The scenario has no keys; say how many keys to count with of=.".into(),
                    ))
                }
            };
            let value = of * share.fraction;
            worked.push(format!(
                "Of {} keys: {} × {} = {}.",
                amount(of, 0),
                amount(of, 0),
                share.words,
                unit_amount(value, unit)
            ));
            value
        }
        Unit::Percent => share.fraction * 100.0,
        Unit::Times | Unit::Seconds => {
            return Err(Error::Question(format!(
                "A number question counts keys, percent or reads, not {}.",
                unit.id()
            )))
        }
        Unit::Reads { reads, hit } => {
            let load = CacheLoad::new(reads as f64, f64::from(hit) / 100.0)?;
            let value = load.after(share.fraction);
            worked.push(format!(
                "{} reads a second at {hit}% hits: the database normally sees the misses, {} × {}% = {}.",
                grouped(reads),
                grouped(reads),
                100u32.saturating_sub(hit),
                amount(load.steady(), 0)
            ));
            worked.push(format!(
                "Right after the change the {} of keys that moved miss too: {} + {} × {hit}% × {} ≈ {}.",
                share.words,
                amount(load.steady(), 0),
                grouped(reads),
                share.words,
                unit_amount(value, unit)
            ));
            value
        }
    };
    if measure != Measure::Ideal {
        if let Some(least) = ideal_movement(kind, &scenario.layout(), &next.layout()) {
            let scaled = match unit {
                Unit::Keys { of } => {
                    let of = of.unwrap_or(keys as u64);
                    format!(" ({} of {})", amount(least * of as f64, 1), grouped(of))
                }
                _ => String::new(),
            };
            worked.push(format!(
                "For comparison, the least any placement could move is {} of the keys{scaled}.",
                percent(least)
            ));
        }
    }
    check_band(band, value, unit)?;
    let (low, high) = band.bounds(value);
    Ok(Parts {
        prompt: prompt(scenario, &next, measure, change, unit, band),
        answer: Answer::Number {
            value,
            unit,
            low,
            high,
        },
        worked,
        then: Some(change.clone()),
        select: None,
    })
}

/// The least share any placement must move: the weight share of the servers that join or
/// leave.
fn ideal(
    before: &Scenario,
    after: &Scenario,
    kind: Kind,
    change: &Change,
    worked: &mut Vec<String>,
) -> Result<Share, Error> {
    let fraction = ideal_movement(kind, &before.layout(), &after.layout()).ok_or_else(|| {
        Error::Question(format!(
            "The change {change} neither only adds nor only removes servers, so theory has no least share for it."
        ))
    })?;
    let weight = |s: &Scenario, name: &str| -> u32 {
        if kind.uses_weights() {
            s.server(name).map_or(1, |(_, x)| x.weight())
        } else {
            1
        }
    };
    let total = |s: &Scenario| -> u32 { s.servers().iter().map(|x| weight(s, &x.name)).sum() };
    let joined: Vec<&str> = after
        .servers()
        .iter()
        .filter(|s| before.server(&s.name).is_err())
        .map(|s| s.name.as_str())
        .collect();
    let left: Vec<&str> = before
        .servers()
        .iter()
        .filter(|s| after.server(&s.name).is_err())
        .map(|s| s.name.as_str())
        .collect();
    let joining = !joined.is_empty();
    let (names, side, w, t) = if joining {
        let w: u32 = joined.iter().map(|n| weight(after, n)).sum();
        (joined, after, w, total(after))
    } else {
        let w: u32 = left.iter().map(|n| weight(before, n)).sum();
        (left, before, w, total(before))
    };
    let who: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let who = and_list(&who);
    let equal = side.servers().iter().all(|s| weight(side, &s.name) == 1);
    let words = format!("{w}/{t}");
    worked.push(if joining {
        if equal {
            format!(
                "The least any placement can move is what the newcomers must take, their fair share of the {t} servers: {who}, {words} = {}.",
                percent(fraction)
            )
        } else {
            format!(
                "The least any placement can move is the newcomers' weight over the new total weight: {who}, weight {w} of {t}, {words} = {}.",
                percent(fraction)
            )
        }
    } else if equal {
        format!(
            "The least any placement can move is the keys of the servers that leave, their share of the {t} servers: {who}, {words} = {}.",
            percent(fraction)
        )
    } else {
        format!(
            "The least any placement can move is the keys of the servers that leave, their weight over the old total: {who}, weight {w} of {t}, {words} = {}.",
            percent(fraction)
        )
    });
    if !kind.uses_weights() && side.servers().iter().any(|s| s.weight() != 1) {
        worked.push(format!(
            "{}, every server gets the same share, so weights do not count.",
            crate::teach::quiz::phrases::under_first(kind)
        ));
    }
    Ok(Share { fraction, words })
}

/// What `hash mod N` moves from `before`'s server list to `after`'s, over one full cycle of
/// remainders: a hash keeps its server when both lists name the same server at its remainder.
fn mod_n(before: &Scenario, after: &Scenario, worked: &mut Vec<String>) -> Share {
    let b: Vec<&str> = before.servers().iter().map(|s| s.name.as_str()).collect();
    let a: Vec<&str> = after.servers().iter().map(|s| s.name.as_str()).collect();
    let (n, m) = (b.len() as u64, a.len() as u64);
    let cycle = n / gcd(n, m) * m;
    let kept: Vec<u64> = (0..cycle)
        .filter(|h| b[(h % n) as usize] == a[(h % m) as usize])
        .collect();
    let moved = cycle - kept.len() as u64;
    let fraction = moved as f64 / cycle as f64;
    let prefix = a.starts_with(&b) || b.starts_with(&a);
    worked.push(if prefix {
        format!(
            "Under hash mod N a key goes to servers[hash mod N]. Going from {n} to {m} servers, the servers keep their places in the list, so a key stays only when hash mod {n} = hash mod {m}."
        )
    } else {
        format!(
            "Under hash mod N a key goes to servers[hash mod N]. Going from {n} to {m} servers, the list changes order after the server that leaves or joins, so a key stays only when servers[hash mod {n}] before and servers[hash mod {m}] after are the same server."
        )
    });
    let shown = if kept.is_empty() {
        String::new()
    } else if kept.len() <= 8 {
        let list: Vec<String> = kept.iter().map(u64::to_string).collect();
        format!(" ({})", and_list(&list))
    } else {
        String::new()
    };
    worked.push(format!(
        "Remainders repeat every {} hashes. Of the hashes 0 to {}, {} keep their server{shown}, so {moved} in {} move: {}.",
        grouped(cycle),
        grouped(cycle - 1),
        kept.len(),
        grouped(cycle),
        percent(fraction)
    ));
    Share {
        fraction,
        words: format!("{moved}/{cycle}"),
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Refuses a band that leaves out the answer, or one so wide it would take almost any guess.
pub(crate) fn check_band(band: Band, value: f64, unit: Unit) -> Result<(), Error> {
    let (low, high) = band.bounds(value);
    let slop = unit.rounding();
    if value < low - slop || value > high + slop {
        return Err(Error::Question(format!(
            "The band {band} leaves out the engine's answer, {}; move it so the answer lies inside.",
            unit_amount(value, unit)
        )));
    }
    if high - low > value.abs().max(1.0) + 1e-9 {
        return Err(Error::Question(format!(
            "The band {band} is wider than the answer itself ({}), so almost any guess would be right; narrow it.",
            unit_amount(value, unit)
        )));
    }
    Ok(())
}

/// The question in words, ending with the band it is marked within.
fn prompt(
    before: &Scenario,
    after: &Scenario,
    measure: Measure,
    change: &Change,
    unit: Unit,
    band: Band,
) -> String {
    let (n, m) = (before.servers().len(), after.servers().len());
    let keys = before.keys().len();
    let what = change_words(change);
    let under = under(before.placement());
    let cache = match unit {
        Unit::Reads { reads, hit } => format!(
            "The caches take {} reads a second and answer {hit}% of them. ",
            grouped(reads)
        ),
        _ => String::new(),
    };
    let ask = match (measure, unit) {
        (Measure::ModN, Unit::Keys { of }) => format!(
            "Keys are placed with hash mod {n}, over {} keys whose hashes are spread evenly. {what}, so the rule becomes hash mod {m}. How many keys now map to a different server?",
            grouped(of.unwrap_or(keys as u64))
        ),
        (Measure::ModN, Unit::Percent) => format!(
            "Keys are placed with hash mod {n}. {what}, so the rule becomes hash mod {m}. What share of the keys now maps to a different server, in percent?"
        ),
        (Measure::ModN, Unit::Reads { .. }) => format!(
            "{cache}Keys are placed with hash mod {n}. {what}, so the rule becomes hash mod {m}. How many reads a second reach the database right after?"
        ),
        (Measure::Ideal, Unit::Keys { of }) => format!(
            "{what}. With a placement that moves as few keys as it can, how many of {} keys move?",
            grouped(of.unwrap_or(keys as u64))
        ),
        (Measure::Ideal, Unit::Percent) => format!(
            "{what}. With a placement that moves as few keys as it can, what share of the keys moves, in percent?"
        ),
        (Measure::Ideal, Unit::Reads { .. }) => format!(
            "{cache}{what}. With a placement that moves as few keys as it can, how many reads a second reach the database right after?"
        ),
        (Measure::Moved, Unit::Keys { of: None }) => format!(
            "{what}. How many of the {} keys change server{under}?",
            grouped(keys as u64)
        ),
        (Measure::Moved, Unit::Keys { of: Some(of) }) => format!(
            "{what}. If there were {} keys spread like these, how many would change server{under}?",
            grouped(of)
        ),
        (Measure::Moved, Unit::Percent) => format!(
            "{what}. What share of the keys changes server{under}, in percent?"
        ),
        (Measure::Moved, Unit::Reads { .. }) => format!(
            "{cache}{what}. How many reads a second reach the database right after{under}?"
        ),
        (_, Unit::Times | Unit::Seconds) => what,
    };
    format!("{ask} {}", band_words(band, unit))
}

/// How the reply is marked, in a sentence.
pub(crate) fn band_words(band: Band, unit: Unit) -> String {
    match band {
        Band::Within(0.0) => match unit {
            Unit::Percent => "Give it to one decimal.".to_string(),
            _ => "Give the exact number.".to_string(),
        },
        Band::Within(d) => match unit {
            Unit::Percent => format!(
                "Within {} percentage {} of the answer counts as right.",
                amount(d, 2),
                if d == 1.0 { "point" } else { "points" }
            ),
            _ => format!(
                "Within {} of the answer counts as right.",
                unit_amount(d, unit)
            ),
        },
        Band::Relative(p) => format!("Within {}% of the answer counts as right.", amount(p, 2)),
        Band::Range(low, high) => format!(
            "Anything from {} to {} counts as right.",
            unit_amount(low, unit),
            unit_amount(high, unit)
        ),
    }
}
