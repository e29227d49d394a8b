//! What a person sees if the page meets a bug it cannot recover from: a notice in words with a
//! button that reloads the page, instead of a page that silently stops answering.
//!
//! A panic in WebAssembly stops the code that was running, and the page's reactive state may be
//! left half-updated, so the notice is built with plain DOM calls that need nothing from that
//! state. The panic still goes to the console as before (for a bug report), then the notice
//! goes on top of the page. Its Reload button reloads the same address; its second link opens
//! the starting ring, in case the address itself is what the page cannot take.
//!
//! [`ringlab_test_panic`] lets the browser tests cause a panic on purpose. It acts only in a
//! browser driven by automation (`navigator.webdriver`), which a person's browser never is, so
//! no one using the page can reach it.

use std::sync::Once;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

static INSTALLED: Once = Once::new();

/// Sends panics to the console as before, then shows the notice.
pub fn install() {
    INSTALLED.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            console_error_panic_hook::hook(info);
            let message = match (
                info.payload().downcast_ref::<&str>(),
                info.payload().downcast_ref::<String>(),
            ) {
                (Some(text), _) => (*text).to_string(),
                (None, Some(text)) => text.clone(),
                _ => String::new(),
            };
            show(&message);
        }));
    });
}

/// Puts the notice on the page (once: a second panic only replaces the words).
fn show(message: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let Some(body) = document.body() else {
        return;
    };
    let element = |tag: &str| document.create_element(tag).ok();
    let notice = match document.query_selector("[data-testid=\"crash-notice\"]") {
        Ok(Some(existing)) => existing,
        _ => {
            let Some(notice) = element("div") else {
                return;
            };
            notice.set_class_name("crash-notice");
            let _ = notice.set_attribute("role", "alert");
            let _ = notice.set_attribute("data-testid", "crash-notice");
            let _ = body.prepend_with_node_1(&notice);
            notice
        }
    };
    let (Some(title), Some(text), Some(detail), Some(row), Some(reload), Some(fresh)) = (
        element("h2"),
        element("p"),
        element("p"),
        element("p"),
        element("button"),
        element("a"),
    ) else {
        return;
    };
    title.set_text_content(Some("Ringlab stopped working"));
    text.set_text_content(Some(
        "The page met a bug it cannot recover from, so what you did last may not have been \
         applied. Reload the page to go on from the view in the address bar, or open the \
         starting ring if the same thing happens again.",
    ));
    detail.set_class_name("crash-detail");
    detail.set_text_content(Some(&format!(
        "What went wrong, for a bug report: {}",
        if message.is_empty() {
            "no message"
        } else {
            message
        }
    )));
    row.set_class_name("button-row");
    reload.set_class_name("primary");
    let _ = reload.set_attribute("type", "button");
    let _ = reload.set_attribute("data-testid", "crash-reload");
    reload.set_text_content(Some("Reload"));
    // A handler of its own that touches nothing of the stopped app.
    let on_reload = Closure::<dyn Fn()>::new(|| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    });
    let _ = reload.add_event_listener_with_callback("click", on_reload.as_ref().unchecked_ref());
    on_reload.forget();
    let start = window.location().pathname().unwrap_or_else(|_| "./".into());
    let _ = fresh.set_attribute("href", &start);
    let _ = fresh.set_attribute("data-testid", "crash-start-afresh");
    fresh.set_text_content(Some("Open the starting ring"));
    let _ = row.append_with_node_2(&reload, &fresh);
    notice.set_text_content(None);
    let _ = notice.append_with_node_4(&title, &text, &detail, &row);
    if let Ok(button) = reload.dyn_into::<web_sys::HtmlElement>() {
        let _ = button.focus();
    }
}

/// Panics on purpose, for the browser test of the notice; does nothing unless the browser is
/// driven by automation.
#[wasm_bindgen]
pub fn ringlab_test_panic() {
    let automated = web_sys::window().is_some_and(|w| {
        js_sys::Reflect::get(&w.navigator(), &JsValue::from_str("webdriver"))
            .is_ok_and(|v| v.as_bool() == Some(true))
    });
    if automated {
        panic!("a panic caused on purpose by the browser test of the crash notice");
    }
}
