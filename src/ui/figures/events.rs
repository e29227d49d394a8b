//! The events a figure's element sends to the host page, each with its words and numbers in
//! `detail`, bubbling out of the figure:
//!
//! - `ringlab-ready`, once the figure is live: its `link`, the `notices` it opened with (what the
//!   link held that could not be read), and the fields of a change below, for the ring it opened
//!   on;
//! - `ringlab-change`, after every change, undo and redo: `headline`, `summary`, `change`, `keys`,
//!   `placement`, `moved`, `ringMoved`, `modNMoved` and `servers` (as the iframe's
//!   `ringlab:changed` message has them);
//! - `ringlab-refused`, when the figure refused something asked of it (by its controls, the
//!   text's buttons and steps, or a change of its attributes): `message`, in words.

use leptos::prelude::*;
use wasm_bindgen::JsValue;
use web_sys::{CustomEvent, CustomEventInit, Element};

use crate::ui::embed::js::JsObject;
use crate::ui::embed::report;
use crate::ui::state::AppState;

/// Sends the event `name` with `detail` from `host`.
fn send(host: &Element, name: &str, detail: JsValue) {
    let init = CustomEventInit::new();
    init.set_detail(&detail);
    init.set_bubbles(true);
    init.set_composed(true);
    if let Ok(event) = CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = host.dispatch_event(&event);
    }
}

/// Reports the figure `app` in `host` from now on: ready at once, then each change and each
/// refusal. `link` is what it opened with.
pub fn start(host: Element, app: AppState, link: String) {
    let target = host.clone();
    Effect::new(move |ready: Option<()>| {
        let detail = match ready {
            None => {
                let notices: js_sys::Array = app
                    .words
                    .link_notices
                    .with_untracked(|n| n.iter().map(|n| JsValue::from_str(n)).collect());
                report::changed(
                    app,
                    JsObject::new()
                        .text("link", Some(&link))
                        .set("notices", notices),
                )
            }
            Some(()) => report::changed(app, JsObject::new()),
        };
        let name = if ready.is_none() {
            "ringlab-ready"
        } else {
            "ringlab-change"
        };
        send(&target, name, detail.into());
    });
    // The figure shows each refusal in words; a new one is sent on as it appears.
    let shown = StoredValue::new(Vec::<String>::new());
    Effect::new(move |_| {
        let now: Vec<String> = app
            .words
            .errors
            .with(|errors| errors.iter().map(|(_, message)| message.clone()).collect());
        let new: Vec<String> = now
            .iter()
            .filter(|m| !shown.with_value(|old| old.contains(m)))
            .cloned()
            .collect();
        shown.set_value(now);
        for message in new {
            send(
                &host,
                "ringlab-refused",
                JsObject::new().text("message", Some(&message)).into(),
            );
        }
    });
}
