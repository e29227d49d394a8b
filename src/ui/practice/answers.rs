//! The ways to answer a question (keys to mark, one choice among servers or statements) and the
//! marking shown once it is checked.

use leptos::prelude::*;

use crate::teach::quiz::{Grade, Marking, Posed};

/// The keys as checkboxes, in ring order.
pub(super) fn moves_reply(
    n: usize,
    posed: StoredValue<Posed>,
    marked: RwSignal<Vec<String>>,
    toggle: impl Fn(String) + Copy + Send + Sync + 'static,
    done: impl Fn() -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let keys = posed.with_value(Posed::keys);
    view! {
        <fieldset class="q-options q-keys">
            <legend>"Tick the keys that will move (or click them on the ring)"</legend>
            {keys
                .into_iter()
                .map(|label| {
                    let id = format!("q{n}-key-{}", label.replace(|c: char| !c.is_ascii_alphanumeric(), "_"));
                    let checked = {
                        let label = label.clone();
                        move || marked.with(|m| m.contains(&label))
                    };
                    let on_change = {
                        let label = label.clone();
                        move |_| toggle(label.clone())
                    };
                    let for_id = id.clone();
                    view! {
                        <label class="q-option" for=for_id>
                            <input
                                type="checkbox"
                                id=id
                                data-testid=format!("q-key-{label}")
                                prop:checked=checked
                                disabled=done
                                on:change=on_change
                            />
                            <span class="mono">{label.clone()}</span>
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
}

/// Radio buttons: servers for an owner question, statements for a choice.
pub(super) fn choice_reply(
    n: usize,
    legend: &'static str,
    options: Vec<String>,
    picked: RwSignal<Option<usize>>,
    done: impl Fn() -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <fieldset class="q-options" class:q-statements=legend == "Statements">
            <legend>{legend}</legend>
            {options
                .into_iter()
                .enumerate()
                .map(|(i, text)| {
                    view! {
                        <label class="q-option">
                            <input
                                type="radio"
                                name=format!("q{n}-pick")
                                data-testid=format!("q-option-{i}")
                                prop:checked=move || picked.get() == Some(i)
                                disabled=done
                                on:change=move |_| picked.set(Some(i))
                            />
                            <span>{text}</span>
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
}

/// The marking: the verdict, key by key for moves, each statement's reason, the working.
pub(super) fn result_view(
    n: usize,
    m: Marking,
    posed: StoredValue<Posed>,
    reveal: String,
) -> impl IntoView {
    let keys = m
        .keys
        .iter()
        .map(|k| {
            let class = match k.grade {
                Grade::Right => "grade right",
                Grade::Missed => "grade missed",
                Grade::WronglyMarked => "grade wrong",
            };
            view! {
                <li data-testid=format!("q-grade-{}", k.label)>
                    <span class=class>{format!("{} {}", k.label, k.grade.words())}</span>
                    {format!(": {}", k.why)}
                </li>
            }
        })
        .collect_view();
    let alternatives = posed.with_value(|p| {
        p.alternatives()
            .iter()
            .map(|a| view! { <li><strong>{a.text.clone()}</strong>{format!(" {}", a.why)}</li> })
            .collect_view()
    });
    let has_keys = !m.keys.is_empty();
    let worked = m
        .worked
        .iter()
        .map(|line| view! { <li>{line.clone()}</li> })
        .collect_view();
    view! {
        <p
            class="q-verdict"
            class:right=m.right
            class:wrong=!m.right
            id=format!("q{n}-verdict")
            tabindex="-1"
            data-testid="q-verdict"
        >
            {if m.right { "✓ " } else { "✗ " }}
            {m.verdict.clone()}
        </p>
        <Show when=move || has_keys>
            <p class="q-legend">
                "On the ring: a dark ring marks a key you ticked; a light halo marks a key that moves."
            </p>
        </Show>
        <ul class="q-grades">{keys}</ul>
        <ul class="q-alternatives">{alternatives}</ul>
        <details class="q-worked">
            <summary>"How it is worked out"</summary>
            <ul>{worked}</ul>
            <p>
                <a href=reveal target="_blank" rel="noopener">"Open this on the ring"</a>
            </p>
        </details>
    }
}
