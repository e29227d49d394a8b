//! The words store: what was last announced to screen readers, the message beside each
//! control, and what a link held that could not be read. Written only through the methods here.

use leptos::prelude::*;

use super::vocabulary::Field;

/// The store: what it holds, read as signals, and its own methods, the only writers.
#[derive(Clone, Copy)]
pub struct Words {
    /// The words last announced to screen readers.
    pub announcement: ReadSignal<String>,
    /// The latest message per control.
    pub errors: ReadSignal<Vec<(Field, String)>>,
    /// What a link held that could not be read.
    pub link_notices: ReadSignal<Vec<String>>,
    w: Writes,
}

/// The store's signals, changed only by its methods.
#[derive(Clone, Copy)]
struct Writes {
    announcement: RwSignal<String>,
    errors: RwSignal<Vec<(Field, String)>>,
    link_notices: RwSignal<Vec<String>>,
}

impl Words {
    /// Nothing said yet; `notices` from the link the page opened.
    pub(super) fn new(notices: Vec<String>) -> Words {
        let w = Writes {
            announcement: RwSignal::new(String::new()),
            errors: RwSignal::new(Vec::new()),
            link_notices: RwSignal::new(notices),
        };
        Words {
            announcement: w.announcement.read_only(),
            errors: w.errors.read_only(),
            link_notices: w.link_notices.read_only(),
            w,
        }
    }
}

impl Words {
    /// Says `words` to screen readers.
    pub fn announce(&self, words: String) {
        self.w.announcement.set(words);
    }

    /// Puts `message` next to `field`, and says it.
    pub fn show_error(&self, field: Field, message: String) {
        self.announce(message.clone());
        self.w.errors.update(|errors| {
            errors.retain(|(f, _)| *f != field);
            errors.push((field, message));
        });
    }

    /// Clears the message next to `field`.
    pub fn clear_error(&self, field: Field) {
        self.w
            .errors
            .update(|errors| errors.retain(|(f, _)| *f != field));
    }

    /// Clears every control's message.
    pub fn clear_errors(&self) {
        self.w.errors.set(Vec::new());
    }

    /// The message next to `field`, if any.
    pub fn error(&self, field: Field) -> Option<String> {
        self.w.errors.with(|errors| {
            errors
                .iter()
                .find(|(f, _)| *f == field)
                .map(|(_, m)| m.clone())
        })
    }

    /// Adds what a link or file held that could not be read.
    pub fn add_link_notices(&self, notices: impl IntoIterator<Item = String>) {
        self.w.link_notices.update(|n| n.extend(notices));
    }

    /// Edits the notices of what could not be read.
    pub fn update_link_notices(&self, edit: impl FnOnce(&mut Vec<String>)) {
        self.w.link_notices.update(edit);
    }

    /// Dismisses every notice of what could not be read.
    pub fn dismiss_link_notices(&self) {
        self.w.link_notices.set(Vec::new());
    }
}
