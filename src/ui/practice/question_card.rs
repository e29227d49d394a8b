//! One question on the page: its ring drawn small, a way to answer it for each kind, and the
//! engine's marking once it is checked.
//!
//! The card only gathers the reply: reading a typed reply and marking it are the engine's
//! ([`Posed::read_reply`], [`Posed::mark`]). Every kind can be answered from the keyboard: keys
//! to mark are checkboxes (a click on a key's dot on the ring ticks the same box), servers and
//! statements are radio buttons, numbers and stretches are typed. The verdict is announced in
//! the card's own live region.

use std::sync::atomic::{AtomicUsize, Ordering};

use leptos::html;
use leptos::prelude::*;

use super::answers::{choice_reply, moves_reply, result_view};
use crate::core::Scenario;
use crate::draw::geometry::Frame;
use crate::draw::picture::{slots_like, Focus, Hit, KeyLayer, Picture};
use crate::teach::quiz::{Answer, Ask, Marking, Posed, QuestionKind, Response};
use crate::ui::kit::paint::paint;
use crate::ui::kit::theme::Theme;

/// The side of a question's ring, in CSS pixels.
const SIDE: f64 = 240.0;

/// Gives each card on the page ids of its own.
static CARDS: AtomicUsize = AtomicUsize::new(0);

/// A question to answer, then its marking. `on_marked` hears every marking once.
#[component]
pub fn QuestionCard(
    posed: Posed,
    theme: Signal<Theme>,
    #[prop(into)] on_marked: Callback<Marking>,
    /// What the check button says.
    #[prop(default = "Check")]
    check_label: &'static str,
) -> impl IntoView {
    let n = CARDS.fetch_add(1, Ordering::Relaxed);
    let posed = StoredValue::new(posed);
    let kind = posed.with_value(Posed::kind);
    let marked = RwSignal::new(Vec::<String>::new());
    let picked = RwSignal::new(None::<usize>);
    let typed = RwSignal::new(String::new());
    let marking = RwSignal::new(None::<Marking>);
    let refusal = RwSignal::new(None::<String>);
    let done = move || marking.with(Option::is_some);
    let servers: Vec<String> = posed.with_value(|p| {
        p.scenario()
            .servers()
            .iter()
            .map(|s| s.name.clone())
            .collect()
    });
    let servers = StoredValue::new(servers);

    let check = move || {
        if done() {
            return;
        }
        let response = posed.with_value(|p| match kind {
            QuestionKind::Moves => Ok(Response::Keys(marked.get_untracked())),
            QuestionKind::Owner | QuestionKind::Busiest => picked
                .get_untracked()
                .and_then(|i| servers.with_value(|s| s.get(i).cloned()))
                .map(Response::Server)
                .ok_or_else(|| "Pick a server first.".to_string()),
            QuestionKind::Choice | QuestionKind::Pick => picked
                .get_untracked()
                .map(Response::Pick)
                .ok_or_else(|| "Choose a statement first.".to_string()),
            _ => p
                .read_reply(&typed.get_untracked())
                .map_err(|e| e.to_string()),
        });
        let result =
            response.and_then(|r| posed.with_value(|p| p.mark(&r)).map_err(|e| e.to_string()));
        match result {
            Ok(m) => {
                refusal.set(None);
                marking.set(Some(m.clone()));
                on_marked.run(m);
                crate::ui::kit::focus::focus_soon(vec![format!("#q{n}-verdict")]);
            }
            Err(message) => refusal.set(Some(message)),
        }
    };
    let toggle = move |label: String| {
        if done() {
            return;
        }
        marked.update(|m| {
            if let Some(i) = m.iter().position(|l| *l == label) {
                m.remove(i);
            } else {
                m.push(label);
            }
        });
    };

    // The slots the main ring shows now; none where there is no main ring.
    let app = use_context::<crate::ui::state::AppState>();
    let shown_slots = Signal::derive(move || app.map(|app| app.slots.get()).unwrap_or_default());
    // The key the arrow keys have reached on the ring, by its place in ring order.
    let cursor = RwSignal::new(None::<usize>);
    let said = RwSignal::new(String::new());
    let canvas_ref = NodeRef::<html::Canvas>::new();
    // The picture: the scenario before any change, marked keys ringed; after the check, the
    // keys that move get their halo and an owner question draws the key's walk.
    // The scenario after a "which keys move?" question's change: before the check its new
    // servers are drawn on the ring as they will join (the prompt names them); after it, the
    // ring is drawn as the change leaves it.
    let after = StoredValue::new(posed.with_value(|p| {
        match &p.question().ask {
            Ask::Moves { change } => p
                .scenario()
                .after(change.clone())
                .ok()
                .map(|(next, _)| next),
            _ => None,
        }
    }));
    let picture = Memo::new(move |_| {
        let marks = marked.get();
        let checked = done();
        let reached = cursor
            .get()
            .and_then(|i| posed.with_value(|p| p.keys().get(i).cloned()));
        let slots_of = |s: &Scenario| {
            shown_slots.with(|shown| {
                let names: Vec<&str> = s.servers().iter().map(|s| s.name.as_str()).collect();
                slots_like(shown, &names)
            })
        };
        posed.with_value(|p| {
            let before = p.scenario();
            let walked = match (&p.question().ask, checked) {
                (Ask::Owner { key }, true) => before.keys().find(key),
                _ => None,
            };
            let focus = Focus {
                key: walked,
                dot_limit: Some(40),
                ..Focus::default()
            };
            let mut picture = after.with_value(|after| match after {
                Some(after) if checked => Picture::new(after, None, &slots_of(after), &focus),
                Some(after) => {
                    let mut picture = Picture::new(before, None, &slots_of(before), &focus);
                    let joining = Picture::new(after, None, &slots_of(after), &Focus::default())
                        .points
                        .into_iter()
                        .filter(|point| {
                            before.server(&after.servers()[point.server].name).is_err()
                        });
                    picture.points.extend(joining);
                    picture
                }
                None => Picture::new(before, None, &slots_of(before), &focus),
            });
            let moved: Vec<&str> = match (p.answer(), checked) {
                (Answer::Moves { keys }, true) => keys
                    .iter()
                    .filter(|k| k.moved)
                    .map(|k| k.label.as_str())
                    .collect(),
                _ => Vec::new(),
            };
            if let KeyLayer::Dots(dots) = &mut picture.keys {
                for dot in dots {
                    let label = before.keys().label(dot.key);
                    dot.hot = reached.as_ref() == Some(&label);
                    dot.selected = marks.contains(&label);
                    dot.moved = moved.contains(&label.as_str());
                }
            }
            picture
        })
    });
    Effect::new(move |_| {
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        let theme = theme.get();
        let dpr = window().device_pixel_ratio().max(1.0);
        let pixels = (SIDE * dpr).round() as u32;
        if canvas.width() != pixels {
            canvas.set_width(pixels);
            canvas.set_height(pixels);
        }
        picture.with(|p| paint(&canvas, dpr, Frame { side: SIDE }, p, theme, None));
    });
    let on_canvas_click = move |ev: web_sys::MouseEvent| {
        if kind != QuestionKind::Moves {
            return;
        }
        let (x, y) = (f64::from(ev.offset_x()), f64::from(ev.offset_y()));
        let hit = picture.with_untracked(|p| p.hit(Frame { side: SIDE }, x, y, 14.0));
        if let Some(Hit::Key(id)) = hit {
            let label = posed.with_value(|p| p.scenario().keys().label(id));
            toggle(label);
        }
    };

    // The arrow keys step through the keys in ring order; Space or Enter ticks the one reached.
    let on_canvas_key = move |ev: web_sys::KeyboardEvent| {
        let keys = posed.with_value(Posed::keys);
        if keys.is_empty() {
            return;
        }
        let last = keys.len() - 1;
        let next = match (ev.key().as_str(), cursor.get_untracked()) {
            ("ArrowRight" | "ArrowDown", Some(i)) => Some((i + 1) % keys.len()),
            ("ArrowLeft" | "ArrowUp", Some(i)) => Some((i + last) % keys.len()),
            ("ArrowRight" | "ArrowDown" | "Home", _) => Some(0),
            ("ArrowLeft" | "ArrowUp" | "End", _) => Some(last),
            (" " | "Enter", Some(i)) => {
                ev.prevent_default();
                toggle(keys[i].clone());
                Some(i)
            }
            _ => return,
        };
        ev.prevent_default();
        if let Some(i) = next {
            cursor.set(Some(i));
            let ticked = marked.with_untracked(|m| m.contains(&keys[i]));
            said.set(format!(
                "{} ({} of {}), {}.",
                keys[i],
                i + 1,
                keys.len(),
                if ticked { "ticked" } else { "not ticked" }
            ));
        }
    };
    let reply = match kind {
        QuestionKind::Moves => moves_reply(n, posed, marked, toggle, done).into_any(),
        QuestionKind::Owner | QuestionKind::Busiest => {
            let options: Vec<String> = servers.get_value();
            choice_reply(n, "Server", options, picked, done).into_any()
        }
        QuestionKind::Choice | QuestionKind::Pick => {
            let options: Vec<String> =
                posed.with_value(|p| p.alternatives().iter().map(|a| a.text.clone()).collect());
            choice_reply(n, "Statements", options, picked, done).into_any()
        }
        _ => {
            let hint = match kind {
                QuestionKind::Arc => "First and last position, as 41 to 60",
                QuestionKind::Share => "A share in percent, as 37.5",
                QuestionKind::Overload => "Times a fair share, as 2.5",
                QuestionKind::Settle => "Seconds, as 0.9",
                _ => "A number, as 8 million, 2,500 or 80%",
            };
            view! {
                <label class="q-typed">
                    <span>"Your answer"</span>
                    <input
                        type="text"
                        inputmode=if kind == QuestionKind::Arc { "text" } else { "decimal" }
                        data-testid="q-typed"
                        autocomplete="off"
                        prop:value=move || typed.get()
                        disabled=done
                        aria-invalid=move || refusal.with(Option::is_some).to_string()
                        aria-describedby=format!("q{n}-hint q{n}-refusal")
                        on:input=move |ev| typed.set(event_target_value(&ev))
                        on:keydown=move |ev: web_sys::KeyboardEvent| {
                            if ev.key() == "Enter" {
                                ev.prevent_default();
                                check();
                            }
                        }
                    />
                    <span class="q-hint" id=format!("q{n}-hint")>{hint}</span>
                </label>
            }
            .into_any()
        }
    };

    let (setting, prompt) = posed.with_value(|p| (p.setting().to_string(), p.prompt().to_string()));
    let reveal = posed.with_value(|p| format!("?{}", p.reveal_link()));
    view! {
        <div class="question" data-testid="question" data-kind=kind.id()>
            <p class="q-kind">{kind.name()}</p>
            <p class="q-setting" data-testid="q-setting">{setting}</p>
            <p class="q-prompt" data-testid="q-prompt" id=format!("q{n}-prompt") tabindex="-1"><strong>{prompt}</strong></p>
            <div class="q-body">
                {if kind == QuestionKind::Moves {
                    view! {
                        <canvas
                            node_ref=canvas_ref
                            class="q-ring pickable"
                            data-testid="q-ring"
                            data-geometry=Frame { side: SIDE }.measures()
                            tabindex="0"
                            role="application"
                            aria-roledescription="ring"
                            aria-label="The ring: the arrow keys step through the keys, Space ticks the key reached."
                            style=format!("width:{SIDE}px;height:{SIDE}px")
                            on:click=on_canvas_click
                            on:keydown=on_canvas_key
                        ></canvas>
                    }
                    .into_any()
                } else {
                    view! {
                        <canvas
                            node_ref=canvas_ref
                            class="q-ring"
                            data-testid="q-ring"
                            data-geometry=Frame { side: SIDE }.measures()
                            aria-hidden="true"
                            style=format!("width:{SIDE}px;height:{SIDE}px")
                        ></canvas>
                    }
                    .into_any()
                }}
                <p class="sr-only" role="status" aria-live="polite" data-testid="q-said">{move || said.get()}</p>
                <div class="q-reply">
                    {reply}
                    <div class="button-row">
                        <button
                            type="button"
                            class="primary"
                            data-testid="q-check"
                            disabled=done
                            on:click=move |_| check()
                        >
                            {check_label}
                        </button>
                    </div>
                    <p class="field-error" id=format!("q{n}-refusal") data-testid="q-refusal" role="alert">
                        {move || refusal.get()}
                    </p>
                </div>
            </div>
            <div class="q-result" role="status" aria-live="polite" data-testid="q-result">
                {move || marking.get().map(|m| result_view(n, m, posed, reveal.clone()))}
            </div>
        </div>
    }
}
