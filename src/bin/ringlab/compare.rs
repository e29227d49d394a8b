//! `ringlab compare`: the experiment under every placement, as a plain table, Markdown or JSON.

use std::fmt::Write;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use ringlab::core::compare::{compare_batch, compare_kinds, Column, Comparison};
use ringlab::core::{percent, Change, Kind, Scenario};

use crate::batches::{self, threads, Batches};
use crate::cli::CompareArgs;
use crate::experiment::{finish, read_change, setup, Failure};
use crate::json::field;
use crate::pipeline;
use crate::report::{needs_every_key, take_keys};

/// What the report shows: every placement's column, the ring before the change, the change in
/// words, and the placements left out, in words.
pub struct Compared {
    c: Comparison,
    before: Scenario,
    change: Option<String>,
    left_out: Vec<String>,
}

/// The comparison the flags describe, as the table, Markdown or JSON they ask for.
pub fn run(args: &CompareArgs) -> Result<String, Failure> {
    let compared = compared(args)?;
    let text = if args.experiment.json {
        render_json(&compared)
    } else if args.markdown {
        render_markdown(&compared)
    } else {
        render_text(&compared)
    };
    // A million keys freed one by one would only delay the report.
    std::mem::forget(compared);
    Ok(text)
}

/// The placements compared: the textbook ones, and the real systems when asked for or when one
/// of them is the chosen placement.
fn kinds(before: &Scenario, systems: bool) -> Vec<Kind> {
    if systems || before.placement().is_system() {
        Kind::every().collect()
    } else {
        Kind::ALL.to_vec()
    }
}

/// The keys held whole and compared at once, or, when they are more than are held at once,
/// passed through a batch at a time.
fn compared(args: &CompareArgs) -> Result<Compared, Failure> {
    let e = &args.experiment;
    let mut scenario = setup(&e.ring, &e.placement)?;
    let whole = needs_every_key(&scenario, e);
    match (
        take_keys(&mut scenario, e, &args.batch, whole.is_some())?,
        whole,
    ) {
        (None, _) => {
            let run = finish(scenario, &e.traffic, &e.then)?;
            let c = compare_kinds(&run.before, &run.after, &kinds(&run.before, args.systems));
            let compared = Compared {
                c,
                before: run.before.without_keys(),
                change: run.outcome.as_ref().map(|o| o.headline.clone()),
                left_out: Vec::new(),
            };
            std::mem::forget(run);
            Ok(compared)
        }
        (Some(batches), Some(why)) => Err(batches::held_at_once(batches.source(), &why)),
        (Some(batches), None) => stream(
            &scenario,
            batches,
            read_change(&e.then)?,
            args.systems,
            threads(&args.batch)?,
        ),
    }
}

/// Compares the keys of `scenario` (from a scenario file, if any) and those of `batches`
/// under `change`, a batch at a time: `workers` batches side by side while the next are read,
/// their comparisons summed in the input's order. A placement that places a key knowing every
/// other key (bounded loads) is left out, and said so.
fn stream(
    scenario: &Scenario,
    mut batches: Batches,
    change: Option<(Change, &'static str)>,
    systems: bool,
    workers: usize,
) -> Result<Compared, Failure> {
    let keyless = scenario.without_keys();
    let after = |before: &Scenario| match &change {
        Some((change, flag)) => before
            .after(change.clone())
            .map(|(after, outcome)| (after, Some(outcome)))
            .map_err(|e| Failure::at(flag, e)),
        None => Ok((before.clone(), None)),
    };
    let (keyless_after, outcome) = after(&keyless)?;
    let (kinds, left): (Vec<Kind>, Vec<Kind>) =
        kinds(&keyless, systems).into_iter().partition(|&kind| {
            batches::kind_places_alone(&keyless, kind)
                && batches::kind_places_alone(&keyless_after, kind)
        });
    let measure = |before: &Scenario, repeats: &[u32]| -> Result<Comparison, Failure> {
        let (changed, _) = after(before)?;
        Ok(compare_batch(before, &changed, &kinds, repeats))
    };
    let mut sum = None;
    if !scenario.keys().is_empty() {
        add(&mut sum, measure(scenario, &[])?);
    }
    let source = batches.source().to_string();
    pipeline::in_order(
        workers,
        || batches.next_batch(),
        |batch| {
            let (held, repeats) = batch.held(&source, &keyless)?;
            measure(&held, &repeats)
        },
        |part| {
            add(&mut sum, part);
            Ok(true)
        },
    )?;
    let c = match sum {
        Some(c) => c,
        None => compare_batch(&keyless, &keyless_after, &kinds, &[]),
    };
    let left_out = left
        .iter()
        .map(|kind| {
            format!(
                "{} is left out: it places each key knowing every other key, and the keys passed through a batch at a time (--batch-keys).",
                kind.name()
            )
        })
        .collect();
    Ok(Compared {
        c,
        before: keyless,
        change: outcome.map(|o| o.headline),
        left_out,
    })
}

/// Adds a batch's comparison to the sum of those before it.
fn add(sum: &mut Option<Comparison>, part: Comparison) {
    match sum {
        Some(sum) => sum.add(part),
        None => *sum = Some(part),
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
fn render_text(compared: &Compared) -> String {
    let c = &compared.c;
    let mut out = String::new();
    let _ = writeln!(out, "{}", headline(compared));
    let mut table = vec![HEADER.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
    table.extend(rows(c, compared.before.placement()));
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
    notes(&mut out, compared);
    out
}

/// A Markdown table.
fn render_markdown(compared: &Compared) -> String {
    let c = &compared.c;
    let mut out = format!("{}\n\n", headline(compared));
    let _ = writeln!(out, "| {} |", HEADER.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(HEADER.len()));
    for row in rows(c, compared.before.placement()) {
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
    notes(&mut out, compared);
    out
}

fn headline(compared: &Compared) -> String {
    let c = &compared.c;
    let change = match &compared.change {
        Some(headline) => headline.clone(),
        None => "No change asked for (--add or --remove), so no key moved.".to_string(),
    };
    format!(
        "{} {} {} {}, {} {}. {change}",
        c.keys,
        if c.keys == 1 { "key" } else { "keys" },
        "on",
        servers_words(&compared.before),
        "ring of",
        compared.before.size(),
    )
}

fn servers_words(s: &Scenario) -> String {
    let n = s.servers().len();
    format!("{n} {}", if n == 1 { "server" } else { "servers" })
}

fn notes(out: &mut String, compared: &Compared) {
    for col in &compared.c.columns {
        if let Some(note) = &col.note {
            let _ = writeln!(out, "Note: {note}");
        }
    }
    for note in &compared.left_out {
        let _ = writeln!(out, "Note: {note}");
    }
}

/// The JSON report: `{keys, placements: {NAME: {...}}}`.
fn render_json(compared: &Compared) -> String {
    let c = &compared.c;
    let report = JsonReport {
        keys: c.keys,
        placements: &c.columns,
        left_out: &compared.left_out,
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
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    left_out: &'a [String],
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
