//! The fields of "Ask about this", by kind of question: what each kind needs besides the
//! scenario on screen, what they start with on this screen, and the question they describe,
//! written as the question's own link parameters. The answer is never a field: the engine
//! works it out.

use leptos::prelude::*;

use super::capture::scenario_link;
use crate::teach::quiz::{Question, QuestionKind};
use crate::ui::state::{AppState, View};

/// The parameters a kind of question takes in the dialog, in the order shown.
pub(super) fn fields(kind: QuestionKind) -> &'static [&'static str] {
    match kind {
        QuestionKind::Moves => &["change"],
        QuestionKind::Owner => &["key"],
        QuestionKind::Number => &["change", "measure", "unit", "band"],
        QuestionKind::Arc => &["server"],
        QuestionKind::Share => &["server", "slack"],
        QuestionKind::Choice => &["concept", "server", "change", "points"],
        QuestionKind::Busiest => &[],
        QuestionKind::Overload => &["band"],
        QuestionKind::Peak | QuestionKind::Settle => &["change", "band"],
        QuestionKind::Pick => &["prompt", "say", "right"],
    }
}

/// Whether the kind asks about a change not yet made: its scenario is the screen before the
/// last change when the change asked about is that last change.
pub(super) fn asks_about_a_change(kind: QuestionKind) -> bool {
    fields(kind).contains(&"change")
}

/// A field's label.
pub(super) fn label(name: &str) -> &'static str {
    match name {
        "change" => "The change (as in a link: add:D@60, remove:B, fail:C)",
        "key" => "The key",
        "server" => "The server",
        "measure" => "What is counted",
        "unit" => "In",
        "band" => "Right within (0, 5, 10%, 2000..3000)",
        "slack" => "Right within, in percentage points",
        "concept" => "The idea",
        "points" => "Points per server to try",
        "prompt" => "Your question",
        "say" => "Statements, one a line",
        "right" => "The right statement",
        _ => "",
    }
}

/// The choices of a field that has a fixed list: value and words.
pub(super) fn choices(name: &str) -> &'static [(&'static str, &'static str)] {
    match name {
        "measure" => &[
            ("moved", "keys that move here"),
            ("ideal", "the least any placement moves"),
            ("mod-n", "keys hash mod N moves"),
        ],
        "unit" => &[
            ("keys", "keys"),
            ("percent", "percent"),
            ("reads", "database reads a second"),
        ],
        "concept" => &[
            ("leaving", "where a leaving server's keys go"),
            ("between", "whether keys move between servers that stay"),
            (
                "restore",
                "whether a server that comes back gets its keys back",
            ),
            ("hot-key", "whether more virtual nodes tame a hot key"),
        ],
        _ => &[],
    }
}

/// The value a field starts with.
pub(super) fn default(name: &str, kind: QuestionKind) -> &'static str {
    match (name, kind) {
        ("measure", _) => "moved",
        ("unit", _) => "keys",
        ("concept", _) => "leaving",
        ("points", _) => "1000",
        ("band", QuestionKind::Overload) => "0.05",
        ("band", QuestionKind::Peak) => "5%",
        ("band", QuestionKind::Settle) => "10%",
        ("band", _) => "0",
        ("slack", _) => "0",
        ("right", _) => "a",
        _ => "",
    }
}

/// The question the fields describe, on the scenario on screen: its link (the step it is asked
/// on shows that state) and the question, or the engine's refusal in words.
pub(super) fn build(
    app: AppState,
    kind: QuestionKind,
    values: &[(String, String)],
) -> Result<(String, Question), String> {
    let get = |name: &str| {
        values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    let mut extra = Vec::new();
    let view = app.page.view.get_untracked();
    if matches!(view, View::Traffic | View::Timeline) {
        extra.push(("view".to_string(), view.id().to_string()));
    }
    // "Which keys move if ...": when the change asked about is the last change on screen, the
    // question is asked on the screen before it.
    let last = app
        .last
        .with_untracked(|l| l.as_ref().and_then(|o| o.change.clone()));
    let before = app.previous.get_untracked();
    let change = get("change");
    let link = match (asks_about_a_change(kind), last, before) {
        (true, Some(last), Some(before)) if last.to_string() == change => {
            crate::core::write_link(&before, None, &extra)
        }
        _ => scenario_link(app, &extra),
    };
    let mut query = format!("{link}&ask={}", kind.id());
    let mut add = |name: &str, value: &str| {
        query.push('&');
        query.push_str(name);
        query.push('=');
        query.extend(form_urlencoded::byte_serialize(value.as_bytes()));
    };
    let concept = get("concept");
    for name in fields(kind) {
        let value = get(name);
        let needed = match (kind, *name) {
            (QuestionKind::Choice, "server") => matches!(concept.as_str(), "leaving" | "restore"),
            (QuestionKind::Choice, "change") => concept == "between",
            (QuestionKind::Choice, "points") => concept == "hot-key",
            _ => true,
        };
        if !needed {
            continue;
        }
        match *name {
            "say" => {
                for line in value.lines().map(str::trim).filter(|l| !l.is_empty()) {
                    add("say", line);
                }
            }
            "unit" if value == "reads" => {
                let cache = app.work.cache.get_untracked();
                add("unit", "reads");
                add("reads", &(cache.reads as u64).to_string());
                add("hit", &format!("{}", (cache.hit_rate * 100.0).round()));
            }
            _ if value.is_empty() && !matches!(*name, "band" | "slack") => {
                return Err(format!("Fill in: {}.", label(name)));
            }
            _ if value.is_empty() => {}
            _ => add(name, &value),
        }
    }
    let question = Question::from_query(&query).map_err(|e| e.to_string())?;
    question.pose().map_err(|e| e.to_string())?;
    Ok((link, question))
}

/// The value a field starts with on this screen: the last change, the selected key or server.
pub(super) fn start_value(app: AppState, name: &str, kind: QuestionKind) -> String {
    match name {
        "change" => {
            let event = app.work.timeline_event.get_untracked();
            let timeline = app.page.view.get_untracked() == View::Timeline;
            let from_event = app
                .scenario
                .with_untracked(|s| event.change(s).ok())
                .filter(|_| timeline)
                .map(|c| c.to_string());
            from_event
                .or_else(|| {
                    app.last.with_untracked(|l| {
                        l.as_ref()
                            .and_then(|o| o.change.as_ref().map(|c| c.to_string()))
                    })
                })
                .unwrap_or_default()
        }
        "key" => app.selection.key.get_untracked().unwrap_or_else(|| {
            app.scenario.with_untracked(|s| {
                if s.keys().is_empty() {
                    String::new()
                } else {
                    s.keys().label(0)
                }
            })
        }),
        "server" => app.selection.server.get_untracked().unwrap_or_else(|| {
            app.scenario.with_untracked(|s| {
                s.servers()
                    .first()
                    .map(|s| s.name.clone())
                    .unwrap_or_default()
            })
        }),
        _ => default(name, kind).to_string(),
    }
}
