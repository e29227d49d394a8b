//! The JSON report. Objects keyed by server name keep the servers' list order.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use ringlab::core::{Change, Kind, Ownership, Scenario, ServerShare};

use crate::facts::{Facts, Moved, LISTED};
use crate::named::{named, Named};

/// The whole report as pretty-printed JSON, ending with a newline.
pub fn render(facts: &Facts) -> String {
    let report = Report::new(facts);
    let mut text = serde_json::to_string_pretty(&report)
        .unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()));
    text.push('\n');
    text
}

/// The report: fixed fields, then one object for the chosen placement (keyed by its name)
/// and one for the placement it is compared with.
struct Report<'a> {
    ring_size: u64,
    hash: &'static str,
    vnodes: u32,
    keys: usize,
    placement: Kind,
    change: Option<&'a Change>,
    summary: Option<String>,
    servers: BeforeAfter<Vec<&'a str>>,
    chosen: RingReport,
    baseline: Option<(Kind, Moves)>,
    requests: Option<crate::requests::RequestsJson>,
    notes: Vec<&'a str>,
    system: Option<SystemJson<'a>>,
}

/// What a change did to a real system's own structure.
#[derive(Serialize)]
struct SystemJson<'a> {
    unit: &'a str,
    moved: u64,
    total: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    keys_regrouped: Option<usize>,
    lines: &'a [String],
}

impl Serialize for Report<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ring_size", &self.ring_size)?;
        map.serialize_entry("hash", self.hash)?;
        map.serialize_entry("vnodes", &self.vnodes)?;
        map.serialize_entry("keys", &self.keys)?;
        map.serialize_entry("placement", self.placement.id())?;
        map.serialize_entry("change", &self.change)?;
        map.serialize_entry("summary", &self.summary)?;
        map.serialize_entry("servers", &self.servers)?;
        map.serialize_entry(&field(self.placement), &self.chosen)?;
        if let Some((kind, moves)) = &self.baseline {
            map.serialize_entry(&field(*kind), moves)?;
        }
        if let Some(requests) = &self.requests {
            map.serialize_entry("requests", requests)?;
        }
        if let Some(system) = &self.system {
            map.serialize_entry("system", system)?;
        }
        map.serialize_entry("notes", &self.notes)?;
        map.end()
    }
}

/// A placement's name as a JSON field: `ring`, `mod_n`, `multi_probe`.
pub fn field(kind: Kind) -> String {
    kind.field()
}

#[derive(Serialize)]
struct BeforeAfter<T> {
    before: T,
    after: T,
}

#[derive(Serialize)]
struct RingReport {
    before: State,
    after: State,
    #[serde(skip_serializing_if = "Option::is_none")]
    changed_share: Option<f64>,
    #[serde(flatten)]
    moves: Moves,
}

/// One ring's ownership, server by server.
#[derive(Serialize)]
struct State {
    shares: Named<f64>,
    ideals: Named<f64>,
    arcs: Named<u64>,
    counts: Named<u64>,
    points: Named<usize>,
    balance: Balance,
}

#[derive(Serialize)]
struct Balance {
    peak_to_mean: f64,
    spread: f64,
    predicted_spread: Option<f64>,
    key_peak_to_mean: Option<f64>,
}

/// Keys that changed server, counted, compared with theory, and listed when few.
#[derive(Serialize)]
struct Moves {
    moved: usize,
    moved_fraction: Option<f64>,
    moved_percent: Option<f64>,
    expected_fraction: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moved_keys: Option<Vec<Move>>,
}

#[derive(Serialize)]
struct Move {
    key: String,
    from: String,
    to: String,
}

impl<'a> Report<'a> {
    fn new(facts: &'a Facts) -> Report<'a> {
        let keys = facts.keys;
        let done = facts.done.as_ref();
        let placement = facts.before.placement();
        let baseline_kind = if placement == Kind::ModN {
            Kind::Ring
        } else {
            Kind::ModN
        };
        let none = Moved::default();
        Report {
            ring_size: facts.before.size().get(),
            hash: facts.before.hash().id(),
            vnodes: facts.before.vnodes(),
            keys,
            placement,
            change: facts.change.as_ref(),
            summary: done.map(|d| d.summary.clone()),
            servers: BeforeAfter {
                before: names(&facts.before),
                after: names(&facts.after),
            },
            chosen: RingReport {
                before: State::new(&facts.owned_before),
                after: State::new(&facts.owned_after),
                changed_share: done.and_then(|d| d.changed_share),
                moves: Moves::new(
                    keys,
                    done.map_or(&none, |d| &d.moved),
                    done.and_then(|d| d.expected),
                ),
            },
            baseline: Some((
                baseline_kind,
                match done.and_then(|d| d.baseline.as_ref()) {
                    Some(b) => Moves::new(keys, &b.moved, b.expected),
                    None => Moves::new(keys, &none, None),
                },
            )),
            requests: facts
                .requests
                .as_ref()
                .map(|r| r.json(&facts.before, &facts.after)),
            notes: facts
                .notes
                .iter()
                .chain(done.map_or(&[][..], |d| d.notes.as_slice()))
                .map(String::as_str)
                .collect(),
            system: done.and_then(|d| d.system.as_ref()).map(|s| SystemJson {
                unit: s.unit,
                moved: s.moved,
                total: s.total,
                keys_regrouped: s.regrouped,
                lines: &s.lines,
            }),
        }
    }
}

fn names(scenario: &Scenario) -> Vec<&str> {
    scenario.servers().iter().map(|s| s.name.as_str()).collect()
}

impl State {
    fn new(ownership: &Ownership) -> State {
        let balance = &ownership.balance;
        State {
            shares: by_server(ownership, |s| s.share),
            ideals: by_server(ownership, |s| s.ideal),
            arcs: by_server(ownership, |s| s.arc),
            counts: by_server(ownership, |s| s.keys),
            points: by_server(ownership, |s| s.points),
            balance: Balance {
                peak_to_mean: balance.peak_to_mean,
                spread: balance.spread,
                predicted_spread: balance.predicted_spread,
                key_peak_to_mean: balance.key_peak_to_mean,
            },
        }
    }
}

/// One value per server, in list order.
fn by_server<T>(ownership: &Ownership, value: impl Fn(&ServerShare) -> T) -> Named<T> {
    named(
        ownership
            .servers
            .iter()
            .map(|s| (s.name.to_string(), value(s))),
    )
}

impl Moves {
    fn new(keys: usize, moved: &Moved, expected: Option<f64>) -> Moves {
        let listed = (moved.count <= LISTED).then(|| {
            moved
                .listed
                .iter()
                .map(|m| Move {
                    key: m.key.clone(),
                    from: m.from.to_string(),
                    to: m.to.to_string(),
                })
                .collect()
        });
        Moves {
            moved: moved.count,
            moved_fraction: (keys > 0).then(|| moved.count as f64 / keys as f64),
            moved_percent: (keys > 0).then(|| moved.count as f64 * 100.0 / keys as f64),
            expected_fraction: expected,
            moved_keys: listed,
        }
    }
}
