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
