//! A button that folds a few actions under it, as the Share and More menus do.

use leptos::prelude::*;

use crate::ui::kit::icons::{Icon, IconView};

/// A button that folds a few actions under it. Escape, or focus leaving the menu, folds it;
/// `close` folds it and gives the focus back to its button.
#[derive(Clone, Copy)]
pub struct Fold {
    pub open: RwSignal<bool>,
    button: NodeRef<leptos::html::Button>,
}

impl Fold {
    pub fn new() -> Self {
        Fold {
            open: RwSignal::new(false),
            button: NodeRef::new(),
        }
    }

    pub fn close(self) {
        self.open.set(false);
        if let Some(button) = self.button.get_untracked() {
            let _ = button.focus();
        }
    }
}

/// The folding button `label` (its `icon` on a phone) with `children` as its items.
#[component]
pub fn Menu(
    fold: Fold,
    label: &'static str,
    icon: Icon,
    items_id: &'static str,
    testid: &'static str,
    children: Children,
) -> impl IntoView {
    view! {
        <div
            class="menu"
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                if ev.key() == "Escape" && fold.open.get_untracked() {
                    ev.stop_propagation();
                    fold.close();
                }
            }
            on:focusout=move |ev: web_sys::FocusEvent| {
                // Leaving the menu by keyboard or pointer folds it.
                let inside = ev
                    .related_target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Node>(t).ok())
                    .zip(ev.current_target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Node>(t).ok()))
                    .is_some_and(|(target, menu)| menu.contains(Some(&target)));
                if !inside {
                    fold.open.set(false);
                }
            }
        >
            <button
                type="button"
                node_ref=fold.button
                data-testid=testid
                aria-expanded=move || fold.open.get().to_string()
                aria-controls=items_id
                aria-label=label.trim_end_matches(" ▾")
                title=label.trim_end_matches(" ▾")
                class="tool"
                on:click=move |_| fold.open.update(|o| *o = !*o)
            >
                <IconView icon=icon />
                <span class="tool-label">{label}</span>
            </button>
            <div class="menu-items" id=items_id hidden=move || !fold.open.get()>
                {children()}
            </div>
        </div>
    }
}
