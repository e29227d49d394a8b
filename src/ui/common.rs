//! Small pieces shared by the controls and panels.

use leptos::prelude::*;

use super::state::{AppState, Field};

/// The message next to a control, read out when it appears. Empty when all is well.
#[component]
pub fn FieldError(field: Field, id: &'static str) -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <p class="field-error" id=id data-testid=id role="alert">
            {move || app.error(field)}
        </p>
    }
}

/// A modal dialog: closes on its Close button, on Escape and on a click outside it, and puts
/// the focus on Close when it opens.
#[component]
pub fn Dialog(
    open: RwSignal<bool>,
    title: &'static str,
    testid: &'static str,
    children: ChildrenFn,
) -> impl IntoView {
    let close_ref = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if open.get() {
            if let Some(button) = close_ref.get() {
                let _ = button.focus();
            }
        }
    });
    let title_id = format!("{testid}-title");
    view! {
        <Show when=move || open.get()>
            <div
                class="overlay"
                on:click=move |_| open.set(false)
                on:keydown=move |ev: web_sys::KeyboardEvent| {
                    if ev.key() == "Escape" {
                        open.set(false);
                    }
                }
            >
                <div
                    class="dialog"
                    role="dialog"
                    aria-modal="true"
                    aria-labelledby=title_id.clone()
                    data-testid=testid
                    on:click=|ev| ev.stop_propagation()
                >
                    <h2 id=title_id.clone()>{title}</h2>
                    {children()}
                    <button type="button" node_ref=close_ref on:click=move |_| open.set(false)>
                        "Close"
                    </button>
                </div>
            </div>
        </Show>
    }
}

/// A whole number with thousands separators: 100000 is "100,000".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A fraction as a percentage, one decimal at most.
pub fn pct(fraction: f64) -> String {
    crate::core::percent(fraction)
}
