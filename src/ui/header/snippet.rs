//! What the Share menu offers beyond the link, fetched the first time it is asked for: the
//! iframe snippet for the current scenario, and the ownership table as CSV.

use leptos::prelude::*;

use crate::core::{DEFAULT_PANELS, PANELS};
use crate::ui::kit::browser::download;
use crate::ui::kit::dialog::Dialog;
use crate::ui::state::address::current_query;
use crate::ui::state::AppState;

/// Offers the ownership table as a CSV file.
pub fn save_csv(app: AppState) {
    let csv = app.scenario.with_untracked(|s| s.ownership().to_csv());
    let url = format!(
        "data:text/csv;charset=utf-8,{}",
        js_sys::encode_uri_component(&csv)
    );
    download(&url, "ringlab-ownership.csv");
    app.words
        .announce("The ownership table was saved as CSV.".into());
}

/// The iframe snippet for the current scenario, with a choice of panels.
#[component]
pub fn EmbedDialog(open: RwSignal<bool>) -> impl IntoView {
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
        app.words.announce("Embed snippet copied.".into());
    };
    view! {
        <Dialog open=open close=Callback::new(move |()| open.set(false)) title="Embed this ring" testid="embed-dialog" return_to="[data-testid=\"share-open\"]">
                    <p>"Paste this into your page. The host page can drive the ring with messages; the README lists them."</p>
                    <fieldset class="group choices">
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
