//! The page store: the view on screen, presentation mode and its folded controls, and which
//! dialogs and panels are open. Written only through the methods here.

use leptos::prelude::*;

use super::vocabulary::View;

/// The store: its signals, written only through the methods below.
#[derive(Clone, Copy)]
pub struct Page {
    view: RwSignal<View>,
    present: RwSignal<bool>,
    controls_open: RwSignal<bool>,
    help_open: RwSignal<bool>,
    paste_open: RwSignal<bool>,
    compare_systems: RwSignal<bool>,
    blank: RwSignal<bool>,
    qr_open: RwSignal<bool>,
}

/// The page's read side, as the app state holds it.
pub(super) struct Reads {
    pub view: ReadSignal<View>,
    pub present: ReadSignal<bool>,
    pub controls_open: ReadSignal<bool>,
    pub help_open: ReadSignal<bool>,
    pub paste_open: ReadSignal<bool>,
    pub compare_systems: ReadSignal<bool>,
}

impl Page {
    /// The ring view, nothing open, not presenting.
    pub(super) fn new() -> (Reads, Page) {
        let writes = Page {
            view: RwSignal::new(View::Ring),
            present: RwSignal::new(false),
            controls_open: RwSignal::new(false),
            help_open: RwSignal::new(false),
            paste_open: RwSignal::new(false),
            compare_systems: RwSignal::new(false),
            blank: RwSignal::new(false),
            qr_open: RwSignal::new(false),
        };
        let reads = Reads {
            view: writes.view.read_only(),
            present: writes.present.read_only(),
            controls_open: writes.controls_open.read_only(),
            help_open: writes.help_open.read_only(),
            paste_open: writes.paste_open.read_only(),
            compare_systems: writes.compare_systems.read_only(),
        };
        (reads, writes)
    }
}

impl Page {
    /// Shows `view`.
    pub fn set_view(&self, view: View) {
        self.view.set(view);
    }

    /// Turns presentation mode on or off.
    pub fn set_present(&self, on: bool) {
        self.present.set(on);
        if !on {
            self.blank.set(false);
        }
    }

    /// Turns presentation mode over.
    pub fn toggle_present(&self) {
        self.set_present(!self.present.get_untracked());
    }

    /// Whether the screen is blanked, as a presenter's clicker blanks it (`B` or `.`).
    pub fn blanked(&self) -> bool {
        self.blank.get()
    }

    /// Whether the QR code of the view's link is shown.
    pub fn qr_open(&self) -> bool {
        self.qr_open.get()
    }

    /// Shows or hides the QR code of the view's link.
    pub fn set_qr_open(&self, open: bool) {
        self.qr_open.set(open);
    }

    /// Blanks the screen in presentation mode, or brings it back.
    pub fn set_blank(&self, blank: bool) {
        self.blank.set(blank && self.present.get_untracked());
    }

    /// Unfolds or folds the editing controls in presentation mode.
    pub fn set_controls_open(&self, open: bool) {
        self.controls_open.set(open);
    }

    /// Folds or unfolds the editing controls in presentation mode, whichever they are not.
    pub fn toggle_controls(&self) {
        self.controls_open.update(|open| *open = !*open);
    }

    /// Opens or closes the shortcut list.
    pub fn set_help_open(&self, open: bool) {
        self.help_open.set(open);
    }

    /// Opens or closes the "Paste your cluster" dialog.
    pub fn set_paste_open(&self, open: bool) {
        self.paste_open.set(open);
    }

    /// Shows the real systems in Compare, or only the textbook placements.
    pub fn set_compare_systems(&self, on: bool) {
        self.compare_systems.set(on);
    }
}
