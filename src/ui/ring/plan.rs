//! The last change as a reshard plan, folded until asked for: the fold as the first screen has
//! it, whose contents ([`super::plan_table`]: the plan worked out by the engine and its table)
//! arrive the first time it is opened.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::kit::lazy::{arrive, Lazy};
use crate::ui::state::AppState;

/// The "Reshard plan" fold under the last change.
#[component]
pub fn PlanFold() -> impl IntoView {
    let app = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let announce = Callback::new(move |words: String| app.words.announce(words));
    let part = Lazy::new(
        "the reshard plan",
        || Box::pin(super::arrive_plan()),
        announce,
    );
    let opened = Memo::new(move |was: Option<&bool>| was == Some(&true) || open.get());
    // A change of placement has no plan: a plan follows one placement through a change.
    let has_plan = move || {
        app.last.with(|l| l.as_ref().is_some_and(|o| o.moves_keys))
            && app.previous.with(|before| {
                before
                    .as_ref()
                    .is_some_and(|b| app.scenario.with(|a| b.placement() == a.placement()))
            })
    };
    view! {
        <Show when=has_plan>
            <details
                class="explain plan"
                data-testid="plan"
                on:toggle=move |ev| {
                    let is_open = ev
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
                        .is_some_and(|d| d.open());
                    open.set(is_open);
                }
            >
                <summary>"Reshard plan"</summary>
                <Show when=move || opened.get()>
                    {arrive(part, "plan-part", move |body: super::PlanEntry| body(open.into()))}
                </Show>
            </details>
        </Show>
    }
}
