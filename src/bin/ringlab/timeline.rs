//! `ringlab timeline`: database reads per second over time after one change, with the
//! engine's figures, as a plain table, CSV or JSON.

use std::fmt::Write;

use serde_json::{json, Value};

use ringlab::core::timeline::Curve;
use ringlab::core::{
    parse_number, percent, plural, CacheLoad, Change, Error, Scenario, Summation, Timeline,
};

use crate::experiment::{put_keys, setup, Failure};
use crate::json::field;
use crate::series_args::TimelineArgs;
use crate::text::{setup_line, write_aligned};

/// Rows of the plain table's series.
const ROWS: usize = 24;

/// The report for `args`.
pub fn run(args: &TimelineArgs) -> Result<String, Failure> {
    if args.restart_after.is_some() && args.fail.is_none() {
        return Err(Failure::Refused(
            "--restart-after: only a failed server restarts; give it with --fail.".into(),
        ));
    }
    let mut scenario = setup(&args.ring, &args.placement)?;
    let keys = &args.keys;
    put_keys(
        &mut scenario,
        keys.keys.as_deref(),
        keys.keys_file.as_deref(),
        keys.keys_at.as_deref(),
    )?;
    settle_flags(&mut scenario, args)?;
    let load = load(args)?;
    let (change, flag) = match (&args.add, &args.remove, &args.fail) {
        (Some(text), _, _) => (format!("add:{text}"), "--add"),
        (_, Some(name), _) => (format!("remove:{name}"), "--remove"),
        (_, _, Some(name)) => (format!("fail:{name}"), "--fail"),
        _ => {
            return Err(Failure::Refused(
                "give one change: --add, --remove or --fail.".into(),
            ))
        }
    };
    let change: Change = change.parse().map_err(|e| Failure::at(flag, e))?;
    let timeline = Timeline::new(&scenario, &change, load).map_err(|e| Failure::at(flag, e))?;
    Ok(if args.format.csv {
        timeline.csv()
    } else if args.format.json {
        let mut text = serde_json::to_string_pretty(&to_json(&timeline))
            .unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()));
        text.push('\n');
        text
    } else {
        plain(&scenario, &timeline)
    })
}

/// Applies the flags that set the traffic and the timeline's settings, as changes.
fn settle_flags(scenario: &mut Scenario, args: &TimelineArgs) -> Result<(), Failure> {
    let mut changes: Vec<(&str, Result<Change, Error>)> = Vec::new();
    if let Some(text) = &args.traffic {
        changes.push(("--traffic", format!("traffic:{text}").parse()));
    }
    for text in &args.hot {
        changes.push(("--hot", format!("hot:{text}").parse()));
    }
    if let Some(r) = &args.replicas {
        changes.push(("--replicas", format!("replicas:{r}").parse()));
    }
    if let Some(s) = &args.restart_after {
        changes.push(("--restart-after", format!("restart-after:{s}").parse()));
    }
    if let Some(s) = &args.gossip {
        changes.push(("--gossip", format!("gossip:{s}").parse()));
    }
    if let Some(w) = &args.writes {
        changes.push(("--writes", format!("writes:{w}").parse()));
    }
    for (flag, change) in changes {
        change
            .and_then(|c| scenario.apply(c))
            .map_err(|e| Failure::at(flag, e))?;
    }
    Ok(())
}

/// Reads per second and the hit rate from `--reads` and `--hit`.
fn load(args: &TimelineArgs) -> Result<CacheLoad, Failure> {
    let usual = CacheLoad::default();
    let reads = match &args.reads {
        Some(text) => parse_number::<u64>(text).map_err(|e| Failure::at("--reads", e))? as f64,
        None => usual.reads,
    };
    let hit = match &args.hit {
        Some(text) => {
            let value: f64 = text.trim().trim_end_matches('%').parse().map_err(|_| {
                Failure::Refused(format!(
                    "--hit: {text:?} is not a percentage; give a number from 0 to 100, such as 95."
                ))
            })?;
            value / 100.0
        }
        None => usual.hit_rate,
    };
    CacheLoad::new(reads, hit).map_err(|e| Failure::at("--reads/--hit", e))
}

/// A rate or count for people: whole above 100, two decimals below.
fn amount(x: f64) -> String {
    if x.abs() >= 100.0 || x == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// A time as a number of the axis unit, without trailing zeros.
fn in_unit(timeline: &Timeline, seconds: f64) -> String {
    let text = format!("{:.3}", timeline.axis.unit.of(seconds));
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// A time in the axis unit, with its symbol.
fn time(timeline: &Timeline, seconds: f64) -> String {
    format!(
        "{} {}",
        in_unit(timeline, seconds),
        timeline.axis.unit.symbol()
    )
}

fn summed(curve: &Curve) -> String {
    match curve.summation {
        Summation::Exact { groups } => {
            format!(
                "exactly ({groups} {})",
                plural(groups, "group of keys", "groups of keys")
            )
        }
        Summation::Binned { bins, per_octave } => {
            format!("in {bins} bins of rate, {per_octave} per doubling")
        }
    }
}

/// The plain report: the set-up, the figures side by side, and the series in a few rows.
fn plain(scenario: &Scenario, t: &Timeline) -> String {
    let mut out = setup_line(scenario);
    out.push('\n');
    let timing = t.timing;
    let _ = writeln!(
        out,
        "Change: {}. {} reads/s at {} hits; {} per key; {}; {}.",
        t.change,
        t.load.reads as u64,
        percent(t.load.hit_rate),
        if timing.replicas == 1 {
            "one copy".to_string()
        } else {
            format!("{} copies", timing.replicas)
        },
        if timing.gossip == 0 {
            "every client told at once".to_string()
        } else {
            format!("clients told over {} s", timing.gossip)
        },
        if timing.writes == 0 {
            "no writes".to_string()
        } else {
            format!("{} writes/s", timing.writes)
        },
    );
    if let (Some(failed), Some(d)) = (&t.failed, t.restart_at) {
        let _ = writeln!(out, "{failed} restarts, empty, after {} s.", d);
    }
    let (a, b) = (&t.placement, &t.baseline);
    let name = |c: &Curve| {
        if c.kind == ringlab::core::Kind::ModN {
            "mod N".to_string()
        } else {
            c.kind.name().to_string()
        }
    };
    let mut rows = vec![vec![String::new(), name(a), name(b)]];
    let mut row = |label: &str, f: &dyn Fn(&Curve) -> String| {
        rows.push(vec![label.to_string(), f(a), f(b)]);
    };
    row("keys moved", &|c| c.moved.0.to_string());
    if t.restart_at.is_some() {
        row("keys moved back at the restart", &|c| c.moved.1.to_string());
    }
    row("keys that miss", &|c| c.cold_keys.to_string());
    row("database reads/s before", &|c| amount(c.steady));
    row("peak database reads/s", &|c| amount(c.peak));
    row("peak at", &|c| time(t, c.peak_at));
    row("extra database reads in all", &|c| amount(c.extra_reads));
    row("99 % of them in by", &|c| time(t, c.settle));
    if t.failed.is_some() || !t.gossip.is_empty() {
        row("requests to a server the new view lacks", &|c| {
            amount(c.misrouted)
        });
        row("requests to an old owner", &|c| amount(c.stale));
    }
    if let Some(hints) = a.hints.filter(|_| timing.writes > 0) {
        row("hints/s held for the failed server", &|c| {
            c.hints.map_or("-".into(), |h| amount(h.per_second))
        });
        if hints.delivered.is_some() {
            row("hints delivered at the restart", &|c| {
                c.hints.and_then(|h| h.delivered).map_or("-".into(), amount)
            });
        }
    }
    out.push('\n');
    write_aligned(&mut out, &rows);
    let _ = writeln!(
        out,
        "  Keys summed {} under {}, {} under {}.",
        summed(a),
        name(a),
        summed(b),
        name(b)
    );

    let unit = t.axis.unit.symbol();
    let _ = writeln!(
        out,
        "\nDatabase reads per second ({} samples in all with --csv or --json)",
        a.samples.len()
    );
    let mut times: Vec<(f64, bool)> = vec![(t.axis.start, false), (0.0, false)];
    times.extend((1..=ROWS).map(|i| (t.axis.end * i as f64 / ROWS as f64, false)));
    if let Some(d) = t.restart_at {
        times.push((d, true));
        times.push((d, false));
    }
    times.sort_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)));
    times.dedup();
    let mut rows = vec![vec![format!("t ({unit})"), name(a), name(b)]];
    for (at, before) in times {
        let reads = |c: &Curve| {
            if before {
                c.db_reads_before(at)
            } else {
                c.db_reads_at(at)
            }
        };
        let mut label = in_unit(t, at);
        if before {
            label.push_str(" (just before)");
        }
        rows.push(vec![label, amount(reads(a)), amount(reads(b))]);
    }
    write_aligned(&mut out, &rows);
    out
}

fn curve_json(c: &Curve) -> Value {
    let summation = match c.summation {
        Summation::Exact { groups } => json!({"exact": true, "groups": groups}),
        Summation::Binned { bins, per_octave } => {
            json!({"exact": false, "bins": bins, "per_octave": per_octave})
        }
    };
    json!({
        "steady": c.steady,
        "peak": c.peak,
        "peak_at": c.peak_at,
        "extra_reads": c.extra_reads,
        "settle": c.settle,
        "moved": c.moved.0,
        "moved_back": c.moved.1,
        "cold_keys": c.cold_keys,
        "misrouted": c.misrouted,
        "stale": c.stale,
        "hints": c.hints.map(|h| json!({"per_second": h.per_second, "delivered": h.delivered})),
        "summation": summation,
        "samples": c.samples.iter().map(|s| [s.t, s.db_reads]).collect::<Vec<_>>(),
    })
}

fn to_json(t: &Timeline) -> Value {
    let window = |w: &ringlab::core::timeline::Window| json!({"from": w.from, "to": w.to});
    let mut report = json!({
        "change": t.change.to_string(),
        "reads": t.load.reads,
        "hit": t.load.hit_rate,
        "replicas": t.timing.replicas,
        "gossip": t.timing.gossip,
        "restart_after": t.timing.restart_after,
        "writes": t.timing.writes,
        "failed": t.failed,
        "restart_at": t.restart_at,
        "axis": {"start": t.axis.start, "end": t.axis.end, "unit": t.axis.unit.symbol()},
        "gossip_windows": t.gossip.iter().map(window).collect::<Vec<_>>(),
        "outage": t.outage.as_ref().map(window),
        "placement": field(t.placement.kind),
        "baseline": field(t.baseline.kind),
    });
    if let Value::Object(map) = &mut report {
        map.insert(field(t.placement.kind), curve_json(&t.placement));
        map.insert(field(t.baseline.kind), curve_json(&t.baseline));
    }
    report
}
