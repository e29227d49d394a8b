//! The text's controls: a button (a link to `ringlab:CHANGE`) applies its change when clicked,
//! and a scroll step (`{{#ringlab-step CHANGE TARGET}}` at the start of a paragraph) applies its
//! change once the reader has scrolled past it. Both name the figure they change in the same
//! way: a figure's id, `group:NAME` for every figure of a group, or nothing for the nearest
//! figure above them in the chapter.
//!
//! Their change is checked here with the engine's own reader, as the page will read it
//! (`undo`, `redo`, or any change in a link's `then=` form), so that a typo stops the build
//! instead of showing a notice in the figure.
//!
//! The step's directive is safe from mdBook's own `links` preprocessor, which runs first (so
//! that figures in `{{#include}}`d files are made too): it reads only `{{#NAME ARGS}}` whose
//! name is letters, digits and `_`, so the `-` in `ringlab-step` keeps it from ever matching,
//! and it leaves any directive it does not know as it was written.

use ringlab::core::{Change, Error};
use ringlab::draw::svg::escape;

/// The scheme of a button's link.
pub(crate) const SCHEME: &str = "ringlab:";

/// The directive that opens a step's paragraph.
pub(crate) const STEP: &str = "{{#ringlab-step";

/// The figures a control changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// The figure with this id.
    Figure(String),
    /// Every figure of this group.
    Group(String),
    /// The nearest figure above the control in the chapter.
    Above,
}

impl Target {
    /// Reads a target as a link's title or a step's second word gives it.
    pub(crate) fn read(text: &str) -> Result<Target, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(Target::Above);
        }
        let (target, name) = match text.strip_prefix("group:") {
            Some(group) => (Target::Group(group.trim().to_owned()), group.trim()),
            None => (Target::Figure(text.to_owned()), text),
        };
        if name.is_empty() || name.chars().any(char::is_whitespace) {
            return Err(format!(
                "{text:?} is not a target: a target is a figure's id or group:NAME, one word each"
            ));
        }
        Ok(target)
    }
}

/// Checks a control's change as the page reads it: `undo`, `redo`, or a change.
pub(crate) fn check_change(text: &str) -> Result<(), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("a control needs a change, such as add:E or undo".into());
    }
    if text == "undo" || text == "redo" {
        return Ok(());
    }
    text.parse::<Change>()
        .map(|_| ())
        .map_err(|error| match error {
            // The engine's own words already name the text.
            Error::UnknownChange(_) => error.to_string(),
            _ => format!("{text:?} is not a change Ringlab can read: {error}"),
        })
}

/// A figure the control names, resolved: an id or a group, as the element's attribute says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Named {
    /// `data-ringlab-figure`.
    Figure(String),
    /// `data-ringlab-group`.
    Group(String),
}

impl Named {
    /// The attribute that names the figures, with its leading space.
    fn attribute(&self) -> String {
        match self {
            Named::Figure(id) => format!(" data-ringlab-figure=\"{}\"", escape(id)),
            Named::Group(group) => format!(" data-ringlab-group=\"{}\"", escape(group)),
        }
    }
}

/// A button's opening tag; its text, Markdown still, follows it.
pub(crate) fn button_open(change: &str, named: &Named) -> String {
    format!(
        "<button type=\"button\" class=\"ringlab-control\" data-ringlab-apply=\"{}\"{}>",
        escape(change.trim()),
        named.attribute()
    )
}

/// A button's closing tag.
pub(crate) const BUTTON_CLOSE: &str = "</button>";

/// A step's opening tag; its paragraph follows it as Markdown, after a blank line.
pub(crate) fn step_open(change: &str, named: &Named) -> String {
    format!(
        "<div class=\"ringlab-step\" data-ringlab-step=\"{}\"{}>",
        escape(change.trim()),
        named.attribute()
    )
}

/// A step's closing tag.
pub(crate) const STEP_CLOSE: &str = "</div>";

/// A step's directive read: its change and its target's text, and where the paragraph's own
/// words start after it (a byte offset into the paragraph).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Directive {
    pub(crate) change: String,
    pub(crate) target: String,
    pub(crate) rest: usize,
}

impl Directive {
    /// Reads the directive at the start of `paragraph`, which starts with [`STEP`].
    pub(crate) fn read(paragraph: &str) -> Result<Directive, String> {
        let after = &paragraph[STEP.len()..];
        let Some(close) = after.find("}}") else {
            return Err(format!(
                "{STEP} is not closed: write {STEP} CHANGE}}}} or {STEP} CHANGE TARGET}}}}"
            ));
        };
        let words: Vec<&str> = after[..close].split_whitespace().collect();
        if !after.starts_with(char::is_whitespace) && !words.is_empty() {
            return Err(format!(
                "{STEP}{} is not a step: write {STEP} CHANGE}}}} with a space after ringlab-step",
                &after[..close]
            ));
        }
        let (change, target) = match words[..] {
            [change] => (change, ""),
            [change, target] => (change, target),
            [] => return Err(format!("a step needs a change: write {STEP} CHANGE}}}}, such as {STEP} add:D@60}}}}")),
            _ => {
                return Err(format!(
                    "{STEP} {}}}}} has {} words: a step is {STEP} CHANGE}}}} or {STEP} CHANGE TARGET}}}}",
                    words.join(" "),
                    words.len()
                ))
            }
        };
        Ok(Directive {
            change: change.to_owned(),
            target: target.to_owned(),
            rest: STEP.len() + close + 2,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_is_an_id_a_group_or_the_figure_above() {
        assert_eq!(Target::read(""), Ok(Target::Above));
        assert_eq!(Target::read("mod-n"), Ok(Target::Figure("mod-n".into())));
        assert_eq!(
            Target::read("group:points"),
            Ok(Target::Group("points".into()))
        );
        assert!(Target::read("group:").is_err());
        assert!(Target::read("two words").is_err());
    }

    #[test]
    fn a_change_is_read_as_the_page_reads_it() {
        for good in [
            "add:E",
            "remove:B",
            "vnodes:100",
            "placement:jump",
            "hot:key-0*1000",
            "undo",
            "redo",
        ] {
            assert_eq!(check_change(good), Ok(()), "{good}");
        }
        let unknown = check_change("make:faster").unwrap_err();
        assert!(
            unknown.starts_with("\"make:faster\" is not a change; changes look like"),
            "{unknown}"
        );
        let bad = check_change("vnodes:many").unwrap_err();
        assert!(
            bad.starts_with("\"vnodes:many\" is not a change Ringlab can read: "),
            "{bad}"
        );
        assert!(check_change(" ").is_err());
    }

    #[test]
    fn a_directive_gives_its_change_its_target_and_where_the_words_start() {
        let text = "{{#ringlab-step add:D@60 d-joins}} D is now on the ring.";
        let d = Directive::read(text).unwrap();
        assert_eq!(
            (d.change.as_str(), d.target.as_str()),
            ("add:D@60", "d-joins")
        );
        assert_eq!(&text[d.rest..], " D is now on the ring.");
        assert!(Directive::read("{{#ringlab-step add:E")
            .unwrap_err()
            .contains("not closed"));
        assert!(Directive::read("{{#ringlab-step}}")
            .unwrap_err()
            .contains("needs a change"));
        assert!(Directive::read("{{#ringlab-step a b c}}")
            .unwrap_err()
            .contains("3 words"));
        assert!(Directive::read("{{#ringlab-steps x}}")
            .unwrap_err()
            .contains("not a step"));
    }

    #[test]
    fn controls_write_their_change_and_figure_as_the_page_reads_them() {
        let named = Named::Figure("mod-n".into());
        assert_eq!(
            button_open("add:E", &named),
            "<button type=\"button\" class=\"ringlab-control\" data-ringlab-apply=\"add:E\" data-ringlab-figure=\"mod-n\">"
        );
        assert_eq!(
            step_open("hot:key&1", &Named::Group("points".into())),
            "<div class=\"ringlab-step\" data-ringlab-step=\"hot:key&amp;1\" data-ringlab-group=\"points\">"
        );
    }
}
