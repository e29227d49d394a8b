//! `ringlab sweep vnodes|servers`: the series the page charts, as a plain table, CSV or JSON.

use serde_json::{json, Value};

use ringlab::core::{
    parse_number, percent, plural, sweep, Kind, Scenario, SizePoint, SizeSweep, VnodePoint,
    VnodeSweep,
};

use crate::experiment::{put_keys, setup, Failure};
use crate::json::field;
use crate::series_args::{SweepArgs, SweepOver};
use crate::text::write_aligned;

/// The report for `args`.
pub fn run(args: &SweepArgs) -> Result<String, Failure> {
    let mut scenario = setup(&args.ring, &args.placement)?;
    let keys = &args.keys;
    put_keys(
        &mut scenario,
        keys.keys.as_deref(),
        keys.keys_file.as_deref(),
        keys.keys_at.as_deref(),
    )?;
    let format = &args.format;
    match args.over {
        SweepOver::Vnodes => {
            let last = match &args.up_to {
                Some(text) => parse_number(text).map_err(|e| Failure::at("--up-to", e))?,
                None => VnodeSweep::LAST,
            };
            let points =
                VnodeSweep::run(&scenario, last).map_err(|e| Failure::at("sweep vnodes", e))?;
            Ok(if format.csv {
                sweep::vnodes_csv(&points)
            } else if format.json {
                pretty(&json!({
                    "sweep": "vnodes",
                    "servers": names(&scenario),
                    "points": points.iter().map(|p| json!({
                        "vnodes": p.vnodes,
                        "spread": p.spread,
                        "predicted": p.predicted,
                        "peak_to_mean": p.peak_to_mean,
                    })).collect::<Vec<_>>(),
                }))
            } else {
                vnodes_plain(&scenario, &points)
            })
        }
        SweepOver::Servers => {
            let last = match &args.up_to {
                Some(text) => parse_number(text).map_err(|e| Failure::at("--up-to", e))?,
                None => SizeSweep::LAST,
            };
            let mut also = vec![scenario.placement()];
            for text in args.also.as_deref().unwrap_or_default().split(',') {
                if !text.trim().is_empty() {
                    also.push(text.parse().map_err(|e| Failure::at("--also", e))?);
                }
            }
            let mut sweep = SizeSweep::new(&scenario, last, &also)
                .map_err(|e| Failure::at("sweep servers", e))?;
            let joining: Vec<String> = sweep.servers().iter().map(|s| s.name.clone()).collect();
            while !sweep.is_done() {
                sweep.step();
            }
            let points = sweep.points();
            Ok(if format.csv {
                sweep::servers_csv(points)
            } else if format.json {
                pretty(&json!({
                    "sweep": "servers",
                    "keys": scenario.keys().len(),
                    "servers": joining,
                    "points": points.iter().map(size_json).collect::<Vec<_>>(),
                }))
            } else {
                servers_plain(&scenario, points)
            })
        }
    }
}

fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value)
        .unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()));
    text.push('\n');
    text
}

fn names(scenario: &Scenario) -> Vec<String> {
    scenario.servers().iter().map(|s| s.name.clone()).collect()
}

fn ring_words(scenario: &Scenario) -> String {
    format!(
        "a ring of {} positions, hash {}",
        scenario.size(),
        scenario.hash()
    )
}

fn vnodes_plain(scenario: &Scenario, points: &[VnodePoint]) -> String {
    let n = scenario.servers().len();
    let mut out = format!(
        "Spread of ring shares against virtual nodes: {n} {} ({}) on {}.\n\
         spread: how far shares stray from their ideal (standard deviation of share / ideal);\n\
         1/sqrt(v): what theory predicts for it; peak/mean: the largest share over its ideal.\n\n",
        plural(n, "server", "servers"),
        names(scenario).join(", "),
        ring_words(scenario)
    );
    let mut rows = vec![vec![
        "v".to_string(),
        "spread".to_string(),
        "1/sqrt(v)".to_string(),
        "peak/mean".to_string(),
    ]];
    for p in points {
        rows.push(vec![
            p.vnodes.to_string(),
            percent(p.spread),
            percent(p.predicted),
            format!("{:.3}", p.peak_to_mean),
        ]);
    }
    write_aligned(&mut out, &rows);
    out
}

/// The name of a placement's column: "Rendezvous", "Jump hash", ...
fn column(kind: Kind) -> String {
    kind.name().to_string()
}

fn servers_plain(scenario: &Scenario, points: &[SizePoint]) -> String {
    let keys = scenario.keys().len();
    let mut out = format!(
        "Keys that move as the (N+1)th server joins N: {keys} {}, {} {} per hashed server, on {}.\n\n",
        plural(keys, "key", "keys"),
        scenario.vnodes(),
        plural(scenario.vnodes() as usize, "virtual node", "virtual nodes"),
        ring_words(scenario)
    );
    let mut header: Vec<String> = ["N", "joins", "ring", "ideal", "mod N", "N/(N+1)"]
        .into_iter()
        .map(String::from)
        .collect();
    if let Some(first) = points.first() {
        header.extend(first.others.iter().map(|(k, _)| column(*k)));
    }
    let mut rows = vec![header];
    for p in points {
        let mut row = vec![
            p.servers.to_string(),
            p.joined.to_string(),
            percent(p.ring),
            percent(p.ideal),
            percent(p.mod_n),
            percent(p.mod_n_expected),
        ];
        row.extend(p.others.iter().map(|(_, share)| percent(*share)));
        rows.push(row);
    }
    write_aligned(&mut out, &rows);
    out.push_str(
        "  ideal: the newcomer's weight over the total, 1/(N+1) when all weigh the same.\n",
    );
    out
}

fn size_json(p: &SizePoint) -> Value {
    let mut others = serde_json::Map::new();
    for (kind, share) in &p.others {
        others.insert(field(*kind), json!(share));
    }
    json!({
        "servers": p.servers,
        "joined": &*p.joined,
        "ring": p.ring,
        "ideal": p.ideal,
        "mod_n": p.mod_n,
        "mod_n_expected": p.mod_n_expected,
        "others": others,
    })
}
