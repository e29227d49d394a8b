//! Exercise sets: a list of questions as one URL-safe query parameter value.
//!
//! A set is written `1.Q1.Q2...`: the format's version, then each question's query string (see
//! [`Question::to_query`]) in base64 with the URL-safe alphabet, separated by dots. Dots and
//! that alphabet need no escaping in a URL, so a set can follow `?quiz=` as it is. Each
//! question is encoded on its own so that one damaged question spoils only itself.
//!
//! A set holds questions, never answers: reading one poses every question again, so a set
//! edited by hand can change what is asked but cannot make a wrong reply right.

use std::fmt;

use super::base64;
use super::posed::Posed;
use super::question::Question;

/// The query parameter a page reads an exercise set from: `?quiz=1.cmluZz0...`.
pub const SET_PARAM: &str = "quiz";

/// The most questions read from one set.
pub const MAX_SET: usize = 100;

/// The longest question read, in characters of its encoding.
const MAX_QUESTION_CHARS: usize = 8192;

/// The format version this engine writes and reads.
const VERSION: &str = "1";

/// Writes `questions` as one query parameter value.
///
/// ```
/// use ringlab::teach::quiz::{decode_set, encode_set, Ask, Question};
/// let q = Question::new("ring=100&servers=A@20,B@50,C@80&keys=@95", Ask::Owner { key: "@95".into() });
/// let value = encode_set(&[q.clone()]);
/// assert!(value.starts_with("1."));
/// let set = decode_set(&value);
/// assert!(set.problems.is_empty());
/// assert_eq!(set.questions[0].question(), &q);
/// ```
pub fn encode_set(questions: &[Question]) -> String {
    let mut out = String::from(VERSION);
    for q in questions {
        out.push('.');
        out.push_str(&base64::encode(q.to_query().as_bytes()));
    }
    out
}

/// Something in a set that could not be used, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetProblem {
    /// The question it concerns, counted from 1, or `None` for the set as a whole.
    pub question: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SetProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.question {
            Some(i) => write!(f, "Question {i}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// What a set held: every question that could be posed, in order, and what was skipped.
#[derive(Debug, Clone)]
pub struct DecodedSet {
    /// The questions, posed.
    pub questions: Vec<Posed>,
    /// Each question that was skipped, or a problem with the whole set, in words.
    pub problems: Vec<SetProblem>,
}

/// Reads a set written by [`encode_set`] and poses each question. Never fails: a question that
/// cannot be read or posed is skipped and said in [`DecodedSet::problems`].
pub fn decode_set(value: &str) -> DecodedSet {
    let mut set = DecodedSet {
        questions: Vec::new(),
        problems: Vec::new(),
    };
    let whole = |message: String| SetProblem {
        question: None,
        message,
    };
    let value = value.trim();
    if value.is_empty() {
        set.problems
            .push(whole("The exercise set is empty.".into()));
        return set;
    }
    let mut pieces = value.split('.');
    let version = pieces.next().unwrap_or_default();
    if version != VERSION {
        set.problems.push(whole(format!(
            "This exercise set starts with {:?}; this version of Ringlab reads sets that start with \"{VERSION}.\".",
            crate::core::shown(version)
        )));
        return set;
    }
    for (i, piece) in pieces.enumerate() {
        let number = i + 1;
        if number > MAX_SET {
            set.problems.push(whole(format!(
                "The set holds more than {MAX_SET} questions; only the first {MAX_SET} are read."
            )));
            break;
        }
        match read_one(piece).and_then(|q| q.pose().map_err(|e| e.to_string())) {
            Ok(posed) => set.questions.push(posed),
            Err(message) => set.problems.push(SetProblem {
                question: Some(number),
                message,
            }),
        }
    }
    set
}

/// One question from its encoding.
fn read_one(piece: &str) -> Result<Question, String> {
    if piece.is_empty() {
        return Err("it is empty.".into());
    }
    if piece.len() > MAX_QUESTION_CHARS {
        return Err(format!(
            "it is longer than {MAX_QUESTION_CHARS} characters."
        ));
    }
    let bytes = base64::decode(piece).map_err(|m| format!("it cannot be read: {m}."))?;
    let text = String::from_utf8(bytes).map_err(|_| "it does not decode to text.".to_string())?;
    Question::from_query(&text).map_err(|e| e.to_string())
}
