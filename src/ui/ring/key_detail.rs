//! The selected key: how it is hashed, where it lands, the walk to its owner, and what
//! `hash mod N` would pick instead.

use leptos::prelude::*;

use crate::core::{Change, Kind, Scenario};
use crate::teach::lessons::Panel;
use crate::ui::kit::focus::focus_soon;
use crate::ui::state::{AppState, Field};

/// Details of the selected key, or a hint on how to select one.
#[component]
pub fn KeyDetailPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let detail = move || {
        let label = app.selected_key.get()?;
        app.scenario.with(|s| {
            let id = s.keys().find(&label)?;
            Some(steps(s, id, app.replicas.get()))
        })
    };
    // Shown only while a key is selected, at the top of the readout, so that following a key
    // never pushes the last change off screen for long.
    move || {
        detail().map(|d| {
            view! {
                <section class="panel key-panel" class:pointed=move || app.points_at(Panel::Key) aria-labelledby="key-title" data-testid="key-panel">
                    <h2 id="key-title">"Selected key"</h2>
                    {
                    let label = d.label.clone();
                    // The panel goes with the key: the focus goes to where keys are added.
                    let remove = move |_| {
                        if app.dispatch(Change::DropKey { label: label.clone() }, Field::Keys) {
                            focus_soon(vec!["#key-name".into()]);
                        }
                    };
                    let close = move |_| {
                        app.selected_key.set(None);
                        focus_soon(vec!["[data-testid=\"ring-canvas\"]".into(), "#key-name".into()]);
                    };
                    view! {
                        <p class="key-name" data-testid="key-label">{d.label.clone()}</p>
                        <ol class="steps" data-testid="key-steps">
                            {d.steps.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
                        </ol>
                        <p>
                            {d.owner_title.clone()}
                            <strong data-testid="key-owner">{d.owner}</strong>
                        </p>
                        {d.copies.map(|c| view! {
                            <p>"Copies on: " <strong data-testid="key-copies">{c}</strong></p>
                        })}
                        // A real system is compared with nothing: its own steps are the point.
                        {(!app.scenario.with_untracked(|s| s.placement().is_system())).then(|| view! {
                            <p>
                                {if app.scenario.with_untracked(|s| s.placement() == Kind::ModN) { "The ring picks: " } else { "mod N picks: " }}
                                <strong data-testid="key-modn-owner">{d.mod_n_owner.clone()}</strong>
                                <span class="muted">{d.mod_n_words.clone()}</span>
                            </p>
                        })}
                        <div class="button-row">
                            <button type="button" data-testid="drop-selected-key" on:click=remove>"Remove this key"</button>
                            <button type="button" on:click=close>"Close"</button>
                        </div>
                    }
                    }
                </section>
            }
        })
    }
}

struct Detail {
    label: String,
    steps: Vec<String>,
    owner: String,
    owner_title: String,
    mod_n_owner: String,
    mod_n_words: String,
    copies: Option<String>,
}

/// The selected key's lookup under the chosen placement, as the engine traces it, and what the
/// compared placement would pick.
fn steps(s: &Scenario, id: u32, replicas: usize) -> Detail {
    let placed = s.placed();
    let trace = placed.trace(&s.layout(), id);
    let owner = placed.names()[trace.owner].to_string();
    let kind = s.placement();
    let hash = s.keys().hash_of(id);
    let n = s.servers().len();
    let (mod_n_owner, mod_n_words) = if kind == Kind::ModN {
        let ring_owner = s.ring().server_name(s.owner_of_key(id)).to_string();
        (
            ring_owner,
            " (the first point clockwise from the key)".to_string(),
        )
    } else {
        let index = s.mod_n_owner_of_key(id);
        (
            s.servers()[index].name.clone(),
            format!(" ({hash} mod {n} = {index}, so servers[{index}])"),
        )
    };
    Detail {
        label: s.keys().label(id),
        steps: trace.steps,
        owner,
        owner_title: match kind {
            Kind::Ring => "Ring owner: ".to_string(),
            Kind::ModN => "mod N owner: ".to_string(),
            other => format!("{} owner: ", other.name()),
        },
        mod_n_owner,
        mod_n_words,
        copies: (replicas > 1 && kind == Kind::Cassandra)
            .then(|| {
                let list = placed.preference(s.keys(), id, replicas);
                let names: Vec<String> = list
                    .into_iter()
                    .map(|i| placed.names()[i].to_string())
                    .collect();
                format!(
                    "{} (SimpleStrategy, the next nodes clockwise)",
                    names.join(", ")
                )
            })
            .or_else(|| {
                (replicas > 1 && kind == Kind::Ring).then(|| {
                    let names: Vec<String> = s
                        .preference_list(id, replicas)
                        .into_iter()
                        .enumerate()
                        .map(|(i, server)| {
                            let name = s.ring().server_name(server);
                            if i == 0 {
                                format!("{name} (primary)")
                            } else {
                                name.to_string()
                            }
                        })
                        .collect();
                    names.join(", ")
                })
            }),
    }
}
