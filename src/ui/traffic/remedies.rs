//! The remedies for hot keys, each on or off with its setting, and what each does to the
//! busiest server.

use leptos::prelude::*;

use super::requests::Computed;
use crate::core::hundredths_text as load_text;
use crate::core::{Change, Remedy};
use crate::ui::kit::numbers::grouped;
use crate::ui::state::{AppState, Field};

/// The three remedies, each on or off with its setting, and what each does to the busiest
/// server.
#[component]
pub(super) fn RemedyControls(loads: Memo<Computed>) -> impl IntoView {
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
                app.words.show_error(Field::Traffic, error.to_string());
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
                        (top_refused.get() && app.words.error(Field::Traffic).is_some()).to_string()
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
    let invalid = move || refused.get() && app.words.error(Field::Traffic).is_some();
    Effect::new(move |_| typed.set(value.get()));
    let submit = move |text: Option<String>| {
        let shown = match make(text) {
            Ok(remedy) => apply(remedy),
            Err(error) => {
                app.words.show_error(Field::Traffic, error.to_string());
                false
            }
        };
        refused.set(!shown);
        shown
    };
    // The row's state is asked for without insisting that it still exists: a box left with
    // text typed in it says "change" as the browser takes it off the page, after the view it was
    // in has gone. What was typed there then goes with it.
    let toggle = move |ev: leptos::ev::Event| {
        let (Some(text), Some(was_on)) = (typed.try_get_untracked(), on.try_get_untracked()) else {
            return;
        };
        let checked = event_target_checked(&ev);
        if !submit(checked.then_some(text)) {
            // Refused: the box shows the remedy as it still is.
            event_target::<web_sys::HtmlInputElement>(&ev).set_checked(was_on);
        }
    };
    // A setting typed while the remedy is off is kept for when it is turned on, but checked now.
    let commit = move |_| {
        let (Some(text), Some(on)) = (typed.try_get_untracked(), on.try_get_untracked()) else {
            return;
        };
        if on {
            submit(Some(text));
        } else if let Err(error) = make(Some(text)) {
            app.words.show_error(Field::Traffic, error.to_string());
            refused.set(true);
        } else {
            refused.set(false);
            app.words.clear_error(Field::Traffic);
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
