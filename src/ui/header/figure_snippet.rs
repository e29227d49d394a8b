//! Copy as figure: the ring on screen as a `<ringlab-figure>` element, with its still, to paste
//! into an article. The element and its still are written by the drawing layer's one writer of
//! figures (the one `ringlab figure` and `mdbook-ringlab` call), from the same link Copy link
//! gives, so the pasted figure opens on exactly this state. It arrives with the rest of the
//! Share menu on first use.

use leptos::prelude::*;

use crate::core::{DEFAULT_PANELS, PANELS};
use crate::draw::figure_element::FigureElement;
use crate::ui::kit::dialog::Dialog;
use crate::ui::state::address::current_query;
use crate::ui::state::AppState;

/// The figure snippet for the current scenario, with a choice of panels and a label.
#[component]
pub fn FigureDialog(open: RwSignal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chosen = RwSignal::new(
        DEFAULT_PANELS
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>(),
    );
    let label = RwSignal::new(String::new());
    let element = move || {
        app.scenario.track();
        app.selection.key.track();
        let label = label.get();
        let panels = chosen.get().join(",");
        let figure = FigureElement {
            link: current_query(app),
            panels: (panels != DEFAULT_PANELS.join(",")).then_some(panels),
            label: Some(label.trim().to_string()).filter(|l| !l.is_empty()),
            ..FigureElement::default()
        };
        figure.write().unwrap_or_else(|why| why)
    };
    // What a page adds once: the stills' stylesheet, which also gives each still the live
    // figure's height, and the script, both from where this build is.
    let page_lines = move || {
        let location = window().location();
        let path = location.pathname().unwrap_or_default();
        let folder = &path[..path.rfind('/').map_or(0, |i| i + 1)];
        let base = format!("{}{folder}", location.origin().unwrap_or_default());
        format!(
            "<link rel=\"stylesheet\" href=\"{base}figure-stills.css\">\n\
             <script type=\"module\" src=\"{base}figures.js\"></script>"
        )
    };
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&element());
        app.words
            .announce("Figure copied, with its still drawing.".into());
    };
    view! {
        <Dialog open=open close=Callback::new(move |()| open.set(false)) title="Copy as figure" testid="figure-dialog" return_to="[data-testid=\"share-open\"]">
            <p>"A live ring for an article's text: paste the element where the figure goes. Until the page's script makes it live, and for readers without JavaScript, it shows the still drawing it holds."</p>
            <label class="stacked">
                "Label, for screen readers"
                <input type="text" data-testid="figure-label" placeholder="Figure 1: three servers" prop:value=move || label.get() on:input=move |ev| label.set(event_target_value(&ev)) />
            </label>
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
                "Figure"
                <textarea readonly rows="6" data-testid="figure-snippet" prop:value=element></textarea>
            </label>
            <label class="stacked">
                "Once on the page: the stills' stylesheet (in its head) and the script that makes its figures live"
                <textarea readonly rows="2" data-testid="figure-script" prop:value=page_lines></textarea>
            </label>
            <div class="button-row">
                <button type="button" class="primary" data-testid="figure-copy" on:click=copy>"Copy figure"</button>
            </div>
        </Dialog>
    }
}
