//! The words store: what was last announced to screen readers, the message beside each
//! control, and what a link held that could not be read. Written only through the methods here.

use leptos::prelude::*;

use super::app::AppState;
use super::vocabulary::Field;

/// The words' write side.
#[derive(Clone, Copy)]
pub(super) struct Writes {
    announcement: RwSignal<String>,
    errors: RwSignal<Vec<(Field, String)>>,
    link_notices: RwSignal<Vec<String>>,
}

/// The words' read side, as the app state holds it.
pub(super) struct Reads {
    pub announcement: ReadSignal<String>,
    pub errors: ReadSignal<Vec<(Field, String)>>,
    pub link_notices: ReadSignal<Vec<String>>,
}

impl Writes {
    /// Nothing said yet; `notices` from the link the page opened.
    pub(super) fn new(notices: Vec<String>) -> (Reads, Writes) {
        let writes = Writes {
            announcement: RwSignal::new(String::new()),
            errors: RwSignal::new(Vec::new()),
            link_notices: RwSignal::new(notices),
        };
        let reads = Reads {
            announcement: writes.announcement.read_only(),
            errors: writes.errors.read_only(),
            link_notices: writes.link_notices.read_only(),
        };
        (reads, writes)
    }
}

impl AppState {
    /// Says `words` to screen readers.
    pub fn announce(&self, words: String) {
        self.words.announcement.set(words);
    }

    /// Puts `message` next to `field`, and says it.
    pub fn show_error(&self, field: Field, message: String) {
        self.announce(message.clone());
        self.words.errors.update(|errors| {
            errors.retain(|(f, _)| *f != field);
            errors.push((field, message));
        });
    }

    /// Clears the message next to `field`.
    pub fn clear_error(&self, field: Field) {
        self.words
            .errors
            .update(|errors| errors.retain(|(f, _)| *f != field));
    }

    /// Clears every control's message.
    pub fn clear_errors(&self) {
        self.words.errors.set(Vec::new());
    }

    /// The message next to `field`, if any.
    pub fn error(&self, field: Field) -> Option<String> {
        self.words.errors.with(|errors| {
            errors
                .iter()
                .find(|(f, _)| *f == field)
                .map(|(_, m)| m.clone())
        })
    }

    /// Adds what a link or file held that could not be read.
    pub fn add_link_notices(&self, notices: impl IntoIterator<Item = String>) {
        self.words.link_notices.update(|n| n.extend(notices));
    }

    /// Edits the notices of what could not be read.
    pub fn update_link_notices(&self, edit: impl FnOnce(&mut Vec<String>)) {
        self.words.link_notices.update(edit);
    }

    /// Dismisses every notice of what could not be read.
    pub fn dismiss_link_notices(&self) {
        self.words.link_notices.set(Vec::new());
    }
}
