//! The chosen system's structure in its own words, under the ring's readout: a headline, the
//! strip of its table where it has one (Redis's slots, Kafka's partitions, Elasticsearch's
//! shards), the same structure listed line by line (`CLUSTER SLOTS` ranges, each node's
//! tokens, each partition's leader), and the system's own verbs.

use leptos::prelude::*;

use super::strip::StripView;
use super::verbs::Verbs;
use crate::core::placement::systems::strip::Strip;
use crate::core::Kind;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::kit::theme::Theme;
use crate::ui::state::{slot_list, AppState};

/// What the panel shows, worked out by the engine once per scenario.
#[derive(Debug, Clone, PartialEq)]
struct Structure {
    kind: Kind,
    headline: String,
    strip: Option<Strip>,
    listing: Vec<String>,
}

/// The panel, shown only while a real system is chosen.
#[component]
pub fn SystemPanel(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    // A Memo: the listing and the strip are read from the evaluated placement once per change.
    let structure = Memo::new(move |_| {
        app.scenario.with(|s| {
            let kind = s.placement();
            if !kind.is_system() {
                return None;
            }
            let placed = s.placed();
            let built = placed.system()?;
            Some(Structure {
                kind,
                headline: built.headline(placed.names().len()),
                strip: built.strip(),
                listing: built.listing(placed.names()),
            })
        })
    });
    let slots = Memo::new(move |_| {
        app.scenario
            .with(|s| app.slots.with(|slots| slot_list(slots, s)))
    });
    move || {
        structure.get().map(|st| {
            let title = format!("{}: how it places keys", st.kind.name());
            let strip = st
                .strip
                .clone()
                .map(|strip| view! { <StripView strip=strip slots=slots.get() theme=theme /> });
            let lines = st.listing.clone();
            let count = lines.len();
            view! {
                <section class="panel system-panel" aria-labelledby=labelled_by("system-title") data-testid="system-panel">
                    <h2 id="system-title">{title}</h2>
                    <p class="headline" data-testid="system-headline">{st.headline.clone()}</p>
                    {strip}
                    <h3 class="listing-title" id="system-listing-title">{st.kind.spec().listing}</h3>
                    <ul
                        class={if count > 8 { "listing scrolls" } else { "listing" }}
                        tabindex={if count > 8 { Some("0") } else { None }}
                        aria-labelledby=labelled_by("system-listing-title")
                        data-testid="system-listing"
                    >
                        {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                    </ul>
                    <Verbs kind=st.kind />
                    <p class="hint">
                        <button type="button" class="link" data-testid="paste-open-panel" on:click=move |_| app.page.set_paste_open(true)>
                            "Paste your cluster…"
                        </button>
                        " to see your own slots, tokens or servers."
                    </p>
                </section>
            }
        })
    }
}
