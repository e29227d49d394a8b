//! The Share menu: copy the link, the embed snippet, the ring as a figure for an article, save
//! the ring as a PNG or an SVG or the ownership table as CSV. The snippets' dialogs, the SVG and
//! the CSV arrive on first use (`snippet.rs`, `figure_snippet.rs`, `still.rs`).

use leptos::prelude::*;

use super::menu::{Fold, Menu};
use crate::core::grouped;
use crate::teach::lessons::MAX_LINK_CHARS;
use crate::ui::kit::icons::Icon;
use crate::ui::parts::Parts;
use crate::ui::state::address::write_address;
use crate::ui::state::AppState;

/// Copy link, Embed, Copy as figure, Save PNG, Save SVG and Save table, folded under one button.
#[component]
pub(super) fn ShareMenu(embed_open: RwSignal<bool>, figure_open: RwSignal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let parts = expect_context::<Parts>();
    let fold = Fold::new();
    let copied = RwSignal::new(None::<String>);
    let copy = move |_| {
        write_address(app);
        let href = window().location().href().unwrap_or_default();
        let _ = window().navigator().clipboard().write_text(&href);
        // Long keys make a long link: past what servers and chat programs take, it is still
        // copied (browsers open it), and the words say what keeps the view whole instead.
        let (said, shown_for) = if href.len() > MAX_LINK_CHARS {
            let words = format!(
                "Link copied, but at {} characters some servers and chat programs cut it (past {}); Save scenario keeps every key in a file.",
                grouped(href.len() as u64),
                grouped(MAX_LINK_CHARS as u64)
            );
            (words, 8000)
        } else {
            ("Link copied.".to_string(), 2500)
        };
        app.words.announce(if href.len() > MAX_LINK_CHARS {
            said.clone()
        } else {
            "Link to this view copied.".into()
        });
        copied.set(Some(said));
        set_timeout(
            move || copied.set(None),
            std::time::Duration::from_millis(shown_for),
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
            <button
                type="button"
                data-testid="figure-open"
                on:click=move |_| {
                    fold.open.set(false);
                    figure_open.set(true);
                }
            >
                "Copy as figure…"
            </button>
            <button
                type="button"
                data-testid="qr-open"
                on:click=move |_| {
                    fold.open.set(false);
                    app.page.set_qr_open(true);
                }
            >
                "QR code…"
            </button>
            <button type="button" data-testid="save-png" on:click=save_png>"Save PNG"</button>
            <button type="button" data-testid="save-svg" on:click=save_svg>"Save SVG"</button>
            <button type="button" data-testid="save-csv" on:click=save_csv>"Save table (CSV)"</button>
        </Menu>
        <span class="copied" role="status">{move || copied.get()}</span>
    }
}
