//! How many copies of each key the ring keeps.

use leptos::prelude::*;

use crate::core::{Change, MAX_REPLICAS};
use crate::ui::state::{AppState, Field};

/// R from 1 to 5: each key lives on the first R distinct servers clockwise from it.
#[component]
pub fn ReplicaControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <fieldset class="group">
            <legend>"Copies per key (R)"</legend>
            <div class="segmented" role="group" aria-label="Copies per key">
                {(1..=MAX_REPLICAS)
                    .map(|r| {
                        view! {
                            <button
                                type="button"
                                data-testid=format!("replicas-{r}")
                                aria-pressed=move || (app.replicas.get() == r).to_string()
                                on:click=move |_| {
                                    // R is the scenario's, shared with the Timeline view's copies.
                                    let said = format!("Each key now kept on {r} distinct {}.", crate::core::plural(r, "server", "servers"));
                                    app.set_setting(Change::SetReplicas { count: r as u32 }, Field::Ring, said, true);
                                }
                            >
                                {r}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="hint">"Each key lives on the first R distinct servers clockwise from it; select a key to see them."</p>
        </fieldset>
    }
}
