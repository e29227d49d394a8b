//! Choosing the ring: its size and its hash.

use leptos::prelude::*;

use crate::core::{Change, Error, HashScheme, RingSize};
use crate::ui::notices::fields::{FieldError, Refusal};
use crate::ui::state::{AppState, Dispatched, Field};

/// Ring size presets, a custom size, and the hash scheme.
#[component]
pub fn RingControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let custom = RwSignal::new(String::new());
    let size = move || app.scenario.with(|s| s.size());
    // A size refused because two servers placed by hand would share a position: the fix is
    // offered next to the message, in one click.
    let too_close = RwSignal::new(None::<u64>);
    let resize = move |size: u64| {
        let dispatched = app.send(Change::SetRingSize { size }, Field::Ring);
        let servers_collide = matches!(
            &dispatched,
            Dispatched::Refused(Error::PlacedTooClose { first, .. }) if !first.starts_with('@')
        );
        too_close.set(servers_collide.then_some(size));
        matches!(dispatched, Dispatched::Shown)
    };
    let set_size = move |size: u64| {
        resize(size);
    };
    let fix = move |_| {
        let Some(size) = too_close.get_untracked() else {
            return;
        };
        too_close.set(None);
        if app.dispatch(Change::HashPlaced, Field::Ring) {
            resize(size);
        }
    };
    let refusal = Refusal::new(Field::Ring);
    let apply_custom = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let accepted = match custom.get_untracked().parse::<RingSize>() {
            Ok(size) => resize(size.get()),
            Err(error) => {
                app.words.show_error(Field::Ring, error.to_string());
                false
            }
        };
        if accepted {
            custom.set(String::new());
        }
        refusal.settle(accepted);
    };
    let on_hash = move |ev| {
        if let Ok(hash) = event_target_value(&ev).parse::<HashScheme>() {
            app.dispatch(Change::SetHash { hash }, Field::Ring);
        }
    };

    view! {
        <fieldset class="group">
            <legend>"Ring"</legend>
            <div class="segmented" role="group" aria-label="Ring size">
                <button
                    type="button"
                    data-testid="ring-teaching"
                    aria-pressed=move || (size() == RingSize::TEACHING).to_string()
                    on:click=move |_| set_size(RingSize::TEACHING.get())
                >
                    "0–99"
                </button>
                <button
                    type="button"
                    data-testid="ring-full"
                    aria-pressed=move || (size() == RingSize::FULL).to_string()
                    on:click=move |_| set_size(RingSize::FULL.get())
                >
                    "2³²"
                </button>
            </div>
            <form class="inline-form" on:submit=apply_custom>
                <label for="ring-size">"Custom size"</label>
                <input
                    id="ring-size"
                    data-testid="ring-size-input"
                    inputmode="numeric"
                    placeholder=move || size().to_string()
                    aria-describedby="ring-error"
                    aria-invalid=refusal.invalid()
                    prop:value=move || custom.get()
                    on:input=move |ev| custom.set(event_target_value(&ev))
                />
                <button type="submit" data-testid="ring-size-apply">"Set"</button>
            </form>
            <label class="stacked" for="hash-scheme">
                "Hash"
                <select id="hash-scheme" data-testid="hash-select" on:change=on_hash>
                    {HashScheme::ALL
                        .into_iter()
                        .map(|scheme| {
                            view! {
                                <option
                                    value=scheme.id()
                                    selected=move || app.scenario.with(|s| s.hash() == scheme)
                                >
                                    {scheme.describe()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <FieldError field=Field::Ring id="ring-error" />
            <Show when=move || too_close.get().is_some() && app.words.error(Field::Ring).is_some()>
                <button type="button" data-testid="ring-fix" on:click=fix>
                    {move || format!(
                        "Hash the servers placed by hand, then use {} positions",
                        too_close.get().map(|s| RingSize::new(s).map(|r| r.to_string()).unwrap_or_default()).unwrap_or_default()
                    )}
                </button>
            </Show>
            <p class="hint" data-testid="ring-rule">
                "A server or key placed by hand keeps its share of the ring when the size changes: A at 10 of 100 goes to 429,496,730 of 2³²."
            </p>
        </fieldset>
    }
}
