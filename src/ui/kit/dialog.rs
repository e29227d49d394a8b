//! A modal dialog that keeps the focus inside it and gives it back when it closes.

use leptos::prelude::*;

use super::focus::focus_soon;

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
    /// Whether it is open.
    #[prop(into)]
    open: Signal<bool>,
    /// Closes it (its Close button, Escape, a click outside).
    close: Callback<()>,
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
                on:click=move |_| close.run(())
                on:keydown=move |ev: web_sys::KeyboardEvent| {
                    match ev.key().as_str() {
                        "Escape" => close.run(()),
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
                    <button type="button" node_ref=close_ref on:click=move |_| close.run(())>
                        "Close"
                    </button>
                </div>
            </div>
        </Show>
    }
}
