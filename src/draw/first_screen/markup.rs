//! What the first screen's writers share: the class that marks it, what the page's header lists
//! beside the engine, and text made safe for HTML.

/// The class of every element of the first screen; the app removes them when it mounts.
pub const CLASS: &str = "first-screen";

/// What the page's header lists that the engine does not know: the built-in lessons' titles,
/// in the picker's order.
#[derive(Debug, Clone, Copy)]
pub struct Shell<'a> {
    /// The lesson picker's titles.
    pub lessons: &'a [&'a str],
}

/// `text` made safe inside an HTML element or a quoted attribute.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}
