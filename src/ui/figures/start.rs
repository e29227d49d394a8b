//! Finds a host page's figures and makes each live as it nears the viewport: until then (and
//! while its stylesheets load) the element's own content, its still, is what shows.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlElement, IntersectionObserver, IntersectionObserverEntry,
    IntersectionObserverInit, ShadowRootInit, ShadowRootMode,
};

use super::figure::Figure;
use super::page::TAG;
use super::registry;

/// How far outside the viewport a figure starts to wake, so that it is live by the time the
/// reader scrolls to it.
const NEAR: &str = "400px 0px";

/// Watches every figure on the page and wakes each once, when it nears the viewport.
pub fn start() {
    let Ok(found) = document().query_selector_all(TAG) else {
        return;
    };
    let wake = Closure::<dyn FnMut(js_sys::Array, IntersectionObserver)>::new(
        |entries: js_sys::Array, observer: IntersectionObserver| {
            for entry in entries.iter() {
                let entry: IntersectionObserverEntry = entry.unchecked_into();
                if entry.is_intersecting() {
                    let host = entry.target();
                    observer.unobserve(&host);
                    wake(host);
                }
            }
        },
    );
    let init = IntersectionObserverInit::new();
    init.set_root_margin(NEAR);
    let Ok(observer) = IntersectionObserver::new_with_options(wake.as_ref().unchecked_ref(), &init)
    else {
        return;
    };
    // The observer lives as long as the page.
    wake.forget();
    for i in 0..found.length() {
        if let Some(host) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            observer.observe(&host);
        }
    }
}

/// Makes the figure `host` live, unless it is already waking or live (or the host page gave it
/// a shadow root of its own).
pub fn wake(host: Element) {
    if host.shadow_root().is_none() {
        live(host);
    }
}

/// Makes the figure `host` live: its own shadow root, holding the app's stylesheets and the
/// figure, which replaces the still once the stylesheets have loaded (so that nothing shows
/// unstyled).
fn live(host: Element) {
    registry::arriving(&host);
    let Ok(shadow) = host.attach_shadow(&ShadowRootInit::new(ShadowRootMode::Open)) else {
        return;
    };
    let make = |tag: &str| document().create_element(tag).ok();
    // The still stays on screen, through a slot, until the figure is ready.
    let (Some(slot), Some(root)) = (make("slot"), make("div")) else {
        return;
    };
    let styles = stylesheets();
    let waiting = Rc::new(Cell::new(styles.len()));
    root.set_class_name("figure");
    shadow.append_child(&slot).ok();
    let link = host.get_attribute("link").unwrap_or_default();
    let panels = host.get_attribute("panels");
    let name = host
        .get_attribute("label")
        .unwrap_or_else(|| default_name(&host));
    let figure = host.clone();
    // Mounted once the figure's room is styled, so that the ring measures its real width.
    let room = shadow.clone();
    let ready = move || {
        slot.remove();
        room.append_child(&root).ok();
        if let Ok(root) = root.dyn_into::<HtmlElement>() {
            leptos::mount::mount_to(
                root,
                move || view! { <Figure host=figure name=name link=link panels=panels /> },
            )
            .forget();
        }
    };
    if styles.is_empty() {
        ready();
        return;
    }
    let ready = Rc::new(Cell::new(Some(ready)));
    for href in styles {
        let Some(sheet) = make("link") else { continue };
        sheet.set_attribute("rel", "stylesheet").ok();
        sheet.set_attribute("href", &href).ok();
        let (waiting, ready) = (waiting.clone(), ready.clone());
        // Loaded or not, the figure shows once every sheet has answered: a sheet that fails
        // leaves it plainer, not missing.
        let settle = Closure::<dyn FnMut()>::new(move || {
            waiting.set(waiting.get().saturating_sub(1));
            if waiting.get() == 0 {
                if let Some(ready) = ready.take() {
                    ready();
                }
            }
        });
        let call = settle.as_ref().unchecked_ref::<js_sys::Function>();
        sheet.add_event_listener_with_callback("load", call).ok();
        sheet.add_event_listener_with_callback("error", call).ok();
        settle.forget();
        shadow.append_child(&sheet).ok();
    }
}

/// A figure's name when the host page gives it none: its place among the page's figures.
fn default_name(host: &Element) -> String {
    let place = document()
        .query_selector_all(TAG)
        .ok()
        .and_then(|all| (0..all.length()).find(|&i| all.item(i).as_ref() == Some(host.as_ref())));
    format!("Ringlab figure {}", place.map_or(1, |i| i + 1))
}

/// The app's stylesheets, as `figures.js` named them.
fn stylesheets() -> Vec<String> {
    super::page::settings()
        .and_then(|s| js_sys::Reflect::get(&s, &"styles".into()).ok())
        .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
        .map(|list| list.iter().filter_map(|v| v.as_string()).collect())
        .unwrap_or_default()
}
