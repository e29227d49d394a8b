//! The Traffic view's readout: how popular keys are, which are hot, the remedies, and each
//! server's share of the requests beside its share of the keys.

use std::sync::Arc;

use leptos::prelude::*;

use super::remedies::RemedyControls;
use super::requests::{BusiestKeys, Computed, RequestTable};
use crate::core::hundredths_text as load_text;
use crate::core::{Change, Popularity};
use crate::teach::lessons::Panel;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::kit::numbers::grouped;
use crate::ui::kit::theme::Theme;
use crate::ui::notices::fields::FieldError;
use crate::ui::state::{AppState, Field};

/// Popularity, hot keys, remedies and the request shares.
#[component]
pub fn TrafficPanel(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let loads = Memo::new(move |_| {
        let reads = app.work.cache.get().reads;
        app.scenario
            .with(|s| Computed(Arc::new(s.traffic().loads(&s.placed(), s.keys(), reads))))
    });
    view! {
        <section class="panel traffic" class:pointed=move || app.points_at(Panel::Requests) aria-labelledby=labelled_by("traffic-title") data-testid="traffic-panel">
            <h2 id="traffic-title">"Requests"</h2>
            <PopularityControls />
            <HotKeys />
            <RemedyControls loads=loads />
            <FieldError field=Field::Traffic id="traffic-error" />
            <RequestTable loads=loads theme=theme />
            <BusiestKeys loads=loads />
        </section>
    }
}

/// Uniform or Zipf, with Zipf's s.
#[component]
fn PopularityControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let popularity = move || app.scenario.with(|s| s.traffic().popularity);
    let s_value = move || match popularity() {
        Popularity::Zipf { s } => s,
        Popularity::Uniform | Popularity::Measured => 100,
    };
    // The counts of a data file, when the keys came with some, and the Zipf s that fits them.
    let fit = move || {
        app.scenario.with(|s| {
            s.traffic()
                .measured
                .as_ref()
                .map(|m| m.zipf_fit().map(|s| format!("{s:.2}")))
        })
    };
    let set = move |popularity: Popularity| {
        app.dispatch(Change::SetPopularity { popularity }, Field::Traffic);
    };
    view! {
        <fieldset class="subgroup">
            <legend>"How often keys are read"</legend>
            <div class="segmented" role="group" aria-label="Popularity">
                <button
                    type="button"
                    data-testid="popularity-uniform"
                    aria-pressed=move || (popularity() == Popularity::Uniform).to_string()
                    on:click=move |_| set(Popularity::Uniform)
                >
                    "Every key alike"
                </button>
                <button
                    type="button"
                    data-testid="popularity-zipf"
                    aria-pressed=move || matches!(popularity(), Popularity::Zipf { .. }).to_string()
                    on:click=move |_| set(Popularity::Zipf { s: s_value() })
                >
                    "Zipf"
                </button>
                <Show when=move || fit().is_some()>
                    <button
                        type="button"
                        data-testid="popularity-data"
                        aria-pressed=move || (popularity() == Popularity::Measured).to_string()
                        on:click=move |_| set(Popularity::Measured)
                    >
                        "From your data"
                    </button>
                </Show>
            </div>
            <Show when=move || fit().is_some()>
                <p class="hint" data-testid="popularity-fit">
                    {move || match fit().flatten() {
                        Some(s) => format!("Your data's counts are closest to Zipf's law with s = {s} (fitted by maximum likelihood)."),
                        None => "Your data's counts: too few keys were read to fit Zipf's law.".to_string(),
                    }}
                </p>
            </Show>
            <Show when=move || matches!(popularity(), Popularity::Zipf { .. })>
                <div class="slider-row">
                    <label for="zipf-s">"s"</label>
                    <input
                        id="zipf-s"
                        type="range"
                        min="0"
                        max="300"
                        step="5"
                        data-testid="zipf-s"
                        aria-valuetext=move || format!("s = {}", load_text(s_value()))
                        prop:value=move || s_value().to_string()
                        on:change=move |ev| {
                            if let Ok(s) = event_target_value(&ev).parse::<u32>() {
                                set(Popularity::Zipf { s });
                            }
                        }
                    />
                    <output for="zipf-s" data-testid="zipf-s-value">{move || load_text(s_value())}</output>
                </div>
                <p class="hint">"The key added first is read most: the key of rank i in proportion to 1/(i+1)^s."</p>
            </Show>
        </fieldset>
    }
}

/// The keys made hot by hand, and a button to make the selected key hot.
#[component]
fn HotKeys() -> impl IntoView {
    let app = expect_context::<AppState>();
    let hot = move || app.scenario.with(|s| s.traffic().hot.clone());
    let heat = move |_| {
        if let Some(key) = app.selection.key.get_untracked() {
            app.dispatch(Change::MakeHot { key, times: 1000 }, Field::Traffic);
        }
    };
    view! {
        <div class="hot-keys">
            <button
                type="button"
                data-testid="make-hot"
                disabled=move || app.selection.key.get().is_none()
                on:click=heat
            >
                {move || match app.selection.key.get() {
                    Some(key) => format!("Make {key} hot (×1,000)"),
                    None => "Make the selected key hot (×1,000)".to_string(),
                }}
            </button>
            <Show when=move || app.selection.key.with(Option::is_none)>
                <p class="hint">"Pick a key on the ring or in the key list first."</p>
            </Show>
            <ul class="chips" aria-label="Hot keys">
                <For each=hot key=|h| h.clone() let:entry>
                    {
                        let (label, times) = entry;
                        let cool = {
                            let label = label.clone();
                            move |_| {
                                app.dispatch(Change::MakeHot { key: label.clone(), times: 1 }, Field::Traffic);
                            }
                        };
                        view! {
                            <li data-testid=format!("hot-{label}")>
                                // A long key is named by its start.
                                {format!("{} ×{}", crate::core::shown(&label), grouped(u64::from(times)))}
                                <button type="button" class="link" aria-label=format!("Make {} ordinary", crate::core::shown(&label)) on:click=cool>
                                    "ordinary"
                                </button>
                            </li>
                        }
                    }
                </For>
            </ul>
        </div>
    }
}
