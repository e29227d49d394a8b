//! Undo, redo and the shareable link: the page's address always holds the scenario, so a copied
//! address (or the "Copy link" button) reopens exactly this view.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::core::{parse_number, write_link, CacheLoad};
use crate::ui::kit::common::{now, Dialog};
use crate::ui::state::{AppState, TimelineEvent, View};

/// Applies the view parameters a link carries besides the scenario (`select`, `r`, `reads`,
/// `hit`); what cannot be read joins the link's notices.
pub fn apply_view_params(app: AppState, extra: &[(String, String)]) {
    let mut notices = Vec::new();
    let mut cache = CacheLoad::default();
    // Practice without a seed in the link starts from a seed of its own, written into the
    // address so the same questions can be shared.
    if !extra.iter().any(|(n, _)| n == "seed") {
        app.practice_seed
            .set((js_sys::Math::random() * 999_999.0) as u64 + 1);
    }
    for (name, value) in extra {
        match name.as_str() {
            "select" => {
                if app
                    .scenario
                    .with_untracked(|s| s.keys().find(value).is_some())
                {
                    app.selected_key.set(Some(value.clone()));
                } else {
                    notices.push(format!("select: there is no key {value}"));
                }
            }
            "present" => app.present.set(value == "1"),
            "view" => match View::parse(value) {
                Some(view) => app.view.set(view),
                None => notices.push(format!("view: there is no view {value}")),
            },
            "lesson" => {
                let step = extra
                    .iter()
                    .find(|(n, _)| n == "step")
                    .and_then(|(_, v)| parse_number::<usize>(v).ok())
                    .unwrap_or(1);
                // A link written by the page carries its own scenario (the step as explored so
                // far); a hand-written one naming only the lesson and step opens that step.
                let own_scenario = extra.iter().any(|(n, _)| n == "servers")
                    || window()
                        .location()
                        .search()
                        .unwrap_or_default()
                        .contains("servers=");
                match crate::lessons::lesson(value) {
                    Some(found) if (1..=found.steps.len()).contains(&step) => {
                        if own_scenario {
                            app.lesson.set(Some((found.id, step - 1)));
                        } else {
                            crate::ui::lessons::panel::go_to(app, found.id, step - 1);
                        }
                    }
                    _ => notices.push(format!(
                        "lesson: there is no lesson {value} with a step {step}"
                    )),
                }
            }
            "seed" => match parse_number::<u64>(value) {
                Ok(seed) => app.practice_seed.set(seed),
                Err(error) => notices.push(format!("seed: {error}")),
            },
            "quiz" => {
                app.quiz_set.set(Some(value.clone()));
                if !extra.iter().any(|(n, _)| n == "view") {
                    app.view.set(View::Practice);
                }
            }
            // `r` is the scenario's copies per key: the link reader takes it (or reports it).
            "r" => {}
            "reads" => match parse_number::<u64>(value)
                .and_then(|r| CacheLoad::new(r as f64, cache.hit_rate))
            {
                Ok(load) => cache = load,
                Err(error) => notices.push(format!("reads: {error}")),
            },
            "hit" => match cache.with_hit_text(value) {
                Ok(load) => cache = load,
                Err(_) => notices.push("hit: the hit rate goes from 0 to 100".to_string()),
            },
            "event" => match TimelineEvent::parse(value) {
                Some(event) => app.timeline_event.set(event),
                None => notices.push(format!(
                    "event: {value} is not an event (fail:NAME, remove:NAME or join)"
                )),
            },
            // Read by embed mode, or by the lesson above.
            "embed" | "panels" | "host" | "step" | "" => {}
            other => notices.push(format!("{other}: not a parameter this page knows")),
        }
    }
    app.cache.set(cache);
    if !notices.is_empty() {
        app.link_notices.update(|n| n.extend(notices));
    }
}

/// The query string for what is on screen: the scenario before the last change plus that
/// change, so that opening it shows the same last change.
pub fn current_query(app: AppState) -> String {
    let scenario = app.scenario.get_untracked();
    let previous = app.previous.get_untracked();
    let last = app.last.get_untracked();
    let mut extra = Vec::new();
    if let Some(label) = app.selected_key.get_untracked() {
        extra.push(("select".to_string(), label));
    }
    if let Some((id, step)) = app.lesson.get_untracked() {
        extra.push(("lesson".to_string(), id.to_string()));
        extra.push(("step".to_string(), (step + 1).to_string()));
    }
    if app.present.get_untracked() {
        extra.push(("present".to_string(), "1".to_string()));
    }
    let view = app.view.get_untracked();
    if view != View::Ring {
        extra.push(("view".to_string(), view.id().to_string()));
    }
    if view == View::Practice {
        match app.quiz_set.get_untracked() {
            Some(set) => extra.push(("quiz".to_string(), set)),
            None => extra.push((
                "seed".to_string(),
                app.practice_seed.get_untracked().to_string(),
            )),
        }
    }
    let event = app.timeline_event.get_untracked();
    if view == View::Timeline && event != TimelineEvent::default() {
        extra.push(("event".to_string(), event.link_text()));
    }
    extra.extend(app.kept_params.get_value());
    let cache = app.cache.get_untracked();
    if cache != CacheLoad::default() {
        extra.push(("reads".to_string(), (cache.reads as u64).to_string()));
        extra.push(("hit".to_string(), format!("{}", cache.hit_rate * 100.0)));
    }
    match (previous, last.as_ref().and_then(|o| o.change.clone())) {
        (Some(before), Some(change)) => write_link(&before, Some(&change), &extra),
        _ => write_link(&scenario, None, &extra),
    }
}

/// The least time between two writes of the address, in ms.
const ADDRESS_INTERVAL_MS: f64 = 100.0;

/// Keeps the address bar in step with the scenario, without adding browser history entries.
/// The address is written just after a change, once the change is on screen, and at most
/// once every 100 ms during a burst of changes: writing it costs a few milliseconds, more than
/// a change itself on a big ring, and browsers slow down pages that rewrite it too often.
pub fn sync_address(app: AppState) {
    let pending = StoredValue::new(false);
    // When the address was last written (ms since the page opened).
    let written = StoredValue::new(f64::NEG_INFINITY);
    Effect::new(move |_| {
        app.scenario.track();
        app.selected_key.track();
        app.replicas.track();
        app.cache.track();
        app.present.track();
        app.lesson.track();
        app.view.track();
        app.practice_seed.track();
        app.quiz_set.track();
        app.timeline_event.track();
        if !pending.get_value() {
            pending.set_value(true);
            let since = now() - written.get_value();
            let wait = (ADDRESS_INTERVAL_MS - since).clamp(0.0, ADDRESS_INTERVAL_MS);
            set_timeout(
                move || {
                    pending.set_value(false);
                    written.set_value(now());
                    write_address(app);
                },
                std::time::Duration::from_millis(wait as u64),
            );
        }
    });
}

/// Writes the current view into the address bar now.
pub fn write_address(app: AppState) {
    let query = current_query(app);
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("?{query}")));
    }
}

/// The header's switch between views, carried in the link as `view=`.
#[component]
pub fn ViewSwitcher() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <nav class="views" aria-label="Views">
            {View::ALL
                .into_iter()
                .map(|v| {
                    view! {
                        <button
                            type="button"
                            data-testid=format!("view-{}", v.id())
                            aria-current=move || (app.view.get() == v).then_some("page")
                            on:click=move |_| app.view.set(v)
                        >
                            {v.label()}
                        </button>
                    }
                })
                .collect_view()}
        </nav>
    }
}

/// Undo, redo, the Share menu, presentation mode, and the shortcut list and Reset under More.
#[component]
pub fn Toolbar() -> impl IntoView {
    let app = expect_context::<AppState>();
    let embed_open = RwSignal::new(false);
    view! {
        <div class="toolbar" role="group" aria-label="History and sharing">
            <button
                type="button"
                data-testid="undo"
                aria-keyshortcuts="Control+Z Meta+Z"
                disabled=move || app.past.with(Vec::is_empty)
                on:click=move |_| {
                    app.undo();
                }
            >
                "Undo"
            </button>
            <button
                type="button"
                data-testid="redo"
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
                disabled=move || app.future.with(Vec::is_empty)
                on:click=move |_| {
                    app.redo();
                }
            >
                "Redo"
            </button>
            <ShareMenu embed_open=embed_open />
            <EmbedDialog open=embed_open />
            <button
                type="button"
                data-testid="present-toggle"
                aria-pressed=move || app.present.get().to_string()
                aria-keyshortcuts="P"
                on:click=move |_| app.present.update(|p| *p = !*p)
            >
                "Present"
            </button>
            <MoreMenu />
        </div>
    }
}

/// A button that folds a few actions under it. Escape, or focus leaving the menu, folds it;
/// `close` folds it and gives the focus back to its button.
#[derive(Clone, Copy)]
struct Fold {
    open: RwSignal<bool>,
    button: NodeRef<leptos::html::Button>,
}

impl Fold {
    fn new() -> Self {
        Fold {
            open: RwSignal::new(false),
            button: NodeRef::new(),
        }
    }

    fn close(self) {
        self.open.set(false);
        if let Some(button) = self.button.get_untracked() {
            let _ = button.focus();
        }
    }
}

/// The folding button `label` with `children` as its items.
#[component]
fn Menu(
    fold: Fold,
    label: &'static str,
    items_id: &'static str,
    testid: &'static str,
    children: Children,
) -> impl IntoView {
    view! {
        <div
            class="menu"
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                if ev.key() == "Escape" && fold.open.get_untracked() {
                    ev.stop_propagation();
                    fold.close();
                }
            }
            on:focusout=move |ev: web_sys::FocusEvent| {
                // Leaving the menu by keyboard or pointer folds it.
                let inside = ev
                    .related_target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Node>(t).ok())
                    .zip(ev.current_target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Node>(t).ok()))
                    .is_some_and(|(target, menu)| menu.contains(Some(&target)));
                if !inside {
                    fold.open.set(false);
                }
            }
        >
            <button
                type="button"
                node_ref=fold.button
                data-testid=testid
                aria-expanded=move || fold.open.get().to_string()
                aria-controls=items_id
                on:click=move |_| fold.open.update(|o| *o = !*o)
            >
                {label}
            </button>
            <div class="menu-items" id=items_id hidden=move || !fold.open.get()>
                {children()}
            </div>
        </div>
    }
}

/// The keyboard shortcuts and Reset, folded under one button.
#[component]
pub fn MoreMenu() -> impl IntoView {
    let app = expect_context::<AppState>();
    let fold = Fold::new();
    view! {
        <Menu fold=fold label="More ▾" items_id="more-items" testid="more-open">
            <button
                type="button"
                data-testid="shortcuts-open"
                aria-keyshortcuts="?"
                on:click=move |_| {
                    fold.close();
                    app.help_open.set(true);
                }
            >
                "Keyboard shortcuts…"
            </button>
            <button
                type="button"
                data-testid="reset"
                on:click=move |_| {
                    fold.close();
                    app.reset();
                }
            >
                "Reset to the starting ring"
            </button>
        </Menu>
    }
}

/// Copy link, Embed, Save PNG and Save table, folded under one button.
#[component]
fn ShareMenu(embed_open: RwSignal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let fold = Fold::new();
    let copied = RwSignal::new(None::<String>);
    let copy = move |_| {
        write_address(app);
        let href = window().location().href().unwrap_or_default();
        let _ = window().navigator().clipboard().write_text(&href);
        copied.set(Some("Link copied.".to_string()));
        app.announcement.set("Link to this view copied.".into());
        set_timeout(
            move || copied.set(None),
            std::time::Duration::from_millis(2500),
        );
        fold.close();
    };
    let save_png = move |_| {
        if let Some(save) = app.save_png.get_value() {
            save.run(());
        }
        fold.close();
    };
    let save_csv = move |_| {
        let csv = app.scenario.with_untracked(|s| s.ownership().to_csv());
        let url = format!(
            "data:text/csv;charset=utf-8,{}",
            js_sys::encode_uri_component(&csv)
        );
        crate::ui::ring::canvas::download(&url, "ringlab-ownership.csv");
        app.announcement
            .set("The ownership table was saved as CSV.".into());
        fold.close();
    };
    view! {
        <Menu fold=fold label="Share ▾" items_id="share-items" testid="share-open">
            <button type="button" data-testid="copy-link" on:click=copy>"Copy link"</button>
            <button
                type="button"
                data-testid="embed-open"
                on:click=move |_| {
                    fold.open.set(false);
                    embed_open.set(true);
                }
            >
                "Embed…"
            </button>
            <button type="button" data-testid="save-png" on:click=save_png>"Save PNG"</button>
            <button type="button" data-testid="save-csv" on:click=save_csv>"Save table (CSV)"</button>
        </Menu>
        <span class="copied" role="status">{move || copied.get()}</span>
    }
}

/// The iframe snippet for the current scenario, with a choice of panels.
#[component]
fn EmbedDialog(open: RwSignal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chosen = RwSignal::new(
        crate::ui::embed::DEFAULT_PANELS
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>(),
    );
    let snippet = move || {
        app.scenario.track();
        let location = window().location();
        let base = format!(
            "{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        let panels = chosen.get().join(",");
        let src = format!("{base}?{}&embed=1&panels={panels}", current_query(app));
        format!(
            "<iframe src=\"{}\" title=\"Ringlab: a live consistent-hashing ring\" style=\"width:100%;height:640px;border:0\"></iframe>",
            src.replace('&', "&amp;").replace('"', "&quot;")
        )
    };
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&snippet());
        app.announcement.set("Embed snippet copied.".into());
    };
    view! {
        <Dialog open=open title="Embed this ring" testid="embed-dialog" return_to="[data-testid=\"share-open\"]">
                    <p>"Paste this into your page. The host page can drive the ring with messages; the README lists them."</p>
                    <fieldset class="group">
                        <legend>"Panels beside the ring"</legend>
                        {crate::ui::embed::PANELS
                            .iter()
                            .map(|panel| {
                                let name = panel.to_string();
                                let checked = {
                                    let name = name.clone();
                                    move || chosen.with(|c| c.contains(&name))
                                };
                                let toggle = {
                                    let name = name.clone();
                                    move |_| {
                                        chosen.update(|c| {
                                            if let Some(i) = c.iter().position(|p| *p == name) {
                                                c.remove(i);
                                            } else {
                                                c.push(name.clone());
                                            }
                                        })
                                    }
                                };
                                view! {
                                    <label class="check">
                                        <input type="checkbox" prop:checked=checked on:change=toggle />
                                        {name.clone()}
                                    </label>
                                }
                            })
                            .collect_view()}
                    </fieldset>
                    <label class="stacked">
                        "Snippet"
                        <textarea readonly rows="5" data-testid="embed-snippet" prop:value=snippet></textarea>
                    </label>
                    <div class="button-row">
                        <button type="button" class="primary" on:click=copy>"Copy snippet"</button>
                        </div>
        </Dialog>
    }
}
