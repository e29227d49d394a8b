//! The Share menu: copy the link, the embed snippet, save the ring as a PNG or an SVG or the
//! ownership table as CSV. The snippet's dialog, the SVG and the CSV arrive on first use
//! (`snippet.rs`, `still.rs`).

use leptos::prelude::*;

use super::menu::{Fold, Menu};
use crate::ui::kit::icons::Icon;
use crate::ui::parts::Parts;
use crate::ui::state::address::write_address;
use crate::ui::state::AppState;

/// Copy link, Embed, Save PNG, Save SVG and Save table, folded under one button.
#[component]
pub(super) fn ShareMenu(embed_open: RwSignal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let parts = expect_context::<Parts>();
    let fold = Fold::new();
    let copied = RwSignal::new(None::<String>);
    let copy = move |_| {
        write_address(app);
        let href = window().location().href().unwrap_or_default();
        let _ = window().navigator().clipboard().write_text(&href);
        copied.set(Some("Link copied.".to_string()));
        app.words.announce("Link to this view copied.".into());
        set_timeout(
            move || copied.set(None),
            std::time::Duration::from_millis(2500),
        );
        fold.close();
    };
    let save_png = move |_| {
        if let Some(save) = app.save_png.get_value() {
            save.run(());
        }
        fold.close();
    };
    let save_svg = move |_| {
        parts.share.with(move |share| (share.save_svg)(app));
        fold.close();
    };
    let save_csv = move |_| {
        parts.share.with(move |share| (share.save_csv)(app));
        fold.close();
    };
    view! {
        <Menu fold=fold label="Share ▾" icon=Icon::Share items_id="share-items" testid="share-open">
            <button type="button" data-testid="copy-link" on:click=copy>"Copy link"</button>
            <button
                type="button"
                data-testid="embed-open"
                on:click=move |_| {
                    fold.open.set(false);
                    embed_open.set(true);
                }
            >
                "Embed…"
            </button>
            <button type="button" data-testid="save-png" on:click=save_png>"Save PNG"</button>
            <button type="button" data-testid="save-svg" on:click=save_svg>"Save SVG"</button>
            <button type="button" data-testid="save-csv" on:click=save_csv>"Save table (CSV)"</button>
        </Menu>
        <span class="copied" role="status">{move || copied.get()}</span>
    }
}
