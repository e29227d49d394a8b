//! The words store: what was last announced to screen readers, the message beside each
//! control, and what a link held that could not be read. Written only through the methods here.

use leptos::prelude::*;

use super::vocabulary::Field;

/// The store: its signals, written only through the methods below.
#[derive(Clone, Copy)]
pub struct Words {
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

impl Words {
    /// Nothing said yet; `notices` from the link the page opened.
    pub(super) fn new(notices: Vec<String>) -> (Reads, Words) {
        let writes = Words {
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

impl Words {
    /// Says `words` to screen readers.
    pub fn announce(&self, words: String) {
        self.announcement.set(words);
    }

    /// Puts `message` next to `field`, and says it.
    pub fn show_error(&self, field: Field, message: String) {
        self.announce(message.clone());
        self.errors.update(|errors| {
            errors.retain(|(f, _)| *f != field);
            errors.push((field, message));
        });
    }

    /// Clears the message next to `field`.
    pub fn clear_error(&self, field: Field) {
        self.errors
            .update(|errors| errors.retain(|(f, _)| *f != field));
    }

    /// Clears every control's message.
    pub fn clear_errors(&self) {
        self.errors.set(Vec::new());
    }

    /// The message next to `field`, if any.
    pub fn error(&self, field: Field) -> Option<String> {
        self.errors.with(|errors| {
            errors
                .iter()
                .find(|(f, _)| *f == field)
                .map(|(_, m)| m.clone())
        })
    }

    /// Adds what a link or file held that could not be read.
    pub fn add_link_notices(&self, notices: impl IntoIterator<Item = String>) {
        self.link_notices.update(|n| n.extend(notices));
    }

    /// Edits the notices of what could not be read.
    pub fn update_link_notices(&self, edit: impl FnOnce(&mut Vec<String>)) {
        self.link_notices.update(edit);
    }

    /// Dismisses every notice of what could not be read.
    pub fn dismiss_link_notices(&self) {
        self.link_notices.set(Vec::new());
    }
}
