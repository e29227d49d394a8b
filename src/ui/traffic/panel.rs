//! The Traffic view's readout: how popular keys are, which are hot, the remedies, and each
//! server's share of the requests beside its share of the keys.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::placement::load_text;
use crate::core::{Change, Loads, Popularity, Remedy};
use crate::ui::kit::fields::FieldError;
use crate::ui::kit::numbers::{grouped, pct};
use crate::ui::kit::theme::{Swatch, Theme};
use crate::ui::state::{slot_list, AppState, Field};

/// Loads, compared by identity: computed once per change.
#[derive(Clone)]
struct Computed(Arc<Loads>);

impl PartialEq for Computed {
    fn eq(&self, other: &Computed) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Popularity, hot keys, remedies and the request shares.
#[component]
pub fn TrafficPanel(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let loads = Memo::new(move |_| {
        let reads = app.cache.get().reads;
        app.scenario
            .with(|s| Computed(Arc::new(s.traffic().loads(&s.placed(), s.keys(), reads))))
    });
    view! {
        <section class="panel traffic" aria-labelledby="traffic-title" data-testid="traffic-panel">
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
        Popularity::Uniform => 100,
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
            </div>
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
        if let Some(key) = app.selected_key.get_untracked() {
            app.dispatch(Change::MakeHot { key, times: 1000 }, Field::Traffic);
        }
    };
    view! {
        <div class="hot-keys">
            <button
                type="button"
                data-testid="make-hot"
                disabled=move || app.selected_key.get().is_none()
                on:click=heat
            >
                {move || match app.selected_key.get() {
                    Some(key) => format!("Make {key} hot (×1,000)"),
                    None => "Make the selected key hot (×1,000)".to_string(),
                }}
            </button>
            <Show when=move || app.selected_key.with(Option::is_none)>
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
                                {format!("{label} ×{}", grouped(u64::from(times)))}
                                <button type="button" class="link" aria-label=format!("Make {label} ordinary") on:click=cool>
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

/// The three remedies, each on or off with its setting, and what each does to the busiest
/// server.
#[component]
fn RemedyControls(loads: Memo<Computed>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let traffic = move || app.scenario.with(|s| s.traffic().clone());
    let apply = move |remedy: Remedy| app.dispatch(Change::SetRemedy { remedy }, Field::Traffic);
    let effect = move |which: fn(&Remedy) -> bool| {
        loads.with(|l| {
            l.0.each
                .iter()
                .find(|(r, _)| which(r))
                .map(|(_, p)| format!("{p:.2}×"))
                .unwrap_or_default()
        })
    };
    // A refused count stays in the box, marked, until a change goes through.
    let top_refused = RwSignal::new(false);
    let set_top = move |ev: leptos::ev::Event| {
        let shown = match format!("top:{}", event_target_value(&ev)).parse::<Remedy>() {
            Ok(remedy) => apply(remedy),
            Err(error) => {
                app.show_error(Field::Traffic, error.to_string());
                false
            }
        };
        top_refused.set(!shown);
    };
    view! {
        <fieldset class="subgroup">
            <legend>"Remedies for hot keys"</legend>
            <dl class="tiles small remedy-tiles">
                <div>
                    <dt>"Busiest, no remedy"</dt>
                    <dd data-testid="peak-none">{move || loads.with(|l| format!("{:.2}×", l.0.none))}</dd>
                    <dd class="meaning">"its requests over a fair share"</dd>
                </div>
                <div>
                    <dt>"With the remedies"</dt>
                    <dd data-testid="peak-all">{move || loads.with(|l| format!("{:.2}×", l.0.all))}</dd>
                    <dd class="meaning">{move || loads.with(|l| if l.0.absorbed > 0.0 {
                        format!("the near cache answers {} reads/s", grouped(l.0.absorbed.round() as u64))
                    } else {
                        "every chosen remedy together".to_string()
                    })}</dd>
                </div>
            </dl>
            <RemedyRow
                label="Bounded loads on requests, c ="
                id="remedy-bounded"
                on=Signal::derive(move || traffic().bounded.is_some())
                value=Signal::derive(move || load_text(traffic().bounded.unwrap_or(125)))
                effect=Signal::derive(move || effect(|r| matches!(r, Remedy::Bounded(_))))
                make=bounded_remedy
                apply=apply
            />
            <RemedyRow
                label="Copies of the hottest keys, R ="
                id="remedy-copies"
                on=Signal::derive(move || traffic().copies.is_some())
                value=Signal::derive(move || traffic().copies.unwrap_or(3).to_string())
                effect=Signal::derive(move || effect(|r| matches!(r, Remedy::Copies(_))))
                make=copies_remedy
                apply=apply
            />
            <RemedyRow
                label="Near cache answers, f ="
                id="remedy-near"
                on=Signal::derive(move || traffic().near.is_some())
                value=Signal::derive(move || load_text(traffic().near.unwrap_or(90)))
                effect=Signal::derive(move || effect(|r| matches!(r, Remedy::Near(_))))
                make=near_remedy
                apply=apply
            />
            <form class="inline-form" on:submit=|ev: leptos::ev::SubmitEvent| ev.prevent_default()>
                <label for="remedy-top">"Hottest keys treated"</label>
                <input
                    id="remedy-top"
                    data-testid="remedy-top"
                    inputmode="numeric"
                    aria-describedby="traffic-error"
                    aria-invalid=move || {
                        (top_refused.get() && app.error(Field::Traffic).is_some()).to_string()
                    }
                    prop:value=move || traffic().top.to_string()
                    on:change=set_top
                />
            </form>
        </fieldset>
    }
}

/// Bounded loads at the typed factor, or off.
fn bounded_remedy(text: Option<String>) -> Result<Remedy, crate::core::Error> {
    match text {
        None => Ok(Remedy::Bounded(None)),
        Some(t) => crate::core::placement::parse_load(&t).map(|c| Remedy::Bounded(Some(c))),
    }
}

/// Copies of the hottest keys, or off.
fn copies_remedy(text: Option<String>) -> Result<Remedy, crate::core::Error> {
    match text {
        None => Ok(Remedy::Copies(None)),
        Some(t) => format!("copies:{t}").parse(),
    }
}

/// A near cache taking the typed share, or off.
fn near_remedy(text: Option<String>) -> Result<Remedy, crate::core::Error> {
    match text {
        None => Ok(Remedy::Near(None)),
        Some(t) => format!("near:{t}").parse(),
    }
}

/// One remedy: a checkbox, its setting, and the busiest server with it alone.
#[component]
fn RemedyRow(
    label: &'static str,
    id: &'static str,
    on: Signal<bool>,
    value: Signal<String>,
    effect: Signal<String>,
    make: impl Fn(Option<String>) -> Result<Remedy, crate::core::Error> + Copy + Send + Sync + 'static,
    apply: impl Fn(Remedy) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let typed = RwSignal::new(value.get_untracked());
    // Refused text stays in the box, marked, until a change goes through.
    let refused = RwSignal::new(false);
    let invalid = move || refused.get() && app.error(Field::Traffic).is_some();
    Effect::new(move |_| typed.set(value.get()));
    let submit = move |text: Option<String>| {
        let shown = match make(text) {
            Ok(remedy) => apply(remedy),
            Err(error) => {
                app.show_error(Field::Traffic, error.to_string());
                false
            }
        };
        refused.set(!shown);
        shown
    };
    let toggle = move |ev: leptos::ev::Event| {
        let checked = event_target_checked(&ev);
        if !submit(checked.then(|| typed.get_untracked())) {
            // Refused: the box shows the remedy as it still is.
            event_target::<web_sys::HtmlInputElement>(&ev).set_checked(on.get_untracked());
        }
    };
    // A setting typed while the remedy is off is kept for when it is turned on, but checked now.
    let commit = move |_| {
        let text = typed.get_untracked();
        if on.get_untracked() {
            submit(Some(text));
        } else if let Err(error) = make(Some(text)) {
            app.show_error(Field::Traffic, error.to_string());
            refused.set(true);
        } else {
            refused.set(false);
            app.clear_error(Field::Traffic);
        }
    };
    view! {
        <div class="remedy">
            <input
                type="checkbox"
                id=format!("{id}-on")
                data-testid=format!("{id}-on")
                prop:checked=move || on.get()
                on:change=toggle
            />
            <label for=format!("{id}-on")>{label}</label>
            <input
                class="remedy-value"
                data-testid=id
                inputmode="decimal"
                aria-label=label
                aria-describedby="traffic-error"
                aria-invalid=move || invalid().to_string()
                prop:value=move || typed.get()
                on:input=move |ev| typed.set(event_target_value(&ev))
                on:change=commit
            />
            <span class="remedy-effect" data-testid=format!("{id}-effect")>{move || effect.get()}</span>
        </div>
    }
}

/// Each server's share of the requests beside its share of the keys: the gap is the lesson.
#[component]
fn RequestTable(loads: Memo<Computed>, theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let rows = move || {
        let slots = app
            .scenario
            .with(|s| app.slots.with(|slots| slot_list(slots, s)));
        let names: Vec<String> = app
            .scenario
            .with(|s| s.servers().iter().map(|x| x.name.clone()).collect());
        loads.with(|l| {
            let scale = l
                .0
                .servers
                .iter()
                .map(|s| s.share.max(s.key_share))
                .fold(1e-9, f64::max);
            l.0.servers
                .iter()
                .zip(names)
                .zip(slots)
                .map(|((load, name), slot)| {
                    let colour = theme.get().server(slot);
                    view! {
                        <tr data-testid=format!("requests-{name}")>
                            <th scope="row">
                                <Swatch theme=theme index=slot />
                                {name.clone()}
                            </th>
                            <td class="num" data-testid=format!("key-share-{name}")>{pct(load.key_share)}</td>
                            <td class="num" data-testid=format!("request-share-{name}")>{pct(load.share)}</td>
                            <td class="bar-cell" aria-hidden="true">
                                <div class="bar pair">
                                    <div class="fill keys" style=format!("width:{:.2}%;border-color:{colour}", 100.0 * load.key_share / scale)></div>
                                    <div class="fill requests" style=format!("width:{:.2}%;background:{colour}", 100.0 * load.share / scale)></div>
                                </div>
                            </td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <table class="ownership requests" data-testid="request-table">
            <caption id="request-caption">
                {move || loads.with(|l| format!(
                    "Each server's share of the keys and of the {} reads per second (with the remedies chosen). Outlined bar: keys; filled bar: requests.",
                    grouped(l.0.reads.round() as u64)
                ))}
            </caption>
            <thead>
                <tr>
                    <th scope="col">"Server"</th>
                    <th scope="col" class="num">"Keys"</th>
                    <th scope="col" class="num">"Requests"</th>
                    <th scope="col"><span class="sr-only">"Keys against requests"</span></th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// The keys carrying most of the busiest server's load.
#[component]
fn BusiestKeys(loads: Memo<Computed>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = move || {
        loads.with(|l| {
            app.scenario.with(|s| {
                let name = s.servers().get(l.0.busiest)?.name.clone();
                let keys: Vec<String> =
                    l.0.top_keys
                        .iter()
                        .filter(|(id, _)| (*id as usize) < s.keys().len())
                        .map(|(id, share)| format!("{} ({})", s.keys().label(*id), pct(*share)))
                        .collect();
                (!keys.is_empty()).then(|| {
                    format!(
                        "The busiest server, {name}, gets most of its load from {}.",
                        keys.join(", ")
                    )
                })
            })
        })
    };
    view! { <p class="hint" data-testid="busiest-keys">{text}</p> }
}
