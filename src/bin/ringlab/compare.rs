//! `ringlab compare`: the experiment under every placement, as a plain table, Markdown or JSON.

use std::fmt::Write;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use ringlab::core::compare::{compare, compare_kinds, Column, Comparison};
use ringlab::core::{percent, Kind, Scenario};

use crate::experiment::Run;
use crate::json::field;

/// The comparison of a finished run: the textbook placements, and the real systems when asked
/// for or when one of them is the chosen placement.
pub fn comparison(run: &Run, systems: bool) -> Comparison {
    if systems || run.before.placement().is_system() {
        let kinds: Vec<Kind> = Kind::every().collect();
        compare_kinds(&run.before, &run.after, &kinds)
    } else {
        compare(&run.before, &run.after)
    }
}

/// The rows of the table, one per placement, as text cells.
fn rows(c: &Comparison, chosen: Kind) -> Vec<Vec<String>> {
    let best = c.best();
    c.columns
        .iter()
        .map(|col| {
            let (moved, peak, cost) = c.marks(col, &best);
            let mark = |won: bool| if won { " *" } else { "" };
            let name = if col.kind == chosen {
                format!("{} (chosen)", col.kind.name())
            } else {
                col.kind.name().to_string()
            };
            vec![
                name,
                format!(
                    "{} ({}){}",
                    col.moved,
                    col.moved_fraction(c.keys)
                        .map(percent)
                        .unwrap_or_else(|| "-".into()),
                    mark(moved)
                ),
                col.ideal.map(percent).unwrap_or_else(|| "-".into()),
                match col.peak_to_mean {
                    Some(p) => format!("{p:.2}x{}", mark(peak)),
                    None => "-".into(),
                },
                format!("{} {}{}", trim(col.cost.per_key), col.cost.unit, mark(cost)),
                format!("{} {}", col.state.count, col.state.unit),
            ]
        })
        .collect()
}

const HEADER: [&str; 6] = [
    "placement",
    "keys moved",
    "ideal",
    "busiest/mean",
    "lookup cost",
    "state",
];

fn trim(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The plain table.
pub fn render_text(run: &Run, systems: bool) -> String {
    let c = comparison(run, systems);
    let mut out = String::new();
    let _ = writeln!(out, "{}", headline(run, &c));
    let mut table = vec![HEADER.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
    table.extend(rows(&c, run.before.placement()));
    let widths: Vec<usize> = (0..HEADER.len())
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in &table {
        let mut line = String::from(" ");
        for (i, cell) in row.iter().enumerate() {
            let _ = write!(line, " {cell:<width$} ", width = widths[i]);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("  * best in its column: moved nearest the ideal (the least any placement could move), busiest nearest the mean, cheapest lookup.\n");
    notes(&mut out, &c);
    out
}

/// A Markdown table.
pub fn render_markdown(run: &Run, systems: bool) -> String {
    let c = comparison(run, systems);
    let mut out = format!("{}\n\n", headline(run, &c));
    let _ = writeln!(out, "| {} |", HEADER.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(HEADER.len()));
    for row in rows(&c, run.before.placement()) {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| match cell.strip_suffix(" *") {
                Some(value) => format!("**{value}**"),
                None => cell.replace('|', "\\|"),
            })
            .collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push_str("\nBold: best in its column: moved nearest the ideal (the least any placement could move), busiest nearest the mean, cheapest lookup.\n");
    notes(&mut out, &c);
    out
}

fn headline(run: &Run, c: &Comparison) -> String {
    let change = match &run.outcome {
        Some(o) => o.headline.clone(),
        None => "No change asked for (--add or --remove), so no key moved.".to_string(),
    };
    format!(
        "{} {} {} {}, {} {}. {change}",
        c.keys,
        if c.keys == 1 { "key" } else { "keys" },
        "on",
        servers_words(&run.before),
        "ring of",
        run.before.size(),
    )
}

fn servers_words(s: &Scenario) -> String {
    let n = s.servers().len();
    format!("{n} {}", if n == 1 { "server" } else { "servers" })
}

fn notes(out: &mut String, c: &Comparison) {
    for col in &c.columns {
        if let Some(note) = &col.note {
            let _ = writeln!(out, "Note: {note}");
        }
    }
}

/// The JSON report: `{keys, placements: {NAME: {...}}}`.
pub fn render_json(run: &Run, systems: bool) -> String {
    let c = comparison(run, systems);
    let report = JsonReport {
        keys: c.keys,
        placements: &c.columns,
    };
    let mut text = serde_json::to_string_pretty(&report)
        .unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()));
    text.push('\n');
    text
}

#[derive(Serialize)]
struct JsonReport<'a> {
    keys: usize,
    #[serde(serialize_with = "by_placement")]
    placements: &'a [Column],
}

fn by_placement<S: Serializer>(columns: &&[Column], serializer: S) -> Result<S::Ok, S::Error> {
    let keys = columns
        .iter()
        .map(|c| c.after.iter().sum::<u64>())
        .max()
        .unwrap_or(0) as f64;
    let mut map = serializer.serialize_map(Some(columns.len()))?;
    for col in columns.iter() {
        map.serialize_entry(&field(col.kind), &ColumnJson::new(col, keys))?;
    }
    map.end()
}

#[derive(Serialize)]
struct ColumnJson<'a> {
    moved: usize,
    moved_fraction: Option<f64>,
    ideal_fraction: Option<f64>,
    before: Counts<'a>,
    after: Counts<'a>,
    peak_to_mean: Option<f64>,
    spread: Option<f64>,
    lookup_cost: Cost,
    state: State,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

#[derive(Serialize)]
struct Counts<'a> {
    #[serde(serialize_with = "named")]
    counts: (&'a [std::sync::Arc<str>], &'a [u64]),
}

fn named<S: Serializer>(
    (names, counts): &(&[std::sync::Arc<str>], &[u64]),
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(names.len()))?;
    for (name, count) in names.iter().zip(counts.iter()) {
        map.serialize_entry(&**name, count)?;
    }
    map.end()
}

#[derive(Serialize)]
struct Cost {
    per_key: f64,
    unit: &'static str,
}

#[derive(Serialize)]
struct State {
    count: u64,
    unit: &'static str,
}

impl<'a> ColumnJson<'a> {
    fn new(col: &'a Column, keys: f64) -> ColumnJson<'a> {
        ColumnJson {
            moved: col.moved,
            moved_fraction: (keys > 0.0).then(|| col.moved as f64 / keys),
            ideal_fraction: col.ideal,
            before: Counts {
                counts: (&col.names_before, &col.before),
            },
            after: Counts {
                counts: (&col.names_after, &col.after),
            },
            peak_to_mean: col.peak_to_mean,
            spread: col.spread,
            lookup_cost: Cost {
                per_key: col.cost.per_key,
                unit: col.cost.unit,
            },
            state: State {
                count: col.state.count,
                unit: col.state.unit,
            },
            note: col.note.as_deref(),
        }
    }
}
