//! The blank screen a presenter's clicker asks for (`B` or `.` in presentation mode): the
//! whole window black, so the room looks at the speaker; any key or a click brings the page
//! back as it was.

use leptos::prelude::*;

use crate::ui::state::AppState;

/// The black cover over the whole window, while the screen is blanked.
#[component]
pub fn BlankScreen() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <Show when=move || app.page.blanked()>
            <div
                class="blank-screen"
                data-testid="blank-screen"
                aria-hidden="true"
                on:click=move |_| app.page.set_blank(false)
            ></div>
        </Show>
    }
}
