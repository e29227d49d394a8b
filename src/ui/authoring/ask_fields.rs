//! The fields of "Ask about this", by kind of question: what each kind needs besides the
//! scenario on screen, written as the question's own link parameters. The answer is never a
//! field: the engine works it out.

use crate::teach::quiz::QuestionKind;

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
