//! One line of each format read into a key and a count, or passed over with the reason.

use std::borrow::Cow;

use super::access_log::{self, LogField};
use super::check::quoted;
use super::options::{DataOptions, Format};
use super::table;
use crate::core::error::Error;
use crate::core::keys::{check_key, Commas};

/// What one line holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Line<'a> {
    /// Nothing: a blank line, or a table's header.
    Blank,
    /// A key and how often it is read (1 when the format has no count).
    Entry(Cow<'a, str>, u64),
    /// A line that cannot be read, and why.
    Skip(String),
}

/// Reads the lines of one format; a table's columns are found from its header line.
#[derive(Debug, Clone)]
pub(super) struct LineReader {
    format: Format,
    /// For a table: the key's and the count's column, once the header is read.
    columns: Option<(usize, Option<usize>)>,
    field: LogField,
    options: DataOptions,
}

impl LineReader {
    /// A reader for `options`; refused when the options cannot apply to the format.
    pub(super) fn new(options: &DataOptions) -> Result<LineReader, Error> {
        let field = match (options.format, &options.key_column) {
            (Format::AccessLog, Some(name)) => name.parse()?,
            _ => LogField::default(),
        };
        let table = matches!(options.format, Format::Csv | Format::Tsv);
        if !table && options.count_column.is_some() {
            return Err(Error::Unreadable(format!(
                "A count column applies to csv and tsv; the {} format has {}.",
                options.format,
                if options.format.counts(options) {
                    "its own counts"
                } else {
                    "no counts"
                }
            )));
        }
        if matches!(options.format, Format::Lines | Format::Counts) && options.key_column.is_some()
        {
            return Err(Error::Unreadable(format!(
                "A key column applies to csv, tsv and access-log; in the {} format the key is the line.",
                options.format
            )));
        }
        Ok(LineReader {
            format: options.format,
            columns: None,
            field,
            options: options.clone(),
        })
    }

    fn separator(&self) -> u8 {
        if self.format == Format::Tsv {
            b'\t'
        } else {
            b','
        }
    }

    /// Reads one line (without its `\n`).
    pub(super) fn read<'a>(&mut self, line: &'a str) -> Result<Line<'a>, Error> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            return Ok(Line::Blank);
        }
        Ok(match self.format {
            Format::Lines => entry(Cow::Borrowed(line.trim()), 1, self.format.commas()),
            Format::Counts => {
                let trimmed = line.trim_start();
                let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
                let (count, key) = trimmed.split_at(end);
                match (parse_count(count), key.trim()) {
                    (Err(why), _) => Line::Skip(why),
                    (Ok(_), "") => Line::Skip("a count with no key after it".into()),
                    (Ok(n), key) => entry(Cow::Borrowed(key), n, self.format.commas()),
                }
            }
            Format::AccessLog => match access_log::parse(line) {
                None => {
                    Line::Skip("not a line of an access log (common or combined format)".into())
                }
                Some(fields) => match fields.field(self.field) {
                    Some(key) => entry(Cow::Borrowed(key), 1, self.format.commas()),
                    None => Line::Skip(format!(
                        "no {} field: this line is in the common format, which has none",
                        self.field
                    )),
                },
            },
            Format::Csv | Format::Tsv => {
                let fields = match table::fields(line, self.separator()) {
                    Ok(fields) => fields,
                    Err(why) => return Ok(Line::Skip(why)),
                };
                let Some((key_at, count_at)) = self.columns else {
                    let key = match &self.options.key_column {
                        Some(wanted) => table::column(&fields, wanted, "key")?,
                        None => 0,
                    };
                    let count = match &self.options.count_column {
                        Some(wanted) => Some(table::column(&fields, wanted, "count")?),
                        None => None,
                    };
                    self.columns = Some((key, count));
                    return Ok(Line::Blank);
                };
                let needed = key_at.max(count_at.unwrap_or(0)) + 1;
                if fields.len() < needed {
                    return Ok(Line::Skip(format!(
                        "no column {needed}: the row has {}",
                        fields.len()
                    )));
                }
                let count = match count_at.map(|at| parse_count(&fields[at])) {
                    Some(Err(why)) => return Ok(Line::Skip(why)),
                    Some(Ok(n)) => n,
                    None => 1,
                };
                let mut fields = fields;
                let key = std::mem::take(&mut fields[key_at]);
                entry(Cow::Owned(key), count, self.format.commas())
            }
        })
    }
}

/// A key and its count, when the key is one, its commas refused or kept as `commas` says.
fn entry(key: Cow<'_, str>, count: u64, commas: Commas) -> Line<'_> {
    match check_key(&key, commas) {
        Ok(()) if key.trim().len() == key.len() => Line::Entry(key, count),
        Ok(()) => Line::Entry(Cow::Owned(key.trim().to_string()), count),
        Err(error) => Line::Skip(format!("the key {} cannot be one: {error}", quoted(&key))),
    }
}

/// A count: a whole number from 0.
fn parse_count(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            // Only digits after the sign: cut short, not quoted.
            let shown = if text.len() > 24 {
                format!("{}…", &text[..23])
            } else {
                text.to_string()
            };
            return Err(format!("the count {shown} is negative"));
        }
    }
    text.parse::<u64>()
        .map_err(|_| format!("the count {} is not a whole number", quoted(text)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::keys::MAX_KEY_BYTES;

    fn reader(format: Format, key: Option<&str>, count: Option<&str>) -> LineReader {
        LineReader::new(&DataOptions {
            format,
            key_column: key.map(String::from),
            count_column: count.map(String::from),
        })
        .unwrap()
    }

    fn key(k: &str, n: u64) -> Line<'static> {
        Line::Entry(Cow::Owned(k.to_string()), n)
    }

    #[test]
    fn counts_lines_read_as_uniq_prints_them() {
        let mut r = reader(Format::Counts, None, None);
        assert_eq!(r.read("   12 user:3\r").unwrap(), key("user:3", 12));
        assert_eq!(r.read("7\t/a b").unwrap(), key("/a b", 7));
        assert!(matches!(r.read("-4 x").unwrap(), Line::Skip(w) if w.contains("negative")));
        assert!(
            matches!(r.read("many x").unwrap(), Line::Skip(w) if w.contains("not a whole number"))
        );
        assert!(matches!(r.read("5").unwrap(), Line::Skip(w) if w.contains("no key")));
        assert_eq!(r.read("  ").unwrap(), Line::Blank);
    }

    #[test]
    fn a_table_reads_its_header_then_the_chosen_columns() {
        let mut r = reader(Format::Csv, Some("id"), Some("hits"));
        assert_eq!(r.read("hits,id").unwrap(), Line::Blank);
        assert_eq!(r.read("3,user:1").unwrap(), key("user:1", 3));
        assert!(matches!(r.read("4").unwrap(), Line::Skip(w) if w == "no column 2: the row has 1"));
        assert!(
            matches!(r.read("x,user:2").unwrap(), Line::Skip(w) if w.contains("not a whole number"))
        );
        assert!(
            matches!(r.read("1,\"a,b\"").unwrap(), Line::Skip(w) if w.contains("cannot be one"))
        );
        let mut missing = reader(Format::Tsv, Some("user"), None);
        assert!(missing.read("id\thits").is_err());
    }

    #[test]
    fn long_keys_and_commas_are_skipped_with_the_reason() {
        let mut r = reader(Format::Lines, None, None);
        assert_eq!(r.read(" user:1 ").unwrap(), key("user:1", 1));
        let long = "x".repeat(MAX_KEY_BYTES + 1);
        assert!(matches!(r.read(&long).unwrap(), Line::Skip(w)
            if w.contains("at most 65,536 bytes long in UTF-8, and this one is 65,537 bytes")));
        assert!(matches!(r.read("a,b").unwrap(), Line::Skip(_)));
    }

    #[test]
    fn keys_of_any_length_up_to_the_limit_are_read_whole_in_every_format() {
        // Counted in bytes: 21,845 three-byte characters and one byte more make the limit.
        let longest = format!("{}x", "€".repeat(MAX_KEY_BYTES / 3));
        assert_eq!(longest.len(), MAX_KEY_BYTES);
        for name in ["k".repeat(41), "k".repeat(1000), longest] {
            let mut lines = reader(Format::Lines, None, None);
            assert_eq!(lines.read(&format!(" {name} ")).unwrap(), key(&name, 1));
            let mut counts = reader(Format::Counts, None, None);
            assert_eq!(counts.read(&format!("7 {name}")).unwrap(), key(&name, 7));
            let mut csv = reader(Format::Csv, None, None);
            assert_eq!(csv.read("key").unwrap(), Line::Blank);
            assert_eq!(csv.read(&name).unwrap(), key(&name, 1));
            let mut log = reader(Format::AccessLog, None, None);
            let line =
                format!("10.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"GET {name} HTTP/1.1\" 200 5");
            assert_eq!(log.read(&line).unwrap(), key(&name, 1));
        }
        let mut r = reader(Format::Lines, None, None);
        let over = format!("{}xy", "€".repeat(MAX_KEY_BYTES / 3));
        assert!(matches!(r.read(&over).unwrap(), Line::Skip(w) if w.contains("65,537 bytes")));
    }

    #[test]
    fn an_access_log_field_and_a_tsv_cell_keep_their_commas_where_other_formats_refuse_them() {
        let mut log = reader(Format::AccessLog, None, None);
        let line = r#"10.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /items?ids=1,2,3 HTTP/1.1" 200 5 "-" "Mozilla/5.0 (KHTML, like Gecko)""#;
        assert_eq!(log.read(line).unwrap(), key("/items?ids=1,2,3", 1));
        let mut agent = reader(Format::AccessLog, Some("agent"), None);
        assert_eq!(
            agent.read(line).unwrap(),
            key("Mozilla/5.0 (KHTML, like Gecko)", 1)
        );
        let mut tsv = reader(Format::Tsv, None, Some("2"));
        assert_eq!(tsv.read("key\tn").unwrap(), Line::Blank);
        assert_eq!(tsv.read("a, b\t3").unwrap(), key("a, b", 3));
        let mut counts = reader(Format::Counts, None, None);
        assert!(matches!(counts.read("3 a,b").unwrap(), Line::Skip(w) if w.contains("','")));
        // A control character is refused everywhere.
        assert!(matches!(tsv.read("a\u{1}b\t3").unwrap(), Line::Skip(_)));
    }

    #[test]
    fn options_that_do_not_fit_the_format_are_refused() {
        let lines = DataOptions {
            format: Format::Lines,
            key_column: Some("2".into()),
            count_column: None,
        };
        assert!(LineReader::new(&lines).is_err());
        let counts = DataOptions {
            format: Format::Counts,
            key_column: None,
            count_column: Some("2".into()),
        };
        assert!(LineReader::new(&counts).is_err());
    }
}
