//! The `<ringlab-figure>` element as a page's source holds it: the figure's link, its panels,
//! its label, id and group as attributes, and its still inside, which shows until the figure is
//! live (and is all a reader without JavaScript, or a renderer other than a web page, gets).
//!
//! One writer for every tool that makes figures: `ringlab figure`, the `mdbook-ringlab`
//! preprocessor and the page's Copy as figure. Each first asks [`FigureElement::problems`], so a
//! figure that would open with notices is refused where it is written, in words.

use std::fmt::Write;

use crate::core::{read_link, read_panels, MAX_KEYS};
use crate::draw::still::{Still, FIGURE_SIDE, SIDES};
use crate::draw::svg::{escape, Styling};

/// The element's tag.
pub const TAG: &str = "ringlab-figure";

/// The host page's stylesheet for its figures' stills (`figure-stills.css` in the build): they
/// follow light and dark as the live figures do, and each takes the height of the live figure's
/// ring column, so that the figure keeps its place as it goes live (`figures.js` keeps a live figure in
/// that room until the reader uses it).
pub fn stills_stylesheet() -> String {
    let mut css = crate::draw::svg::still_stylesheet(TAG);
    css.push_str(&still_room());
    css
}

/// The room a still keeps around its ring: the live figure's frame around its ring column (a 1px
/// border, then 0.5 of the figure's type size of padding, `.figure` and `.embed-layout` in the
/// figures' stylesheet; in a narrow column the ring narrows within it, as the live one does)
/// and, under the ring, the line that answers the pointer (`.hover-readout`: 0.2 of the type
/// size above it, and a line at least 1.4 of the type size tall). The figure's type size and
/// line height are the custom properties a host page sets for both.
fn still_room() -> String {
    let size = "var(--ringlab-font-size,15px)";
    let line = format!("max(1.4*{size},var(--ringlab-line-height,1.4)*{size})");
    format!(
        "{TAG}>svg.{root}{{box-sizing:content-box;max-width:calc(100% - 2px - {size});\
         padding:calc(1px + 0.5*{size}) 0 calc(1px + 0.7*{size} + {line})}}\n",
        root = crate::draw::svg::ROOT_CLASS
    )
}

/// What a figure is, as its element's attributes say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FigureElement {
    /// The figure's state: a Ringlab link's query (a whole address is taken too).
    pub link: String,
    /// The panels beside the ring, as `panels=` names them; the default ones when absent.
    pub panels: Option<String>,
    /// The figure's name for screen readers; by default its place on the page.
    pub label: Option<String>,
    /// The element's id, which controls and steps in the text name.
    pub id: Option<String>,
    /// The group whose controls in the text change this figure with the others of the group.
    pub group: Option<String>,
    /// The still's side in pixels; [`FIGURE_SIDE`] when absent.
    pub side: Option<u32>,
}

impl FigureElement {
    /// The link as an attribute holds it: its query, without a leading address or `?`.
    pub fn query(&self) -> &str {
        let link = self.link.trim();
        let link = link.split_once('?').map_or(link, |(_, q)| q);
        link.split('#').next().unwrap_or_default()
    }

    /// Everything the figure would open saying it could not read, in words: its link's notes,
    /// panels that are none, an id or a group with spaces in it, a side out of range.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.query().is_empty() {
            problems.push(
                "link: a figure needs a link, such as ring=100&servers=A@10,B@40,C@75".into(),
            );
        }
        problems.extend(
            read_link(self.query(), MAX_KEYS)
                .ignored
                .into_iter()
                .map(|note| format!("link: {note}")),
        );
        read_panels(self.panels.as_deref(), false, &mut problems);
        for (name, value) in [("id", &self.id), ("group", &self.group)] {
            if let Some(value) = value {
                if value.is_empty() || value.chars().any(char::is_whitespace) {
                    problems.push(format!(
                        "{name}: {value:?} is not a name: a {name} is one word, without spaces"
                    ));
                }
            }
        }
        // The still must draw too: a side out of range, or a selected key the ring does not hold.
        let side = self.side.unwrap_or(FIGURE_SIDE);
        if let Err(why) = Still::of_link(self.query()).0.svg(side, Styling::Classes) {
            let about = if SIDES.contains(&side) {
                "link"
            } else {
                "size"
            };
            problems.push(format!("{about}: {why}"));
        }
        problems
    }

    /// The figure's still: its link drawn at its side, its colours written in (light) and every
    /// shape classed, so that a stylesheet can follow the reader's light or dark setting.
    pub fn still(&self) -> Result<String, String> {
        Still::of_link(self.query()).0.svg(
            self.side.unwrap_or(FIGURE_SIDE),
            Styling::Inline { dark: false },
        )
    }

    /// The element with its still, ready to paste into a page: the opening tag with its
    /// attributes on one line, the still's lines indented under it, and the closing tag. It
    /// holds no blank line, so Markdown keeps it as one block of HTML.
    pub fn write(&self) -> Result<String, String> {
        let still = self.still()?;
        let mut html = format!("<{TAG}");
        let attributes = [
            ("id", self.id.as_deref()),
            ("label", self.label.as_deref()),
            ("group", self.group.as_deref()),
            ("link", Some(self.query())),
            ("panels", self.panels.as_deref()),
        ];
        for (name, value) in attributes {
            if let Some(value) = value {
                let _ = write!(html, " {name}=\"{}\"", escape(value));
            }
        }
        html.push_str(">\n");
        for line in still.lines().filter(|l| !l.trim().is_empty()) {
            let _ = writeln!(html, "  {line}");
        }
        let _ = writeln!(html, "</{TAG}>");
        Ok(html)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn teaching() -> FigureElement {
        FigureElement {
            link: "?ring=100&servers=A@10,B@40,C@75&keys=@90,@52".into(),
            panels: Some("last,ownership".into()),
            label: Some("Figure 1: \"three\" servers & keys".into()),
            id: Some("three".into()),
            ..FigureElement::default()
        }
    }

    #[test]
    fn the_element_holds_its_attributes_escaped_and_its_still_with_no_blank_line() {
        let html = teaching().write().unwrap();
        assert!(html.starts_with(
            "<ringlab-figure id=\"three\" label=\"Figure 1: &quot;three&quot; servers &amp; keys\" \
             link=\"ring=100&amp;servers=A@10,B@40,C@75&amp;keys=@90,@52\" panels=\"last,ownership\">\n  <svg "
        ));
        assert!(html.ends_with("</svg>\n</ringlab-figure>\n"));
        assert!(!html.contains("\n\n"));
        assert!(teaching().problems().is_empty());
    }

    #[test]
    fn a_figure_that_would_open_with_notices_names_each_of_them() {
        let figure = FigureElement {
            link: "ring=100&vnodes=many".into(),
            panels: Some("last,charts".into()),
            id: Some("two words".into()),
            side: Some(50),
            ..FigureElement::default()
        };
        let problems = figure.problems();
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert!(problems[0].starts_with("link: "));
        assert!(problems[1].starts_with("panels: there is no panel \"charts\""));
        assert!(problems[2].starts_with("id: \"two words\" is not a name"));
        assert!(problems[3].starts_with("size: the side goes from 100"));
        assert_eq!(
            FigureElement::default().problems()[0],
            "link: a figure needs a link, such as ring=100&servers=A@10,B@40,C@75"
        );
        let missing_key = FigureElement {
            link: "ring=100&servers=A@10&keys=@5&select=@11".into(),
            ..FigureElement::default()
        };
        assert_eq!(missing_key.problems(), ["link: there is no key @11."]);
    }
}
