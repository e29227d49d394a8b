//! Adding, finding and clearing keys.

use leptos::prelude::*;

use crate::core::{Change, Error};
use crate::draw::picture::MAX_DOTS;
use crate::ui::kit::numbers::grouped;
use crate::ui::notices::fields::{FieldError, Refusal};
use crate::ui::state::{AppState, ClickMode, Field, MAX_PAGE_KEYS};
/// Up to this many keys are listed as buttons.
const MAX_LISTED: usize = 40;

/// The keys group: drop by clicking, type a name, bulk-add, clear, and pick one.
#[component]
pub fn KeyControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let typed = RwSignal::new(String::new());
    let count = move || app.scenario.with(|s| s.keys().len());
    let dropping = move || app.selection.mode.get() == ClickMode::DropKey;

    let refusal = Refusal::new(Field::Keys);
    let add_named = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let label = typed.get_untracked();
        let accepted = if label.trim().is_empty() {
            app.words
                .show_error(Field::Keys, Error::EmptyKey.to_string());
            false
        } else if count() >= MAX_PAGE_KEYS {
            app.words.show_error(Field::Keys, too_many());
            false
        } else {
            app.dispatch(
                Change::AddKeys {
                    keys: vec![label.trim().to_string()],
                },
                Field::Keys,
            )
        };
        if accepted {
            app.selection
                .set_selected_key(Some(label.trim().to_string()));
            typed.set(String::new());
        }
        refusal.settle(accepted);
    };
    let bulk = move |n: usize| {
        if count() + n > MAX_PAGE_KEYS {
            app.words.show_error(Field::Keys, too_many());
        } else if n >= super::generation::IN_STEPS {
            super::generation::generate(app, n, |_| {});
        } else {
            app.dispatch(Change::GenerateKeys { count: n }, Field::Keys);
        }
    };

    view! {
        <fieldset class="group">
            <legend>"Keys"</legend>
            <form class="inline-form" on:submit=add_named>
                <label for="key-name">"Key"</label>
                <input
                    id="key-name"
                    data-testid="key-name"
                    autocomplete="off"
                    // Past the 65,536 bytes a key may have (a key has at least as many bytes
                    // as the UTF-16 units the browser counts), so a longer one is refused in
                    // words; a paste of megabytes is cut short by the browser, not laid out.
                    maxlength="70000"
                    placeholder="user:42 or @52"
                    aria-describedby="keys-error"
                    aria-invalid=refusal.invalid()
                    prop:value=move || typed.get()
                    on:input=move |ev| typed.set(event_target_value(&ev))
                />
                <button type="submit" data-testid="add-key">"Add"</button>
            </form>
            <div class="button-row">
                {[10usize, 100, 1000, 10_000, 100_000, 1_000_000]
                    .into_iter()
                    .map(|n| {
                        view! {
                            <button
                                type="button"
                                data-testid=format!("add-keys-{n}")
                                disabled=move || app.work.generating.get().is_some()
                                on:click=move |_| bulk(n)
                            >
                                "+" {grouped(n as u64)}
                            </button>
                        }
                    })
                    .collect_view()}
                <button
                    type="button"
                    data-testid="clear-keys"
                    on:click=move |_| {
                        app.dispatch(Change::ClearKeys, Field::Keys);
                    }
                >
                    "Clear"
                </button>
            </div>
            <button
                type="button"
                class="mode"
                data-testid="drop-key-mode"
                aria-pressed=move || dropping().to_string()
                on:click=move |_| app.selection.set_mode(if dropping() { ClickMode::Select } else { ClickMode::DropKey })
            >
                "Drop keys by clicking the ring"
            </button>
            <p class="hint" data-testid="key-count">
                {move || {
                    let n = count();
                    if n > MAX_DOTS {
                        format!("{} keys, drawn as a density band (too many for one dot each).", grouped(n as u64))
                    } else {
                        format!("{} {} on the ring.", grouped(n as u64), crate::core::plural(n, "key", "keys"))
                    }
                }}
            </p>
            <FieldError field=Field::Keys id="keys-error" />
            <super::your_data::YourData />
            <KeyPicker />
            <p class="hint">"Pick a key, or click its dot on the ring, to follow it to its server."</p>
        </fieldset>
    }
}

fn too_many() -> String {
    format!(
        "The page holds at most {} keys; clear some first.",
        grouped(MAX_PAGE_KEYS as u64)
    )
}

/// Buttons for a few keys, or a search box for many.
#[component]
fn KeyPicker() -> impl IntoView {
    let app = expect_context::<AppState>();
    let query = RwSignal::new(String::new());
    // A memo, so that a change which leaves the list (or the search box) as it was touches
    // nothing on the page.
    let labels = Memo::new(move |_| {
        app.scenario.with(|s| {
            let keys = s.keys();
            (keys.len() <= MAX_LISTED).then(|| {
                keys.order()
                    .iter()
                    .map(|&id| keys.key(id).label())
                    .collect::<Vec<_>>()
            })
        })
    });
    let refusal = Refusal::new(Field::SelectKey);
    let find = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let label = query.get_untracked();
        let found = app
            .scenario
            .with_untracked(|s| s.keys().find(&label).is_some());
        if found {
            app.selection
                .set_selected_key(Some(label.trim().to_string()));
            app.words.clear_error(Field::SelectKey);
        } else {
            app.words.show_error(
                Field::SelectKey,
                Error::NoSuchKey(label.trim().to_string()).to_string(),
            );
        }
        refusal.settle(found);
    };
    view! {
        {move || match labels.get() {
            Some(labels) => {
                view! {
                    <ul class="key-list" aria-label="Keys, by position">
                        {labels
                            .into_iter()
                            .map(|label| {
                                let pressed = {
                                    let label = label.clone();
                                    move || app.selection.key.with(|s| s.as_deref() == Some(label.as_str())).to_string()
                                };
                                let pick = {
                                    let label = label.clone();
                                    move |_| app.selection.set_selected_key(Some(label.clone()))
                                };
                                view! {
                                    <li>
                                        <button
                                            type="button"
                                            class="chip"
                                            data-testid=format!("key-{label}")
                                            // A long label is cut short on the chip; its title
                                            // and the selected key's panel show it whole.
                                            title=label.clone()
                                            aria-pressed=pressed
                                            on:click=pick
                                        >
                                            {label.clone()}
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                }
                    .into_any()
            }
            None => {
                view! {
                    <form class="inline-form" on:submit=find>
                        <label for="find-key">"Find key"</label>
                        <input
                            id="find-key"
                            data-testid="find-key"
                            placeholder="key-42"
                            aria-describedby="select-key-error"
                            aria-invalid=refusal.invalid()
                            prop:value=move || query.get()
                            on:input=move |ev| query.set(event_target_value(&ev))
                        />
                        <button type="submit">"Show"</button>
                    </form>
                }
                    .into_any()
            }
        }}
        <FieldError field=Field::SelectKey id="select-key-error" />
    }
}
