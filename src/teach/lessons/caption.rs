//! Captions: plain text with paragraphs, `**bold**` and `` `code` `` at most.
//!
//! A caption is never HTML. It is read into runs of plain, bold and code text, and the page
//! puts each run's text into the page as text, so `<script>` in a caption shows as the eight
//! characters it is. A `**` or a backtick with no partner is kept as it was typed.

/// How a run of a caption is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Plain text.
    Plain,
    /// Between `**` and `**`.
    Bold,
    /// Between backticks.
    Code,
}

/// A run of text in one style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// How it is shown.
    pub style: Style,
    /// The text, exactly as typed (never markup).
    pub text: String,
}

/// One paragraph: its runs, in order.
pub type Paragraph = Vec<Run>;

/// The most characters a caption may hold.
pub const MAX_CAPTION: usize = 2_000;

/// Reads a caption into paragraphs. Paragraphs are separated by a blank line; the lines of one
/// paragraph are joined by a space.
///
/// ```
/// use ringlab::teach::lessons::{paragraphs, Style};
/// let p = paragraphs("Key **52** moves to `D`.\n\n<b>not bold</b>");
/// assert_eq!(p.len(), 2);
/// assert_eq!(p[0][1].style, Style::Bold);
/// assert_eq!(p[0][1].text, "52");
/// assert_eq!(p[0][3].style, Style::Code);
/// assert_eq!(p[1][0].text, "<b>not bold</b>");
/// ```
pub fn paragraphs(caption: &str) -> Vec<Paragraph> {
    let mut out = Vec::new();
    let mut lines: Vec<&str> = Vec::new();
    for line in caption.lines().chain(std::iter::once("")) {
        if line.trim().is_empty() {
            if !lines.is_empty() {
                out.push(runs(&lines.join(" ")));
                lines.clear();
            }
        } else {
            lines.push(line.trim());
        }
    }
    out
}

/// The caption without its marks, as one line per paragraph: for a text, a title or a
/// screen reader's announcement.
pub fn plain(caption: &str) -> String {
    paragraphs(caption)
        .iter()
        .map(|p| p.iter().map(|r| r.text.as_str()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The runs of one paragraph.
fn runs(text: &str) -> Paragraph {
    let mut out: Paragraph = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let marked = if let Some(after) = rest.strip_prefix("**") {
            after
                .find("**")
                .filter(|&end| end > 0)
                .map(|end| (Style::Bold, &after[..end], &after[end + 2..]))
        } else if let Some(after) = rest.strip_prefix('`') {
            after
                .find('`')
                .filter(|&end| end > 0)
                .map(|end| (Style::Code, &after[..end], &after[end + 1..]))
        } else {
            None
        };
        match marked {
            Some((style, inner, after)) => {
                if !plain.is_empty() {
                    out.push(Run {
                        style: Style::Plain,
                        text: std::mem::take(&mut plain),
                    });
                }
                out.push(Run {
                    style,
                    text: inner.to_string(),
                });
                rest = after;
            }
            None => {
                let c = rest.chars().next().unwrap_or_default();
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !plain.is_empty() {
        out.push(Run {
            style: Style::Plain,
            text: plain,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn styles(text: &str) -> Vec<(Style, String)> {
        paragraphs(text)
            .into_iter()
            .flatten()
            .map(|r| (r.style, r.text))
            .collect()
    }

    #[test]
    fn bold_and_code_are_the_only_marks_and_html_stays_text() {
        assert_eq!(
            styles("a **b** `c` <script>alert(1)</script>"),
            vec![
                (Style::Plain, "a ".into()),
                (Style::Bold, "b".into()),
                (Style::Plain, " ".into()),
                (Style::Code, "c".into()),
                (Style::Plain, " <script>alert(1)</script>".into()),
            ]
        );
    }

    #[test]
    fn a_mark_without_its_partner_is_kept_as_typed() {
        assert_eq!(
            styles("2 ** 3 and `x"),
            vec![(Style::Plain, "2 ** 3 and `x".into())]
        );
        assert_eq!(styles("****"), vec![(Style::Plain, "****".into())]);
    }

    #[test]
    fn blank_lines_separate_paragraphs_and_lines_of_one_are_joined() {
        let p = paragraphs("one\ntwo\n\n\nthree  \n");
        assert_eq!(p.len(), 2);
        assert_eq!(plain("one\ntwo\n\n\nthree  \n"), "one two\nthree");
        assert!(paragraphs("  \n\n").is_empty());
    }
}
