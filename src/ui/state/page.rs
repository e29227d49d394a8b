//! The page store: the view on screen, presentation mode and its folded controls, and which
//! dialogs and panels are open. Written only through the methods here.

use leptos::prelude::*;

use super::vocabulary::View;

/// The store: what it holds, read as signals, and its own methods, the only writers.
#[derive(Clone, Copy)]
pub struct Page {
    /// The view on screen.
    pub view: ReadSignal<View>,
    /// Presentation mode: large type and thick strokes for a projector.
    pub present: ReadSignal<bool>,
    /// In presentation mode, whether the editing controls are unfolded (they are folded away
    /// until asked for, by the button on the stage or the `C` key).
    pub controls_open: ReadSignal<bool>,
    /// Whether the shortcut list is open.
    pub help_open: ReadSignal<bool>,
    /// Whether the "Paste your cluster" dialog is open.
    pub paste_open: ReadSignal<bool>,
    /// Whether Compare shows the real systems beside the textbook placements.
    pub compare_systems: ReadSignal<bool>,
    w: Writes,
}

/// The store's signals, changed only by its methods.
#[derive(Clone, Copy)]
struct Writes {
    view: RwSignal<View>,
    present: RwSignal<bool>,
    controls_open: RwSignal<bool>,
    help_open: RwSignal<bool>,
    paste_open: RwSignal<bool>,
    compare_systems: RwSignal<bool>,
    blank: RwSignal<bool>,
    qr_open: RwSignal<bool>,
}

impl Page {
    /// The ring view, nothing open, not presenting.
    pub(super) fn new() -> Page {
        let w = Writes {
            view: RwSignal::new(View::Ring),
            present: RwSignal::new(false),
            controls_open: RwSignal::new(false),
            help_open: RwSignal::new(false),
            paste_open: RwSignal::new(false),
            compare_systems: RwSignal::new(false),
            blank: RwSignal::new(false),
            qr_open: RwSignal::new(false),
        };
        Page {
            view: w.view.read_only(),
            present: w.present.read_only(),
            controls_open: w.controls_open.read_only(),
            help_open: w.help_open.read_only(),
            paste_open: w.paste_open.read_only(),
            compare_systems: w.compare_systems.read_only(),
            w,
        }
    }
}

impl Page {
    /// Shows `view`.
    pub fn set_view(&self, view: View) {
        self.w.view.set(view);
    }

    /// Turns presentation mode on or off.
    pub fn set_present(&self, on: bool) {
        self.w.present.set(on);
        if !on {
            self.w.blank.set(false);
        }
    }

    /// Turns presentation mode over.
    pub fn toggle_present(&self) {
        self.set_present(!self.w.present.get_untracked());
    }

    /// Whether the screen is blanked, as a presenter's clicker blanks it (`B` or `.`).
    pub fn blanked(&self) -> bool {
        self.w.blank.get()
    }

    /// Whether the QR code of the view's link is shown.
    pub fn qr_open(&self) -> bool {
        self.w.qr_open.get()
    }

    /// Shows or hides the QR code of the view's link.
    pub fn set_qr_open(&self, open: bool) {
        self.w.qr_open.set(open);
    }

    /// Blanks the screen in presentation mode, or brings it back.
    pub fn set_blank(&self, blank: bool) {
        self.w.blank.set(blank && self.w.present.get_untracked());
    }

    /// Unfolds or folds the editing controls in presentation mode.
    pub fn set_controls_open(&self, open: bool) {
        self.w.controls_open.set(open);
    }

    /// Folds or unfolds the editing controls in presentation mode, whichever they are not.
    pub fn toggle_controls(&self) {
        self.w.controls_open.update(|open| *open = !*open);
    }

    /// Opens or closes the shortcut list.
    pub fn set_help_open(&self, open: bool) {
        self.w.help_open.set(open);
    }

    /// Opens or closes the "Paste your cluster" dialog.
    pub fn set_paste_open(&self, open: bool) {
        self.w.paste_open.set(open);
    }

    /// Shows the real systems in Compare, or only the textbook placements.
    pub fn set_compare_systems(&self, on: bool) {
        self.w.compare_systems.set(on);
    }
}
