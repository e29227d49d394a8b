//! What the "Reshard plan" fold holds: for each pair of servers between which keys move, the
//! slots or ranges that change hands and the keys that go with them, as `ringlab plan` prints
//! it, from the same engine; worked out only while the fold is open.

use leptos::prelude::*;

use crate::core::plan::Plan;
use crate::ui::kit::landmark::named;
use crate::ui::state::AppState;

/// Up to this many spans of a row are written out before the rest are counted.
const SPANS_SHOWN: usize = 3;

/// Up to this many rows are shown; the rest are counted under the table.
const ROWS_SHOWN: usize = 12;

/// The plan for the keys held, moved by the last change, while `open`.
#[component]
pub fn PlanBody(open: Signal<bool>) -> impl IntoView {
    let app = expect_context::<AppState>();
    // The previous scenario and the present one change in one step with the outcome.
    let plan = Memo::new(move |_| {
        if !open.get() {
            return None;
        }
        app.last.track();
        let plan = app.previous.with(|before| {
            let before = before.as_ref()?;
            Some(app.scenario.with(|after| Plan::of_keys(before, after)))
        });
        Some(plan)
    });
    move || {
        plan.get().flatten().map(|plan| match plan {
            Ok(plan) => view! { <PlanTable plan /> }.into_any(),
            Err(refused) => {
                view! { <p data-testid="plan-summary">{refused.to_string()}</p> }.into_any()
            }
        })
    }
}

/// The plan's sentence and its rows.
#[component]
fn PlanTable(plan: Plan) -> impl IntoView {
    // "slots", "partitions", "ranges" (of the ring), as a column's head.
    let head: String = plan
        .ranges
        .unwrap_or_default()
        .char_indices()
        .map(|(i, c)| if i == 0 { c.to_ascii_uppercase() } else { c })
        .collect();
    let more = plan.rows.len().saturating_sub(ROWS_SHOWN);
    let rows: Vec<_> = plan.rows.iter().take(ROWS_SHOWN).cloned().collect();
    let spans = plan.ranges.is_some();
    view! {
        <p data-testid="plan-summary">{plan.summary()}</p>
        // A long row scrolls sideways in its own box, which the keyboard can reach.
        <div class="table-wrap" tabindex="0" role="region" aria-label=named("Reshard plan, scrollable")>
            <table class="compare-table" data-testid="plan-table">
                <caption>"What moves, from where to where"</caption>
                <thead>
                    <tr>
                        <th scope="col">"From"</th>
                        <th scope="col">"To"</th>
                        <th scope="col" class="num">"Keys"</th>
                        {spans.then(|| view! { <th scope="col">{head}</th> })}
                    </tr>
                </thead>
                <tbody>
                    {rows.into_iter().map(|row| {
                        // Each span whole on its line; the list wraps between them.
                        let (spans_shown, more) = row.each_span(SPANS_SHOWN);
                        let last = spans_shown.len().saturating_sub(1);
                        let words = spans_shown
                            .into_iter()
                            .enumerate()
                            .map(|(i, w)| {
                                let sep = if i < last { ", " } else { "" };
                                view! { <span class="span">{w}</span>{sep} }
                            })
                            .collect_view();
                        let more = (more > 0).then(|| format!(" and {} more", crate::core::grouped(more as u64)));
                        view! {
                            <tr>
                                <td>{row.from}</td>
                                <td>{row.to}</td>
                                <td class="num">{crate::core::grouped(row.keys)}</td>
                                {spans.then(|| view! { <td class="spans">{words}{more}</td> })}
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        {(more > 0).then(|| view! {
            <p class="hint">{format!("And {} more pairs of servers.", crate::core::grouped(more as u64))}</p>
        })}
        <p class="hint">"The command line gives the same plan for a whole keyspace, with bytes and time: "<code>"ringlab plan"</code>"."</p>
    }
}
