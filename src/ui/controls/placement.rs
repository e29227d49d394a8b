//! Choosing the placement, and the settings of the placements that have any.

use leptos::prelude::*;

use crate::core::hundredths_text as load_text;
use crate::core::placement::parse_load;
use crate::core::{parse_number, Change, Error, Kind};
use crate::ui::notices::fields::FieldError;
use crate::ui::state::{AppState, Field};

/// The placement picker, its one-line summary, and its settings.
#[component]
pub fn PlacementControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let kind = move || app.scenario.with(|s| s.placement());
    let select_ref = NodeRef::<leptos::html::Select>::new();
    let on_pick = move |ev| {
        let chosen = match event_target_value(&ev).parse::<Kind>() {
            Ok(placement) => app.choose_placement(placement, Field::Placement),
            Err(error) => {
                app.show_error(Field::Placement, error.to_string());
                false
            }
        };
        // A refused choice leaves the placement as it was, and the picker says so.
        if !chosen {
            if let Some(select) = select_ref.get_untracked() {
                select.set_value(kind().id());
            }
        }
    };
    view! {
        <fieldset class="group" data-testid="placement-controls">
            <legend>"Placement"</legend>
            <label class="sr-only" for="placement-select">"How keys are placed"</label>
            <select
                node_ref=select_ref
                id="placement-select"
                data-testid="placement-select"
                aria-describedby="placement-summary placement-error"
                on:change=on_pick
            >
                {Kind::ALL
                    .into_iter()
                    .map(|k| {
                        view! {
                            <option value=k.id() selected=move || kind() == k>
                                {k.name()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <p class="hint" id="placement-summary" data-testid="placement-summary">
                {move || kind().summary()}
            </p>
            {move || settings(app, kind())}
            // What the chosen placement does not read, in the engine's words (weights under
            // maglev, for instance); ketama's own note above says it for the ring.
            <ul class="hint placement-unused" data-testid="placement-unused">
                {move || {
                    app.scenario
                        .with(|s| if s.placement() == Kind::Ketama { Vec::new() } else { s.unused_settings() })
                        .into_iter()
                        .map(|note| view! { <li>{note}</li> })
                        .collect_view()
                }}
            </ul>
            <FieldError field=Field::Placement id="placement-error" />
        </fieldset>
    }
}

/// The settings of the chosen placement, or a word about what it ignores.
fn settings(app: AppState, kind: Kind) -> AnyView {
    let options = app.scenario.with_untracked(|s| s.options());
    match kind {
        Kind::Maglev => setting(
            app,
            "Table size (a prime)",
            "maglev-size",
            options.maglev_size.to_string(),
            |text| parse_number(text).map(|size| Change::SetMaglevSize { size }),
        ),
        Kind::Table => setting(
            app,
            "Partitions",
            "partitions",
            app.scenario
                .with_untracked(|s| s.table().count())
                .to_string(),
            |text| parse_number(text).map(|count| Change::SetPartitions { count }),
        ),
        Kind::Bounded => setting(
            app,
            "Load factor c (1.00–3.00)",
            "load-factor",
            load_text(options.load),
            |text| parse_load(text).map(|hundredths| Change::SetLoadFactor { hundredths }),
        ),
        Kind::MultiProbe => setting(
            app,
            "Probes per key (1–64)",
            "probes",
            options.probes.to_string(),
            |text| parse_number(text).map(|count| Change::SetProbes { count }),
        ),
        Kind::Ketama => view! {
            <p class="hint" data-testid="placement-note">
                "Ketama always uses the 2³² ring, hashes keys with MD5 (first 4 bytes, little-endian) and gives each server 160 points, as memcached clients do. The ring, hash and virtual-node settings apply to the other placements."
            </p>
        }
        .into_any(),
        Kind::Jump => view! {
            <p class="hint" data-testid="placement-note">
                "The buckets are the servers in list order. Removing any server but the last renumbers every bucket after it."
            </p>
        }
        .into_any(),
        _ => ().into_any(),
    }
}

/// One numeric setting: a field that keeps what was typed when it is refused, and Set.
fn setting(
    app: AppState,
    label: &'static str,
    id: &'static str,
    current: String,
    change: fn(&str) -> Result<Change, Error>,
) -> AnyView {
    let typed = RwSignal::new(current);
    let invalid = move || app.error(Field::Placement).is_some();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match change(&typed.get_untracked()) {
            Ok(c) => {
                app.dispatch(c, Field::Placement);
            }
            Err(error) => app.show_error(Field::Placement, error.to_string()),
        }
    };
    view! {
        <form class="inline-form" on:submit=submit>
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                inputmode="decimal"
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
