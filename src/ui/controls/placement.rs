//! Choosing the placement, and the settings of the placements that have any.

use leptos::prelude::*;

use crate::core::placement::Setting;
use crate::core::{Change, Kind};
use crate::ui::notices::fields::FieldError;
use crate::ui::placements;
use crate::ui::state::{AppState, Field};

/// The placement picker, its one-line summary, and its settings.
#[component]
pub fn PlacementControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let kind = move || app.scenario.with(|s| s.placement());
    let select_ref = NodeRef::<leptos::html::Select>::new();
    // A refused choice leaves the placement as it was, and the picker says so.
    let keep = move || {
        if let Some(select) = select_ref.get_untracked() {
            select.set_value(kind().id());
        }
    };
    let on_pick = move |ev| match event_target_value(&ev).parse::<Kind>() {
        Ok(placement) => {
            let choose = move || {
                if !app.choose_placement(placement, Field::Placement) {
                    keep();
                }
            };
            if placement.here() {
                choose();
            } else {
                // Its code arrives first (the picker shows the choice meanwhile).
                placements::after(choose, move |words| {
                    app.words.show_error(Field::Placement, words);
                    keep();
                });
            }
        }
        Err(error) => {
            app.words.show_error(Field::Placement, error.to_string());
            keep();
        }
    };
    view! {
        <fieldset class="group" data-testid="placement-controls">
            <legend>"Placement"</legend>
            <label class="sr-only" for="placement-select">"How keys are placed"</label>
            <select
                node_ref=select_ref
                id="placement-select"
                class="placement-select"
                data-testid="placement-select"
                aria-describedby="placement-summary placement-error"
                on:change=on_pick
            >
                // Grouped by the question a person asks: how the idea works, or what a system
                // they run does.
                {[("How textbooks place keys", &Kind::ALL[..]), ("How real systems do it", &Kind::SYSTEMS[..])]
                    .into_iter()
                    .map(|(label, kinds)| {
                        view! {
                            <optgroup label=label>
                                {kinds
                                    .iter()
                                    .map(|&k| {
                                        view! {
                                            <option value=k.id() title=k.summary() selected=move || kind() == k>
                                                {k.name()}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </optgroup>
                        }
                    })
                    .collect_view()}
            </select>
            <p class="hint" id="placement-summary" data-testid="placement-summary">
                {move || kind().summary()}
            </p>
            {move || settings(app, kind())}
            // What the chosen placement does not read, in the engine's words (weights under
            // maglev, for instance); a placement that fixes the ring says so in its note above.
            <ul class="hint placement-unused" data-testid="placement-unused">
                {move || {
                    app.scenario
                        .with(|s| if s.placement().spec().fixed_ring { Vec::new() } else { s.unused_settings() })
                        .into_iter()
                        .map(|note| view! { <li>{note}</li> })
                        .collect_view()
                }}
            </ul>
            <FieldError field=Field::Placement id="placement-error" />
        </fieldset>
    }
}

/// The settings of the chosen placement, and its word on how it reads the servers.
fn settings(app: AppState, kind: Kind) -> AnyView {
    let spec = kind.spec();
    let (options, size) = app.scenario.with_untracked(|s| (s.options(), s.size()));
    view! {
        {spec
            .settings
            .iter()
            .map(|&setting| setting_field(app, setting, setting.value(&options, size)))
            .collect_view()}
        {spec.note.map(|note| view! { <p class="hint" data-testid="placement-note">{note}</p> })}
    }
    .into_any()
}

/// One numeric setting: a field that keeps what was typed when it is refused, and Set.
fn setting_field(app: AppState, setting: Setting, current: String) -> AnyView {
    let (label, id) = (setting.label(), setting.field());
    let typed = RwSignal::new(current);
    let invalid = move || app.words.error(Field::Placement).is_some();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match Change::setting(setting, &typed.get_untracked()) {
            Ok(c) => {
                app.dispatch(c, Field::Placement);
            }
            Err(error) => app.words.show_error(Field::Placement, error.to_string()),
        }
    };
    view! {
        <form class="inline-form" class:words=!setting.numeric() on:submit=submit>
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                inputmode=if setting.numeric() { "decimal" } else { "text" }
                autocomplete="off"
                aria-describedby="placement-error"
                aria-invalid=move || invalid().to_string()
                prop:value=move || typed.get()
                on:input=move |ev| typed.set(event_target_value(&ev))
            />
            <button type="submit" data-testid=format!("{id}-apply")>"Set"</button>
        </form>
    }
    .into_any()
}
