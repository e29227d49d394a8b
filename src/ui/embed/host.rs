//! Talking to the host page through `postMessage`. Messages are accepted only from the parent
//! window and only from the allowed origin: the one named by `host=` in the embed link, or else
//! the page's own origin. Events go back to that same origin. Every message is read as JSON of a
//! known shape; anything else is ignored.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::commands::{read, run};
use super::config::EmbedConfig;
use super::js::JsObject;
use super::report;
use crate::ui::state::AppState;

/// Starts listening to the host and reporting to it.
pub fn connect(app: AppState, config: EmbedConfig) {
    let host = config.host.clone();
    let listener =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let from_parent = match (ev.source(), window().parent().ok().flatten()) {
                (Some(source), Some(parent)) => js_sys::Object::is(&source, &parent),
                _ => false,
            };
            if !from_parent || ev.origin() != host {
                return;
            }
            // Anything that is not one of our messages, of the right shape, is ignored.
            let result = match read(&ev.data()) {
                Ok(None) => return,
                Ok(Some(command)) => run(app, command),
                Err(words) => Err(words),
            };
            if let Err(message) = result {
                post(
                    &host,
                    JsObject::new()
                        .text("type", Some("ringlab:refused"))
                        .text("message", Some(&message)),
                );
            }
        });
    let _ = window().add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    listener.forget();

    // After every change (and undo, redo or lesson step), tell the host what moved.
    let host = config.host.clone();
    Effect::new(move |_| {
        let event = report::changed(app, JsObject::new().text("type", Some("ringlab:changed")));
        post(&host, event);
    });

    // Keep the host told of the content's height, so it can size the frame.
    let host = config.host;
    let last_height = StoredValue::new(0);
    let tell_height = move || {
        // The body's own height, not the frame's: the frame may be taller or shorter.
        let height = document().body().map_or(0, |body| {
            body.get_bounding_client_rect().height().ceil() as i32
        });
        if height != last_height.get_value() {
            last_height.set_value(height);
            post(
                &host,
                JsObject::new()
                    .text("type", Some("ringlab:height"))
                    .set("height", height),
            );
        }
    };
    let observer_callback = Closure::<dyn Fn()>::new(tell_height.clone());
    if let (Ok(observer), Some(body)) = (
        web_sys::ResizeObserver::new(observer_callback.as_ref().unchecked_ref()),
        document().body(),
    ) {
        observer.observe(&body);
    }
    observer_callback.forget();
    tell_height();
}

fn post(origin: &str, message: JsObject) {
    let Ok(Some(parent)) = window().parent() else {
        return;
    };
    let _ = parent.post_message(&message.into(), origin);
}
