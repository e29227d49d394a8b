//! The ownership table: each server's share of the ring and of the keys, against its even
//! share and against the moment before the last change. It is the canvas's text alternative.

use leptos::prelude::*;

use crate::core::Ownership;
use crate::draw::first_screen::ring_labels::{self, BALANCE_TILES};
use crate::teach::lessons::Panel;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::kit::numbers::{grouped, pct};
use crate::ui::kit::theme::{Swatch, Theme};
use crate::ui::state::{slot_list, AppState};

/// The ownership table and the balance figures.
#[component]
pub fn OwnershipPanel(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    // Memos: the table and the balance line read the same figures, computed once per change.
    let now = Memo::new(move |_| app.scenario.with(|s| s.ownership()));
    let before = Memo::new(move |_| app.previous.with(|p| p.as_ref().map(|s| s.ownership())));
    let slots = Memo::new(move |_| {
        app.scenario
            .with(|s| app.slots.with(|slots| slot_list(slots, s)))
    });

    let caption = move || now.with(ring_labels::ownership_caption);
    // The rows are keyed by server and colour, and each cell reads its own figure: a change
    // updates the numbers in place instead of building the table again.
    // The share drawn as a full bar: the largest share, even share or share before the change,
    // so every mark falls on its bar.
    let scale = Memo::new(move |_| {
        let widest = |own: &Ownership| {
            own.servers
                .iter()
                .map(|s| s.share.max(s.ideal))
                .fold(0.0_f64, f64::max)
        };
        let before = before.with(|b| b.as_ref().map_or(0.0, widest));
        now.with(widest).max(before).max(1e-9)
    });
    let rows = move || {
        now.with(|own| {
            own.servers
                .iter()
                .zip(slots.get())
                .map(|(row, slot)| (row.name.to_string(), slot))
                .collect::<Vec<_>>()
        })
    };
    let row = move |(name, slot): (String, usize)| {
        // This server's figures now and before the last change, in one memo: a change that
        // leaves them as they were touches nothing in the row. Every element stays in place;
        // an absent figure hides its element rather than removing it.
        let figures = {
            let name = name.clone();
            Memo::new(move |_| {
                RowFigures::of(&now.read(), before.read().as_ref(), &name, scale.get())
            })
        };
        // Each cell reads its own figure from the memo, so the page is written only where a
        // text or a style really changed.
        let figure = move |show: fn(&RowFigures) -> String| move || figures.with(show);
        let delta = move || figures.with(RowFigures::delta);
        let bar = move || figures.with(|f| f.bar(theme.get().server(slot)));
        view! {
            <tr data-testid=format!("row-{name}")>
                <th scope="row">
                    <Swatch theme=theme index=slot />
                    {name.clone()}
                </th>
                <td class="num" data-testid=format!("share-{name}")>{figure(|f| pct(f.share))}</td>
                <td class="num">
                    <span data-testid=format!("keys-{name}")>{figure(|f| grouped(f.keys))}</span>
                    <span class=move || match delta() {
                        Some(d) if d > 0 => "delta up",
                        Some(_) => "delta down",
                        None => "delta none",
                    }>
                        {figure(|f| match f.delta() {
                            Some(d) if d > 0 => format!(" +{}", grouped(d.unsigned_abs())),
                            Some(d) => format!(" −{}", grouped(d.unsigned_abs())),
                            None => String::new(),
                        })}
                    </span>
                </td>
                <td class="bar-cell" aria-hidden="true">
                    <div class="share-bar" style=bar></div>
                </td>
            </tr>
        }
    };

    view! {
        <section class="panel" class:pointed=move || app.points_at(Panel::Ownership) aria-labelledby=labelled_by("ownership-title") data-testid="ownership-panel">
            <h2 id="ownership-title">"Who owns what"</h2>
            <table class="ownership" data-testid="ownership-table">
                <caption id="ownership-caption">{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Server"</th>
                        <th scope="col" class="num">{move || now.with(ring_labels::share_heading)}</th>
                        <th scope="col" class="num">"Keys"</th>
                        <th scope="col"><span class="sr-only">"Share against even share"</span></th>
                    </tr>
                </thead>
                <tbody>
                    <For each=rows key=|r| r.clone() children=row />
                </tbody>
            </table>
            <Balance own=now />
        </section>
    }
}

/// What one row of the table shows.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RowFigures {
    share: f64,
    ideal: f64,
    keys: u64,
    /// Share and keys before the last change, when the server was there.
    before: Option<(f64, u64)>,
    /// The share drawn as a full bar.
    scale: f64,
}

impl RowFigures {
    fn of(now: &Ownership, before: Option<&Ownership>, name: &str, scale: f64) -> RowFigures {
        let row = |o: &Ownership| {
            o.servers
                .iter()
                .find(|s| &*s.name == name)
                .map(|s| (s.share, s.ideal, s.keys))
        };
        let (share, ideal, keys) = row(now).unwrap_or_default();
        RowFigures {
            share,
            ideal,
            keys,
            before: before.and_then(row).map(|(share, _, keys)| (share, keys)),
            scale,
        }
    }

    /// The bar's figures as the fractions of its length its stylesheet draws: the share, the
    /// even share and, when the server was there, the share before the last change.
    fn bar(&self, colour: &str) -> String {
        let at = |share: f64| share / self.scale;
        let mut style = format!(
            "--share:{:.4};--ideal:{:.4};--fill:{colour}",
            at(self.share),
            at(self.ideal)
        );
        if let Some((share, _)) = self.before {
            style.push_str(&format!(";--was:{:.4}", at(share)));
        }
        style
    }

    /// How many keys the server gained (or lost) on the last change, when it did.
    fn delta(&self) -> Option<i64> {
        let (_, was) = self.before?;
        Some(self.keys as i64 - was as i64).filter(|d| *d != 0)
    }
}

/// The balance figures in plain words: the busiest server against an even share, and how far
/// shares stray from even; what the spread is, and what 1/√v predicts, behind "What is this?".
#[component]
fn Balance(own: Memo<Ownership>) -> impl IntoView {
    let figure = move |f: fn(&Ownership) -> String| move || own.with(f);
    let predicted = move || own.with(|o| o.balance.predicted_spread.map(pct));
    let [(busiest, busiest_means), (strays, strays_means)] = BALANCE_TILES;
    view! {
        <dl class="tiles small">
            <div>
                <dt>{busiest}</dt>
                <dd data-testid="peak-to-mean">{figure(ring_labels::peak_to_mean)}</dd>
                <dd class="meaning">{busiest_means}</dd>
            </div>
            <div>
                <dt>{strays}</dt>
                <dd data-testid="spread">{figure(ring_labels::spread)}</dd>
                <dd class="meaning">{strays_means}</dd>
            </div>
        </dl>
        <details class="explain" data-testid="spread-explain">
            <summary>"What is this?"</summary>
            <p>
                "This is the "<dfn>"spread"</dfn>": the standard deviation of the servers' shares of the ring, divided by an even share. 0% would be perfectly even. Each server's share is the sum of the arcs its points end, so more points per server even it out."
            </p>
            <Show when=move || predicted().is_some()>
                <p>
                    "With v points per server, theory predicts a spread of about 1/√v: 100% with 1, 10% with 100, about 3% with 1,000. For the points per server here it predicts "
                    <span data-testid="predicted-spread">{predicted}</span>
                    "."
                </p>
            </Show>
        </details>
    }
}
