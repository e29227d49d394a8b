//! What makes a file no text at all: empty, binary, or not UTF-8. Emptiness and binary are
//! checked before any line is read (at the start of the file only, so that a large file costs
//! nothing here); UTF-8 a slice at a time as the lines are read. Such a file is refused whole.
//! And how a refusal quotes a line's text, shortened.

use crate::core::error::{quoted_within, Error};
use crate::core::numbers_and_lists::grouped;

/// Refuses an empty or binary file.
pub(super) fn check_bytes(bytes: &[u8]) -> Result<(), Error> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::Unreadable(
            "The file is empty: there is no line to read.".into(),
        ));
    }
    // A zero byte never appears in text; in the first 8 KB it means a binary file.
    if let Some(at) = bytes.iter().take(8192).position(|&b| b == 0) {
        return Err(Error::Unreadable(format!(
            "This looks like a binary file, not text (a zero byte at byte {}). Open a text file: one key per line, CSV, TSV, counts or an access log.",
            grouped(at as u64 + 1)
        )));
    }
    Ok(())
}

/// `bytes[from..to]` as text, or why it is none: the line (counting on from `line`, the line
/// `from` starts) and byte where it stops being UTF-8.
pub(super) fn as_text(bytes: &[u8], from: usize, to: usize, line: usize) -> Result<&str, Error> {
    std::str::from_utf8(&bytes[from..to]).map_err(|error| {
        let at = from + error.valid_up_to();
        let line = line + bytes[from..at].iter().filter(|&&b| b == b'\n').count();
        Error::Unreadable(format!(
            "Line {} is not UTF-8 text (byte {}): save the file as UTF-8 and open it again.",
            grouped(line as u64),
            grouped(at as u64 + 1)
        ))
    })
}

/// `bytes[from..to]` as text up to the line that stops being UTF-8, and why it stops (as
/// [`as_text`] says) when it does: the lines before a bad byte are read before the file is
/// refused, so that a problem on an earlier line is the one named, however the file is sliced.
pub(super) fn text_before(
    bytes: &[u8],
    from: usize,
    to: usize,
    line: usize,
) -> (&str, Option<Error>) {
    match std::str::from_utf8(&bytes[from..to]) {
        Ok(text) => (text, None),
        Err(error) => {
            let valid = &bytes[from..from + error.valid_up_to()];
            let whole_lines = memchr::memrchr(b'\n', valid).map_or(0, |i| i + 1);
            let text = std::str::from_utf8(&valid[..whole_lines]).unwrap_or_default();
            (text, as_text(bytes, from, to, line).err())
        }
    }
}

/// The most characters of a line's text a skipped line's reason repeats, escaped: five
/// reasons make a sentence, three a refusal of at most a few lines.
const QUOTED_CHARS: usize = 24;

/// A person's text as a skipped line's reason quotes it (see [`quoted_within`]).
pub(super) fn quoted(text: &str) -> String {
    quoted_within(text, QUOTED_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_binary_and_non_utf8_files_are_refused_in_words() {
        assert!(check_bytes(b"").unwrap_err().to_string().contains("empty"));
        assert!(check_bytes(b"  \n\n")
            .unwrap_err()
            .to_string()
            .contains("empty"));
        let binary = check_bytes(b"\x89PNG\r\n\x1a\n\0\0\0")
            .unwrap_err()
            .to_string();
        assert!(
            binary.contains("binary") && binary.contains("byte 9"),
            "{binary}"
        );
        let latin1 = b"a\nb\ncaf\xe9\n";
        let refused = as_text(latin1, 2, latin1.len(), 2).unwrap_err().to_string();
        assert!(
            refused.starts_with("Line 3 is not UTF-8 text (byte 8)"),
            "{refused}"
        );
        assert_eq!(as_text(b"a\nb\n", 2, 4, 2).unwrap(), "b\n");
    }
}
