//! A table drawn as one strip of bands coloured by holder, with its key below: Redis's slots,
//! a topic's partitions, an index's routing shards. The bands come from the engine; a list of
//! the same ranges beside it is the strip's text alternative.

use leptos::prelude::*;

use crate::core::placement::systems::strip::Strip;
use crate::ui::kit::theme::Theme;

/// The strip, `slots[i]` being server i's colour slot.
#[component]
pub fn StripView(strip: Strip, slots: Vec<usize>, theme: Signal<Theme>) -> impl IntoView {
    let total = f64::from(strip.total.max(1));
    let bands = strip
        .bands
        .into_iter()
        .map(|band| {
            let width = f64::from(band.last - band.first + 1) / total * 100.0;
            let slot = slots.get(band.owner).copied().unwrap_or(0);
            let style =
                move || format!("width:{width:.4}%;background:{}", theme.get().server(slot));
            view! { <span class=format!("band pattern-{}", slot % 8) style=style></span> }
        })
        .collect_view();
    view! {
        <div class="strip" aria-hidden="true" data-testid="system-strip">
            {bands}
        </div>
        <p class="strip-scale" aria-hidden="true">
            <span>"0"</span>
            <span>{format!("{} {}", strip.total - 1, strip.unit)}</span>
        </p>
    }
}
