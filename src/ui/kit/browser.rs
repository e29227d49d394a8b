//! The few calls into the browser the views share: the page's clock, the parts of a change's
//! work named on the page's timeline, work put off until the browser is idle, and offering a
//! file to save.

use leptos::prelude::*;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Milliseconds since the page opened.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// Runs `work` and names it on the page's timeline as a User Timing measure called `name`
/// (`ringlab engine`, `ringlab picture`, `ringlab canvas`), so that the page benchmark
/// (benches/frame-parts.mjs) can tell the parts of a change's frame apart in a browser trace.
/// The marks are cleared at once: the trace keeps them, the page does not.
pub fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let Some(performance) = window().performance() else {
        return work();
    };
    let start = format!("{name} start");
    let _ = performance.mark(&start);
    let out = work();
    let _ = performance.measure_with_start_mark(name, &start);
    performance.clear_marks_with_mark_name(&start);
    performance.clear_measures_with_measure_name(name);
    out
}

/// Runs `work` once the browser is idle (after the frame that shows a change, not before it),
/// within a second; where the browser cannot say when it is idle, in a task of its own soon
/// after, never inside the caller's.
pub fn when_idle(work: impl FnOnce() + 'static) {
    let window = window();
    let idle = js_sys::Reflect::get(&window, &JsValue::from_str("requestIdleCallback"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match idle {
        Some(request) => {
            let callback = Closure::once_into_js(work);
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"timeout".into(), &1000.into());
            let _ = request.call2(&window, &callback, &options);
        }
        None => set_timeout(work, std::time::Duration::ZERO),
    }
}

/// Offers `text` to save as a file called `name`, of the type `mime`.
pub fn save_text(text: &str, name: &str, mime: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
        if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
            download(&url, name);
            let _ = web_sys::Url::revoke_object_url(&url);
        }
    }
}

/// Offers `url` to the person as a file called `name`.
pub fn download(url: &str, name: &str) {
    let Ok(element) = document().create_element("a") else {
        return;
    };
    let Ok(link) = element.dyn_into::<web_sys::HtmlAnchorElement>() else {
        return;
    };
    link.set_href(url);
    link.set_download(name);
    link.click();
}
