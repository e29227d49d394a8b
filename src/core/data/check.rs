//! What makes a file no text at all: empty, binary, or not UTF-8. Checked before any line is
//! read, so such a file is refused whole.

use crate::core::error::Error;
use crate::core::words::grouped;

/// The file's bytes as text, or why they are none.
pub(super) fn as_text(bytes: Vec<u8>) -> Result<String, Error> {
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
    String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        let bytes = error.as_bytes();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        Error::Unreadable(format!(
            "Line {} is not UTF-8 text (byte {}): save the file as UTF-8 and open it again.",
            grouped(line as u64),
            grouped(at as u64 + 1)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_binary_and_non_utf8_files_are_refused_in_words() {
        assert!(as_text(Vec::new())
            .unwrap_err()
            .to_string()
            .contains("empty"));
        assert!(as_text(b"  \n\n".to_vec())
            .unwrap_err()
            .to_string()
            .contains("empty"));
        let binary = as_text(b"\x89PNG\r\n\x1a\n\0\0\0".to_vec())
            .unwrap_err()
            .to_string();
        assert!(
            binary.contains("binary") && binary.contains("byte 9"),
            "{binary}"
        );
        let latin1 = as_text(b"a\nb\ncaf\xe9\n".to_vec())
            .unwrap_err()
            .to_string();
        assert!(latin1.starts_with("Line 3 is not UTF-8"), "{latin1}");
        assert_eq!(as_text(b"a\n".to_vec()).unwrap(), "a\n");
    }
}
