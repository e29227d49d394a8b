//! "Paste your cluster": what `CLUSTER NODES`, `CLUSTER SLOTS`, `nodetool ring`, an nginx
//! `upstream` block or a list of Envoy hosts printed, read by the engine into a scenario on the
//! same keys. The dialog shows what was read (and what was left out) before anything changes;
//! a text with an unusable line is refused whole, each such line named (the first 20).

use leptos::prelude::*;

use crate::core::pasted::{read, Format, Pasted};
use crate::core::Link;
use crate::ui::kit::dialog::Dialog;
use crate::ui::state::AppState;

/// What reading the text gave.
#[derive(Clone)]
enum Reading {
    Nothing,
    Read(Box<Pasted>),
    Refused(Vec<String>),
}

/// The dialog; it opens from the More menu or from a system's panel.
#[component]
pub fn PasteDialog() -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = RwSignal::new(String::new());
    let format = RwSignal::new(String::from("guess"));
    let reading = RwSignal::new(Reading::Nothing);
    let read_now = move |_| {
        let body = text.get_untracked();
        let chosen = match format.get_untracked().as_str() {
            "guess" => Format::guess(&body),
            id => id.parse().ok(),
        };
        let Some(chosen) = chosen else {
            reading.set(Reading::Refused(vec![
                "This does not look like any of the forms below: choose one.".to_string(),
            ]));
            return;
        };
        let result = app.scenario.with_untracked(|s| read(chosen, &body, s));
        reading.set(match result {
            Ok(pasted) => Reading::Read(Box::new(pasted)),
            Err(refused) => Reading::Refused(refused.problems),
        });
    };
    let apply = move |_| {
        let Reading::Read(pasted) = reading.get_untracked() else {
            return;
        };
        let kind = pasted.scenario.placement();
        let servers = pasted.scenario.servers().len();
        app.load(
            Link {
                scenario: pasted.scenario,
                before: None,
                last: None,
                extra: Vec::new(),
                ignored: Vec::new(),
            },
            format!(
                "Your cluster is read: {servers} {} under {}.",
                crate::core::plural(servers, "server", "servers"),
                kind.name()
            ),
        );
        reading.set(Reading::Nothing);
        app.page.set_paste_open(false);
    };
    let result = move || match reading.get() {
        Reading::Nothing => ().into_any(),
        Reading::Refused(problems) => view! {
            <div class="paste-result refused" data-testid="paste-problems">
                <p><strong>"Nothing was changed."</strong>" These lines cannot be used:"</p>
                <ul>{problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
            </div>
        }
        .into_any(),
        Reading::Read(pasted) => {
            let kind = pasted.scenario.placement();
            view! {
                <div class="paste-result" data-testid="paste-preview">
                    <p>{format!("Read as {}:", kind.name())}</p>
                    <ul>{pasted.read.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
                    {(!pasted.skipped.is_empty()).then(|| view! {
                        <p>"Left out:"</p>
                        <ul data-testid="paste-skipped">{pasted.skipped.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
                    })}
                    <button type="button" class="primary" data-testid="paste-apply" on:click=apply>
                        "Use this cluster"
                    </button>
                </div>
            }
            .into_any()
        }
    };
    view! {
        <Dialog open=app.page.paste_open close=Callback::new(move |()| app.page.set_paste_open(false)) title="Paste your cluster" testid="paste-dialog" return_to="[data-testid=\"more-open\"]">
            <p class="hint">"The text stays on this machine: it is read here and sent nowhere. Your keys stay as they are."</p>
            <label for="paste-format">"What it is"</label>
            <select id="paste-format" data-testid="paste-format" on:change=move |ev| format.set(event_target_value(&ev))>
                <option value="guess">"Recognise it for me"</option>
                {Format::all().map(|f| view! { <option value=f.id()>{f.name()}</option> }).collect_view()}
            </select>
            <label for="paste-text">"What the tool printed"</label>
            <textarea
                id="paste-text"
                data-testid="paste-text"
                rows="8"
                spellcheck="false"
                prop:value=move || text.get()
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    reading.set(Reading::Nothing);
                }
            ></textarea>
            <div class="button-row">
                <button type="button" data-testid="paste-read" on:click=read_now>"Read it"</button>
            </div>
            <div aria-live="polite">{result}</div>
        </Dialog>
    }
}
