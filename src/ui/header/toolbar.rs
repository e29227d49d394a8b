//! The toolbar: undo, redo, the Share menu, presentation mode, and the keyboard shortcuts and
//! Reset under More.

use leptos::prelude::*;

use super::menu::{Fold, Menu};
use super::share::{EmbedDialog, ShareMenu};
use crate::ui::state::AppState;

/// Undo, redo, the Share menu, presentation mode, and the shortcut list and Reset under More.
#[component]
pub fn Toolbar() -> impl IntoView {
    let app = expect_context::<AppState>();
    let embed_open = RwSignal::new(false);
    view! {
        <div class="toolbar" role="group" aria-label="History and sharing">
            <button
                type="button"
                data-testid="undo"
                aria-keyshortcuts="Control+Z Meta+Z"
                disabled=move || app.past.with(Vec::is_empty)
                on:click=move |_| {
                    app.undo();
                }
            >
                "Undo"
            </button>
            <button
                type="button"
                data-testid="redo"
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
                disabled=move || app.future.with(Vec::is_empty)
                on:click=move |_| {
                    app.redo();
                }
            >
                "Redo"
            </button>
            <ShareMenu embed_open=embed_open />
            <EmbedDialog open=embed_open />
            <button
                type="button"
                data-testid="present-toggle"
                aria-pressed=move || app.present.get().to_string()
                aria-keyshortcuts="P"
                on:click=move |_| app.present.update(|p| *p = !*p)
            >
                "Present"
            </button>
            <MoreMenu />
        </div>
    }
}

/// The keyboard shortcuts, pasting a cluster and Reset, folded under one button.
#[component]
pub fn MoreMenu() -> impl IntoView {
    let app = expect_context::<AppState>();
    let fold = Fold::new();
    view! {
        <Menu fold=fold label="More ▾" items_id="more-items" testid="more-open">
            <button
                type="button"
                data-testid="shortcuts-open"
                aria-keyshortcuts="?"
                on:click=move |_| {
                    fold.close();
                    app.help_open.set(true);
                }
            >
                "Keyboard shortcuts…"
            </button>
            <button
                type="button"
                data-testid="paste-open"
                on:click=move |_| {
                    fold.close();
                    app.paste_open.set(true);
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
