//! A web server's access log, in the common or combined format (Apache's and nginx's default):
//!
//! ```text
//! 127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a.gif HTTP/1.0" 200 2326 "http://x/" "Mozilla/4.08"
//! host      ident user [time]                    "method path protocol" status bytes "referer" "agent"
//! ```
//!
//! Each line is one request; the key is one of its fields, the path unless told otherwise.

use std::fmt;
use std::str::FromStr;

use crate::core::error::Error;

/// Which field of a log line is the key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LogField {
    /// The client's address or host name.
    Host,
    /// The authenticated user.
    User,
    /// The request's method (`GET`).
    Method,
    /// The request's path, query string included.
    #[default]
    Path,
    /// The status code.
    Status,
    /// The referring page (combined format only).
    Referer,
    /// The user agent (combined format only).
    Agent,
}

impl LogField {
    const ALL: [(LogField, &'static str); 7] = [
        (LogField::Host, "host"),
        (LogField::User, "user"),
        (LogField::Method, "method"),
        (LogField::Path, "path"),
        (LogField::Status, "status"),
        (LogField::Referer, "referer"),
        (LogField::Agent, "agent"),
    ];
}

impl fmt::Display for LogField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = LogField::ALL
            .iter()
            .find(|(x, _)| x == self)
            .map(|(_, n)| *n);
        f.write_str(name.unwrap_or("path"))
    }
}

impl FromStr for LogField {
    type Err = Error;
    fn from_str(text: &str) -> Result<LogField, Error> {
        let text = text.trim().to_ascii_lowercase();
        LogField::ALL
            .iter()
            .find(|(_, n)| *n == text)
            .map(|(f, _)| *f)
            .ok_or_else(|| {
                Error::Unreadable(format!(
                    "An access log has no field {}: use host, user, method, path, status, referer or agent.",
                    super::check::quoted(&text)
                ))
            })
    }
}

/// The fields of one log line, borrowed from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LogLine<'a> {
    host: &'a str,
    user: &'a str,
    method: &'a str,
    path: &'a str,
    status: &'a str,
    referer: Option<&'a str>,
    agent: Option<&'a str>,
}

impl<'a> LogLine<'a> {
    /// The field `field`, when the line has it.
    pub(super) fn field(&self, field: LogField) -> Option<&'a str> {
        match field {
            LogField::Host => Some(self.host),
            LogField::User => Some(self.user),
            LogField::Method => Some(self.method),
            LogField::Path => Some(self.path),
            LogField::Status => Some(self.status),
            LogField::Referer => self.referer,
            LogField::Agent => self.agent,
        }
    }
}

/// Reads one line of a log, or `None` when it is not in the common or combined format.
pub(super) fn parse(line: &str) -> Option<LogLine<'_>> {
    let (host, rest) = line.trim().split_once(' ')?;
    let (_ident, rest) = rest.split_once(' ')?;
    let (user, rest) = rest.split_once(' ')?;
    let rest = rest.strip_prefix('[')?;
    let (_time, rest) = rest.split_once("] ")?;
    let (request, rest) = quoted(rest)?;
    let mut words = request.split(' ').filter(|w| !w.is_empty());
    let method = words.next()?;
    let path = words.next()?;
    let mut tail = rest.trim_start().splitn(3, ' ');
    let status = tail.next()?;
    let _bytes = tail.next()?;
    if status.is_empty() || !status.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (referer, agent) = match tail.next().map(str::trim_start) {
        Some(more) if !more.is_empty() => {
            let (referer, more) = quoted(more)?;
            let (agent, _) = quoted(more.trim_start())?;
            (Some(referer), Some(agent))
        }
        _ => (None, None),
    };
    Some(LogLine {
        host,
        user,
        method,
        path,
        status,
        referer,
        agent,
    })
}

/// A `"..."` field at the start of `text` (a `\"` inside does not close it), and what follows.
fn quoted(text: &str) -> Option<(&str, &str)> {
    let body = text.strip_prefix('"')?;
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some((&body[..i], &body[i + 1..])),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_and_combined_lines_give_their_fields() {
        let common = r#"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326"#;
        let line = parse(common).unwrap();
        assert_eq!(line.field(LogField::Path), Some("/apache_pb.gif"));
        assert_eq!(line.field(LogField::Host), Some("127.0.0.1"));
        assert_eq!(line.field(LogField::User), Some("frank"));
        assert_eq!(line.field(LogField::Status), Some("200"));
        assert_eq!(line.field(LogField::Agent), None);
        let combined = r#"10.0.0.2 - - [10/Oct/2000:13:55:36 -0700] "POST /api/v1/users?id=7 HTTP/1.1" 201 - "http://example.com/a \"b\"" "Mozilla/4.08 [en] (Win98)""#;
        let line = parse(combined).unwrap();
        assert_eq!(line.field(LogField::Method), Some("POST"));
        assert_eq!(line.field(LogField::Path), Some("/api/v1/users?id=7"));
        assert_eq!(
            line.field(LogField::Referer),
            Some(r#"http://example.com/a \"b\""#)
        );
        assert_eq!(
            line.field(LogField::Agent),
            Some("Mozilla/4.08 [en] (Win98)")
        );
    }

    #[test]
    fn lines_in_no_log_format_are_not_read() {
        for line in [
            "",
            "user:1",
            "127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] GET / 200 1",
            r#"127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.0" abc 1"#,
            r#"127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.0"#,
        ] {
            assert_eq!(parse(line), None, "{line}");
        }
        assert_eq!("PATH".parse::<LogField>(), Ok(LogField::Path));
        assert!("cookie".parse::<LogField>().is_err());
    }
}
