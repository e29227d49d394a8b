//! The one lesson format: a lesson is a title and a list of steps, each a scenario (a link),
//! a caption, optionally something to point at, and questions to ask on it.
//!
//! The built-in lessons and the ones an instructor records on the page are both this data:
//! they are read from and written to the same text ([`super::file`]) and link
//! ([`super::link`]) forms, and played by the same player.

use std::fmt;

use super::caption::{self, Paragraph};
use crate::core::{quoted, Error};
use crate::teach::quiz::Question;

/// One lesson.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lesson {
    /// A stable identifier, usable in an address (`teaching-ring`) for a built-in lesson;
    /// empty for one an instructor wrote, which travels whole instead.
    pub id: String,
    /// The lesson's name for people.
    pub title: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One step of a lesson.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Step {
    /// A few words naming the step.
    pub title: String,
    /// The whole state of this step as a query string for
    /// [`read_link`](crate::core::read_link): the ring, the servers, the keys, `then=` for the
    /// change it shows, `select=` for the key it highlights, `view=` for the view it opens
    /// (with `event=` on the Timeline), `r=` for the copies kept of each key.
    pub link: String,
    /// What to look at, as plain text: paragraphs separated by a blank line, with `**bold**`
    /// and `` `code` `` at most (see [`caption`](super::caption)). Never HTML: any `<` shows
    /// as itself.
    pub caption: String,
    /// What the step points at, if anything.
    pub pointer: Option<Pointer>,
    /// The questions asked on this step, in order: predict, then check.
    pub questions: Vec<StepQuestion>,
}

impl Step {
    /// The caption as paragraphs of plain, bold and code runs.
    pub fn paragraphs(&self) -> Vec<Paragraph> {
        caption::paragraphs(&self.caption)
    }

    /// How many copies of each key the step keeps: its link's `r=`, 1 without one.
    pub fn replicas(&self) -> usize {
        self.param("r")
            .and_then(|r| r.parse().ok())
            .filter(|&r| r >= 1)
            .unwrap_or(1)
    }

    /// Whether the step points at the cache-impact panel.
    pub fn cache(&self) -> bool {
        self.pointer == Some(Pointer::Panel(Panel::Cache))
    }

    /// The value of the link's parameter `name`, as written.
    pub fn param(&self, name: &str) -> Option<String> {
        form_urlencoded::parse(self.link.trim_start_matches('?').as_bytes())
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.into_owned())
    }
}

/// A question asked on a step: the step's words leading into it, and the question itself,
/// whose answer the engine works out when it is posed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StepQuestion {
    /// A few words naming it.
    pub title: String,
    /// A sentence leading into it; the question itself is the engine's.
    pub lead: String,
    /// The question: its scenario link, then what is asked (see
    /// [`Question::from_query`]).
    pub query: String,
}

impl StepQuestion {
    /// The question, read from its query.
    pub fn question(&self) -> Result<Question, Error> {
        Question::from_query(&self.query)
    }
}

/// What a step points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pointer {
    /// A key, by its label: `@52`, `user:7`.
    Key(String),
    /// A server, by its name.
    Server(String),
    /// A panel of the page.
    Panel(Panel),
}

/// The panels a step can point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// Last change: what moved.
    LastChange,
    /// Who owns what: the servers' shares.
    Ownership,
    /// Cache impact: database reads after the change.
    Cache,
    /// The selected key's walk to its owner.
    Key,
    /// Requests per server, on the Traffic view.
    Requests,
}

impl Panel {
    /// Every panel, in the order offered.
    pub const ALL: [Panel; 5] = [
        Panel::LastChange,
        Panel::Ownership,
        Panel::Cache,
        Panel::Key,
        Panel::Requests,
    ];

    /// Its name in the text form: `last-change`, `ownership`, `cache`, `key`, `requests`.
    pub fn id(self) -> &'static str {
        match self {
            Panel::LastChange => "last-change",
            Panel::Ownership => "ownership",
            Panel::Cache => "cache",
            Panel::Key => "key",
            Panel::Requests => "requests",
        }
    }

    /// Its title as the page shows it.
    pub fn title(self) -> &'static str {
        match self {
            Panel::LastChange => "Last change",
            Panel::Ownership => "Who owns what",
            Panel::Cache => "Cache impact",
            Panel::Key => "Selected key",
            Panel::Requests => "Requests per server",
        }
    }
}

impl fmt::Display for Pointer {
    /// `key @52`, `server B`, `panel cache`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pointer::Key(label) => write!(f, "key {label}"),
            Pointer::Server(name) => write!(f, "server {name}"),
            Pointer::Panel(panel) => write!(f, "panel {}", panel.id()),
        }
    }
}

impl std::str::FromStr for Pointer {
    type Err = String;

    /// Reads `key @52`, `server B` or `panel cache`.
    fn from_str(text: &str) -> Result<Pointer, String> {
        let text = text.trim();
        let (what, name) = text.split_once(' ').unwrap_or((text, ""));
        let name = name.trim();
        if name.is_empty() {
            return Err(format!(
                "{} points at nothing: write key LABEL, server NAME or panel NAME",
                quoted(text)
            ));
        }
        match what {
            "key" => Ok(Pointer::Key(name.to_string())),
            "server" => Ok(Pointer::Server(name.to_string())),
            "panel" => Panel::ALL
                .into_iter()
                .find(|p| p.id() == name)
                .map(Pointer::Panel)
                .ok_or_else(|| {
                    let names: Vec<&str> = Panel::ALL.iter().map(|p| p.id()).collect();
                    format!(
                        "there is no panel {}; choose one of {}",
                        quoted(name),
                        names.join(", ")
                    )
                }),
            other => Err(format!(
                "a step points at a key, a server or a panel, not a {}",
                quoted(other)
            )),
        }
    }
}

impl Lesson {
    /// How many questions the lesson asks, all steps told.
    pub fn question_count(&self) -> usize {
        self.steps.iter().map(|s| s.questions.len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_read_back_from_their_text_and_bad_ones_are_named() {
        for text in ["key @52", "server B", "panel cache", "panel last-change"] {
            let p: Pointer = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        assert!("panel sofa"
            .parse::<Pointer>()
            .unwrap_err()
            .contains("sofa"));
        assert!("key".parse::<Pointer>().unwrap_err().contains("nothing"));
        assert!("cloud x".parse::<Pointer>().unwrap_err().contains("cloud"));
    }

    #[test]
    fn a_step_reads_its_copies_from_its_link() {
        let step = Step {
            link: "servers=A,B,C&r=3".into(),
            ..Step::default()
        };
        assert_eq!(step.replicas(), 3);
        assert_eq!(Step::default().replicas(), 1);
    }
}
