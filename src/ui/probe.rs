//! A read-only view of the engine's figures for the page's own tests and host pages:
//! `window.wasmBindings.ringlab_snapshot()` returns the current scenario's numbers as JSON,
//! straight from the engine, so a test can check that the panels show the same.

use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::state::AppState;

thread_local! {
    static APP: RefCell<Option<AppState>> = const { RefCell::new(None) };
}

/// Remembers the app state the snapshot reads.
pub fn register(app: AppState) {
    APP.with(|cell| *cell.borrow_mut() = Some(app));
}

/// The engine's figures for the scenario on screen, as a JSON string.
#[wasm_bindgen]
pub fn ringlab_snapshot() -> String {
    APP.with(|cell| {
        let Some(app) = *cell.borrow() else {
            return "null".to_string();
        };
        app.scenario.with_untracked(|s| {
            let own = s.ownership();
            let servers: Vec<serde_json::Value> = own
                .servers
                .iter()
                .map(|row| {
                    serde_json::json!({
                        "name": &*row.name,
                        "arc": row.arc,
                        "share": row.share,
                        "keys": row.keys,
                        "points": row.points,
                    })
                })
                .collect();
            let last = app.last.with_untracked(|l| {
                l.as_ref().map(|o| {
                    serde_json::json!({
                        "headline": o.headline,
                        "keys": o.keys,
                        "ring_moved": o.ring_moves.len(),
                        "mod_n_moved": o.mod_n_moves.len(),
                    })
                })
            });
            serde_json::json!({
                "ring_size": s.size().get(),
                "hash": s.hash().id(),
                "vnodes": s.vnodes(),
                "keys": s.keys().len(),
                "servers": servers,
                "peak_to_mean": own.balance.peak_to_mean,
                "spread": own.balance.spread,
                "last": last,
            })
            .to_string()
        })
    })
}
