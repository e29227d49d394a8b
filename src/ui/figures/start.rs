//! Makes each figure live as it nears the viewport: until then (and while its stylesheet
//! loads) the element's own content, its still, is what shows.
//!
//! `figures.js` defines the `<ringlab-figure>` element before this code arrives, and queues the
//! figures the page connects (the attributes it changes, the text's buttons the reader clicks)
//! meanwhile; [`start`] takes that queue and answers each from then on.

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
use super::page::{settings, tell, TAG};
use super::registry::{self, Attributes};
use super::scheme;
use crate::core::names_placement_away;

/// How far outside the viewport a figure starts to wake, so that it is live by the time the
/// reader scrolls to it.
const NEAR: &str = "400px 0px";

thread_local! {
    /// Wakes each figure it watches when it nears the viewport.
    static NEAR_OBSERVER: Option<IntersectionObserver> = near_observer();
}

/// Answers the figures the page has connected so far, and every one it connects or changes
/// from now on; `clicked` answers each click on the text's buttons, those made so far and
/// those to come.
pub fn start(clicked: fn(Element)) {
    let Some(figures) = settings() else {
        return;
    };
    let on_connected = Closure::<dyn Fn(Element)>::new(connected);
    let on_changed = Closure::<dyn Fn(Element)>::new(attributes_changed);
    let on_clicked = Closure::<dyn Fn(Element)>::new(clicked);
    let waiting = js_sys::Reflect::get(&figures, &"waiting".into())
        .ok()
        .and_then(|w| w.dyn_into::<js_sys::Array>().ok());
    let _ = js_sys::Reflect::set(&figures, &"connected".into(), on_connected.as_ref());
    let _ = js_sys::Reflect::set(&figures, &"changed".into(), on_changed.as_ref());
    let _ = js_sys::Reflect::set(&figures, &"clicked".into(), on_clicked.as_ref());
    // All three live as long as the page.
    on_connected.forget();
    on_changed.forget();
    on_clicked.forget();
    for item in waiting.iter().flat_map(|w| w.iter()) {
        let item = js_sys::Array::from(&item);
        let (Some(kind), Ok(figure)) = (item.get(0).as_string(), item.get(1).dyn_into::<Element>())
        else {
            continue;
        };
        match kind.as_str() {
            "connected" => connected(figure),
            "clicked" => clicked(figure),
            _ => attributes_changed(figure),
        }
    }
}

/// A figure is on the page: it wakes as it nears the viewport.
fn connected(figure: Element) {
    if registry::woken(&figure) {
        return;
    }
    NEAR_OBSERVER.with(|observer| {
        if let Some(observer) = observer {
            observer.observe(&figure);
        }
    });
}

/// A figure's `link`, `panels` or `label` changed.
fn attributes_changed(figure: Element) {
    // A link naming a placement beyond the ring and mod N waits for their code.
    let link = figure.get_attribute("link").unwrap_or_default();
    if names_placement_away(&link) {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = crate::ui::placements::bring().await;
            registry::changed(&figure);
        });
    } else {
        registry::changed(&figure);
    }
}

fn near_observer() -> Option<IntersectionObserver> {
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
    let observer =
        IntersectionObserver::new_with_options(wake.as_ref().unchecked_ref(), &init).ok()?;
    // The observer lives as long as the page.
    wake.forget();
    Some(observer)
}

/// Makes the figure `host` live, unless it is already waking or live.
pub fn wake(host: Element) {
    if !registry::first_wake(&host) {
        return;
    }
    registry::arriving(&host);
    let link = host.get_attribute("link").unwrap_or_default();
    if names_placement_away(&link) {
        wasm_bindgen_futures::spawn_local(async move {
            // A failure leaves the placement refused in words, in the figure.
            let _ = crate::ui::placements::bring().await;
            live(host);
        });
    } else {
        live(host);
    }
}

/// Makes the figure `host` live: its own shadow root, holding the figures' stylesheet and the
/// figure, which replaces the still once the stylesheet has loaded (so that nothing shows
/// unstyled).
fn live(host: Element) {
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
    let figure = host.clone();
    // Mounted once the figure's room is styled, so that the ring measures its real width.
    let room = shadow.clone();
    let ready = move || {
        // The figure keeps the room its still takes while the reader looks on: measured now,
        // as the still leaves.
        tell("hold", &figure, Some(&root));
        slot.remove();
        room.append_child(&root).ok();
        let frame = root.clone();
        if let Ok(root) = root.dyn_into::<HtmlElement>() {
            leptos::mount::mount_to(root, move || made_from_attributes(figure, frame)).forget();
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

/// The figure in `host`, drawn in `frame` (its root in the shadow root), made again from its
/// attributes whenever they change; light or dark as the host page or the reader says.
fn made_from_attributes(host: Element, frame: Element) -> impl IntoView {
    let attributes = RwSignal::new(Attributes::of(&host));
    registry::made_from(&host, attributes);
    let dark = scheme::follow(&host);
    Effect::new(move |_| {
        let _ = frame.class_list().toggle_with_force("dark", dark.get());
    });
    move || {
        let Attributes {
            link,
            panels,
            label,
        } = attributes.get();
        let name = label.unwrap_or_else(|| default_name(&host));
        view! { <Figure host=host.clone() name=name link=link panels=panels dark=dark /> }
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

/// The figures' stylesheets, as `figures.js` named them.
fn stylesheets() -> Vec<String> {
    settings()
        .and_then(|s| js_sys::Reflect::get(&s, &"styles".into()).ok())
        .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
        .map(|list| list.iter().filter_map(|v| v.as_string()).collect())
        .unwrap_or_default()
}
