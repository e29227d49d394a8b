//! The switch between views.

use leptos::prelude::*;

use crate::ui::state::{AppState, View};

/// The header's switch between views, carried in the link as `view=`.
#[component]
pub fn ViewSwitcher() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <nav class="views" aria-label="Views">
            {View::ALL
                .into_iter()
                .map(|v| {
                    view! {
                        <button
                            type="button"
                            data-testid=format!("view-{}", v.id())
                            aria-current=move || (app.page.view.get() == v).then_some("page")
                            on:click=move |_| app.page.set_view(v)
                        >
                            {v.label()}
                        </button>
                    }
                })
                .collect_view()}
        </nav>
    }
}
