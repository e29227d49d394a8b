//! What a lesson's step points at, on the page: a key is selected and a server highlighted by
//! the step itself (see `AppState::show_step`); a panel gets a ring drawn round it, which this
//! keeps in step with the pointer.

use leptos::prelude::*;

use crate::teach::lessons::{Panel, Pointer};
use crate::ui::state::AppState;

/// The class a pointed-at panel wears.
const POINTED: &str = "pointed";

/// The panel's element, found by the title it is labelled with.
fn panel_selector(panel: Panel) -> &'static str {
    match panel {
        Panel::LastChange => "section[aria-labelledby=\"last-title\"]",
        Panel::Ownership => "section[aria-labelledby=\"ownership-title\"]",
        Panel::Cache => "section[aria-labelledby=\"cache-title\"]",
        Panel::Key => "section[aria-labelledby=\"key-title\"]",
        Panel::Requests => "section[aria-labelledby=\"traffic-title\"]",
    }
}

/// Keeps the pointed-at panel ringed, once the step is on screen. Outside a lesson that
/// points at a panel it does nothing at all, not even on a change.
pub fn follow(app: AppState) {
    // Whether a panel may still wear the ring.
    let ringed = StoredValue::new(false);
    Effect::new(move |_| {
        let pointer = app.pointer.get();
        let panel = matches!(pointer, Some(Pointer::Panel(_)));
        if !panel && !ringed.get_value() {
            return;
        }
        ringed.set_value(panel);
        app.view.track();
        app.scenario.track();
        set_timeout(
            move || {
                let document = document();
                if let Ok(list) = document.query_selector_all(&format!(".{POINTED}")) {
                    for i in 0..list.length() {
                        if let Some(el) = list.get(i).and_then(|n| {
                            wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok()
                        }) {
                            let _ = el.class_list().remove_1(POINTED);
                        }
                    }
                }
                if let Some(Pointer::Panel(panel)) = pointer {
                    if let Ok(Some(el)) = document.query_selector(panel_selector(panel)) {
                        let _ = el.class_list().add_1(POINTED);
                    }
                }
            },
            std::time::Duration::from_millis(30),
        );
    });
}
