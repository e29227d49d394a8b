//! CSV and TSV rows: fields split by a comma or a tab, CSV fields optionally in double quotes
//! (`""` inside stands for one quote), and a header line naming the columns.

use super::check::quoted;
use crate::core::error::Error;
use crate::core::numbers_and_lists::grouped;

/// How many of the header's names a refusal lists; the rest are counted.
const NAMED_COLUMNS: usize = 8;

/// The fields of one row, or why it cannot be split (an unclosed quote).
pub(super) fn fields(line: &str, separator: u8) -> Result<Vec<String>, String> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    if separator == b'\t' || !line.contains('"') {
        return Ok(line
            .split(separator as char)
            .map(|f| f.trim().to_string())
            .collect());
    }
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        let mut field = String::new();
        while chars.peek() == Some(&' ') {
            chars.next();
        }
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next() {
                    None => return Err("a quote is opened and never closed".into()),
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                }
            }
            while let Some(&c) = chars.peek() {
                if c == separator as char {
                    break;
                }
                chars.next();
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == separator as char {
                    break;
                }
                field.push(c);
                chars.next();
            }
        }
        out.push(field.trim().to_string());
        if chars.next().is_none() {
            return Ok(out);
        }
    }
}

/// The index of the column `wanted` names (a header name, or a number from 1), among
/// `header`; `what` says which column it is for ("key" or "count").
pub(super) fn column(header: &[String], wanted: &str, what: &str) -> Result<usize, Error> {
    let wanted = wanted.trim();
    if let Some(i) = header.iter().position(|h| h == wanted) {
        return Ok(i);
    }
    if let Some(i) = header.iter().position(|h| h.eq_ignore_ascii_case(wanted)) {
        return Ok(i);
    }
    if let Ok(n) = wanted.parse::<usize>() {
        if (1..=header.len()).contains(&n) {
            return Ok(n - 1);
        }
    }
    let mut names: Vec<String> = header
        .iter()
        .take(NAMED_COLUMNS)
        .map(|h| quoted(h))
        .collect();
    if header.len() > NAMED_COLUMNS {
        names.push(format!(
            "and {} more",
            grouped((header.len() - NAMED_COLUMNS) as u64)
        ));
    }
    Err(Error::Unreadable(format!(
        "The {what} column {} is not in the header, which names {}: give a name from it or a number from 1 to {}.",
        quoted(wanted),
        names.join(", "),
        grouped(header.len() as u64)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_keep_their_commas_and_quotes() {
        assert_eq!(fields("a,b ,c", b',').unwrap(), ["a", "b", "c"]);
        assert_eq!(
            fields(r#""x, y",2,"say ""hi""""#, b',').unwrap(),
            ["x, y", "2", r#"say "hi""#]
        );
        assert_eq!(fields("a\tb,c\r", b'\t').unwrap(), ["a", "b,c"]);
        assert!(fields(r#""open,2"#, b',').is_err());
    }

    #[test]
    fn a_column_is_found_by_name_or_number() {
        let header: Vec<String> = ["user", "Requests"].map(String::from).to_vec();
        assert_eq!(column(&header, "user", "key"), Ok(0));
        assert_eq!(column(&header, "requests", "count"), Ok(1));
        assert_eq!(column(&header, "2", "count"), Ok(1));
        let missing = column(&header, "hits", "count").unwrap_err().to_string();
        assert!(missing.contains("\"user\", \"Requests\""), "{missing}");
        assert!(column(&header, "3", "key").is_err());
    }
}
