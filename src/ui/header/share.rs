//! The Share menu: copy the link, the embed snippet, save the ring as a PNG or the ownership
//! table as CSV.

use leptos::prelude::*;

use super::menu::{Fold, Menu};
use crate::ui::embed::config::{DEFAULT_PANELS, PANELS};
use crate::ui::kit::browser::download;
use crate::ui::kit::dialog::Dialog;
use crate::ui::kit::icons::Icon;
use crate::ui::state::address::{current_query, write_address};
use crate::ui::state::AppState;

/// Copy link, Embed, Save PNG and Save table, folded under one button.
#[component]
pub(super) fn ShareMenu(embed_open: RwSignal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let fold = Fold::new();
    let copied = RwSignal::new(None::<String>);
    let copy = move |_| {
        write_address(app);
        let href = window().location().href().unwrap_or_default();
        let _ = window().navigator().clipboard().write_text(&href);
        copied.set(Some("Link copied.".to_string()));
        app.announcement.set("Link to this view copied.".into());
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
    let save_csv = move |_| {
        let csv = app.scenario.with_untracked(|s| s.ownership().to_csv());
        let url = format!(
            "data:text/csv;charset=utf-8,{}",
            js_sys::encode_uri_component(&csv)
        );
        download(&url, "ringlab-ownership.csv");
        app.announcement
            .set("The ownership table was saved as CSV.".into());
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
            <button type="button" data-testid="save-csv" on:click=save_csv>"Save table (CSV)"</button>
        </Menu>
        <span class="copied" role="status">{move || copied.get()}</span>
    }
}

/// The iframe snippet for the current scenario, with a choice of panels.
#[component]
pub(super) fn EmbedDialog(open: RwSignal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chosen = RwSignal::new(
        DEFAULT_PANELS
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>(),
    );
    let snippet = move || {
        app.scenario.track();
        let location = window().location();
        let base = format!(
            "{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        let panels = chosen.get().join(",");
        let src = format!("{base}?{}&embed=1&panels={panels}", current_query(app));
        format!(
            "<iframe src=\"{}\" title=\"Ringlab: a live consistent-hashing ring\" style=\"width:100%;height:640px;border:0\"></iframe>",
            src.replace('&', "&amp;").replace('"', "&quot;")
        )
    };
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&snippet());
        app.announcement.set("Embed snippet copied.".into());
    };
    view! {
        <Dialog open=open title="Embed this ring" testid="embed-dialog" return_to="[data-testid=\"share-open\"]">
                    <p>"Paste this into your page. The host page can drive the ring with messages; the README lists them."</p>
                    <fieldset class="group">
                        <legend>"Panels beside the ring"</legend>
                        {PANELS
                            .iter()
                            .map(|panel| {
                                let name = panel.to_string();
                                let checked = {
                                    let name = name.clone();
                                    move || chosen.with(|c| c.contains(&name))
                                };
                                let toggle = {
                                    let name = name.clone();
                                    move |_| {
                                        chosen.update(|c| {
                                            if let Some(i) = c.iter().position(|p| *p == name) {
                                                c.remove(i);
                                            } else {
                                                c.push(name.clone());
                                            }
                                        })
                                    }
                                };
                                view! {
                                    <label class="check">
                                        <input type="checkbox" prop:checked=checked on:change=toggle />
                                        {name.clone()}
                                    </label>
                                }
                            })
                            .collect_view()}
                    </fieldset>
                    <label class="stacked">
                        "Snippet"
                        <textarea readonly rows="5" data-testid="embed-snippet" prop:value=snippet></textarea>
                    </label>
                    <div class="button-row">
                        <button type="button" class="primary" on:click=copy>"Copy snippet"</button>
                        </div>
        </Dialog>
    }
}
