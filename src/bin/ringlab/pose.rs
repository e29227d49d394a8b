//! `ringlab quiz --scenario`: one question of any kind posed on any scenario link, the way an
//! instructor asks it from the page. The flags become the question's own parameters, so the
//! question is exactly the one a link would carry, and the engine works its answer out.

use ringlab::teach::quiz::{Posed, Question, QuestionKind, PAGE_PARAMS, QUESTION_PARAMS};

use crate::cli::QuizArgs;
use crate::experiment::Failure;

/// Parameters of a page's address that are neither the scenario nor the question: left out.
const PAGE_ONLY: [&str; 11] = [
    "present", "seed", "quiz", "lesson", "step", "embed", "panels", "host", "reads", "hit", "event",
];

/// The question `args` ask on the scenario `link`, posed.
pub fn one(link: &str, args: &QuizArgs) -> Result<Posed, Failure> {
    let refuse = |flag: &str, message: String| Failure::Refused(format!("{flag}: {message}"));
    let kinds: Vec<&str> = args.kind.iter().flat_map(|k| k.split(',')).collect();
    let kind: QuestionKind = match kinds.as_slice() {
        [one] => one.parse().map_err(|e| refuse("--kind", format!("{e}")))?,
        [] => {
            return Err(refuse(
                "--kind",
                "name the kind of question to ask on the scenario.".into(),
            ))
        }
        _ => {
            return Err(refuse(
                "--kind",
                "--scenario asks one question: name one kind.".into(),
            ))
        }
    };
    let query = link.trim();
    let query = query.split_once('?').map_or(query, |(_, q)| q);
    let query = query.split('#').next().unwrap_or_default();
    let mut params: Vec<String> = Vec::new();
    let mut event = None;
    for segment in query.split('&').filter(|s| !s.is_empty()) {
        let name = segment.split('=').next().unwrap_or_default();
        if name == "event" {
            event = segment.split_once('=').map(|(_, v)| v.to_string());
        }
        if PAGE_ONLY.contains(&name) {
            continue;
        }
        if QUESTION_PARAMS.contains(&name) && !PAGE_PARAMS.contains(&name) {
            return Err(refuse(
                "--scenario",
                format!("the link already asks a question ({name}=); give the scenario only."),
            ));
        }
        params.push(segment.to_string());
    }
    let mut asked = vec![format!("ask={}", kind.id())];
    let mut flag = |name: &str, value: &Option<String>| {
        if let Some(v) = value {
            asked.push(format!("{name}={}", encode(v)));
        }
    };
    // On the Timeline, the link's event= is the change a peak or settle question follows.
    let change = args.change.clone().or(match kind {
        QuestionKind::Peak | QuestionKind::Settle => event,
        _ => None,
    });
    flag("change", &change);
    flag("key", &args.key);
    flag("server", &args.server);
    for pair in &args.with {
        let Some((name, value)) = pair.split_once('=') else {
            return Err(refuse("--with", format!("{pair:?} is not NAME=VALUE.")));
        };
        let name = name.trim();
        if !QUESTION_PARAMS.contains(&name) || ["ask", "change", "key", "server"].contains(&name) {
            return Err(refuse(
                "--with",
                format!("{name} is not a parameter --with gives; see ringlab quiz --help."),
            ));
        }
        asked.push(format!("{name}={}", encode(value.trim())));
    }
    params.extend(asked);
    let question =
        Question::from_query(&params.join("&")).map_err(|e| refuse("--scenario", e.to_string()))?;
    question
        .pose()
        .map_err(|e| Failure::Refused(format!("The question cannot be asked: {e}")))
}

/// Percent-encodes a value for a query string.
fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
