//! The arrow keys on the ring: with the canvas focused they step through the server points
//! and the keys in clockwise order, select what they reach and say it in words.

use leptos::prelude::*;

use crate::core::{plural, Scenario};
use crate::draw::picture::{Hit, Picture};
use crate::ui::kit::numbers::pct;
use crate::ui::state::AppState;

/// Handles `key` pressed on the focused ring. `at` remembers the stop last reached (a server
/// has many points). Returns whether it was one of the ring's keys.
pub fn on_ring_key(
    app: AppState,
    picture: &Picture,
    key: &str,
    at: StoredValue<Option<usize>>,
) -> bool {
    if key == "Escape" {
        let had = app.selection.key.get_untracked().is_some()
            || app.selection.server.get_untracked().is_some();
        app.selection.set_selected_key(None);
        app.selection.set_selected_server(None);
        if had {
            app.words.announce("Nothing selected.".into());
        }
        return had;
    }
    let stops = picture.stops();
    if stops.is_empty() {
        return false;
    }
    let current = app
        .scenario
        .with_untracked(|s| current_stop(app, s, &stops, at.get_value()));
    let last = stops.len() - 1;
    let next = match (key, current) {
        ("ArrowRight" | "ArrowDown", Some(i)) => (i + 1) % stops.len(),
        ("ArrowLeft" | "ArrowUp", Some(i)) => (i + last) % stops.len(),
        ("ArrowRight" | "ArrowDown" | "Home", _) => 0,
        ("ArrowLeft" | "ArrowUp" | "End", _) => last,
        _ => return false,
    };
    let words = app.scenario.with_untracked(|s| {
        select(app, s, stops[next]);
        describe(s, stops[next])
    });
    at.set_value(Some(next));
    app.words
        .announce(format!("{words} ({} of {}).", next + 1, stops.len()));
    true
}

/// Where the selection is among `stops`: the selected key, or the selected server's point
/// last reached (else its first).
fn current_stop(
    app: AppState,
    scenario: &Scenario,
    stops: &[Hit],
    remembered: Option<usize>,
) -> Option<usize> {
    let key = app
        .selection
        .key
        .with_untracked(|l| l.as_deref().and_then(|l| scenario.keys().find(l)));
    if let Some(id) = key {
        return stops.iter().position(|h| *h == Hit::Key(id));
    }
    let server = app.selection.server.with_untracked(|n| {
        n.as_deref()
            .and_then(|n| scenario.server(n).ok().map(|(i, _)| i))
    })?;
    match remembered {
        Some(i) if stops.get(i) == Some(&Hit::Server(server)) => Some(i),
        _ => stops.iter().position(|h| *h == Hit::Server(server)),
    }
}

fn select(app: AppState, scenario: &Scenario, hit: Hit) {
    match hit {
        Hit::Key(id) => {
            app.selection.set_selected_server(None);
            app.selection
                .set_selected_key(Some(scenario.keys().key(id).label()));
        }
        Hit::Server(index) => {
            app.selection.set_selected_key(None);
            app.selection
                .set_selected_server(Some(scenario.servers()[index].name.clone()));
        }
    }
}

/// A stop in words: the key, its owner and how it gets there; or the server and what it holds.
pub fn describe(scenario: &Scenario, hit: Hit) -> String {
    match hit {
        Hit::Key(id) => {
            let placed = scenario.placed();
            let trace = placed.trace(&scenario.layout(), id);
            let how = trace.steps.last().cloned().unwrap_or_default();
            format!(
                "Key {}, owned by {}. {}",
                scenario.keys().with_label(id, crate::core::shown),
                placed.names()[trace.owner],
                how.trim_end_matches('.')
            )
        }
        Hit::Server(index) => {
            let own = scenario.ownership();
            let row = &own.servers[index];
            format!(
                "Server {}: {} of the {} and {} {}",
                row.name,
                pct(row.share),
                own.unit,
                row.keys,
                plural(row.keys as usize, "key", "keys")
            )
        }
    }
}
