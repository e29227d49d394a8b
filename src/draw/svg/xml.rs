//! Writing the document: elements with their classes and, in the standalone styling, their
//! colours; and text made safe for XML.

use std::fmt::Write;

use super::marks::{slot_class, Mark};
use crate::draw::palette::Palette;

/// An SVG document being written.
pub(super) struct Doc {
    out: String,
    /// The palette whose colours are written in; none in the classes styling.
    palette: Option<&'static Palette>,
    present: bool,
}

impl Doc {
    /// A document whose colours are `palette`'s (none: classes only), in presentation mode
    /// when `present`.
    pub(super) fn new(palette: Option<&'static Palette>, present: bool) -> Doc {
        Doc {
            out: String::new(),
            palette,
            present,
        }
    }

    /// The document written.
    pub(super) fn finish(self) -> String {
        self.out
    }

    /// Writes raw markup.
    pub(super) fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// Opens `<tag` with attributes `attributes`; `end` closes it (`>` or `/>`).
    fn start(&mut self, tag: &str, attributes: &[(&str, String)], end: &str) {
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attributes {
            let _ = write!(self.out, " {name}=\"{}\"", escape(value));
        }
        self.out.push_str(end);
    }

    /// Opens a group, a `<g>` with attributes `attributes`.
    pub(super) fn open(&mut self, attributes: &[(&str, String)]) {
        self.start("g", attributes, ">\n");
    }

    /// Closes the innermost group.
    pub(super) fn close(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The class and paint attributes of `mark` in colour slot `slot`, with the extra classes
    /// `states` (`selected`), then `attributes`.
    fn marked<'a>(
        &self,
        mark: Mark,
        slot: usize,
        states: &[&str],
        attributes: &[(&'a str, String)],
    ) -> Vec<(&'a str, String)> {
        let mut class = mark.class().to_string();
        if mark.by_slot() {
            class.push(' ');
            class.push_str(&slot_class(slot));
        }
        for state in states {
            class.push(' ');
            class.push_str(state);
        }
        let mut all: Vec<(&'a str, String)> = vec![("class", class)];
        let (fill, stroke) = mark.paints(slot, self.present);
        match (self.palette, fill) {
            (Some(palette), Some(paint)) => all.push(("fill", palette.colour(paint).to_string())),
            (_, None) => all.push(("fill", "none".to_string())),
            (None, Some(_)) => {}
        }
        if let (Some(palette), Some(paint)) = (self.palette, stroke) {
            all.push(("stroke", palette.colour(paint).to_string()));
        }
        all.extend_from_slice(attributes);
        all
    }

    /// An empty element `<tag …/>` drawing `mark`.
    pub(super) fn shape(
        &mut self,
        tag: &str,
        mark: Mark,
        slot: usize,
        states: &[&str],
        attributes: &[(&str, String)],
    ) {
        let all = self.marked(mark, slot, states, attributes);
        self.start(tag, &all, "/>\n");
    }

    /// A `<text>` element drawing `mark`, saying `words`.
    pub(super) fn text(&mut self, mark: Mark, attributes: &[(&str, String)], words: &str) {
        debug_assert!(mark.filled(), "text is filled");
        let all = self.marked(mark, 0, &[], attributes);
        self.start("text", &all, ">");
        self.out.push_str(&escape(words));
        self.out.push_str("</text>\n");
    }
}

/// `text` made safe inside an XML element or a quoted attribute: the five markup characters
/// become entities, and characters XML cannot hold (most control characters) become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_entities_and_control_characters_go() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("bell\u{7}"), "bell\u{FFFD}");
    }
}
