//! What a live ring tells the page around it after each change: the words and numbers of the
//! iframe's `ringlab:changed` message and of a figure's `ringlab-change` event, written once.

use wasm_bindgen::JsValue;

use super::js::JsObject;
use crate::core::{Kind, Outcome};
use crate::ui::state::AppState;

/// The last change and the ring after it, as fields of `into`: `headline`, `summary`, `change`
/// (null before any change), `keys`, `placement`, `moved` (under the chosen placement),
/// `ringMoved` and `modNMoved` (null when the change was not measured under them), and
/// `servers` (`name`, `share`, `keys`). Reading it tracks the state, so an effect that calls it
/// runs again after every change.
pub fn changed(app: AppState, into: JsObject) -> JsObject {
    app.last.with(|last| {
        let last = last.as_deref();
        let (keys, servers, placement) = app.scenario.with(|s| {
            let rows: Vec<JsObject> = s
                .ownership()
                .servers
                .iter()
                .map(|row| {
                    JsObject::new()
                        .text("name", Some(&row.name))
                        .set("share", row.share)
                        .set("keys", row.keys as f64)
                })
                .collect();
            (s.keys().len(), rows, s.placement().id())
        });
        into.text("headline", last.map(|o| o.headline.as_str()))
            .text("summary", last.map(|o| o.summary()).as_deref())
            .text(
                "change",
                last.and_then(|o| o.change.as_ref())
                    .map(ToString::to_string)
                    .as_deref(),
            )
            .set("keys", keys as f64)
            .text("placement", Some(placement))
            .set("moved", last.map_or(0, |o| o.moved.len()) as f64)
            .set("ringMoved", moved_under(last, Kind::Ring))
            .set("modNMoved", moved_under(last, Kind::ModN))
            .list("servers", servers)
    })
}

/// How many keys moved under `kind` on the last change: 0 before any change, null when the
/// change was not measured under `kind` (another placement was chosen).
fn moved_under(last: Option<&Outcome>, kind: Kind) -> JsValue {
    match last {
        None => JsValue::from_f64(0.0),
        Some(o) => o
            .moved_under(kind)
            .map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64)),
    }
}
