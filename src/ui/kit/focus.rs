//! Moving the focus where a person expects it after a change, without taking it from where they
//! put it.

use leptos::prelude::*;

/// Puts the focus on the first element matching each of `selectors` in turn that exists,
/// once the page has drawn the change that is under way (an element about to appear, or the
/// neighbour of one about to go). If the person has put the focus somewhere else by then, it
/// stays there: only a focus still where it was, or lost with a removed element, is moved.
pub fn focus_soon(selectors: Vec<String>) {
    let focused = || document().active_element();
    let before = focused();
    request_animation_frame(move || {
        let now = focused();
        let lost = now.is_none() || now.as_ref() == document().body().map(Into::into).as_ref();
        if lost || now == before {
            focus_now(&selectors);
        }
    });
}

/// Puts the focus on the first element matching each of `selectors` in turn that exists now;
/// whether one did.
pub fn focus_now(selectors: &[String]) -> bool {
    for selector in selectors {
        let found = document()
            .query_selector(selector)
            .ok()
            .flatten()
            .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
        if let Some(element) = found {
            let _ = element.focus();
            return true;
        }
    }
    false
}

/// `text` made safe inside a quoted CSS attribute selector.
pub fn css_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}
