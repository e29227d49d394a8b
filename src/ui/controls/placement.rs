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
                // Grouped by the question a person asks: how the idea works, or what a system
                // they run does.
                {[("How textbooks place keys", &Kind::ALL), ("How real systems do it", &Kind::SYSTEMS)]
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
        Kind::Maglev | Kind::EnvoyMaglev => setting(
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
        Kind::Cassandra => view! {
            {setting(
                app,
                "num_tokens (1–1,536)",
                "num-tokens",
                options.num_tokens.to_string(),
                |text| parse_number(text).map(|count| Change::SetNumTokens { count }),
            )}
            {setting(
                app,
                "Token seed",
                "token-seed",
                options.token_seed.to_string(),
                |text| parse_number(text).map(|seed| Change::SetTokenSeed { seed }),
            )}
            <p class="hint" data-testid="placement-note">
                "Cassandra draws a new node's tokens at random; Ringlab draws them from this seed so a link shows the same ring. Paste nodetool ring output to use your own."
            </p>
        }
        .into_any(),
        Kind::EnvoyRingHash => setting(
            app,
            "minimum_ring_size",
            "min-ring",
            options.min_ring.to_string(),
            |text| parse_number(text).map(|size| Change::SetMinRing { size }),
        ),
        Kind::Groupcache => setting(
            app,
            "Replicas (points per node)",
            "groupcache-replicas",
            options.groupcache_replicas.to_string(),
            |text| parse_number(text).map(|count| Change::SetGroupcacheReplicas { count }),
        ),
        Kind::Nginx => view! {
            <p class="hint" data-testid="placement-note">
                "Each server gets 160 points per unit of weight. Servers are named as written after server in the upstream block, host and port split at the last colon."
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
