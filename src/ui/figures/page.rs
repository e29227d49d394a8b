//! Whether this page is a host page of figures, and what `figures.js` handed over.

/// The global `figures.js` sets: `{ styles: [stylesheet URL, …] }`.
const GLOBAL: &str = "ringlabFigures";

/// Whether this page is a host page of figures rather than the app's own page.
pub fn wanted() -> bool {
    settings().is_some()
}

/// What `figures.js` handed over, if this is a host page.
pub fn settings() -> Option<js_sys::Object> {
    let value = js_sys::Reflect::get(&js_sys::global(), &GLOBAL.into()).ok()?;
    wasm_bindgen::JsCast::dyn_into::<js_sys::Object>(value).ok()
}
