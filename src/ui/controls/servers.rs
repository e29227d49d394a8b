//! Adding, removing and weighting servers.

use leptos::prelude::*;

use crate::core::naming::CITIES;
use crate::core::{parse_number, Change, Error, Placement, Server};
use crate::ui::kit::focus::{css_escape, focus_now, focus_soon};
use crate::ui::kit::theme::{Swatch, Theme};
use crate::ui::notices::fields::{FieldError, Refusal};
use crate::ui::state::{slot_list, AppState, ClickMode, Dispatched, Field};

/// The add-server form and the server list.
#[component]
pub fn ServerControls(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let name = RwSignal::new(String::new());
    let position = RwSignal::new(String::new());

    // A refusal marks the box it is about: the name, or the position.
    let name_refusal = Refusal::new(Field::AddServer);
    let position_refusal = Refusal::new(Field::AddServer);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let typed = name.get_untracked();
        let chosen = if typed.trim().is_empty() {
            app.suggested_name()
        } else {
            typed
        };
        let at = position.get_untracked();
        let at = if at.trim().is_empty() {
            None
        } else {
            match parse_number::<u64>(&at) {
                Ok(p) => Some(p),
                Err(error) => {
                    app.words.show_error(Field::AddServer, error.to_string());
                    position_refusal.settle(false);
                    return;
                }
            }
        };
        let change = Change::AddServer {
            name: chosen,
            at,
            weight: None,
        };
        // With Predict first on, an accepted change waits for the learner's prediction.
        let (accepted, about_position) = match app.send(change, Field::AddServer) {
            Dispatched::Shown | Dispatched::Held => (true, false),
            Dispatched::Refused(error) => (
                false,
                matches!(
                    error,
                    Error::PositionOutsideRing { .. } | Error::PositionTaken { .. }
                ),
            ),
        };
        name_refusal.settle(accepted || about_position);
        position_refusal.settle(accepted || !about_position);
        if accepted {
            name.set(String::new());
            position.set(String::new());
        }
    };
    let placing = move || app.selection.mode.get() == ClickMode::PlaceServer;

    view! {
        <fieldset class="group">
            <legend id="servers-title" tabindex="-1">"Servers"</legend>
            <form class="add-server" on:submit=add>
                <label class="stacked" for="server-name">
                    "Name"
                    <input
                        id="server-name"
                        data-testid="server-name"
                        list="city-names"
                        autocomplete="off"
                        maxlength="60"
                        placeholder=move || app.suggested_name()
                        aria-describedby="add-server-error"
                        aria-invalid=name_refusal.invalid()
                        prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev))
                    />
                </label>
                <datalist id="city-names">
                    {CITIES.iter().map(|c| view! { <option value=*c></option> }).collect_view()}
                </datalist>
                <label class="stacked" for="server-position">
                    "At position"
                    <input
                        id="server-position"
                        data-testid="server-position"
                        inputmode="numeric"
                        placeholder="hashed"
                        aria-describedby="add-server-error"
                        aria-invalid=position_refusal.invalid()
                        prop:value=move || position.get()
                        on:input=move |ev| position.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" class="primary" data-testid="add-server">
                    // A real system's own verb: add-node, Bootstrap, Add broker.
                    {move || app.scenario.with(|s| s.placement().verbs().0)}
                </button>
            </form>
            <button
                type="button"
                class="mode"
                data-testid="place-server-mode"
                aria-pressed=move || placing().to_string()
                on:click=move |_| {
                    app.selection.set_mode(if placing() { ClickMode::Select } else { ClickMode::PlaceServer })
                }
            >
                "Place servers by clicking the ring"
            </button>
            <FieldError field=Field::AddServer id="add-server-error" />
            <ServerList theme=theme />
            <FieldError field=Field::ServerList id="server-list-error" />
            <PasteServers />
        </fieldset>
    }
}

/// One row per server: its colour, name, placement or weight, and a remove button.
#[component]
fn ServerList(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Keyed by everything a row shows, so a change re-renders only the rows it touched.
    let rows = move || {
        app.scenario.with(|s| {
            let slots = app.slots.with(|slots| slot_list(slots, s));
            s.servers()
                .iter()
                .zip(slots)
                .map(|(server, slot)| (server.clone(), slot))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <ul class="server-list" aria-label="Servers on the ring">
            <For each=rows key=|row| row.clone() let:row>
                {server_row(app, theme, row.0, row.1)}
            </For>
        </ul>
    }
}

fn server_row(app: AppState, theme: Signal<Theme>, server: Server, slot: usize) -> impl IntoView {
    let name = server.name.clone();
    let selected = {
        let name = name.clone();
        move || {
            app.selection
                .server
                .with(|s| s.as_deref() == Some(name.as_str()))
        }
    };
    let select = {
        let name = name.clone();
        move |_| app.selection.set_selected_server(Some(name.clone()))
    };
    let remove = {
        let name = name.clone();
        move |_| {
            // The focus goes to a neighbour's name, never to another Remove button, so Enter
            // pressed twice cannot remove two servers.
            let neighbours = app.scenario.with_untracked(|s| {
                let names: Vec<&str> = s.servers().iter().map(|s| s.name.as_str()).collect();
                let at = names.iter().position(|n| *n == name).unwrap_or(0);
                [
                    names.get(at + 1),
                    at.checked_sub(1).and_then(|i| names.get(i)),
                ]
                .into_iter()
                .flatten()
                .map(|n| format!("[data-testid=\"server-row-{}\"] .name", css_escape(n)))
                .collect::<Vec<_>>()
            });
            if app.dispatch(
                Change::RemoveServer { name: name.clone() },
                Field::ServerList,
            ) {
                let mut targets = neighbours;
                targets.push("#servers-title".into());
                // The neighbour is still on the page: the focus moves there at once, never
                // resting on the body while the row goes, and again once the page is drawn.
                focus_now(&targets);
                focus_soon(targets);
            }
        }
    };
    let placement = match server.placement {
        Placement::At(p) => {
            view! { <span class="muted">"at " {crate::core::grouped(u64::from(p))}</span> }
                .into_any()
        }
        Placement::Hashed { weight } => {
            let name = name.clone();
            // A refused weight stays in its box, marked, until a change goes through.
            let refused = RwSignal::new(false);
            let set_weight = move |ev| {
                let shown = match parse_number::<u32>(&event_target_value(&ev)) {
                    Ok(weight) => app.dispatch(
                        Change::SetWeight {
                            name: name.clone(),
                            weight,
                        },
                        Field::ServerList,
                    ),
                    Err(error) => {
                        app.words.show_error(Field::ServerList, error.to_string());
                        false
                    }
                };
                refused.set(!shown);
            };
            let invalid = move || refused.get() && app.words.error(Field::ServerList).is_some();
            view! {
                <label class="weight" title="Weight: this server's points are the virtual nodes times its weight">
                    "×"
                    <input
                        type="number"
                        min="1"
                        max="10"
                        data-testid=format!("weight-{}", server.name)
                        aria-label=format!("Weight of {}", server.name)
                        aria-describedby="server-list-error"
                        aria-invalid=move || invalid().to_string()
                        prop:value=weight
                        on:change=set_weight
                    />
                </label>
            }
            .into_any()
        }
    };
    view! {
        <li class:selected=selected data-testid=format!("server-row-{name}")>
            <Swatch theme=theme index=slot />
            <button type="button" class="link name" on:click=select>
                {name.clone()}
            </button>
            {placement}
            <button
                type="button"
                class="remove"
                data-testid=format!("remove-{name}")
                aria-label={
                    let name = name.clone();
                    move || match app.scenario.with(|s| s.placement().verbs().1) {
                        "Remove" => format!("Remove server {name}"),
                        verb => format!("{verb} {name}"),
                    }
                }
                on:click=remove
            >
                {move || app.scenario.with(|s| s.placement().verbs().1)}
            </button>
        </li>
    }
}

/// A whole server list pasted at once, one per line: `name`, `name*weight`, `name@position`
/// or `host:port`. It replaces the servers on the ring in one change.
#[component]
fn PasteServers() -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = RwSignal::new(String::new());
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let lines: Vec<String> = text
            .get_untracked()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect();
        let change = format!("servers:{}", lines.join(",")).parse::<crate::core::Change>();
        match change {
            Ok(change) => {
                if app.dispatch(change, Field::ServerList) {
                    text.set(String::new());
                }
            }
            Err(error) => app.words.show_error(Field::ServerList, error.to_string()),
        }
    };
    view! {
        <details class="paste-servers" data-testid="paste-servers">
            <summary>"Paste a server list"</summary>
            <form on:submit=apply>
                <label for="server-list">"One per line: name, name*weight or host:port"</label>
                <textarea
                    id="server-list"
                    data-testid="server-list"
                    rows="4"
                    placeholder="cache-1\ncache-2*2\n10.0.0.3:11211"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                ></textarea>
                <button type="submit" data-testid="use-server-list">"Use these servers"</button>
            </form>
        </details>
    }
}
