//! The selected key: how it is hashed, where it lands, the walk to its owner, and what
//! `hash mod N` would pick instead.

use leptos::prelude::*;

use super::state::{AppState, Field};
use crate::core::{Change, Key, Scenario};

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
                <section class="panel key-panel" aria-labelledby="key-title" data-testid="key-panel">
                    <h2 id="key-title">"Selected key"</h2>
                    {
                    let label = d.label.clone();
                    let remove = move |_| {
                        app.dispatch(Change::DropKey { label: label.clone() }, Field::Keys);
                    };
                    view! {
                        <p class="key-name" data-testid="key-label">{d.label.clone()}</p>
                        <ol class="steps" data-testid="key-steps">
                            {d.steps.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
                        </ol>
                        <p>
                            "Ring owner: "
                            <strong data-testid="key-owner">{d.owner}</strong>
                        </p>
                        {d.copies.map(|c| view! {
                            <p>"Copies on: " <strong data-testid="key-copies">{c}</strong></p>
                        })}
                        <p>
                            "mod N picks: "
                            <strong data-testid="key-modn-owner">{d.mod_n_owner}</strong>
                            <span class="muted">{d.mod_n_words}</span>
                        </p>
                        <div class="button-row">
                            <button type="button" data-testid="drop-selected-key" on:click=remove>"Remove this key"</button>
                            <button type="button" on:click=move |_| app.selected_key.set(None)>"Close"</button>
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
    mod_n_owner: String,
    mod_n_words: String,
    copies: Option<String>,
}

fn steps(s: &Scenario, id: u32, replicas: usize) -> Detail {
    let key = s.keys().key(id);
    let label = key.label();
    let hash = s.keys().hash_of(id);
    let position = s.keys().position_of(id);
    let mut steps = Vec::new();
    match key {
        Key::At(p) => steps.push(format!("Placed by hand at {p}; its hash is its position.")),
        _ => {
            let explained = s.hash().explain(&label);
            if let Some(digest) = explained.digest_hex {
                steps.push(format!("MD5(\"{label}\") = {digest}"));
            }
            steps.push(format!("{} → {hash} (0x{hash:08x})", s.hash().describe()));
            if !s.size().is_full() {
                steps.push(format!("{hash} mod {} = position {position}", s.size()));
            }
        }
    }
    let ring = s.ring();
    let point = ring.points()[ring.owner_point(position)];
    let owner = ring.server_name(point.server as usize).to_string();
    let distance = s.size().distance(position, point.position);
    steps.push(if distance == 0 {
        format!("A point of {owner} sits right at {position}: it owns the key.")
    } else {
        let wrap = if point.position < position {
            ", wrapping past the top"
        } else {
            ""
        };
        format!(
            "Walk clockwise {distance} from {position} to {owner}'s point at {}{wrap}.",
            point.position
        )
    });
    let n = s.servers().len();
    let index = s.mod_n_owner_of_key(id);
    Detail {
        label,
        steps,
        owner,
        mod_n_owner: s.servers()[index].name.clone(),
        mod_n_words: format!(" ({hash} mod {n} = {index}, so servers[{index}])"),
        copies: (replicas > 1).then(|| {
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
        }),
    }
}
