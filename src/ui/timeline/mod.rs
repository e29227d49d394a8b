//! The Timeline view: database reads over time after an event, its controls, and the sweep plots
//! below it, with the SVG line chart they all draw on (laid out by `draw::chart`), its PNG
//! export, and the sweeps run a few steps at a time.

pub mod chart;
pub mod chart_png;
pub mod controls;
pub mod sweep_steps;
pub mod sweeps;
pub mod timeline_view;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::TimelineEntry;

split_point! {
    /// The Timeline view and the sweeps, fetched the first time either is shown.
    pub fn arrive() -> TimelineEntry = timeline {
        TimelineEntry {
            view: |sweeps, stories| view! { <timeline_view::TimelineView sweeps=sweeps stories=stories /> }.into_any(),
            sweeps: || view! { <sweeps::SweepPanel /> }.into_any(),
        }
    }
}
