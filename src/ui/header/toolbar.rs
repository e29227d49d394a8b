//! The toolbar: undo, redo, the Share menu, presentation mode, and the keyboard shortcuts and
//! Reset under More.

use leptos::prelude::*;

use crate::ui::kit::icons::{Icon, IconView};

use super::menu::{Fold, Menu};
use super::share::ShareMenu;
use crate::ui::kit::lazy::arrive;
use crate::ui::parts::Parts;
use crate::ui::state::AppState;

/// Undo, redo, the Share menu, presentation mode, and the shortcut list and Reset under More.
#[component]
pub fn Toolbar() -> impl IntoView {
    let app = expect_context::<AppState>();
    let parts = expect_context::<Parts>();
    let embed_open = RwSignal::new(false);
    let figure_open = RwSignal::new(false);
    // The snippets' dialogs arrive the first time one is opened, and stay.
    let asked = Memo::new(move |was: Option<&bool>| {
        was.copied().unwrap_or(false) || embed_open.get() || figure_open.get() || app.page.qr_open()
    });
    view! {
        <div class="toolbar" role="group" aria-label="History and sharing">
            <button
                type="button"
                data-testid="undo"
                aria-keyshortcuts="Control+Z Meta+Z"
                disabled=move || app.past.with(Vec::is_empty)
                class="tool"
                aria-label="Undo"
                title="Undo"
                on:click=move |_| {
                    app.undo();
                }
            >
                <IconView icon=Icon::Undo />
                <span class="tool-label">"Undo"</span>
            </button>
            <button
                type="button"
                data-testid="redo"
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
                disabled=move || app.future.with(Vec::is_empty)
                class="tool"
                aria-label="Redo"
                title="Redo"
                on:click=move |_| {
                    app.redo();
                }
            >
                <IconView icon=Icon::Redo />
                <span class="tool-label">"Redo"</span>
            </button>
            <ShareMenu embed_open=embed_open figure_open=figure_open />
            <Show when=move || asked.get()>
                {arrive(parts.share, "toast", move |share| {
                    view! {
                        {(share.embed_dialog)(embed_open)}
                        {(share.figure_dialog)(figure_open)}
                    }
                })}
            </Show>
            <button
                type="button"
                data-testid="present-toggle"
                aria-pressed=move || app.page.present.get().to_string()
                aria-keyshortcuts="P"
                class="tool present-tool"
                aria-label="Present"
                title="Present"
                on:click=move |_| app.page.toggle_present()
            >
                <IconView icon=Icon::Present />
                <span class="tool-label">"Present"</span>
            </button>
            <button
                type="button"
                data-testid="controls-toggle"
                class="controls-toggle-button"
                hidden=move || !app.page.present.get()
                aria-controls="controls"
                aria-expanded=move || app.page.controls_open.get().to_string()
                aria-keyshortcuts="C"
                on:click=move |_| app.page.toggle_controls()
            >
                "Controls"
            </button>
            <MoreMenu />
        </div>
    }
}

/// The keyboard shortcuts, pasting a cluster and Reset (and Present, on a phone), folded under
/// one button.
#[component]
pub fn MoreMenu() -> impl IntoView {
    let app = expect_context::<AppState>();
    let fold = Fold::new();
    view! {
        <Menu fold=fold label="More ▾" icon=Icon::More items_id="more-items" testid="more-open">
            // On a phone the header gives Present's room to the lesson picker, and Present is here.
            <button
                type="button"
                class="more-present"
                data-testid="present-more"
                aria-keyshortcuts="P"
                on:click=move |_| {
                    fold.close();
                    app.page.toggle_present();
                }
            >
                {move || if app.page.present.get() { "Leave presentation" } else { "Present" }}
            </button>
            <button
                type="button"
                data-testid="shortcuts-open"
                aria-keyshortcuts="?"
                on:click=move |_| {
                    fold.close();
                    app.page.set_help_open(true);
                }
            >
                "Keyboard shortcuts…"
            </button>
            <button
                type="button"
                data-testid="paste-open"
                on:click=move |_| {
                    fold.close();
                    app.page.set_paste_open(true);
                }
            >
                "Paste your cluster…"
            </button>
            <button
                type="button"
                data-testid="reset"
                on:click=move |_| {
                    fold.close();
                    app.reset();
                }
            >
                "Reset to the starting ring"
            </button>
        </Menu>
    }
}
