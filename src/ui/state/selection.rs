//! The selection store: the selected key and server, the position under the pointer, and what
//! a click on the ring does. Written only through the methods here.

use leptos::prelude::*;

use super::vocabulary::ClickMode;

/// The store: its signals, written only through the methods below.
#[derive(Clone, Copy)]
pub struct Selection {
    selected_key: RwSignal<Option<String>>,
    selected_server: RwSignal<Option<String>>,
    hover: RwSignal<Option<f64>>,
    mode: RwSignal<ClickMode>,
}

/// The selection's read side, as the app state holds it.
pub(super) struct Reads {
    pub selected_key: ReadSignal<Option<String>>,
    pub selected_server: ReadSignal<Option<String>>,
    pub hover: ReadSignal<Option<f64>>,
    pub mode: ReadSignal<ClickMode>,
}

impl Selection {
    /// Nothing selected, the pointer nowhere, clicks selecting.
    pub(super) fn new() -> (Reads, Selection) {
        let writes = Selection {
            selected_key: RwSignal::new(None),
            selected_server: RwSignal::new(None),
            hover: RwSignal::new(None),
            mode: RwSignal::new(ClickMode::Select),
        };
        let reads = Reads {
            selected_key: writes.selected_key.read_only(),
            selected_server: writes.selected_server.read_only(),
            hover: writes.hover.read_only(),
            mode: writes.mode.read_only(),
        };
        (reads, writes)
    }
}

impl Selection {
    /// Selects the key labelled `label`, or no key.
    pub fn set_selected_key(&self, label: Option<String>) {
        self.selected_key.set(label);
    }

    /// Selects the server called `name`, or no server.
    pub fn set_selected_server(&self, name: Option<String>) {
        self.selected_server.set(name);
    }

    /// Puts the pointer at turn fraction `fraction` of the ring, or off it.
    pub fn set_hover(&self, fraction: Option<f64>) {
        self.hover.set(fraction);
    }

    /// Sets what a click on the ring does.
    pub fn set_mode(&self, mode: ClickMode) {
        self.mode.set(mode);
    }
}
