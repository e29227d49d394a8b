//! A question as data, and as one query string.
//!
//! A question is a scenario link (read with [`read_link`](crate::core::read_link)) and an
//! [`Ask`]. Written out, it is that link followed by the ask's own parameters, so a question
//! opens in the page like any other link:
//!
//! `ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&ask=moves&change=add:D@60`
//!
//! | `ask=` | further parameters |
//! |---|---|
//! | `moves` | `change` |
//! | `owner` | `key` |
//! | `number` | `measure` (`moved`, `ideal`, `mod-n`), `change`, `unit` (`keys` with an optional `of`, `percent`, or `reads` with `reads` and `hit`), `band` (`0`, `5`, `10%`, `3000000..10000000`) |
//! | `arc` | `server` or `change`, `slack` |
//! | `share` | `server`, `slack` |
//! | `choice` | `concept` (`leaving` with `server`, `between` with `change`, `restore` with `server`, `hot-key` with `points`) |
//! | `busiest` | none: the Traffic view's busiest server |
//! | `overload` | `band`: how many times a fair share the busiest server serves |
//! | `peak` | `change` (a server joining, leaving or failing), `band`: the Timeline's most database reads a second |
//! | `settle` | `change`, `band`: the seconds until 99% of the extra reads are in |
//! | `pick` | `prompt`, `say` (repeated, one per statement), `right` (a letter): the instructor's own statements |

use super::answer::{letter, Response};
use super::ask::{decimal, whole, ArcOf, Ask, Band, Concept, Unit};
use super::kind::QuestionKind;
use super::reply::read_reply;
use crate::core::Change;
use crate::core::Error;

/// The parameters a question adds to its scenario link.
pub const QUESTION_PARAMS: [&str; 16] = [
    "ask", "change", "key", "server", "measure", "unit", "of", "reads", "hit", "band", "slack",
    "concept", "points", "prompt", "say", "right",
];

/// The one parameter a question may repeat: a written choice's statements.
const REPEATED: &str = "say";

/// Parameters of a link that belong to the page, not to the scenario or the question; a
/// question keeps them in its link.
pub const PAGE_PARAMS: [&str; 2] = ["select", "view"];

/// A question: a scenario and what is asked about it. Its answer is not part of it; posing
/// the question works the answer out (see [`Question::pose`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The scenario, as a query string for [`read_link`](crate::core::read_link).
    pub link: String,
    /// What is asked about it.
    pub ask: Ask,
}

impl Question {
    /// A question about the scenario `link` (a query string, with or without `?`).
    pub fn new(link: &str, ask: Ask) -> Question {
        Question {
            link: link.strip_prefix('?').unwrap_or(link).to_string(),
            ask,
        }
    }

    /// The kind of question.
    pub fn kind(&self) -> QuestionKind {
        self.ask.kind()
    }

    /// The whole question as one query string: the link, then the ask's parameters.
    ///
    /// ```
    /// use ringlab::teach::quiz::{Ask, Question};
    /// let q = Question::new("ring=100&servers=A@20,B@50,C@80&keys=@95", Ask::Owner { key: "@95".into() });
    /// assert_eq!(q.to_query(), "ring=100&servers=A@20,B@50,C@80&keys=@95&ask=owner&key=@95");
    /// assert_eq!(Question::from_query(&q.to_query()).unwrap(), q);
    /// ```
    pub fn to_query(&self) -> String {
        let mut out = self.link.clone();
        for (name, value) in ask_params(&self.ask) {
            if !out.is_empty() {
                out.push('&');
            }
            out.push_str(name);
            out.push('=');
            out.push_str(&encode(&value));
        }
        out
    }

    /// Reads a question written by [`Question::to_query`]. The scenario part is kept as it
    /// was written; the ask's parameters must name a kind and everything that kind needs.
    pub fn from_query(query: &str) -> Result<Question, Error> {
        let query = query.trim().strip_prefix('?').unwrap_or(query.trim());
        let mut link: Vec<&str> = Vec::new();
        let mut params: Vec<(String, String)> = Vec::new();
        for segment in query.split('&').filter(|s| !s.is_empty()) {
            let (name, value) = form_urlencoded::parse(segment.as_bytes())
                .next()
                .map(|(n, v)| (n.into_owned(), v.into_owned()))
                .unwrap_or_default();
            if QUESTION_PARAMS.contains(&name.as_str()) {
                if name != REPEATED && params.iter().any(|(n, _)| *n == name) {
                    return Err(Error::Question(format!(
                        "The parameter {} is given twice.",
                        crate::core::shown(&name)
                    )));
                }
                params.push((name, value));
            } else {
                link.push(segment);
            }
        }
        let ask = read_ask(&params)?;
        Ok(Question {
            link: link.join("&"),
            ask,
        })
    }
}

/// The ask's parameters, in a fixed order, without defaults.
fn ask_params(ask: &Ask) -> Vec<(&'static str, String)> {
    let mut out = vec![("ask", ask.kind().id().to_string())];
    match ask {
        Ask::Moves { change } => out.push(("change", change.to_string())),
        Ask::Owner { key } => out.push(("key", key.clone())),
        Ask::Number {
            measure,
            change,
            unit,
            band,
        } => {
            out.push(("measure", measure.id().to_string()));
            out.push(("change", change.to_string()));
            if *unit != (Unit::Keys { of: None }) {
                out.push(("unit", unit.id().to_string()));
            }
            match unit {
                Unit::Keys { of: Some(of) } => out.push(("of", of.to_string())),
                Unit::Reads { reads, hit } => {
                    out.push(("reads", reads.to_string()));
                    out.push(("hit", hit.to_string()));
                }
                _ => {}
            }
            out.push(("band", band.to_string()));
        }
        Ask::Arc { of, slack } => {
            match of {
                ArcOf::Server(name) => out.push(("server", name.clone())),
                ArcOf::Change(change) => out.push(("change", change.to_string())),
            }
            if *slack != 0 {
                out.push(("slack", slack.to_string()));
            }
        }
        Ask::Share { server, slack } => {
            out.push(("server", server.clone()));
            if *slack != 0.0 {
                out.push(("slack", slack.to_string()));
            }
        }
        Ask::Choice { concept } => {
            out.push(("concept", concept.id().to_string()));
            match concept {
                Concept::Leaving { server } | Concept::Restore { server } => {
                    out.push(("server", server.clone()))
                }
                Concept::Between { change } => out.push(("change", change.to_string())),
                Concept::HotKey { points } => out.push(("points", points.to_string())),
            }
        }
        Ask::Busiest => {}
        Ask::Overload { band } => out.push(("band", band.to_string())),
        Ask::Peak { change, band } | Ask::Settle { change, band } => {
            out.push(("change", change.to_string()));
            out.push(("band", band.to_string()));
        }
        Ask::Pick {
            prompt,
            statements,
            right,
        } => {
            out.push(("prompt", prompt.clone()));
            out.extend(statements.iter().map(|s| ("say", s.clone())));
            out.push(("right", letter(*right).to_string()));
        }
    }
    out
}

/// The ask the parameters describe; every parameter must be one its kind takes.
fn read_ask(params: &[(String, String)]) -> Result<Ask, Error> {
    let get = |name: &str| {
        params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let need = |name: &str| {
        get(name).ok_or_else(|| Error::Question(format!("The question has no {name}= parameter.")))
    };
    let change = |name: &str| -> Result<Change, Error> {
        need(name)?
            .parse()
            .map_err(|e| Error::Question(format!("{name}: {e}")))
    };
    let band = || -> Result<Band, Error> {
        match get("band") {
            Some(text) => text
                .parse()
                .map_err(|e| Error::Question(format!("band: {e}"))),
            None => Ok(Band::EXACT),
        }
    };
    let kind: QuestionKind = need("ask")?.parse()?;
    let (ask, takes): (Ask, &[&str]) = match kind {
        QuestionKind::Moves => (
            Ask::Moves {
                change: change("change")?,
            },
            &["change"],
        ),
        QuestionKind::Owner => (
            Ask::Owner {
                key: need("key")?.trim().to_string(),
            },
            &["key"],
        ),
        QuestionKind::Number => {
            let unit = match get("unit").unwrap_or("keys").trim() {
                "keys" => Unit::Keys {
                    of: get("of").map(|t| whole("of", t)).transpose()?,
                },
                "percent" => Unit::Percent,
                "reads" => Unit::Reads {
                    reads: whole("reads", need("reads")?)?,
                    hit: whole("hit", need("hit")?)?,
                },
                other => {
                    return Err(Error::Question(format!(
                        "Unknown unit {:?}; choose keys, percent or reads.",
                        crate::core::shown(other)
                    )))
                }
            };
            let band = match get("band") {
                Some(text) => text
                    .parse()
                    .map_err(|e| Error::Question(format!("band: {e}")))?,
                None => Band::EXACT,
            };
            (
                Ask::Number {
                    measure: need("measure")?.parse()?,
                    change: change("change")?,
                    unit,
                    band,
                },
                &["measure", "change", "unit", "of", "reads", "hit", "band"],
            )
        }
        QuestionKind::Arc => {
            let of = match (get("server"), get("change")) {
                (Some(name), None) => ArcOf::Server(name.trim().to_string()),
                (None, Some(_)) => ArcOf::Change(change("change")?),
                _ => {
                    return Err(Error::Question(
                        "An arc question names either a server= or a change=.".into(),
                    ))
                }
            };
            let slack = get("slack").map(|t| whole("slack", t)).transpose()?;
            (
                Ask::Arc {
                    of,
                    slack: slack.unwrap_or(0),
                },
                &["server", "change", "slack"],
            )
        }
        QuestionKind::Share => {
            let slack = get("slack")
                .map(|t| decimal(t).map_err(|e| Error::Question(format!("slack: {e}"))))
                .transpose()?;
            (
                Ask::Share {
                    server: need("server")?.trim().to_string(),
                    slack: slack.unwrap_or(0.0),
                },
                &["server", "slack"],
            )
        }
        QuestionKind::Choice => {
            let concept = match need("concept")?.trim() {
                "leaving" => Concept::Leaving {
                    server: need("server")?.trim().to_string(),
                },
                "between" => Concept::Between {
                    change: change("change")?,
                },
                "restore" => Concept::Restore {
                    server: need("server")?.trim().to_string(),
                },
                "hot-key" => Concept::HotKey {
                    points: whole("points", need("points")?)?,
                },
                other => {
                    return Err(Error::Question(format!(
                        "Unknown concept {:?}; choose leaving, between, restore or hot-key.",
                        crate::core::shown(other)
                    )))
                }
            };
            (
                Ask::Choice { concept },
                &["concept", "server", "change", "points"],
            )
        }
        QuestionKind::Busiest => (Ask::Busiest, &[]),
        QuestionKind::Overload => (Ask::Overload { band: band()? }, &["band"]),
        QuestionKind::Peak => (
            Ask::Peak {
                change: change("change")?,
                band: band()?,
            },
            &["change", "band"],
        ),
        QuestionKind::Settle => (
            Ask::Settle {
                change: change("change")?,
                band: band()?,
            },
            &["change", "band"],
        ),
        QuestionKind::Pick => {
            let statements: Vec<String> = params
                .iter()
                .filter(|(n, _)| n == REPEATED)
                .map(|(_, v)| v.trim().to_string())
                .collect();
            let right = read_reply(QuestionKind::Pick, need("right")?)
                .map_err(|e| Error::Question(format!("right: {e}")))?;
            let Response::Pick(right) = right else {
                return Err(Error::Question(
                    "right: name a statement by its letter.".into(),
                ));
            };
            (
                Ask::Pick {
                    prompt: need("prompt")?.trim().to_string(),
                    statements,
                    right,
                },
                &["prompt", "say", "right"],
            )
        }
    };
    if let Some((name, _)) = params
        .iter()
        .find(|(n, _)| n != "ask" && !takes.contains(&n.as_str()))
    {
        return Err(Error::Question(format!(
            "A {} question takes no {}= parameter.",
            kind.id(),
            crate::core::shown(name)
        )));
    }
    Ok(ask)
}

/// Percent-encodes a parameter value the way links do: letters, digits and `-_.~@,:^*!` stay.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~@,:^*!".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEACHING: &str = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";

    #[test]
    fn every_kind_of_question_reads_back_from_its_query() {
        let asks = [
            "ask=moves&change=add:D@60",
            "ask=owner&key=user%3A7",
            "ask=owner&key=@52",
            "ask=number&measure=mod-n&change=add:E&unit=keys&of=10000000&band=3000000..10000000",
            "ask=number&measure=moved&change=remove:B&band=0",
            "ask=number&measure=ideal&change=add:E*2&unit=percent&band=1",
            "ask=number&measure=moved&change=remove:C&unit=reads&reads=50000&hit=95&band=5%25",
            "ask=arc&server=C",
            "ask=arc&change=add:D@60&slack=2",
            "ask=share&server=D&slack=0.5",
            "ask=choice&concept=leaving&server=B",
            "ask=choice&concept=between&change=add:E",
            "ask=choice&concept=restore&server=C",
            "ask=choice&concept=hot-key&points=1000",
            "ask=busiest",
            "ask=overload&band=0.05",
            "ask=peak&change=fail:C&band=5%25",
            "ask=settle&change=remove:B&band=0.1",
            "ask=pick&prompt=Why%3F&say=One%20%26%20two&say=Three&right=b",
        ];
        for ask in asks {
            let text = format!("{TEACHING}&{ask}");
            let q = Question::from_query(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(q.link, TEACHING);
            let again = Question::from_query(&q.to_query()).unwrap();
            assert_eq!(again, q, "{text}");
        }
    }

    #[test]
    fn defaults_are_left_out_of_the_query() {
        let q =
            Question::from_query("ring=100&servers=A@1&ask=number&measure=moved&change=remove:A")
                .unwrap();
        assert_eq!(
            q.to_query(),
            "ring=100&servers=A@1&ask=number&measure=moved&change=remove:A&band=0"
        );
    }

    #[test]
    fn malformed_asks_are_refused_with_a_reason() {
        let cases = [
            ("servers=A", "has no ask="),
            ("servers=A&ask=riddle", "Unknown kind of question"),
            ("servers=A&ask=moves", "has no change="),
            ("servers=A&ask=moves&change=explode:A", "change:"),
            ("servers=A&ask=owner&key=@1&key=@2", "given twice"),
            ("servers=A&ask=owner&key=@1&band=3", "takes no band="),
            (
                "servers=A&ask=number&measure=lots&change=add:B",
                "Unknown measure",
            ),
            (
                "servers=A&ask=number&measure=moved&change=add:B&unit=reads",
                "has no reads=",
            ),
            (
                "servers=A&ask=number&measure=moved&change=add:B&band=x",
                "band:",
            ),
            ("servers=A&ask=arc", "either a server= or a change="),
            ("servers=A&ask=share&server=A&slack=-1", "slack:"),
            ("servers=A&ask=choice&concept=magic", "Unknown concept"),
        ];
        for (text, expected) in cases {
            let message = Question::from_query(text).unwrap_err().to_string();
            assert!(message.contains(expected), "{text}: {message}");
        }
    }
}
