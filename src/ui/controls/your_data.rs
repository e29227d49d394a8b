//! The folded "Your data" panel as the first screen has it: its heading, and a file dropped
//! anywhere on the page. What the panel holds (the form, the reader, the preview, Save and Open
//! scenario: [`super::data`]) arrives the first time the panel is opened or a file is dropped.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::data::DataPanel;
use super::DataEntry;
use crate::ui::kit::lazy::{arrive, Lazy};
use crate::ui::state::AppState;

/// The folded "Your data" panel in the keys group.
#[component]
pub fn YourData() -> impl IntoView {
    let app = expect_context::<AppState>();
    let panel = DataPanel::new();
    let announce = Callback::new(move |words: String| app.words.announce(words));
    let part = Lazy::new(
        "the Your data panel",
        || Box::pin(crate::ui::placements::with(super::arrive_data())),
        announce,
    );
    // Mounted from the first time the panel opens on, so what was typed in it stays while it
    // is folded.
    let opened = Memo::new(move |was: Option<&bool>| was == Some(&true) || panel.open.get());
    view! {
        <DropTarget panel=panel part=part />
        <details
            class="your-data"
            data-testid="your-data"
            prop:open=move || panel.open.get()
            on:toggle=move |ev| {
                let open = ev
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
                    .is_some_and(|d| d.open());
                panel.open.set(open);
            }
        >
            <summary>"Your data"</summary>
            <Show when=move || opened.get()>
                {arrive(part, "data-part", move |entry: DataEntry| (entry.form)(panel))}
            </Show>
        </details>
    }
}

/// Accepts a file dropped anywhere on the page: handed to the panel's reader, which is fetched
/// first if it has not arrived yet.
#[component]
fn DropTarget(panel: DataPanel, part: Lazy<DataEntry>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let over = window_event_listener(leptos::ev::dragover, move |ev: web_sys::DragEvent| {
        ev.prevent_default();
    });
    let drop = window_event_listener(leptos::ev::drop, move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        let file = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            part.with(move |entry| (entry.dropped)(app, panel, file));
        }
    });
    on_cleanup(move || {
        over.remove();
        drop.remove();
    });
}
