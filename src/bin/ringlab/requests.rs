//! The requests section of the reports: each server's share of the reads before and after the
//! change, the busiest server against its fair share with and without the remedies, and how
//! much of the traffic the moved keys carried.

use std::fmt::Write;

use serde::Serialize;

use ringlab::core::{percent, Loads, MovedReads, Scenario};

use crate::experiment::Run;
use crate::named::{named, Named};

/// The engine's figures on requests for a run.
pub struct Requests {
    /// Reads per second.
    pub reads: f64,
    /// Loads before the change.
    pub before: Loads,
    /// Loads after it.
    pub after: Loads,
    /// The share of requests the moved keys carried.
    pub moved_share: Option<f64>,
}

impl Requests {
    /// The figures for `run`, when it asked about traffic.
    pub fn of(run: &Run) -> Option<Requests> {
        let reads = run.reads?;
        let loads = |s: &Scenario| s.traffic().loads(&s.placed(), s.keys(), reads);
        let moved_share = run
            .outcome
            .as_ref()
            .and_then(|o| MovedReads::of(&run.before, o))
            .map(|m| m.placement);
        Some(Requests {
            reads,
            before: loads(&run.before),
            after: loads(&run.after),
            moved_share,
        })
    }

    /// The plain report's section, for the change from `before` to `after` that moved
    /// `moved` of the keys.
    pub fn text(&self, before: &Scenario, after: &Scenario, moved: Option<f64>) -> String {
        let traffic = before.traffic();
        let mut out = String::new();
        let _ = write!(
            out,
            "\nRequests: {} reads/s, popularity {}",
            self.reads as u64, traffic.popularity
        );
        if !traffic.hot.is_empty() {
            let hot: Vec<String> = traffic
                .hot
                .iter()
                .map(|(k, m)| format!("{k}*{m}"))
                .collect();
            let _ = write!(out, ", hot {}", hot.join(" "));
        }
        if traffic.has_remedy() {
            let _ = write!(out, ", remedies {}", traffic.remedies_text());
        }
        out.push('\n');
        let names: Vec<&str> = after.servers().iter().map(|s| s.name.as_str()).collect();
        let before_names: Vec<&str> = before.servers().iter().map(|s| s.name.as_str()).collect();
        let share = |loads: &Loads, list: &[&str], name: &str| {
            list.iter()
                .position(|n| *n == name)
                .map_or("-".to_string(), |i| percent(loads.servers[i].share))
        };
        let mut all: Vec<&str> = before_names.clone();
        for n in &names {
            if !all.contains(n) {
                all.push(n);
            }
        }
        let width = all
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        let _ = writeln!(
            out,
            "  {:<width$}  {:>10}  {:>10}",
            "server", "before", "after"
        );
        for name in all {
            let _ = writeln!(
                out,
                "  {name:<width$}  {:>10}  {:>10}",
                share(&self.before, &before_names, name),
                share(&self.after, &names, name)
            );
        }
        let _ = writeln!(
            out,
            "  Busiest server over its fair share: {:.2}x before, {:.2}x after{}.",
            self.before.none,
            self.after.none,
            remedies_words(&self.after)
        );
        if self.after.absorbed > 0.0 {
            let _ = writeln!(
                out,
                "  The near cache answers {} reads/s before they reach a cache server.",
                self.after.absorbed.round() as u64
            );
        }
        if let (Some(share), Some(moved)) = (self.moved_share, moved) {
            let _ = writeln!(
                out,
                "  The keys that moved carried {} of the requests ({} of the keys).",
                percent(share),
                percent(moved)
            );
        }
        out
    }

    /// The JSON report's `requests` object, for the change from `before` to `after`.
    pub fn json(&self, before: &Scenario, after: &Scenario) -> RequestsJson {
        let side = |loads: &Loads, s: &Scenario| SideJson {
            requests: named(
                s.servers()
                    .iter()
                    .map(|x| x.name.clone())
                    .zip(loads.servers.iter().map(|l| l.requests)),
            ),
            shares: named(
                s.servers()
                    .iter()
                    .map(|x| x.name.clone())
                    .zip(loads.servers.iter().map(|l| l.share)),
            ),
            peak_to_mean: loads.none,
            peak_to_mean_with_remedies: loads.all,
            absorbed: loads.absorbed,
        };
        RequestsJson {
            reads: self.reads,
            popularity: before.traffic().popularity.to_string(),
            remedies: before.traffic().remedies_text(),
            before: side(&self.before, before),
            after: side(&self.after, after),
            moved_share: self.moved_share,
        }
    }
}

fn remedies_words(loads: &Loads) -> String {
    if loads.each.is_empty() {
        return String::new();
    }
    let mut words: Vec<String> = loads
        .each
        .iter()
        .map(|(r, p)| format!("{p:.2}x with {r} alone"))
        .collect();
    words.push(format!("{:.2}x with every remedy", loads.all));
    format!("; {}", words.join(", "))
}

/// The JSON `requests` object.
#[derive(Serialize)]
pub struct RequestsJson {
    reads: f64,
    popularity: String,
    remedies: String,
    before: SideJson,
    after: SideJson,
    moved_share: Option<f64>,
}

#[derive(Serialize)]
struct SideJson {
    requests: Named<f64>,
    shares: Named<f64>,
    peak_to_mean: f64,
    peak_to_mean_with_remedies: f64,
    absorbed: f64,
}
