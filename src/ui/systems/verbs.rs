//! The systems' own verbs as small forms: Redis's rebalance and reshard, a Kafka topic's
//! partitions, an Elasticsearch index's split and shrink. Each sends one `Change`.

use leptos::prelude::*;

use crate::core::placement::systems::elasticsearch::{self, EsVersion, Routing};
use crate::core::placement::systems::{kafka, redis};
use crate::core::placement::Panel;
use crate::core::{parse_number, Change, Kind};
use crate::ui::notices::fields::FieldError;
use crate::ui::state::{AppState, Field};

/// The verbs of `kind`, or a sentence naming them where they are the servers' own buttons.
#[component]
pub fn Verbs(kind: Kind) -> impl IntoView {
    match kind.spec().panel {
        Panel::Slots => view! { <RedisVerbs /> }.into_any(),
        Panel::Topic => view! { <TopicVerbs /> }.into_any(),
        Panel::Index => view! { <IndexVerbs /> }.into_any(),
        Panel::Note(note) => view! { <p class="hint">{note}</p> }.into_any(),
        Panel::None => ().into_any(),
    }
}

/// Dispatches `change` from the systems' forms; refusals show under the forms.
fn send(app: AppState, change: Result<Change, crate::core::Error>) {
    match change {
        Ok(change) => {
            app.dispatch(change, Field::System);
        }
        Err(error) => app.words.show_error(Field::System, error.to_string()),
    }
}

/// `redis-cli --cluster rebalance` and `reshard`.
#[component]
fn RedisVerbs() -> impl IntoView {
    let app = expect_context::<AppState>();
    let names = move || {
        app.scenario.with(|s| {
            s.servers()
                .iter()
                .map(|x| x.name.clone())
                .collect::<Vec<_>>()
        })
    };
    let empty = RwSignal::new(true);
    let threshold = RwSignal::new("2".to_string());
    let slots = RwSignal::new("100".to_string());
    let from = RwSignal::new("all".to_string());
    let to = RwSignal::new(String::new());
    let rebalance = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let change = crate::core::parse_hundredths(&threshold.get_untracked()).map(|t| {
            Change::system(redis::Verb::Rebalance {
                use_empty_masters: empty.get_untracked(),
                threshold: t,
                weights: Vec::new(),
            })
        });
        send(app, change);
    };
    let reshard = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let target = match to.get_untracked() {
            t if t.is_empty() => names().last().cloned().unwrap_or_default(),
            t => t,
        };
        let source = from.get_untracked();
        let change = parse_number(&slots.get_untracked()).map(|n| {
            Change::system(redis::Verb::Reshard {
                slots: n,
                from: if source == "all" {
                    Vec::new()
                } else {
                    vec![source]
                },
                to: target,
            })
        });
        send(app, change);
    };
    view! {
        <p class="hint">"add-node adds an empty master: no slot moves until a rebalance or a reshard. del-node refuses a master that still holds slots."</p>
        <form class="verb" on:submit=rebalance data-testid="rebalance-form">
            <label class="check">
                <input type="checkbox" data-testid="use-empty-masters" prop:checked=move || empty.get() on:change=move |ev| empty.set(event_target_checked(&ev)) />
                " --cluster-use-empty-masters"
            </label>
            <label for="rebalance-threshold">"Threshold %"</label>
            <input id="rebalance-threshold" class="short" inputmode="decimal" autocomplete="off" prop:value=move || threshold.get() on:input=move |ev| threshold.set(event_target_value(&ev)) />
            <button type="submit" data-testid="rebalance">"Rebalance"</button>
        </form>
        <form class="verb" on:submit=reshard data-testid="reshard-form">
            <label for="reshard-slots">"Reshard"</label>
            <input id="reshard-slots" class="short" inputmode="numeric" autocomplete="off" data-testid="reshard-slots" prop:value=move || slots.get() on:input=move |ev| slots.set(event_target_value(&ev)) />
            <label for="reshard-from">"slots from"</label>
            <select id="reshard-from" data-testid="reshard-from" on:change=move |ev| from.set(event_target_value(&ev))>
                <option value="all" selected=move || from.get() == "all">"all"</option>
                {move || names().into_iter().map(|n| {
                    let (value, label) = (n.clone(), n.clone());
                    view! { <option value=n selected=move || from.get() == value>{label}</option> }
                }).collect_view()}
            </select>
            <label for="reshard-to">"to"</label>
            <select id="reshard-to" data-testid="reshard-to" on:change=move |ev| to.set(event_target_value(&ev))>
                {move || {
                    let list = names();
                    let last = list.last().cloned().unwrap_or_default();
                    list.into_iter().map(|n| {
                        let (value, label) = (n.clone(), n.clone());
                        let chosen = last.clone();
                        view! { <option value=n selected=move || { let t = to.get(); if t.is_empty() { value == chosen } else { t == value } }>{label}</option> }
                    }).collect_view()
                }}
            </select>
            <button type="submit" data-testid="reshard">"Reshard"</button>
        </form>
        <FieldError field=Field::System id="system-error" />
    }
}

/// A Kafka topic: add a partition, or create it again with a count.
#[component]
fn TopicVerbs() -> impl IntoView {
    let app = expect_context::<AppState>();
    let count = RwSignal::new(
        app.scenario
            .with_untracked(|s| s.systems().leaders().len())
            .to_string(),
    );
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        send(
            app,
            parse_number(&count.get_untracked())
                .map(|partitions| Change::system(kafka::Verb::CreateTopic { partitions })),
        );
    };
    view! {
        <div class="button-row">
            <button type="button" class="primary" data-testid="add-partition" on:click=move |_| send(app, Ok(Change::system(kafka::Verb::AddPartitions { count: 1 })))>
                "Add a partition"
            </button>
        </div>
        <p class="hint">"A key's partition is its hash mod the partitions: one more partition sends most keys to another, and Kafka keeps a key's records in order only within one partition."</p>
        <form class="verb" on:submit=create>
            <label for="topic-partitions">"Create the topic again with"</label>
            <input id="topic-partitions" class="short" inputmode="numeric" autocomplete="off" data-testid="topic-partitions" prop:value=move || count.get() on:input=move |ev| count.set(event_target_value(&ev)) />
            <button type="submit" data-testid="create-topic">"partitions"</button>
        </form>
        <FieldError field=Field::System id="system-error" />
    }
}

/// An Elasticsearch index: `_split`, `_shrink`, or create it again.
#[component]
fn IndexVerbs() -> impl IntoView {
    let app = expect_context::<AppState>();
    let routing = move || app.scenario.with(|s| s.systems().routing());
    let target = RwSignal::new((routing().shards * 2).to_string());
    let shards = RwSignal::new(routing().shards.to_string());
    let version = RwSignal::new(routing().version.id().to_string());
    let resize = move |split: bool| {
        send(
            app,
            parse_number(&target.get_untracked()).map(|shards| {
                if split {
                    Change::system(elasticsearch::Verb::SplitIndex { shards })
                } else {
                    Change::system(elasticsearch::Verb::ShrinkIndex { shards })
                }
            }),
        );
    };
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let change = parse_number(&shards.get_untracked())
            .and_then(|n| {
                let v: EsVersion = version.get_untracked().parse()?;
                Routing::new(n, None, v)
            })
            .map(|index| Change::system(elasticsearch::Verb::CreateIndex { index }));
        send(app, change);
    };
    view! {
        <form class="verb" on:submit=|ev| ev.prevent_default()>
            <label for="index-target">"Primary shards"</label>
            <input id="index-target" class="short" inputmode="numeric" autocomplete="off" data-testid="index-target" prop:value=move || target.get() on:input=move |ev| target.set(event_target_value(&ev)) />
            <button type="button" data-testid="split-index" on:click=move |_| resize(true)>"_split"</button>
            <button type="button" data-testid="shrink-index" on:click=move |_| resize(false)>"_shrink"</button>
        </form>
        <form class="verb" on:submit=create>
            <label for="index-shards">"New index:"</label>
            <input id="index-shards" class="short" inputmode="numeric" autocomplete="off" aria-label="Primary shards of the new index" prop:value=move || shards.get() on:input=move |ev| shards.set(event_target_value(&ev)) />
            <label for="index-version">"shards, created on"</label>
            <select id="index-version" data-testid="index-version" on:change=move |ev| version.set(event_target_value(&ev))>
                {[EsVersion::Before7, EsVersion::From7, EsVersion::From94].into_iter().map(|v| {
                    view! { <option value=v.id() selected=move || version.get() == v.id()>{v.describe().trim_start_matches("created ").to_string()}</option> }
                }).collect_view()}
            </select>
            <button type="submit" data-testid="create-index">"Create"</button>
        </form>
        <FieldError field=Field::System id="system-error" />
    }
}
