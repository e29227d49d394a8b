//! What a link or a lesson file held that could not be read, shown above the page (or the
//! embedded ring).

use leptos::prelude::*;

use crate::ui::state::AppState;

/// What a link held that could not be read, so a tampered link never fails silently.
#[component]
pub fn LinkNotices() -> impl IntoView {
    let app = expect_context::<AppState>();
    let shown = move || !app.link_notices.with(Vec::is_empty);
    view! {
        <Show when=shown>
            <div class="notice" role="status" data-testid="link-notices">
                <p>"Parts of what was opened could not be read and were left out:"</p>
                <ul>
                    {move || app.link_notices.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
                <button type="button" on:click=move |_| app.link_notices.set(Vec::new())>"Dismiss"</button>
            </div>
        </Show>
    }
}
