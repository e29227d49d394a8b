//! The plain report: aligned tables of ownership before and after, then the keys that moved
//! next to what theory expects.

use std::fmt::Write;

use ringlab::core::{percent, plural, Kind, Ownership, Scenario};

use crate::facts::{Done, Facts, Moved};

/// Moved keys are listed one by one when there are at most this many.
const LISTED_MOVES: usize = 10;

/// The whole plain report.
pub fn render(facts: &Facts) -> String {
    let mut out = String::new();
    out.push_str(&setup_line_with(&facts.before, facts.keys));
    out.push('\n');
    match (&facts.change, &facts.done) {
        (Some(_), Some(done)) => {
            let _ = writeln!(out, "\nBefore: {}", server_list(&facts.before));
            table(&mut out, &facts.owned_before);
            let _ = writeln!(out, "\n{}", done.headline);
            let _ = writeln!(out, "\nAfter: {}", server_list(&facts.after));
            table(&mut out, &facts.owned_after);
            moved(&mut out, facts, done);
        }
        _ => {
            let _ = writeln!(out, "\n{}", server_list(&facts.before));
            table(&mut out, &facts.owned_before);
            let _ = writeln!(
                out,
                "\nNo change asked for (--add or --remove), so no key moved."
            );
        }
    }
    if let Some(requests) = &facts.requests {
        let moved = facts
            .done
            .as_ref()
            .map(|d| d.moved.fraction(facts.keys).unwrap_or(0.0));
        out.push_str(&requests.text(&facts.before, &facts.after, moved));
    }
    for note in &facts.notes {
        let _ = writeln!(out, "\nNote: {note}");
    }
    out
}

/// The set-up in a line or two, its own keys counted.
pub fn setup_line(scenario: &Scenario) -> String {
    setup_line_with(scenario, scenario.keys().len())
}

/// The set-up in a line or two, with `keys` keys.
fn setup_line_with(scenario: &Scenario, keys: usize) -> String {
    let size = scenario.size();
    let vnodes = scenario.vnodes();
    let mut line = format!(
        "Ring of {size} positions (0 to {}), hash {} ({}), {vnodes} {} per hashed server, {keys} {}.",
        size.get() - 1,
        scenario.hash(),
        scenario.hash().describe(),
        plural(vnodes as usize, "virtual node", "virtual nodes"),
        plural(keys, "key", "keys"),
    );
    if scenario.placement() != Kind::Ring {
        line.push_str(&format!(
            "\nPlacement: {}. {}",
            scenario.placement().name(),
            scenario.placement().summary()
        ));
    }
    line
}

fn server_list(scenario: &Scenario) -> String {
    let count = scenario.servers().len();
    format!("{count} {}", plural(count, "server", "servers"))
}

/// One row per server: its share of the ring, its arc, its points (when any server has more
/// than one) and its keys.
fn table(out: &mut String, ownership: &Ownership) {
    let show_points = ownership
        .servers
        .iter()
        .any(|s| s.points != 1 && s.points != 0);
    let mut rows: Vec<Vec<String>> = Vec::with_capacity(ownership.servers.len() + 1);
    let space = match ownership.unit {
        "positions" => "arc",
        "hash values" => "hash values",
        "table entries" => "entries",
        _ => "samples",
    };
    let mut header = vec!["server", "share", space];
    if show_points {
        header.push("points");
    }
    header.extend(["keys", "key share"]);
    rows.push(header.into_iter().map(String::from).collect());
    for server in &ownership.servers {
        let mut row = vec![
            server.name.to_string(),
            percent(server.share),
            server.arc.to_string(),
        ];
        if show_points {
            row.push(server.points.to_string());
        }
        row.push(server.keys.to_string());
        row.push(if ownership.keys > 0 {
            percent(server.keys as f64 / ownership.keys as f64)
        } else {
            "-".to_string()
        });
        rows.push(row);
    }
    write_aligned(out, &rows);
    let balance = &ownership.balance;
    match balance.predicted_spread {
        Some(predicted) if ownership.servers.iter().any(|s| s.points > 1) => {
            let _ = writeln!(
                out,
                "  Balance: the largest share is {:.2} times its ideal; shares stray from it by {} \
                 (1/sqrt(points) predicts {}).",
                balance.peak_to_mean,
                percent(balance.spread),
                percent(predicted),
            );
        }
        _ => {}
    }
}

/// Writes rows indented by two spaces: the first column left-aligned, the others right-aligned.
pub fn write_aligned(out: &mut String, rows: &[Vec<String>]) {
    write_aligned_left(out, rows, 1);
}

/// Writes rows indented by two spaces: the first `left` columns left-aligned, the others
/// right-aligned.
pub fn write_aligned_left(out: &mut String, rows: &[Vec<String>], left: usize) {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in rows {
        let mut line = String::from(" ");
        for (c, cell) in row.iter().enumerate() {
            line.push(' ');
            if c == 0 {
                let _ = write!(line, "{cell:<width$}", width = widths[c]);
            } else if c < left {
                let _ = write!(line, " {cell:<width$}", width = widths[c]);
            } else {
                let _ = write!(line, " {cell:>width$}", width = widths[c]);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// How many keys moved on the ring and under mod N, with the theory beside each.
fn moved(out: &mut String, facts: &Facts, done: &Done) {
    let keys = facts.keys;
    let count = |moved: &Moved| match moved.fraction(keys) {
        Some(fraction) => format!("{} of {keys} ({})", moved.count, percent(fraction)),
        None => "0 of 0".to_string(),
    };
    let label = |kind: Kind| kind.spec().under.to_string();
    let mut rows = vec![vec![
        label(done.placement),
        count(&done.moved),
        done.theory.clone(),
    ]];
    if let Some(b) = &done.baseline {
        rows.push(vec![label(b.kind), count(&b.moved), b.theory.clone()]);
    }
    out.push_str("\nKeys moved\n");
    let width = rows.iter().map(|r| r[1].chars().count()).max().unwrap_or(0);
    for row in &rows {
        let line = format!("  {}:  {:<width$}   {}", row[0], row[1], row[2]);
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if let Some(share) = done.changed_share {
        let _ = writeln!(out, "  {} of the ring changed owner.", percent(share));
    }
    if let Some(system) = &done.system {
        let _ = writeln!(out, "  {}", system.summary(keys));
        for line in &system.lines {
            let _ = writeln!(out, "  {line}");
        }
    }
    if keys == 0 {
        out.push_str("  There are no keys; add some with --keys, --keys-file or --keys-at.\n");
    }
    list_moves(
        out,
        &format!("Moved {}", label(done.placement)),
        &done.moved,
    );
    if let Some(b) = &done.baseline {
        list_moves(out, &format!("Moved {}", label(b.kind)), &b.moved);
    }
    for note in &done.notes {
        let _ = writeln!(out, "\nNote: {note}");
    }
}

fn list_moves(out: &mut String, title: &str, moved: &Moved) {
    if moved.count == 0 || moved.count > LISTED_MOVES {
        return;
    }
    let list: Vec<String> = moved
        .listed
        .iter()
        .map(|m| format!("{} {} -> {}", m.key, m.from, m.to))
        .collect();
    let _ = writeln!(out, "  {title}: {}", list.join(", "));
}
