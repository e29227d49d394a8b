//! Light or dark, for one figure: what the host page says through the custom property
//! `--ringlab-color-scheme` on the element or a parent (`light` or `dark`), and else the
//! reader's own setting. The figure's stills follow the same rule (`figure-stills.css`), so a
//! still and its live figure never disagree.
//!
//! Host pages switch their theme by changing a class or an attribute of `<html>` or `<body>`
//! (mdBook's theme picker, Docusaurus's `data-theme`), or of the element itself: each of those
//! changes, and a change of the reader's setting, has the figure look again.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, MutationObserver, MutationObserverInit};

/// The custom property a host page sets to choose a figure's colour scheme.
pub const PROPERTY: &str = "--ringlab-color-scheme";

/// Whether the figure in `host` is dark, live.
pub fn follow(host: &Element) -> ReadSignal<bool> {
    let (dark, set_dark) = signal(is_dark(host));
    let look = {
        let host = host.clone();
        move || {
            let now = is_dark(&host);
            if dark.get_untracked() != now {
                set_dark.set(now);
            }
        }
    };
    let on_change = Closure::<dyn Fn()>::new(look);
    let observer = MutationObserver::new(on_change.as_ref().unchecked_ref()).ok();
    if let Some(observer) = &observer {
        let options = MutationObserverInit::new();
        options.set_attributes(true);
        let document = document();
        let watched = [
            document.document_element(),
            document.body().map(Into::into),
            Some(host.clone()),
        ];
        for element in watched.into_iter().flatten() {
            let _ = observer.observe_with_options(&element, &options);
        }
    }
    let media = window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten();
    if let Some(media) = &media {
        let _ =
            media.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
    }
    // Both stop when the figure is taken down (its link changed, say).
    let held = send_wrapper::SendWrapper::new((observer, media, on_change));
    on_cleanup(move || {
        let (observer, media, on_change) = held.take();
        if let Some(observer) = observer {
            observer.disconnect();
        }
        if let Some(media) = media {
            let _ = media
                .remove_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        }
    });
    dark
}

/// Whether `host` is dark now: its `--ringlab-color-scheme` if that says one scheme, else the
/// reader's setting.
fn is_dark(host: &Element) -> bool {
    let said = window()
        .get_computed_style(host)
        .ok()
        .flatten()
        .and_then(|style| style.get_property_value(PROPERTY).ok())
        .unwrap_or_default();
    match said.trim() {
        "dark" => true,
        "light" => false,
        _ => window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches()),
    }
}
