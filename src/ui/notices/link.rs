//! What a link or a lesson file held that could not be read, shown above the page (or the
//! embedded ring).

use leptos::prelude::*;

use crate::core::{grouped, MAX_NOTES};
use crate::ui::state::AppState;

/// What a link held that could not be read, so a tampered link never fails silently.
#[component]
pub fn LinkNotices() -> impl IntoView {
    let app = expect_context::<AppState>();
    let shown = move || !app.words.link_notices.with(Vec::is_empty);
    view! {
        <Show when=shown>
            <div class="notice" role="status" data-testid="link-notices">
                <p>"Parts of what was opened could not be read and were left out:"</p>
                <ul>
                    {move || {
                        // A few lines at most, whatever the link held.
                        let notices = app.words.link_notices.get();
                        let total = notices.len();
                        let shown = if total > MAX_NOTES { MAX_NOTES - 1 } else { total };
                        let more = (total > shown).then(|| {
                            format!("and {} more parts that could not be read", grouped((total - shown) as u64))
                        });
                        notices
                            .into_iter()
                            .take(shown)
                            .chain(more)
                            .map(|n| view! { <li>{n}</li> })
                            .collect_view()
                    }}
                </ul>
                <button type="button" on:click=move |_| app.words.dismiss_link_notices()>"Dismiss"</button>
            </div>
        </Show>
    }
}
