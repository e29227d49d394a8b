//! The first screen's header: the page's name shown, and the app's buttons in their places but
//! not shown (class `pending`), so that the header is as tall as the app's on every screen
//! while nothing that cannot work yet is offered.

use std::fmt::Write;

use super::markup::{escape, Shell, CLASS};

/// The views the header switches between, in the app's order.
const VIEWS: [&str; 5] = ["Ring", "Compare", "Traffic", "Timeline", "Practice"];

/// The header's tools: a menu or a button, with the words it shows on a wide screen (a phone
/// shows its icon instead).
const TOOLS: [&str; 5] = ["Undo", "Redo", "Share ▾", "Present", "More ▾"];

/// The header, as the app writes it on a first visit.
pub(super) fn header(shell: &Shell<'_>) -> String {
    let mut html = format!("<header class=\"top {CLASS}\">\n");
    html.push_str(
        "<div class=\"brand\"><h1>Ringlab</h1><p class=\"tagline\">Consistent hashing, one change at a time</p></div>\n",
    );
    html.push_str("<nav class=\"views pending\">");
    for (i, view) in VIEWS.iter().enumerate() {
        let current = if i == 0 { " aria-current=\"page\"" } else { "" };
        let _ = write!(html, "<button type=\"button\"{current}>{view}</button>");
    }
    html.push_str("</nav>\n<div class=\"header-actions pending\">");
    html.push_str("<label class=\"lesson-picker\"><select><option>Lessons…</option>");
    for title in shell.lessons {
        let _ = write!(html, "<option>{}</option>", escape(title));
    }
    html.push_str("</select></label>");
    let _ = write!(html, "<div class=\"teach-menu\">{}</div>", menu("Teach ▾"));
    html.push_str("<div class=\"toolbar\">");
    for tool in TOOLS {
        match tool {
            "Share ▾" | "More ▾" => html.push_str(&menu(tool)),
            "Present" => html.push_str(&format!(
                "<button type=\"button\" class=\"tool present-tool\">{}</button>",
                inside(tool)
            )),
            _ => html.push_str(&format!(
                "<button type=\"button\" class=\"tool\">{}</button>",
                inside(tool)
            )),
        }
    }
    html.push_str("</div></div>\n</header>\n");
    html
}

/// A folding menu's button.
fn menu(label: &str) -> String {
    format!(
        "<div class=\"menu\"><button type=\"button\" class=\"tool\">{}</button></div>",
        inside(label)
    )
}

/// What a tool's button holds: its icon's room and its words.
fn inside(label: &str) -> String {
    format!(
        "<svg class=\"icon\" width=\"20\" height=\"20\"></svg><span class=\"tool-label\">{}</span>",
        escape(label)
    )
}
