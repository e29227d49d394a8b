//! The selected key: how it is hashed, where it lands, the walk to its owner, and what
//! `hash mod N` would pick instead.

use leptos::prelude::*;

use crate::core::{key_lookup, Change};
use crate::teach::lessons::Panel;
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::state::{AppState, Field};

/// Details of the selected key, or a hint on how to select one.
#[component]
pub fn KeyDetailPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let detail = move || {
        let label = app.selection.key.get()?;
        app.scenario.with(|s| {
            let id = s.keys().find(&label)?;
            Some(key_lookup(s, id, app.replicas.get()))
        })
    };
    // Shown only while a key is selected, at the top of the readout, so that following a key
    // never pushes the last change off screen for long.
    move || {
        detail().map(|d| {
            view! {
                <section class="panel key-panel" class:pointed=move || app.points_at(Panel::Key) aria-labelledby=labelled_by("key-title") data-testid="key-panel">
                    <h2 id="key-title">"Selected key"</h2>
                    {
                    let label = d.label.clone();
                    // The panel goes with the key: the focus goes to where keys are added.
                    let remove = move |_| {
                        if app.dispatch(Change::DropKey { label: label.clone() }, Field::Keys) {
                            focus_soon(vec!["#key-name".into()]);
                        }
                    };
                    let close = move |_| {
                        app.selection.set_selected_key(None);
                        focus_soon(vec!["[data-testid=\"ring-canvas\"]".into(), "#key-name".into()]);
                    };
                    view! {
                        <p class="key-name" data-testid="key-label">{d.label.clone()}</p>
                        <ol class="steps" data-testid="key-steps">
                            {d.steps.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
                        </ol>
                        <p>
                            {d.owner_title.clone()}
                            <strong data-testid="key-owner">{d.owner}</strong>
                        </p>
                        {d.copies.map(|c| view! {
                            <p>"Copies on: " <strong data-testid="key-copies">{c}</strong></p>
                        })}
                        // A real system is compared with nothing: its own steps are the point.
                        {d.compared.map(|(title, owner, why)| view! {
                            <p>
                                {title}
                                <strong data-testid="key-modn-owner">{owner}</strong>
                                <span class="muted">{why}</span>
                            </p>
                        })}
                        <div class="button-row">
                            <button type="button" data-testid="drop-selected-key" on:click=remove>"Remove this key"</button>
                            <button type="button" on:click=close>"Close"</button>
                        </div>
                    }
                    }
                </section>
            }
        })
    }
}
