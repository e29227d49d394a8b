//! The SVG line chart: it draws a [`Chart`] (plain data from [`crate::draw::chart`]) with axes,
//! ticks, shaded windows, event marks, the current setting marked, a legend, and a hover (or
//! arrow-key) readout. The SVG is drawn at the size it is shown (its viewBox is its CSS size),
//! so text stays at its CSS font size on a phone and in presentation mode. Colours come from CSS
//! classes (`line-a`, `line-b`, ...), so light, dark and presentation mode restyle it without
//! redrawing.

use leptos::html;
use leptos::prelude::*;

use crate::draw::chart::{aligned, nearest_index, path, tick_label, ticks, Frame};
pub use crate::draw::chart::{nice_ceiling, value_text, Axis, Chart, Line};

use crate::ui::state::AppState;

/// A line chart with a legend and a readout. `title` names it for assistive technology (the
/// table beside it is its text alternative); `testid` prefixes its test ids.
#[component]
pub fn LineChart(chart: Signal<Chart>, title: String, testid: &'static str) -> impl IntoView {
    let app = expect_context::<AppState>();
    let box_ref = NodeRef::<html::Div>::new();
    let width = RwSignal::new(600.0);
    let measure = move || {
        if let Some(el) = box_ref.get_untracked() {
            let w = f64::from(el.client_width());
            if w > 0.0 {
                width.set(w);
            }
        }
    };
    Effect::new(move |_| {
        if box_ref.get().is_some() {
            measure();
        }
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());

    let height = move || {
        if app.page.present.get() {
            260.0
        } else if width.get() < 500.0 {
            210.0
        } else {
            240.0
        }
    };
    let frame = move || {
        let big = app.page.present.get();
        Frame {
            left: if big { 78.0 } else { 58.0 },
            right: width.get() - 14.0,
            top: 12.0,
            bottom: height() - if big { 52.0 } else { 42.0 },
        }
    };
    // The first line's point under the pointer or chosen with the arrow keys (an index, so
    // that the two samples of a jump can both be read); None shows no cursor.
    let cursor = RwSignal::new(None::<usize>);
    let on_move = move |ev: web_sys::PointerEvent| {
        let Some(el) = box_ref.get_untracked() else {
            return;
        };
        let px = f64::from(ev.client_x()) - el.get_bounding_client_rect().left();
        let i = chart.with_untracked(|c| {
            let x = frame().x_value(&c.x, px);
            nearest_index(&c.lines.first()?.points, x)
        });
        cursor.set(i);
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let step: isize = match ev.key().as_str() {
            "ArrowRight" => 1,
            "ArrowLeft" => -1,
            "End" => isize::MAX / 2,
            "Home" => -(isize::MAX / 2),
            _ => return,
        };
        ev.prevent_default();
        let step = if ev.shift_key() {
            step.saturating_mul(10)
        } else {
            step
        };
        chart.with_untracked(|c| {
            let Some(line) = c.lines.first() else {
                return;
            };
            let xs = &line.points;
            if xs.is_empty() {
                return;
            }
            let here = cursor.get_untracked().unwrap_or(0).min(xs.len() - 1);
            let next = (here as isize)
                .saturating_add(step)
                .clamp(0, xs.len() as isize - 1);
            cursor.set(Some(next as usize));
        });
    };
    let readout = move || {
        let i = cursor.get()?;
        chart.with(|c| {
            let (x_at, _) = *c.lines.first()?.points.get(i)?;
            let mut parts = vec![format!(
                "{} {}",
                axis_name(&c.x),
                value_text(c.x.percent, x_at)
            )];
            for line in &c.lines {
                if let Some((_, y)) = aligned(&line.points, i, x_at) {
                    parts.push(format!("{} {}", line.name, value_text(c.y.percent, y)));
                }
            }
            Some(parts.join(" · "))
        })
    };
    let hint = "Point at the chart, or use the arrow keys on it, to read its values.";

    let drawing = move || {
        let f = frame();
        let (w, h) = (width.get(), height());
        chart.with(|c| {
            let x_ticks = ticks(&c.x, if w < 500.0 { 5 } else { 8 });
            let y_ticks = ticks(&c.y, 5);
            let bands = c
                .bands
                .iter()
                .map(|(from, to, label)| {
                    let (x0, x1) = (f.x(&c.x, *from), f.x(&c.x, *to));
                    // The label only where it fits; the legend names the shading anyway.
                    let fits = x1 - x0 >= 7.5 * label.len() as f64;
                    view! {
                        <g class="band">
                            <rect x=x0 y=f.top width=(x1 - x0).max(1.0) height=f.bottom - f.top></rect>
                            {fits.then(|| view! { <text x=x0 + 4.0 y=f.top + 14.0>{label.clone()}</text> })}
                        </g>
                    }
                })
                .collect_view();
            let grid = y_ticks
                .iter()
                .map(|v| {
                    let y = f.y(&c.y, *v);
                    view! {
                        <line class="grid" x1=f.left x2=f.right y1=y y2=y></line>
                        <text class="tick" x=f.left - 6.0 y=y + 4.0 text-anchor="end">{tick_label(&c.y, *v)}</text>
                    }
                })
                .collect_view();
            let x_labels = x_ticks
                .iter()
                .map(|v| {
                    let x = f.x(&c.x, *v);
                    view! {
                        <line class="axis" x1=x x2=x y1=f.bottom y2=f.bottom + 5.0></line>
                        <text class="tick" x=x y=f.bottom + 18.0 text-anchor="middle">{tick_label(&c.x, *v)}</text>
                    }
                })
                .collect_view();
            let marks = c
                .marks
                .iter()
                .map(|(at, label)| {
                    let x = f.x(&c.x, *at);
                    view! {
                        <g class="mark">
                            <line x1=x x2=x y1=f.top y2=f.bottom></line>
                            <text x=x + 4.0 y=f.bottom - 6.0>{label.clone()}</text>
                        </g>
                    }
                })
                .collect_view();
            let lines = c
                .lines
                .iter()
                .map(|line| view! { <path class=format!("series {}", line.class) d=path(&f, c, &line.points)></path> })
                .collect_view();
            let spot = c.spot.as_ref().map(|(x, y, label)| {
                let (px, py) = (f.x(&c.x, *x), f.y(&c.y, *y));
                let anchor = if px > (f.left + f.right) / 2.0 { "end" } else { "start" };
                let dx = if anchor == "end" { -8.0 } else { 8.0 };
                // The label sits at the top, clear of the lines, joined to the point.
                view! {
                    <g class="spot">
                        <line x1=px x2=px y1=f.top + 4.0 y2=py></line>
                        <circle cx=px cy=py r=5></circle>
                        <text x=px + dx y=f.top + 14.0 text-anchor=anchor>{label.clone()}</text>
                    </g>
                }
            });
            let cursor_view = cursor.get().and_then(|i| {
                let first = c.lines.first()?;
                let (x_at, _) = *first.points.get(i)?;
                let px = f.x(&c.x, x_at);
                let dots = c
                    .lines
                    .iter()
                    .filter_map(|line| {
                        let (_, y) = aligned(&line.points, i, x_at)?;
                        Some(view! { <circle class=format!("dot {}", line.class) cx=px cy=f.y(&c.y, y) r=4></circle> })
                    })
                    .collect_view();
                Some(view! {
                    <g class="cursor">
                        <line x1=px x2=px y1=f.top y2=f.bottom></line>
                        {dots}
                    </g>
                })
            });
            let y_label_x = 14.0;
            let y_mid = (f.top + f.bottom) / 2.0;
            view! {
                <svg
                    class="chart-svg"
                    width=w
                    height=h
                    viewBox=format!("0 0 {w} {h}")
                    aria-hidden="true"
                    focusable="false"
                >
                    {bands}
                    {grid}
                    <line class="axis" x1=f.left x2=f.right y1=f.bottom y2=f.bottom></line>
                    <line class="axis" x1=f.left x2=f.left y1=f.top y2=f.bottom></line>
                    {x_labels}
                    <text class="axis-label" x=(f.left + f.right) / 2.0 y=h - 6.0 text-anchor="middle">{c.x.label.clone()}</text>
                    <text
                        class="axis-label"
                        x=y_label_x
                        y=y_mid
                        text-anchor="middle"
                        transform=format!("rotate(-90 {y_label_x} {y_mid})")
                    >
                        {c.y.label.clone()}
                    </text>
                    {marks}
                    {lines}
                    {spot}
                    {cursor_view}
                </svg>
            }
        })
    };
    let legend = move || {
        chart.with(|c| {
            let lines = c
                .lines
                .iter()
                .map(|line| {
                    view! {
                        <li>
                            <svg class="swatch" width="28" height="10" aria-hidden="true">
                                <line class=format!("series {}", line.class) x1="0" x2="28" y1="5" y2="5"></line>
                            </svg>
                            {line.name.clone()}
                        </li>
                    }
                })
                .collect_view();
            let band = c.bands.first().map(|(_, _, label)| {
                view! {
                    <li>
                        <svg class="swatch" width="28" height="12" aria-hidden="true">
                            <rect class="band-swatch" x="0" y="0" width="28" height="12"></rect>
                        </svg>
                        {format!("shaded: {label}")}
                    </li>
                }
            });
            (lines, band)
        })
    };
    let readout_id = format!("{testid}-readout");
    view! {
        <div class="chart" data-testid=testid>
            <ul class="legend" data-testid=format!("{testid}-legend")>{legend}</ul>
            <div
                class="chart-box"
                node_ref=box_ref
                tabindex="0"
                role="group"
                aria-label=title
                aria-describedby=readout_id.clone()
                on:pointermove=on_move
                on:pointerdown=on_move
                on:pointerleave=move |_| cursor.set(None)
                on:keydown=on_key
                on:blur=move |_| cursor.set(None)
            >
                {drawing}
            </div>
            <p class="chart-readout" id=readout_id data-testid=format!("{testid}-readout")>
                {move || readout().unwrap_or_else(|| hint.to_string())}
            </p>
        </div>
    }
}

/// The axis label as the readout starts: "time after the change (s) =".
fn axis_name(axis: &Axis) -> String {
    format!("{} =", axis.label.trim())
}

/// Offers `text` as a file called `name`.
pub fn save_csv(text: &str, name: &str) {
    let url = format!(
        "data:text/csv;charset=utf-8,{}",
        js_sys::encode_uri_component(text)
    );
    crate::ui::kit::browser::download(&url, name);
}
