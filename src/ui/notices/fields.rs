//! A control's message, and the page's one rule for refused input.

use leptos::prelude::*;

use crate::ui::state::{AppState, Field};

/// The message next to a control, read out when it appears. Empty when all is well.
#[component]
pub fn FieldError(field: Field, id: &'static str) -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <p class="field-error" id=id data-testid=id role="alert">
            {move || app.words.error(field)}
        </p>
    }
}

/// The page's one rule for refused input: the field keeps what was typed, so it can be
/// corrected, and is marked invalid (its message is tied to it by `aria-describedby`) until an
/// entry goes through; the state is left as it was.
#[derive(Clone, Copy)]
pub struct Refusal {
    refused: RwSignal<bool>,
    field: Field,
}

impl Refusal {
    /// A field whose messages show next to `field`.
    pub fn new(field: Field) -> Refusal {
        Refusal {
            refused: RwSignal::new(false),
            field,
        }
    }

    /// Records whether the last entry went through.
    pub fn settle(self, accepted: bool) {
        self.refused.set(!accepted);
    }

    /// The field's `aria-invalid`: refused, and its message still shown.
    pub fn invalid(self) -> impl Fn() -> String + Copy + Send + Sync + 'static {
        let app = expect_context::<AppState>();
        move || (self.refused.get() && app.words.error(self.field).is_some()).to_string()
    }
}
