//! Whether this page is a host page of figures, and what `figures.js` handed over.

/// The element a host page writes for each figure.
pub const TAG: &str = "ringlab-figure";

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

/// Asks `figures.js` for its part in the figure `host`'s keeping of its still's room (see
/// "A figure keeps its room" there): `hold` as the live figure `root` is about to replace the
/// still, `remade` once the figure's panels are drawn (again), `letGo` when the reader's click
/// on the text changes it. What only the element and the page's layout need is done there, in
/// the element's own script, so that the app's first screen carries none of it.
pub fn tell(name: &str, host: &web_sys::Element, root: Option<&web_sys::Element>) {
    let Some(figures) = settings() else { return };
    let Ok(function) = js_sys::Reflect::get(&figures, &name.into()) else {
        return;
    };
    if let Ok(function) = wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(function) {
        let root = root.map_or(wasm_bindgen::JsValue::UNDEFINED, |r| r.into());
        let _ = function.call2(&figures, host, &root);
    }
}

/// Whether a figure's link, or a change the text asks of the figures, names a placement beyond
/// the ring and mod N: every placement's code then comes with the figures' own.
pub fn name_placements() -> bool {
    let values = |selector: &str, attribute: &str| -> Vec<String> {
        let Ok(found) = leptos::prelude::document().query_selector_all(selector) else {
            return Vec::new();
        };
        (0..found.length())
            .filter_map(|i| found.item(i))
            .filter_map(|node| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(node).ok())
            .filter_map(|element| element.get_attribute(attribute))
            .collect()
    };
    values(TAG, "link")
        .iter()
        .any(|link| crate::core::names_placement_away(link))
        || ["data-ringlab-apply", "data-ringlab-step"]
            .into_iter()
            .flat_map(|attribute| values(&format!("[{attribute}]"), attribute))
            .any(|text| crate::core::change_names_placement_away(&text))
}
