//! A question posed: its scenario read, its prompt written and its answer worked out.

use super::answer::{Alternative, Answer, Response};
use super::ask::Ask;
use super::kind::QuestionKind;
use super::kinds::{
    arc, busiest, choice, moves, number, overload, owner, peak, pick, settle, share,
};
use super::marking::{mark, Marking};
use super::phrases;
use super::question::{Question, PAGE_PARAMS};
use super::reply::read_reply;
use crate::core::Error;
use crate::core::Scenario;
use crate::core::{read_link, write_link};

/// The most keys a question's scenario may hold.
pub const MAX_QUESTION_KEYS: usize = 20_000;

/// A question with its answer worked out, ready to show and to mark.
#[derive(Debug, Clone)]
pub struct Posed {
    question: Question,
    scenario: Scenario,
    setting: String,
    prompt: String,
    answer: Answer,
    worked: Vec<String>,
    reveal: String,
}

impl Question {
    /// Reads the scenario and works out the answer. Refused, with the reason in words, when
    /// the link cannot be read cleanly or the question cannot be answered on its scenario (a
    /// key or server it names is missing, the change cannot be applied, a band leaves out the
    /// answer...).
    ///
    /// ```
    /// use ringlab::teach::quiz::{Question, Response};
    /// let q = Question::from_query(
    ///     "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&ask=moves&change=add:D@60",
    /// ).unwrap();
    /// let posed = q.pose().unwrap();
    /// assert_eq!(posed.prompt(), "D joins at 60. Which keys change server?");
    /// let marking = posed.mark(&Response::Keys(vec!["@52".into()])).unwrap();
    /// assert!(marking.right);
    /// ```
    pub fn pose(&self) -> Result<Posed, Error> {
        let scenario = read_scenario(&self.link)?;
        let parts = match &self.ask {
            Ask::Moves { change } => moves::pose(&scenario, change)?,
            Ask::Owner { key } => owner::pose(&scenario, key)?,
            Ask::Number {
                measure,
                change,
                unit,
                band,
            } => number::pose(&scenario, *measure, change, *unit, *band)?,
            Ask::Arc { of, slack } => arc::pose(&scenario, of, *slack)?,
            Ask::Share { server, slack } => share::pose(&scenario, server, *slack)?,
            Ask::Choice { concept } => choice::pose(&scenario, concept)?,
            Ask::Busiest => busiest::pose(&scenario)?,
            Ask::Overload { band } => overload::pose(&scenario, *band)?,
            Ask::Peak { change, band } => peak::pose(&scenario, change, *band)?,
            Ask::Settle { change, band } => settle::pose(&scenario, change, *band)?,
            Ask::Pick {
                prompt,
                statements,
                right,
            } => pick::pose(&scenario, prompt, statements, *right)?,
        };
        let extra: Vec<(String, String)> = parts
            .select
            .iter()
            .map(|key| ("select".to_string(), key.clone()))
            .collect();
        let reveal = write_link(&scenario, parts.then.as_ref(), &extra);
        Ok(Posed {
            question: self.clone(),
            setting: phrases::setting(&scenario),
            scenario,
            prompt: parts.prompt,
            answer: parts.answer,
            worked: parts.worked,
            reveal,
        })
    }
}

/// The scenario of a question's link; a link that does not read cleanly is refused.
fn read_scenario(link: &str) -> Result<Scenario, Error> {
    let read = read_link(link, MAX_QUESTION_KEYS);
    if !read.ignored.is_empty() {
        let more = match read.ignored.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        return Err(Error::Question(format!(
            "The scenario could not be read: {}{more}.",
            crate::core::shown(&read.ignored[0])
        )));
    }
    if let Some((name, _)) = read
        .extra
        .iter()
        .find(|(n, _)| !PAGE_PARAMS.contains(&n.as_str()))
    {
        return Err(Error::Question(format!(
            "The link holds {name}=, which is neither part of the scenario nor of the question."
        )));
    }
    Ok(read.scenario)
}

impl Posed {
    /// The question as it was given.
    pub fn question(&self) -> &Question {
        &self.question
    }

    /// The kind of question.
    pub fn kind(&self) -> QuestionKind {
        self.question.kind()
    }

    /// The scenario the question is about, as the page should show it.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The scenario in one sentence, for a text without the picture.
    pub fn setting(&self) -> &str {
        &self.setting
    }

    /// The question in words, with the band or slack it is marked within.
    pub fn prompt(&self) -> &str {
        &self.prompt
    }

    /// The engine's answer.
    pub fn answer(&self) -> &Answer {
        &self.answer
    }

    /// The worked answer, a step a line, to show after a reply.
    pub fn worked(&self) -> &[String] {
        &self.worked
    }

    /// A link that shows the answer on the page: the change replayed (`then=`) and the key
    /// asked about highlighted (`select=`).
    pub fn reveal_link(&self) -> &str {
        &self.reveal
    }

    /// The labels a "which keys move?" reply chooses from, in ring order; empty for other
    /// kinds.
    pub fn keys(&self) -> Vec<String> {
        match &self.answer {
            Answer::Moves { keys } => keys.iter().map(|k| k.label.clone()).collect(),
            _ => Vec::new(),
        }
    }

    /// The statements of a choice question; empty for other kinds.
    pub fn alternatives(&self) -> &[Alternative] {
        match &self.answer {
            Answer::Choice { alternatives, .. } => alternatives,
            _ => &[],
        }
    }

    /// Marks a reply. A reply of another kind, or one naming a key or statement the question
    /// does not have, is refused.
    pub fn mark(&self, response: &Response) -> Result<Marking, Error> {
        mark(&self.answer, response, &self.worked)
    }

    /// Reads a typed reply the way this question expects it (see
    /// [`read_reply`](super::read_reply)).
    pub fn read_reply(&self, text: &str) -> Result<Response, Error> {
        read_reply(self.kind(), text)
    }
}
