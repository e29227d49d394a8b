//! The selection store: the selected key and server, the position under the pointer, and what
//! a click on the ring does. Written only through the methods here.

use leptos::prelude::*;

use super::vocabulary::ClickMode;

/// The store: what it holds, read as signals, and its own methods, the only writers.
#[derive(Clone, Copy)]
pub struct Selection {
    /// The selected key's label.
    pub key: ReadSignal<Option<String>>,
    /// The selected server's name.
    pub server: ReadSignal<Option<String>>,
    /// The position under the pointer.
    pub hover: ReadSignal<Option<f64>>,
    /// What a click on the ring does.
    pub mode: ReadSignal<ClickMode>,
    w: Writes,
}

/// The store's signals, changed only by its methods.
#[derive(Clone, Copy)]
struct Writes {
    selected_key: RwSignal<Option<String>>,
    selected_server: RwSignal<Option<String>>,
    hover: RwSignal<Option<f64>>,
    mode: RwSignal<ClickMode>,
}

impl Selection {
    /// Nothing selected, the pointer nowhere, clicks selecting.
    pub(super) fn new() -> Selection {
        let w = Writes {
            selected_key: RwSignal::new(None),
            selected_server: RwSignal::new(None),
            hover: RwSignal::new(None),
            mode: RwSignal::new(ClickMode::Select),
        };
        Selection {
            key: w.selected_key.read_only(),
            server: w.selected_server.read_only(),
            hover: w.hover.read_only(),
            mode: w.mode.read_only(),
            w,
        }
    }
}

impl Selection {
    /// Selects the key labelled `label`, or no key.
    pub fn set_selected_key(&self, label: Option<String>) {
        self.w.selected_key.set(label);
    }

    /// Selects the server called `name`, or no server.
    pub fn set_selected_server(&self, name: Option<String>) {
        self.w.selected_server.set(name);
    }

    /// Puts the pointer at turn fraction `fraction` of the ring, or off it.
    pub fn set_hover(&self, fraction: Option<f64>) {
        self.w.hover.set(fraction);
    }

    /// Sets what a click on the ring does.
    pub fn set_mode(&self, mode: ClickMode) {
        self.w.mode.set(mode);
    }
}
