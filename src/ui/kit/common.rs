//! Small pieces shared by the controls and panels.

use leptos::prelude::*;

use crate::ui::state::{AppState, Field};

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

/// Milliseconds since the page opened.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// Puts the focus on the first element matching each of `selectors` in turn that exists,
/// once the page has drawn the change that is under way (an element about to appear, or the
/// neighbour of one about to go). If the person has put the focus somewhere else by then, it
/// stays there: only a focus still where it was, or lost with a removed element, is moved.
pub fn focus_soon(selectors: Vec<String>) {
    let focused = || document().active_element();
    let before = focused();
    request_animation_frame(move || {
        let now = focused();
        let lost = now.is_none() || now.as_ref() == document().body().map(Into::into).as_ref();
        if lost || now == before {
            focus_now(&selectors);
        }
    });
}

/// Puts the focus on the first element matching each of `selectors` in turn that exists now;
/// whether one did.
pub fn focus_now(selectors: &[String]) -> bool {
    for selector in selectors {
        let found = document()
            .query_selector(selector)
            .ok()
            .flatten()
            .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
        if let Some(element) = found {
            let _ = element.focus();
            return true;
        }
    }
    false
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
        move || (self.refused.get() && app.error(self.field).is_some()).to_string()
    }
}

/// `text` made safe inside a quoted CSS attribute selector.
pub fn css_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The focusable elements inside `root`, in document order.
fn focusables(root: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = root.query_selector_all(
        "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])",
    ) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.get(i))
        .filter_map(|node| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(node).ok())
        .collect()
}

/// A modal dialog: closes on its Close button, on Escape and on a click outside it; puts the
/// focus on Close when it opens, keeps Tab inside it while open, and gives the focus back to
/// whatever had it (the button that opened it) when it closes, or to `return_to` when that is
/// no longer shown (an item of a menu that folded).
#[component]
pub fn Dialog(
    open: RwSignal<bool>,
    title: &'static str,
    testid: &'static str,
    #[prop(optional)] return_to: Option<&'static str>,
    children: ChildrenFn,
) -> impl IntoView {
    let close_ref = NodeRef::<leptos::html::Button>::new();
    let dialog_ref = NodeRef::<leptos::html::Div>::new();
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |was_open: Option<bool>| {
        let is_open = open.get();
        if is_open && was_open != Some(true) {
            let active = document()
                .active_element()
                .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
            opener.set_value(active);
        }
        if is_open {
            if let Some(button) = close_ref.get() {
                let _ = button.focus();
            }
        } else if was_open == Some(true) {
            let shown = opener
                .get_value()
                .filter(|el| el.is_connected() && el.offset_parent().is_some());
            match (shown, return_to) {
                (Some(element), _) => {
                    let _ = element.focus();
                }
                (None, Some(selector)) => focus_soon(vec![selector.to_string()]),
                (None, None) => {}
            }
        }
        is_open
    });
    // Tab from the last control goes to the first, and Shift+Tab the other way.
    let trap = move |ev: &web_sys::KeyboardEvent| {
        let Some(root) = dialog_ref.get_untracked() else {
            return;
        };
        let inside = focusables(&root);
        let (Some(first), Some(last)) = (inside.first(), inside.last()) else {
            return;
        };
        let active = document().active_element();
        let at = |el: &web_sys::HtmlElement| active.as_ref() == Some(el.as_ref());
        if ev.shift_key() && at(first) {
            ev.prevent_default();
            let _ = last.focus();
        } else if !ev.shift_key() && at(last) {
            ev.prevent_default();
            let _ = first.focus();
        }
    };
    let title_id = format!("{testid}-title");
    view! {
        <Show when=move || open.get()>
            <div
                class="overlay"
                on:click=move |_| open.set(false)
                on:keydown=move |ev: web_sys::KeyboardEvent| {
                    match ev.key().as_str() {
                        "Escape" => open.set(false),
                        "Tab" => trap(&ev),
                        _ => {}
                    }
                }
            >
                <div
                    class="dialog"
                    node_ref=dialog_ref
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

/// A server's colour swatch for colour slot `index`; under forced colours it shows the dash
/// pattern the ring draws that server's arcs with.
#[component]
pub fn Swatch(theme: Signal<crate::ui::kit::theme::Theme>, index: usize) -> impl IntoView {
    view! {
        <span
            class=format!("swatch pattern-{}", index % 8)
            aria-hidden="true"
            style=move || format!("background:{}", theme.get().server(index))
        ></span>
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
