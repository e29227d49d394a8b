//! A chapter's text as this crate edits it: line numbers from byte offsets, the container
//! prefix a block's later lines need (`> ` in a quote, spaces in a list item), and the splice
//! that puts replacements in by byte range, leaving every other byte as it was.

use std::ops::Range;

/// Where each line of a text starts, for turning a byte offset into a line number.
#[derive(Debug)]
pub(crate) struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    /// The line starts of `text`.
    pub(crate) fn of(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { starts }
    }

    /// The line (counted from 1) that holds the byte at `offset`.
    pub(crate) fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset)
    }

    /// The offset of the start of the line that holds `offset`.
    pub(crate) fn start_of(&self, offset: usize) -> usize {
        self.starts[self.line(offset) - 1]
    }
}

/// What the lines after a block's first need in front of them to stay inside the block's
/// containers: the text before the block on its first line, with its list markers turned to
/// spaces (a list item's content is indented to its marker's width) and its quote markers kept.
///
/// For a block at the top of the chapter this is empty; after `> - ` it is `>   `.
pub(crate) fn continuation(text: &str, lines: &Lines, block_start: usize) -> String {
    text[lines.start_of(block_start)..block_start]
        .chars()
        .map(|c| {
            if c == '>' || c.is_whitespace() {
                c
            } else {
                ' '
            }
        })
        .collect()
}

/// A blank line inside the same containers: the continuation without its trailing spaces
/// (`>` in a quote), which ends an HTML block without leaving the quote.
pub(crate) fn blank(continuation: &str) -> &str {
    continuation.trim_end()
}

/// `lines` joined with newlines, each after the first preceded by `continuation`.
pub(crate) fn indent(lines: &str, continuation: &str) -> String {
    lines
        .lines()
        .collect::<Vec<_>>()
        .join(&format!("\n{continuation}"))
}

/// The end of `range` in `text` without the line ends and spaces that close it, so that a
/// replacement leaves them in place.
pub(crate) fn trimmed_end(text: &str, range: &Range<usize>) -> usize {
    range.start + text[range.clone()].trim_end().len()
}

/// One replacement: the bytes of `range` become `with`. An empty range inserts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Edit {
    pub(crate) range: Range<usize>,
    pub(crate) with: String,
}

/// `text` with every edit made, each by its byte range in `text`; the edits do not overlap.
pub(crate) fn splice(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|edit| (edit.range.start, edit.range.end));
    let mut out =
        String::with_capacity(text.len() + edits.iter().map(|e| e.with.len()).sum::<usize>());
    let mut at = 0;
    for edit in edits {
        debug_assert!(edit.range.start >= at, "edits overlap at byte {at}");
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.with);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_give_the_line_they_are_on_counted_from_one() {
        let text = "one\ntwo\n\nfour";
        let lines = Lines::of(text);
        assert_eq!(lines.line(0), 1);
        assert_eq!(lines.line(3), 1, "the line end belongs to its line");
        assert_eq!(lines.line(4), 2);
        assert_eq!(lines.line(8), 3, "an empty line");
        assert_eq!(lines.line(9), 4);
        assert_eq!(lines.start_of(12), 9);
    }

    #[test]
    fn a_block_in_a_quoted_list_item_continues_under_the_quote_at_the_items_column() {
        let text = "> - ```ringlab\n";
        let lines = Lines::of(text);
        let cont = continuation(text, &lines, 4);
        assert_eq!(cont, ">   ");
        assert_eq!(blank(&cont), ">");
        assert_eq!(indent("<a>\n<b>\n", &cont), "<a>\n>   <b>");
        assert_eq!(continuation("```", &Lines::of("```"), 0), "");
    }

    #[test]
    fn a_splice_keeps_every_byte_outside_the_edits() {
        let text = "keep [this] keep {that} keep";
        let edits = vec![
            Edit {
                range: 17..23,
                with: "THAT".into(),
            },
            Edit {
                range: 5..11,
                with: "THIS".into(),
            },
            Edit {
                range: 28..28,
                with: "!".into(),
            },
        ];
        assert_eq!(splice(text, edits), "keep THIS keep THAT keep!");
    }
}
