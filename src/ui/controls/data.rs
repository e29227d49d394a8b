//! What the "Your data" panel holds, fetched the first time it opens or a file is dropped
//! ([`super::your_data`] is the panel as the first screen has it): keys (and counts) from a file
//! of the person's own, opened, dropped anywhere on the page, or pasted. The file is read on this machine, a slice per browser task with a
//! progress bar and Cancel, and shown as a preview (the first keys as read, what was skipped)
//! before anything changes; the scenario on screen changes only when the person says "Use
//! these keys". Save and Open scenario write and read the whole state as one file.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::core::data::{DataOptions, Format, Opened, Reading};
use crate::core::{read_scenario, write_scenario, Outcome, FILE_NAME};
use crate::ui::kit::browser::{now, save_text};
use crate::ui::kit::numbers::grouped;
use crate::ui::state::{AppState, Field};

/// The longest a browser task spends reading before it hands back to the page, in ms.
const BUDGET_MS: f64 = 12.0;
/// Lines (or keys) per step; steps repeat within the budget.
const SLICE: usize = 1_000;
/// Keys shown in the preview.
const PREVIEW: usize = 8;

/// The state of the panel, shared with the page-wide drop target.
#[derive(Clone, Copy)]
pub struct DataPanel {
    /// Whether the panel is unfolded.
    pub open: RwSignal<bool>,
    format: RwSignal<Format>,
    key_column: RwSignal<String>,
    count_column: RwSignal<String>,
    /// Progress while a file is read.
    progress: RwSignal<Option<(usize, usize)>>,
    cancel: StoredValue<bool>,
    /// What was read, waiting for the person's word.
    opened: StoredValue<Option<(Opened, String)>>,
    preview: RwSignal<Option<Preview>>,
    error: RwSignal<Option<String>>,
}

/// What the preview shows.
#[derive(Clone, PartialEq)]
struct Preview {
    rows: Vec<(String, Option<u64>)>,
    headline: String,
    skipped: Vec<String>,
    merged: String,
    fit: Option<String>,
}

impl DataPanel {
    pub(super) fn new() -> DataPanel {
        DataPanel {
            open: RwSignal::new(false),
            format: RwSignal::new(Format::Lines),
            key_column: RwSignal::new(String::new()),
            count_column: RwSignal::new(String::new()),
            progress: RwSignal::new(None),
            cancel: StoredValue::new(false),
            opened: StoredValue::new(None),
            preview: RwSignal::new(None),
            error: RwSignal::new(None),
        }
    }

    fn options(&self) -> DataOptions {
        let column = |s: RwSignal<String>| {
            let text = s.get_untracked();
            (!text.trim().is_empty()).then(|| text.trim().to_string())
        };
        let format = self.format.get_untracked();
        let table = matches!(format, Format::Csv | Format::Tsv);
        DataOptions {
            format,
            key_column: if table || format == Format::AccessLog {
                column(self.key_column)
            } else {
                None
            },
            count_column: if table {
                column(self.count_column)
            } else {
                None
            },
        }
    }

    /// Starts reading `bytes` (from a file called `name`, "" when pasted).
    fn read(self, app: AppState, bytes: Vec<u8>, name: String) {
        if self.progress.get_untracked().is_some() {
            self.error.set(Some(
                "A file is already being read: cancel it first.".into(),
            ));
            return;
        }
        self.open.set(true);
        self.preview.set(None);
        self.opened.set_value(None);
        self.error.set(None);
        if self.format.get_untracked() == Format::Lines && !name.is_empty() {
            let first = bytes
                .split(|&b| b == b'\n')
                .next()
                .map(|l| String::from_utf8_lossy(l).into_owned())
                .unwrap_or_default();
            let guessed = Format::guess(&name, &first);
            self.format.set(guessed);
        }
        let (hash, size) = app.scenario.with_untracked(|s| (s.hash(), s.size()));
        match Reading::new(bytes, self.options(), hash, size) {
            Err(error) => {
                self.error.set(Some(error.to_string()));
                app.words.announce(error.to_string());
            }
            Ok(reading) => {
                self.cancel.set_value(false);
                self.progress.set(Some(reading.progress()));
                app.words.announce("Reading your file…".into());
                self.step(app, reading, name);
            }
        }
    }

    fn step(self, app: AppState, mut reading: Reading, name: String) {
        set_timeout(
            move || {
                // Stopped, or the panel is gone (its state went with it): nothing changes.
                if self.cancel.try_get_value().unwrap_or(true) {
                    self.progress.set(None);
                    app.words
                        .announce("Reading stopped; nothing changed.".into());
                    return;
                }
                let start = now();
                let mut done = false;
                while !done && now() - start < BUDGET_MS {
                    done = reading.step(SLICE);
                }
                self.progress.set(Some(reading.progress()));
                if !done {
                    self.step(app, reading, name);
                    return;
                }
                self.progress.set(None);
                match reading.finish() {
                    Ok(opened) => {
                        let fit = opened
                            .measured
                            .as_ref()
                            .and_then(|m| m.zipf_fit())
                            .map(|s| format!("Nearest Zipf's law: s = {s:.2}"));
                        let preview = Preview {
                            rows: opened.preview(PREVIEW),
                            headline: opened.headline(),
                            skipped: opened.skipped.listed(),
                            merged: opened.skipped.merged_words(),
                            fit,
                        };
                        app.words.announce(format!(
                            "Read: {} Use these keys, or discard them.",
                            opened.summary()
                        ));
                        self.preview.set(Some(preview));
                        self.opened.set_value(Some((opened, name)));
                    }
                    Err(error) => {
                        app.words.announce(error.to_string());
                        self.error.set(Some(error.to_string()));
                    }
                }
            },
            Duration::ZERO,
        );
    }

    /// Puts what was read on the ring.
    fn confirm(self, app: AppState) {
        let Some((opened, name)) = self.opened.try_update_value(Option::take).flatten() else {
            return;
        };
        let result = app.scenario.with_untracked(|s| opened.apply_to(s, &name));
        if app.commit(result, Field::Keys) {
            self.preview.set(None);
            self.open.set(false);
        }
    }

    fn discard(self, app: AppState) {
        self.opened.set_value(None);
        self.preview.set(None);
        app.words.announce("Discarded; nothing changed.".into());
    }
}

/// Reads a `File` the person chose or dropped, then hands its bytes to `then`.
fn read_file(file: web_sys::File, then: impl FnOnce(Vec<u8>, String) + 'static) {
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let name = file.name();
    let handle = reader.clone();
    // Called once, then dropped with what it holds: the reader and its copy of the file can be
    // collected as soon as the bytes are in the engine's hands.
    let onload = Closure::once_into_js(move || {
        let bytes = handle
            .result()
            .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec())
            .unwrap_or_default();
        handle.set_onload(None);
        then(bytes, name);
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    let _ = reader.read_as_array_buffer(&file);
}

/// The first file of a file input's change event.
fn chosen_file(ev: &leptos::ev::Event) -> Option<web_sys::File> {
    let input: web_sys::HtmlInputElement = ev.target()?.dyn_into().ok()?;
    let file = input.files()?.get(0);
    input.set_value("");
    file
}

/// Reads a file dropped anywhere on the page: a saved scenario is opened, anything else read
/// as keys into the panel.
pub fn dropped(app: AppState, panel: DataPanel, file: web_sys::File) {
    if file.name().ends_with(".ringlab.json") {
        read_file(file, move |bytes, _| open_scenario(app, panel, bytes));
    } else {
        read_file(file, move |bytes, name| panel.read(app, bytes, name));
    }
}

fn open_scenario(app: AppState, panel: DataPanel, bytes: Vec<u8>) {
    let text = String::from_utf8(bytes).unwrap_or_default();
    match read_scenario(&text) {
        Ok(scenario) => {
            let outcome = Outcome::quiet(
                format!(
                    "Scenario opened: {} {}, {} {}.",
                    grouped(scenario.servers().len() as u64),
                    crate::core::plural(scenario.servers().len(), "server", "servers"),
                    grouped(scenario.keys().len() as u64),
                    crate::core::plural(scenario.keys().len(), "key", "keys"),
                ),
                scenario.keys().len(),
                scenario.servers().len(),
                scenario.placement(),
            );
            panel.error.set(None);
            app.commit(Ok((scenario, outcome)), Field::Keys);
        }
        Err(error) => {
            panel.open.set(true);
            panel.error.set(Some(error.to_string()));
            app.words.announce(error.to_string());
        }
    }
}

/// What the unfolded panel shows: the format, the file, the pasted text, the reading's progress
/// and preview, and Save and Open scenario.
#[component]
pub fn DataForm(panel: DataPanel) -> impl IntoView {
    let app = expect_context::<AppState>();
    let pasted = RwSignal::new(String::new());
    let table = move || matches!(panel.format.get(), Format::Csv | Format::Tsv);
    let log = move || panel.format.get() == Format::AccessLog;
    let source = move || {
        app.scenario.with(|s| {
            s.data_source().map(|d| {
                let name = if d.name.is_empty() {
                    "pasted text".to_string()
                } else {
                    d.name.clone()
                };
                format!(
                    "Keys on the ring: {name}, {} lines.",
                    grouped(d.lines as u64)
                )
            })
        })
    };
    view! {
        <div class="data-part">
            <p class="hint" data-testid="data-privacy">
                "Your file is read on this machine and never leaves it: nothing is uploaded."
            </p>
            <div class="data-form">
                <label for="data-format">"Format"</label>
                <select
                    id="data-format"
                    data-testid="data-format"
                    on:change=move |ev| {
                        if let Ok(format) = event_target_value(&ev).parse() {
                            panel.format.set(format);
                        }
                    }
                >
                    {Format::ALL
                        .into_iter()
                        .map(|f| {
                            view! {
                                <option value=f.id() selected=move || panel.format.get() == f>
                                    {f.describe()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
                <Show when=move || table() || log()>
                    <label for="data-key-column">
                        {move || if log() { "Field (path, host, status…)" } else { "Key column" }}
                    </label>
                    <input
                        id="data-key-column"
                        data-testid="data-key-column"
                        placeholder=move || if log() { "path" } else { "1" }
                        prop:value=move || panel.key_column.get()
                        on:input=move |ev| panel.key_column.set(event_target_value(&ev))
                    />
                </Show>
                <Show when=table>
                    <label for="data-count-column">"Count column (optional)"</label>
                    <input
                        id="data-count-column"
                        data-testid="data-count-column"
                        placeholder="requests"
                        prop:value=move || panel.count_column.get()
                        on:input=move |ev| panel.count_column.set(event_target_value(&ev))
                    />
                </Show>
            </div>
            <input
                id="data-file"
                class="visually-hidden-file"
                data-testid="data-file"
                type="file"
                on:change=move |ev| {
                    if let Some(file) = chosen_file(&ev) {
                        read_file(file, move |bytes, name| panel.read(app, bytes, name));
                    }
                }
            />
            <label class="file-button" for="data-file">"Open a file…"</label>
            <p class="hint">"…or drop a file anywhere on the page, or paste lines here:"</p>
            <label for="data-paste" class="visually-hidden">"Paste keys"</label>
            <textarea
                id="data-paste"
                data-testid="data-paste"
                rows="3"
                placeholder="user:1\nuser:2"
                prop:value=move || pasted.get()
                on:input=move |ev| pasted.set(event_target_value(&ev))
            ></textarea>
            <button
                type="button"
                data-testid="data-read-pasted"
                on:click=move |_| panel.read(app, pasted.get_untracked().into_bytes(), String::new())
            >
                "Read pasted text"
            </button>
            // The bar's figures are reactive, the block is not: Cancel stays the same button
            // while the progress moves.
            <Show when=move || panel.progress.get().is_some()>
                <div class="progress" role="status" data-testid="data-progress">
                    <label for="data-bar">
                        {move || {
                            let (done, total) = panel.progress.get().unwrap_or((0, 1));
                            format!("Reading your file: {}%", done * 100 / total.max(1))
                        }}
                    </label>
                    <progress
                        id="data-bar"
                        max=move || panel.progress.get().map_or(1, |p| p.1).to_string()
                        value=move || panel.progress.get().map_or(0, |p| p.0).to_string()
                    ></progress>
                    <button type="button" data-testid="data-cancel" on:click=move |_| panel.cancel.set_value(true)>
                        "Cancel"
                    </button>
                </div>
            </Show>
            {move || panel.error.get().map(|e| view! { <p class="error" role="alert" data-testid="data-error">{e}</p> })}
            {move || {
                panel.preview.get().map(|p| {
                    let has_counts = p.rows.iter().any(|(_, c)| c.is_some());
                    view! {
                        <div class="data-preview" data-testid="data-preview">
                            <p data-testid="data-summary">{p.headline.clone()}</p>
                            {(!p.skipped.is_empty()).then(|| view! {
                                <p class="hint">{format!("Skipped ({}):", p.skipped.len().min(crate::core::data::LISTED_SKIPS + 1))}</p>
                                <ul class="data-skipped" data-testid="data-skipped">
                                    {p.skipped.iter().map(|s| view! { <li>{s.clone()}</li> }).collect_view()}
                                </ul>
                            })}
                            {(!p.merged.is_empty()).then(|| view! { <p class="hint" data-testid="data-merged">{p.merged.clone()}</p> })}
                            {p.fit.clone().map(|f| view! { <p class="hint" data-testid="data-fit">{f}</p> })}
                            <table>
                                <caption>"The first keys as read"</caption>
                                <thead>
                                    <tr>
                                        <th scope="col">"Key"</th>
                                        {has_counts.then(|| view! { <th scope="col">"Count"</th> })}
                                    </tr>
                                </thead>
                                <tbody>
                                    {p.rows
                                        .iter()
                                        .map(|(key, count)| {
                                            view! {
                                                <tr>
                                                    // A long key by its start; whole in its title.
                                                    <td title=key.clone()>{crate::core::shown(key)}</td>
                                                    {count.map(|c| view! { <td class="num">{grouped(c)}</td> })}
                                                </tr>
                                            }
                                        })
                                        .collect_view()}
                                </tbody>
                            </table>
                            <div class="button-row">
                                <button type="button" data-testid="data-use" on:click=move |_| panel.confirm(app)>
                                    "Use these keys"
                                </button>
                                <button type="button" data-testid="data-discard" on:click=move |_| panel.discard(app)>
                                    "Discard"
                                </button>
                            </div>
                        </div>
                    }
                })
            }}
            {move || source().map(|s| view! { <p class="hint" data-testid="data-source">{s}</p> })}
            <div class="button-row">
                <button
                    type="button"
                    data-testid="save-scenario"
                    on:click=move |_| {
                        let text = app.scenario.with_untracked(write_scenario);
                        save_text(&text, FILE_NAME, "application/json");
                        app.words.announce(format!("Saved as {FILE_NAME}."));
                    }
                >
                    "Save scenario"
                </button>
                <input
                    id="scenario-file"
                    class="visually-hidden-file"
                    data-testid="scenario-file"
                    type="file"
                    accept=".json,application/json"
                    on:change=move |ev| {
                        if let Some(file) = chosen_file(&ev) {
                            read_file(file, move |bytes, _| open_scenario(app, panel, bytes));
                        }
                    }
                />
                <label class="file-button" for="scenario-file">"Open scenario…"</label>
            </div>
        </div>
    }
}
