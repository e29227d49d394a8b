//! Typed replies, read the way each kind of question expects them.

use super::answer::{Response, Span};
use super::kind::QuestionKind;
use crate::core::parse_decimal;
use crate::core::parse_number;
use crate::core::Error;

/// Reads a typed reply to a question of `kind`:
///
/// | kind | reply |
/// |---|---|
/// | moves | key labels separated by commas or spaces (`@52, @68`); `none` or nothing for none |
/// | owner | a server name |
/// | number | `8000000`, `8,000,000`, `8 million`, `8M`, `2.5k`, `80%`, `about 14,000` |
/// | arc | `41 to 60`, `41-60`, `41..60` |
/// | share | `50`, `50%`, `37.5 %` |
/// | choice | a letter (`b`) or a number from 1 (`2`) |
///
/// ```
/// use ringlab::teach::quiz::{read_reply, QuestionKind, Response, Span};
/// assert_eq!(read_reply(QuestionKind::Number, "8 million").unwrap(), Response::Number(8e6));
/// assert_eq!(read_reply(QuestionKind::Arc, "41 to 60").unwrap(), Response::Span(Span { first: 41, last: 60 }));
/// assert_eq!(read_reply(QuestionKind::Choice, "b").unwrap(), Response::Pick(1));
/// ```
pub fn read_reply(kind: QuestionKind, text: &str) -> Result<Response, Error> {
    let text = text.trim();
    Ok(match kind {
        QuestionKind::Moves => {
            if text.eq_ignore_ascii_case("none") {
                Response::Keys(Vec::new())
            } else {
                Response::Keys(
                    text.split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect(),
                )
            }
        }
        QuestionKind::Owner | QuestionKind::Busiest => {
            if text.is_empty() {
                return Err(Error::Question("Name a server.".into()));
            }
            Response::Server(text.to_string())
        }
        QuestionKind::Number
        | QuestionKind::Overload
        | QuestionKind::Peak
        | QuestionKind::Settle => {
            Response::Number(read_amount(text.trim_end_matches(['×', 'x', 's']))?)
        }
        QuestionKind::Share => Response::Percent(read_amount(text)?),
        QuestionKind::Arc => Response::Span(read_span(text)?),
        QuestionKind::Choice | QuestionKind::Pick => Response::Pick(read_pick(text)?),
    })
}

/// A number as people type it, with thousands separators, a word or letter for thousands or
/// millions, and an optional `%` or "about".
fn read_amount(text: &str) -> Result<f64, Error> {
    let refuse = || Error::NotADecimal(text.to_string());
    let mut t = text.trim().to_ascii_lowercase();
    for lead in ["about", "approximately", "≈", "~"] {
        if let Some(rest) = t.strip_prefix(lead) {
            t = rest.trim().to_string();
        }
    }
    let t = t.strip_suffix('%').unwrap_or(&t).trim().to_string();
    let (digits, scale) = [
        ("billion", 1e9),
        ("bn", 1e9),
        ("million", 1e6),
        ("thousand", 1e3),
        ("m", 1e6),
        ("k", 1e3),
    ]
    .iter()
    .find_map(|(word, scale)| t.strip_suffix(word).map(|d| (d.to_string(), *scale)))
    .unwrap_or((t.clone(), 1.0));
    let digits: String = digits
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | ' '))
        .collect();
    if digits.is_empty() {
        return Err(refuse());
    }
    match parse_decimal(&digits) {
        Some(x) if x.is_finite() => Ok(x * scale),
        _ => Err(refuse()),
    }
}

/// `41 to 60`, `41-60`, `41..60` or `41,60`.
fn read_span(text: &str) -> Result<Span, Error> {
    let parts: Vec<&str> = text
        .split(|c: char| c == '-' || c == ',' || c == '.' || c.is_whitespace())
        .filter(|s| !s.is_empty() && *s != "to")
        .collect();
    match parts.as_slice() {
        [first, last] => Ok(Span {
            first: parse_number(first)?,
            last: parse_number(last)?,
        }),
        _ => Err(Error::Question(format!(
            "{:?} is not a stretch; write its first and last position, such as 41 to 60.",
            crate::core::shown(text)
        ))),
    }
}

/// A letter from `a`, or a number from 1.
fn read_pick(text: &str) -> Result<usize, Error> {
    let t = text.trim().trim_end_matches(')').to_ascii_lowercase();
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='z'), None) => Ok((c as u8 - b'a') as usize),
        _ => match parse_number::<usize>(&t) {
            Ok(n) if n >= 1 => Ok(n - 1),
            _ => Err(Error::Question(format!(
                "{:?} names no statement; answer with its letter, such as b.",
                crate::core::shown(text)
            ))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_as_people_type_them() {
        for (text, value) in [
            ("8000000", 8e6),
            ("8,000,000", 8e6),
            ("8 million", 8e6),
            ("8M", 8e6),
            ("2.5k", 2500.0),
            ("80%", 80.0),
            ("about 14,000", 14_000.0),
            ("≈ 14000", 14_000.0),
            ("33.3", 33.3),
        ] {
            assert_eq!(read_amount(text).unwrap(), value, "{text}");
        }
        for text in ["", "lots", "1e999", "%", "k"] {
            assert!(read_amount(text).is_err(), "{text}");
        }
    }

    #[test]
    fn stretches_and_picks_are_read_in_several_spellings() {
        let span = Span {
            first: 351,
            last: 90,
        };
        for text in ["351 to 90", "351-90", "351..90", "351, 90"] {
            assert_eq!(read_span(text).unwrap(), span, "{text}");
        }
        assert!(read_span("41").is_err());
        assert_eq!(read_pick("c)").unwrap(), 2);
        assert_eq!(read_pick("1").unwrap(), 0);
        assert!(read_pick("0").is_err());
        assert_eq!(
            read_reply(QuestionKind::Moves, "@52, @68 key-3").unwrap(),
            Response::Keys(vec!["@52".into(), "@68".into(), "key-3".into()])
        );
        assert_eq!(
            read_reply(QuestionKind::Moves, "none").unwrap(),
            Response::Keys(vec![])
        );
    }
}
