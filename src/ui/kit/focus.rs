//! Moving the focus where a person expects it after a change, without taking it from where they
//! put it.

use leptos::prelude::*;
use web_sys::{Element, ShadowRoot};

/// Puts the focus on the first element matching each of `selectors` in turn that exists,
/// once the page has drawn the change that is under way (an element about to appear, or the
/// neighbour of one about to go). If none exists yet (it belongs to a part of the page whose
/// code is still on its way), it tries again at each frame for a few seconds. If the person
/// has put the focus somewhere else meanwhile, it stays there: only a focus still where it
/// was, or lost with a removed element, is moved.
pub fn focus_soon(selectors: Vec<String>) {
    let (before, scope) = focused();
    focus_at_frame(selectors, before, scope, WAIT_FRAMES);
}

/// How many frames `focus_soon` waits for an element to appear: about five seconds.
const WAIT_FRAMES: u32 = 300;

fn focus_at_frame(selectors: Vec<String>, before: Option<Element>, scope: Scope, frames: u32) {
    request_animation_frame(move || {
        let (now, _) = focused();
        let lost = now.is_none() || now.as_ref() == document().body().map(Into::into).as_ref();
        if (lost || now == before) && !focus_in(&scope, &selectors) && frames > 0 {
            focus_at_frame(selectors, before, scope, frames - 1);
        }
    });
}

/// Puts the focus on the first element matching each of `selectors` in turn that exists now;
/// whether one did.
pub fn focus_now(selectors: &[String]) -> bool {
    focus_in(&focused().1, selectors)
}

/// Where a focus move looks: the page, or the shadow root of the figure the focus is in (each
/// of a host page's figures keeps its elements, and the focus among them, in a shadow root of
/// its own; see `ui::figures`).
type Scope = Option<ShadowRoot>;

/// The focused element, looked for inside shadow roots too, and the shadow root it is in.
fn focused() -> (Option<Element>, Scope) {
    let mut element = document().active_element();
    let mut scope = None;
    while let Some(root) = element.as_ref().and_then(Element::shadow_root) {
        let Some(inner) = root.active_element() else {
            break;
        };
        element = Some(inner);
        scope = Some(root);
    }
    (element, scope)
}

fn focus_in(scope: &Scope, selectors: &[String]) -> bool {
    for selector in selectors {
        let found = match scope {
            Some(root) => root.query_selector(selector),
            None => document().query_selector(selector),
        };
        let found = found
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
