//! The few calls into the browser the views share: the page's clock and offering a file to save.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Milliseconds since the page opened.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
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
