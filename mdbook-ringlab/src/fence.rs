//! A `ringlab` fence: the figure an author writes as `key: value` lines.
//!
//! ````text
//! ```ringlab
//! link: ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5
//! panels: last, ownership
//! label: Figure 1: three servers
//! id: three-servers
//! group: joins
//! size: 320
//! ```
//! ````
//!
//! `link` is required; the others are optional and each is given at most once. Blank lines and
//! lines starting with `#` are skipped. Whatever the figure would open saying it cannot read
//! ([`FigureElement::problems`]) is a problem here, on the line of the key it is about, so that
//! no book is built with a figure that shows a notice instead of its ring.

use ringlab::draw::figure_element::FigureElement;

use crate::problem::LineProblem;

/// The keys of a fence's lines, in the order the error message lists them.
const KEYS: [&str; 6] = ["link", "panels", "label", "id", "group", "size"];

/// A figure read from its fence, with where each of its lines is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fence {
    /// The figure, as its element will say it.
    pub(crate) element: FigureElement,
    /// The line of the opening fence.
    pub(crate) line: usize,
    /// The line of each key given, by key.
    keys: Vec<(&'static str, usize)>,
}

impl Fence {
    /// Reads a fence's `body` (its lines without the fences), whose opening fence is on
    /// `line`: the figure, or every problem of its lines.
    pub(crate) fn read(body: &str, line: usize) -> Result<Fence, Vec<LineProblem>> {
        let mut fence = Fence {
            element: FigureElement::default(),
            line,
            keys: Vec::new(),
        };
        let mut problems = Vec::new();
        for (i, text) in body.lines().enumerate() {
            let at = line + 1 + i;
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            if let Err(message) = fence.take(text, at) {
                problems.push(LineProblem::new(at, message));
            }
        }
        if problems.is_empty() && fence.line_of("link").is_none() {
            problems.push(LineProblem::new(
                line,
                "a figure needs a link: line, such as \
                 link: ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5",
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let problems: Vec<LineProblem> = fence
            .element
            .problems()
            .into_iter()
            .map(|problem| LineProblem::new(fence.line_about(&problem), problem))
            .collect();
        if problems.is_empty() {
            Ok(fence)
        } else {
            Err(problems)
        }
    }

    /// Takes one `key: value` line.
    fn take(&mut self, text: &str, at: usize) -> Result<(), String> {
        let expected = || {
            let keys: Vec<String> = KEYS.iter().map(|k| format!("{k}:")).collect();
            format!("expected one of {}", keys.join(", "))
        };
        let Some((key, value)) = text.split_once(':') else {
            return Err(format!(
                "{text:?} is not a figure's line: a line is a key, a colon and a value; {}",
                expected()
            ));
        };
        let Some(&key) = KEYS.iter().find(|&&k| k == key.trim()) else {
            return Err(format!("{text:?} is not a figure's line: {}", expected()));
        };
        if let Some(first) = self.line_of(key) {
            return Err(format!(
                "{key}: is given twice, here and on line {first}: a figure has one {key}"
            ));
        }
        self.keys.push((key, at));
        let value = value.trim().to_owned();
        let element = &mut self.element;
        match key {
            "link" => element.link = value,
            "panels" => element.panels = Some(value),
            "label" => element.label = Some(value),
            "id" => element.id = Some(value),
            "group" => element.group = Some(value),
            _ => {
                let side = value.parse::<u32>().map_err(|_| {
                    format!("size: {value:?} is not a number of pixels, such as size: 320")
                })?;
                element.side = Some(side);
            }
        }
        Ok(())
    }

    /// The line `key` was given on.
    pub(crate) fn line_of(&self, key: &str) -> Option<usize> {
        self.keys.iter().find(|(k, _)| *k == key).map(|&(_, at)| at)
    }

    /// The line a problem of [`FigureElement::problems`] is about: that of the key it starts
    /// with, or the opening fence's.
    pub(crate) fn line_about(&self, problem: &str) -> usize {
        problem
            .split_once(':')
            .and_then(|(key, _)| self.line_of(key))
            .unwrap_or(self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &str = "link: ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";

    #[test]
    fn every_key_is_read_and_blank_and_hash_lines_are_skipped() {
        let body = format!(
            "{LINK}\n\n# a note\npanels: last, ownership\nlabel: Figure 1: three servers\n\
             id: three\ngroup: joins\nsize: 400\n"
        );
        let fence = Fence::read(&body, 10).unwrap();
        let e = &fence.element;
        assert_eq!(
            e.query(),
            "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5"
        );
        assert_eq!(e.panels.as_deref(), Some("last, ownership"));
        assert_eq!(e.label.as_deref(), Some("Figure 1: three servers"));
        assert_eq!(e.id.as_deref(), Some("three"));
        assert_eq!(e.group.as_deref(), Some("joins"));
        assert_eq!(e.side, Some(400));
        assert_eq!(fence.line_of("panels"), Some(14));
    }

    #[test]
    fn a_line_that_is_no_figures_line_is_refused_on_its_own_line() {
        let problems = Fence::read(&format!("{LINK}\nsise: 320\nlink ring=100\n"), 3).unwrap_err();
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].line, 5);
        assert_eq!(
            problems[0].message,
            "\"sise: 320\" is not a figure's line: expected one of link:, panels:, label:, id:, group:, size:"
        );
        assert_eq!(problems[1].line, 6);
        assert!(problems[1].message.contains("a key, a colon and a value"));
    }

    #[test]
    fn a_repeated_key_a_missing_link_and_a_size_in_words_are_refused() {
        let twice = Fence::read(&format!("{LINK}\nid: a\nid: b\n"), 1).unwrap_err();
        assert_eq!(twice[0].line, 4);
        assert!(twice[0]
            .message
            .starts_with("id: is given twice, here and on line 3"));
        let none = Fence::read("id: a\n", 7).unwrap_err();
        assert_eq!(none[0].line, 7, "at the opening fence");
        assert!(none[0].message.starts_with("a figure needs a link: line"));
        let size = Fence::read(&format!("{LINK}\nsize: big\n"), 1).unwrap_err();
        assert_eq!(size[0].line, 3);
        assert!(size[0].message.starts_with("size: \"big\" is not a number"));
    }

    #[test]
    fn what_the_figure_could_not_read_is_refused_at_the_line_of_its_key() {
        let body = "link: ring=100&vnodes=many\npanels: last, charts\nid: two words\nsize: 50\n";
        let problems = Fence::read(body, 20).unwrap_err();
        let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [21, 22, 23, 24], "{problems:?}");
        assert!(problems[0].message.starts_with("link: "));
        assert!(problems[1]
            .message
            .starts_with("panels: there is no panel \"charts\""));
        assert!(problems[3]
            .message
            .starts_with("size: the side goes from 100"));
    }
}
