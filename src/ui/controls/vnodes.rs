//! Virtual nodes: how many points each server puts on the ring.

use leptos::prelude::*;

use crate::core::{parse_number, Change, VNODES};
use crate::ui::kit::numbers::grouped;
use crate::ui::notices::fields::{FieldError, Refusal};
use crate::ui::state::{AppState, Field};

const QUICK: [u32; 5] = [1, 3, 10, 100, 200];

/// Quick choices, a slider and a number box for the points per server.
#[component]
pub fn VnodeControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let vnodes = move || app.scenario.with(|s| s.vnodes());
    let set = move |vnodes: u32| {
        app.dispatch(Change::SetVnodes { vnodes }, Field::Vnodes);
    };
    // A refused count stays in the box, marked, next to the message saying why.
    let refusal = Refusal::new(Field::Vnodes);
    let from_text = move |ev: leptos::ev::Event| {
        let accepted = match parse_number::<u32>(&event_target_value(&ev)) {
            Ok(v) => app.dispatch(Change::SetVnodes { vnodes: v }, Field::Vnodes),
            Err(error) => {
                app.words.show_error(Field::Vnodes, error.to_string());
                false
            }
        };
        refusal.settle(accepted);
    };
    // Said plainly when points outnumber positions, as on the teaching ring with many vnodes.
    let crowding = move || {
        app.scenario.with(|s| {
            let shared = s.ring().collisions();
            (shared > 0).then(|| {
                format!(
                    "{} points on {} positions: {} share a spot with another point.",
                    grouped(s.ring().points().len() as u64),
                    s.size(),
                    grouped(shared as u64)
                )
            })
        })
    };
    // The servers placed by hand, who keep one point whatever the virtual nodes.
    let by_hand = move || {
        app.scenario.with(|s| {
            s.servers()
                .iter()
                .filter(|s| matches!(s.placement, crate::core::Placement::At(_)))
                .map(|s| s.name.clone())
                .collect::<Vec<_>>()
        })
    };

    view! {
        <fieldset class="group">
            <legend>"Virtual nodes per server"</legend>
            <div class="segmented" role="group" aria-label="Quick choices of virtual nodes">
                {QUICK
                    .into_iter()
                    .map(|v| {
                        view! {
                            <button
                                type="button"
                                data-testid=format!("vnodes-{v}")
                                aria-pressed=move || (vnodes() == v).to_string()
                                on:click=move |_| set(v)
                            >
                                {v}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <div class="slider-row">
                <input
                    type="range"
                    min=*VNODES.start()
                    max=*VNODES.end()
                    aria-label="Virtual nodes per server"
                    prop:value=move || vnodes().to_string()
                    on:change=from_text
                />
                <input
                    type="number"
                    min=*VNODES.start()
                    max=*VNODES.end()
                    data-testid="vnodes-input"
                    aria-label="Virtual nodes per server, typed"
                    aria-describedby="vnodes-error"
                    aria-invalid=refusal.invalid()
                    prop:value=move || vnodes().to_string()
                    on:change=from_text
                />
            </div>
            <Show when=move || !by_hand().is_empty() && (vnodes() > 1 || app.scenario.with(|s| by_hand().len() == s.servers().len()))>
                <p class="hint" data-testid="placed-by-hand">
                    {move || {
                        let names = by_hand();
                        let (are, have) = if names.len() == 1 { ("is", "has") } else { ("are", "have") };
                        format!(
                            "{} {are} placed by hand and {have} one point each; virtual nodes apply to hashed servers.",
                            crate::core::and_list(&names)
                        )
                    }}
                </p>
                <button
                    type="button"
                    data-testid="hash-placed"
                    hidden=move || vnodes() == 1
                    on:click=move |_| {
                        app.dispatch(Change::HashPlaced, Field::Vnodes);
                    }
                >
                    {move || format!("Hash them: {} each", crate::core::plural(vnodes() as usize, "1 point", &format!("{} points", grouped(u64::from(vnodes())))))}
                </button>
            </Show>
            <p class="hint" data-testid="crowding">{crowding}</p>
            <FieldError field=Field::Vnodes id="vnodes-error" />
        </fieldset>
    }
}
