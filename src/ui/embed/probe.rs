//! A read-only view of the engine's figures for the page's own tests and host pages:
//! `window.wasmBindings.ringlab_snapshot()` returns the current scenario's numbers as JSON,
//! straight from the engine, so a test can check that the panels show the same.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::js::JsObject;
use crate::core::Kind;
use crate::ui::state::AppState;

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
            let servers = own.servers.iter().map(|row| {
                JsObject::new()
                    .text("name", Some(&row.name))
                    .set("arc", row.arc as f64)
                    .set("share", row.share)
                    .set("keys", row.keys as f64)
                    .set("points", row.points as f64)
            });
            let last = app.last.with_untracked(|l| {
                l.as_ref().map_or(JsValue::NULL, |o| {
                    JsObject::new()
                        .text("headline", Some(&o.headline))
                        .set("keys", o.keys as f64)
                        .text("placement", Some(o.placement.id()))
                        .set("moved", o.moved.len() as f64)
                        .set("baseline_moved", o.baseline_moved() as f64)
                        .set(
                            "ring_moved",
                            o.moved_under(Kind::Ring)
                                .map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64)),
                        )
                        .set(
                            "mod_n_moved",
                            o.moved_under(Kind::ModN)
                                .map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64)),
                        )
                        .into()
                })
            });
            let snapshot = JsObject::new()
                .set("ring_size", s.size().get() as f64)
                .text("hash", Some(s.hash().id()))
                .set("vnodes", s.vnodes())
                .set("keys", s.keys().len() as f64)
                .list("servers", servers)
                .set("peak_to_mean", own.balance.peak_to_mean)
                .set("spread", own.balance.spread)
                .set("last", last);
            js_sys::JSON::stringify(&snapshot.into())
                .ok()
                .and_then(|text| text.as_string())
                .unwrap_or_else(|| "null".to_string())
        })
    })
}

/// The bytes of WebAssembly memory the page holds, for the page benchmark's memory figure.
#[wasm_bindgen]
pub fn ringlab_memory() -> f64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .ok()
        .and_then(|m| m.buffer().dyn_into::<js_sys::ArrayBuffer>().ok())
        .map_or(0.0, |b| f64::from(b.byte_length()))
}
