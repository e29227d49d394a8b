//! `ringlab quiz`: practice questions from a seed, or the questions of an exercise set, with
//! the engine's answers and worked explanations, as text or JSON.

use std::fmt::Write;
use std::io::{self, BufRead};

use serde_json::{json, Value};

use ringlab::core::parse_number;
use ringlab::teach::quiz::{
    decode_set, encode_set, generate, letter, Answer, Difficulty, Marking, Posed, QuestionKind,
    Score, Unit, MAX_SET, SET_PARAM,
};

use crate::cli::QuizArgs;
use crate::experiment::Failure;

/// One question as printed: its number, the level it was drawn at, and the question posed.
struct Printed {
    level: Option<u8>,
    posed: Posed,
    marked: Option<(String, Marking)>,
}

/// The questions asked for, their answers, and what a set held that could not be used.
struct Quiz {
    seed: Option<u64>,
    questions: Vec<Printed>,
    problems: Vec<String>,
    score: Option<Score>,
}

/// Runs `ringlab quiz`, returning the report.
pub fn run(args: &QuizArgs) -> Result<String, Failure> {
    let mut quiz = match (&args.set, &args.scenario) {
        (Some(value), _) => from_set(value)?,
        (None, Some(link)) => Quiz {
            seed: None,
            questions: vec![Printed {
                level: None,
                posed: crate::pose::one(link, args)?,
                marked: None,
            }],
            problems: Vec::new(),
            score: None,
        },
        (None, None) => generated(args)?,
    };
    if args.ask {
        return ask(&quiz, &mut io::stdin().lock(), &mut io::stdout().lock());
    }
    mark_replies(&mut quiz, &args.reply)?;
    Ok(if args.json {
        render_json(&quiz)
    } else {
        render_text(&quiz)
    })
}

/// Questions of the kinds asked for, in turn, at the level asked for.
fn generated(args: &QuizArgs) -> Result<Quiz, Failure> {
    let refuse = |flag: &str, message: String| Failure::Refused(format!("{flag}: {message}"));
    let seed = parse_number::<u64>(&args.seed).map_err(|e| refuse("--seed", e.to_string()))?;
    let count = parse_number::<usize>(&args.count)
        .ok()
        .filter(|c| (1..=MAX_SET).contains(c))
        .ok_or_else(|| {
            refuse(
                "--count",
                format!("a quiz holds from 1 to {MAX_SET} questions."),
            )
        })?;
    let level = parse_number::<u8>(&args.level)
        .map_err(|e| e.to_string())
        .and_then(|l| Difficulty::new(l).map_err(|e| e.to_string()))
        .map_err(|m| refuse("--level", m))?;
    let mut kinds: Vec<QuestionKind> = Vec::new();
    for text in args.kind.iter().flat_map(|k| k.split(',')) {
        let kind = text
            .parse::<QuestionKind>()
            .map_err(|e| refuse("--kind", e.to_string()))?;
        if !QuestionKind::PRACTICE.contains(&kind) {
            return Err(refuse(
                "--kind",
                format!(
                    "{kind} questions are not drawn from a seed; pose one on a scenario with --scenario."
                ),
            ));
        }
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    if kinds.is_empty() {
        kinds = QuestionKind::PRACTICE.to_vec();
    }
    let questions = (0..count)
        .map(|i| {
            let kind = kinds[i % kinds.len()];
            let question = generate(seed, i as u64, level, Some(kind));
            let posed = question
                .pose()
                .map_err(|e| Failure::Refused(format!("question {}: {e}", i + 1)))?;
            Ok(Printed {
                level: Some(level.level()),
                posed,
                marked: None,
            })
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    Ok(Quiz {
        seed: Some(seed),
        questions,
        problems: Vec::new(),
        score: None,
    })
}

/// The questions of an exercise set; refused when none can be used.
fn from_set(value: &str) -> Result<Quiz, Failure> {
    let value = value.trim();
    let value = value
        .strip_prefix(&format!("{SET_PARAM}="))
        .unwrap_or(value);
    let set = decode_set(value);
    let problems: Vec<String> = set.problems.iter().map(|p| p.to_string()).collect();
    if set.questions.is_empty() {
        return Err(Failure::Refused(format!(
            "--set: no question could be used. {}",
            problems.join(" ")
        )));
    }
    Ok(Quiz {
        seed: None,
        questions: set
            .questions
            .into_iter()
            .map(|posed| Printed {
                level: None,
                posed,
                marked: None,
            })
            .collect(),
        problems,
        score: None,
    })
}

/// Marks `replies` against the questions in turn; a reply that cannot be read, or one more
/// than there are questions, is refused.
fn mark_replies(quiz: &mut Quiz, replies: &[String]) -> Result<(), Failure> {
    if replies.is_empty() {
        return Ok(());
    }
    let total = quiz.questions.len();
    if replies.len() > total {
        return Err(Failure::Refused(format!(
            "--reply: {} replies for {total} {}; give one reply per question, in turn.",
            replies.len(),
            if total == 1 { "question" } else { "questions" }
        )));
    }
    let mut score = Score::new();
    for (i, (printed, reply)) in quiz.questions.iter_mut().zip(replies).enumerate() {
        let refuse = |e: ringlab::core::Error| {
            Failure::Refused(format!("--reply {:?} to question {}: {e}", reply, i + 1))
        };
        let response = printed.posed.read_reply(reply).map_err(refuse)?;
        let marking = printed.posed.mark(&response).map_err(refuse)?;
        score.record(&printed.posed, &marking);
        printed.marked = Some((reply.clone(), marking));
    }
    quiz.score = Some(score);
    Ok(())
}

/// How each kind of question wants its reply typed.
fn reply_hint(kind: QuestionKind) -> &'static str {
    match kind {
        QuestionKind::Moves => "key labels separated by commas, or none",
        QuestionKind::Owner | QuestionKind::Busiest => "a server's name",
        QuestionKind::Number | QuestionKind::Peak => "a number, as 8 million, 2,500 or 80%",
        QuestionKind::Overload => "a number of times, as 2.5",
        QuestionKind::Settle => "a number of seconds, as 0.9",
        QuestionKind::Arc => "first and last position, as 41 to 60",
        QuestionKind::Share => "a share in percent, as 37.5",
        QuestionKind::Choice | QuestionKind::Pick => "a letter",
    }
}

/// Asks the questions in turn on `output`, reading a reply a line from `input`, and marks each.
/// A reply that cannot be read is asked again; the end of the input ends the quiz early. The
/// report has already been written, so the text returned is empty.
fn ask(
    quiz: &Quiz,
    input: &mut impl BufRead,
    output: &mut impl io::Write,
) -> Result<String, Failure> {
    let failed = |e: io::Error| Failure::Refused(format!("cannot write the questions: {e}"));
    let total = quiz.questions.len();
    let mut score = Score::new();
    'questions: for (i, printed) in quiz.questions.iter().enumerate() {
        let posed = &printed.posed;
        let mut text = format!(
            "Question {} of {total} · {}\n{}\n{}\n",
            i + 1,
            posed.kind().name(),
            posed.setting(),
            posed.prompt()
        );
        for (j, alt) in posed.alternatives().iter().enumerate() {
            let _ = writeln!(text, "  {}) {}", letter(j), alt.text);
        }
        output.write_all(text.as_bytes()).map_err(failed)?;
        let marking = loop {
            write!(output, "Your answer ({}): ", reply_hint(posed.kind())).map_err(failed)?;
            output.flush().map_err(failed)?;
            let mut line = String::new();
            let read = input
                .read_line(&mut line)
                .map_err(|e| Failure::Refused(format!("cannot read a reply: {e}")))?;
            if read == 0 {
                writeln!(output, "\nNo more replies.").map_err(failed)?;
                break 'questions;
            }
            match posed
                .read_reply(&line)
                .and_then(|response| posed.mark(&response))
            {
                Ok(marking) => break marking,
                Err(e) => writeln!(output, "{e} Try again.").map_err(failed)?,
            }
        };
        score.record(posed, &marking);
        let mut text = format!("{}\n", marking.verdict);
        for key in &marking.keys {
            let _ = writeln!(text, "  {} {}: {}", key.label, key.grade.words(), key.why);
        }
        let _ = writeln!(text, "Answer: {}", posed.answer().text());
        for line in &marking.worked {
            let _ = writeln!(text, "  - {line}");
        }
        text.push('\n');
        output.write_all(text.as_bytes()).map_err(failed)?;
    }
    output
        .write_all(score.summary().as_bytes())
        .map_err(failed)?;
    Ok(String::new())
}

fn set_value(quiz: &Quiz) -> String {
    let questions: Vec<_> = quiz
        .questions
        .iter()
        .map(|p| p.posed.question().clone())
        .collect();
    encode_set(&questions)
}

/// Each question, its answer and its working, then the set to paste into a link.
fn render_text(quiz: &Quiz) -> String {
    let mut out = String::new();
    let total = quiz.questions.len();
    for (i, printed) in quiz.questions.iter().enumerate() {
        let posed = &printed.posed;
        let level = printed
            .level
            .map(|l| format!(" · level {l}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "Question {} of {total} · {}{level}",
            i + 1,
            posed.kind().name()
        );
        let _ = writeln!(out, "{}", posed.setting());
        let _ = writeln!(out, "{}", posed.prompt());
        for (j, alt) in posed.alternatives().iter().enumerate() {
            let _ = writeln!(out, "  {}) {}", letter(j), alt.text);
        }
        let _ = writeln!(out, "Scenario: ?{}", posed.question().link);
        if let Some((reply, marking)) = &printed.marked {
            let _ = writeln!(out, "Your reply: {reply}");
            let _ = writeln!(out, "Marked: {}", marking.verdict);
            for key in &marking.keys {
                let _ = writeln!(out, "  {} {}: {}", key.label, key.grade.words(), key.why);
            }
        }
        let _ = writeln!(out, "Answer: {}", posed.answer().text());
        for line in posed.worked() {
            let _ = writeln!(out, "  - {line}");
        }
        let _ = writeln!(out, "Shown on the ring: ?{}", posed.reveal_link());
        out.push('\n');
    }
    for problem in &quiz.problems {
        let _ = writeln!(out, "Skipped: {problem}");
    }
    if !quiz.problems.is_empty() {
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "Exercise set of {total} {}, for ?{SET_PARAM}= in the page's address:",
        if total == 1 { "question" } else { "questions" }
    );
    let _ = writeln!(out, "{}", set_value(quiz));
    if let Some(score) = &quiz.score {
        out.push('\n');
        out.push_str(&score.summary());
    }
    out
}

/// The same as one JSON object.
fn render_json(quiz: &Quiz) -> String {
    let questions: Vec<Value> = quiz
        .questions
        .iter()
        .enumerate()
        .map(|(i, printed)| question_json(i + 1, printed))
        .collect();
    let mut report = json!({
        "seed": quiz.seed,
        "set": set_value(quiz),
        "questions": questions,
        "problems": quiz.problems,
    });
    if let Some(score) = &quiz.score {
        report["score"] = json!({
            "right": score.right(),
            "total": score.total(),
            "best_streak": score.best_streak(),
            "summary": score.summary(),
        });
    }
    let mut text = serde_json::to_string_pretty(&report)
        .unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()));
    text.push('\n');
    text
}

fn question_json(number: usize, printed: &Printed) -> Value {
    let posed = &printed.posed;
    let alternatives: Vec<Value> = posed
        .alternatives()
        .iter()
        .enumerate()
        .map(|(j, a)| json!({"letter": letter(j).to_string(), "text": a.text, "why": a.why}))
        .collect();
    let mut value = json!({
        "number": number,
        "kind": posed.kind().id(),
        "level": printed.level,
        "setting": posed.setting(),
        "prompt": posed.prompt(),
        "alternatives": alternatives,
        "scenario": posed.question().link,
        "question": posed.question().to_query(),
        "answer": answer_json(posed.answer()),
        "worked": posed.worked(),
        "reveal": posed.reveal_link(),
    });
    if let Some((reply, marking)) = &printed.marked {
        let keys: Vec<Value> = marking
            .keys
            .iter()
            .map(|k| json!({"key": k.label, "grade": k.grade.words(), "moved": k.moved, "why": k.why}))
            .collect();
        value["marked"] = json!({
            "reply": reply,
            "right": marking.right,
            "verdict": marking.verdict,
            "keys": keys,
        });
    }
    value
}

fn answer_json(answer: &Answer) -> Value {
    let mut value = match answer {
        Answer::Moves { keys } => {
            let moved: Vec<&str> = keys
                .iter()
                .filter(|k| k.moved)
                .map(|k| k.label.as_str())
                .collect();
            let all: Vec<Value> = keys
                .iter()
                .map(|k| json!({"key": k.label, "from": k.from, "to": k.to, "moved": k.moved, "why": k.why}))
                .collect();
            json!({"moved": moved, "keys": all})
        }
        Answer::Owner { server } => json!({"server": server}),
        Answer::Number {
            value,
            unit,
            low,
            high,
        } => json!({"value": value, "unit": unit_name(*unit), "low": low, "high": high}),
        Answer::Arc { span, slack, .. } => {
            json!({"first": span.first, "last": span.last, "slack": slack})
        }
        Answer::Share { percent, low, high } => {
            json!({"percent": percent, "low": low, "high": high})
        }
        Answer::Choice { right, .. } => json!({"right": letter(*right).to_string()}),
    };
    value["text"] = json!(answer.text());
    value
}

fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Keys { .. } => "keys",
        Unit::Percent => "percent",
        Unit::Reads { .. } => "reads per second",
        Unit::Times => "times a fair share",
        Unit::Seconds => "seconds",
    }
}
