//! The ring on a `<canvas>`: the one component that touches the 2D context.
//!
//! It draws a [`Picture`] (plain data computed elsewhere) and turns clicks and pointer moves
//! into selections and [`Change`]s. Moved keys get a halo that pulses for a moment after each
//! change, unless the person asked for reduced motion.

use std::f64::consts::TAU;

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d;

use super::state::{slot_list, AppState, ClickMode, Field};
use super::theme::{use_reduced_motion, Theme};
use crate::core::Change;
use crate::geometry::{position_at, Frame};
use crate::picture::{Focus, Hit, KeyLayer, Picture};

/// How long the moved-key pulse lasts, in milliseconds.
const PULSE_MS: f64 = 900.0;
/// Up to this many points are drawn as dots; more are drawn as ticks across the band.
const MAX_POINT_DOTS: usize = 60;
/// The largest canvas side, in CSS pixels.
const MAX_SIDE: f64 = 640.0;

/// The ring canvas with its hover readout.
#[component]
pub fn RingCanvas(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let canvas_ref = NodeRef::<html::Canvas>::new();
    let box_ref = NodeRef::<html::Div>::new();
    let side = RwSignal::new(MAX_SIDE);
    let reduced_motion = use_reduced_motion();
    // Milliseconds since the last change, while its pulse runs; None once it has settled.
    let pulse = RwSignal::new(None::<f64>);

    let measure = move || {
        if let Some(el) = box_ref.get_untracked() {
            let width = f64::from(el.client_width());
            if width > 0.0 {
                side.set(width.min(MAX_SIDE));
            }
        }
    };
    Effect::new(move |_| {
        if box_ref.get().is_some() {
            measure();
        }
    });
    let resize = window_event_listener(ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());

    let focus = Memo::new(move |_| {
        let scenario = app.scenario.read();
        Focus {
            key: app
                .selected_key
                .with(|label| label.as_deref().and_then(|l| scenario.keys().find(l))),
            server: app.selected_server.with(|name| {
                name.as_deref()
                    .and_then(|n| scenario.server(n).ok().map(|(i, _)| i))
            }),
            hover: app.hover.get(),
        }
    });
    // The picture is a Memo so that hovering, which changes only `focus.hover`, does not
    // recompute more than it must and an unchanged picture is not redrawn.
    let picture = Memo::new(move |_| {
        let scenario = app.scenario.read();
        let slots = app.slots.with(|slots| slot_list(slots, &scenario));
        app.last
            .with(|last| Picture::new(&scenario, last.as_ref(), &slots, &focus.get()))
    });

    // Start the pulse on every change that moved keys.
    Effect::new(move |_| {
        let moved = app
            .last
            .with(|l| l.as_ref().is_some_and(|o| !o.ring_moves.is_empty()));
        if moved && !reduced_motion.get_untracked() {
            let start = now();
            pulse.set(Some(0.0));
            animate(pulse, start);
        }
    });

    Effect::new(move |_| {
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        let side = side.get();
        let dpr = window().device_pixel_ratio().max(1.0);
        let pixels = (side * dpr).round() as u32;
        if canvas.width() != pixels {
            canvas.set_width(pixels);
            canvas.set_height(pixels);
        }
        let _ = canvas.style(("width", format!("{side}px")));
        let _ = canvas.style(("height", format!("{side}px")));
        let Some(ctx) = context(&canvas) else { return };
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        picture.with(|p| paint(&ctx, Frame { side }, p, theme.get(), pulse.get()));
    });

    let locate = move |ev: &web_sys::MouseEvent| {
        let frame = Frame {
            side: side.get_untracked(),
        };
        let (x, y) = (f64::from(ev.offset_x()), f64::from(ev.offset_y()));
        (frame, x, y)
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        let (frame, x, y) = locate(&ev);
        let (fraction, radius) = frame.polar(x, y);
        let near = radius > frame.ring_radius() * 0.55 && radius < frame.tick_label_radius();
        let size = app.scenario.with_untracked(|s| s.size().get());
        app.hover.set(near.then(|| position_at(fraction, size)));
    };
    let on_click = move |ev: web_sys::MouseEvent| {
        let (frame, x, y) = locate(&ev);
        let (fraction, _) = frame.polar(x, y);
        let position = u64::from(position_at(
            fraction,
            app.scenario.with_untracked(|s| s.size().get()),
        ));
        match app.mode.get_untracked() {
            ClickMode::Select => {
                let hit = picture.with_untracked(|p| p.hit(frame, x, y, frame.key_size() * 2.5));
                select(app, hit);
            }
            ClickMode::DropKey => {
                app.dispatch(
                    Change::AddKeys {
                        keys: vec![format!("@{position}")],
                    },
                    Field::Canvas,
                );
            }
            ClickMode::PlaceServer => {
                let name = app.suggested_name();
                app.dispatch(
                    Change::AddServer {
                        name,
                        at: Some(position),
                        weight: None,
                    },
                    Field::Canvas,
                );
            }
        }
    };

    let label = move || {
        app.scenario.with(|s| {
            format!(
                "Hash ring of {} positions with {} servers and {} keys. The ownership table describes it in words.",
                s.size(),
                s.servers().len(),
                s.keys().len()
            )
        })
    };

    view! {
        <div class="ring-box" node_ref=box_ref>
            <canvas
                node_ref=canvas_ref
                data-testid="ring-canvas"
                role="img"
                aria-label=label
                aria-describedby="ownership-caption"
                class:placing=move || app.mode.get() != ClickMode::Select
                on:pointermove=on_move
                on:pointerleave=move |_| app.hover.set(None)
                on:click=on_click
            ></canvas>
        </div>
    }
}

fn select(app: AppState, hit: Option<Hit>) {
    let scenario = app.scenario.get_untracked();
    match hit {
        Some(Hit::Key(id)) => {
            app.selected_key.set(Some(scenario.keys().key(id).label()));
        }
        Some(Hit::Server(index)) => {
            app.selected_server
                .set(Some(scenario.servers()[index].name.clone()));
        }
        None => {
            app.selected_key.set(None);
            app.selected_server.set(None);
        }
    }
}

fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// Advances the pulse clock once per frame until it has run its course.
fn animate(pulse: RwSignal<Option<f64>>, start: f64) {
    request_animation_frame(move || {
        let elapsed = now() - start;
        if elapsed >= PULSE_MS {
            pulse.set(None);
        } else if pulse.get_untracked().is_some() {
            pulse.set(Some(elapsed));
            animate(pulse, start);
        }
    });
}

fn context(canvas: &web_sys::HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok().flatten()?.dyn_into().ok()
}

fn circle(ctx: &CanvasRenderingContext2d, (x, y): (f64, f64), radius: f64) {
    ctx.begin_path();
    let _ = ctx.arc(x, y, radius, 0.0, TAU);
}

fn ring_arc(ctx: &CanvasRenderingContext2d, frame: Frame, radius: f64, start: f64, sweep: f64) {
    let (cx, cy) = frame.centre();
    ctx.begin_path();
    let _ = ctx.arc(
        cx,
        cy,
        radius,
        Frame::canvas_angle(start),
        Frame::canvas_angle(start + sweep.min(1.0)),
    );
}

/// Draws the whole picture.
fn paint(
    ctx: &CanvasRenderingContext2d,
    frame: Frame,
    picture: &Picture,
    theme: Theme,
    pulse: Option<f64>,
) {
    let side = frame.side;
    ctx.set_fill_style_str(theme.background());
    ctx.fill_rect(0.0, 0.0, side, side);
    let r = frame.ring_radius();
    let band = frame.band_width();
    let font = |px: f64| format!("600 {px:.0}px system-ui, sans-serif");

    // The track under the arcs, so a gap would show.
    ctx.set_line_cap("butt");
    ctx.set_stroke_style_str(theme.muted());
    ctx.set_line_width(1.0);
    circle(ctx, frame.centre(), r);
    ctx.stroke();

    for arc in &picture.arcs {
        ctx.set_stroke_style_str(theme.server(arc.slot));
        ctx.set_line_width(if arc.selected { band * 1.5 } else { band });
        ring_arc(ctx, frame, r, arc.start, arc.sweep);
        ctx.stroke();
    }

    // Ticks and their labels.
    ctx.set_font(&font((side * 0.027).max(12.0)));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for tick in &picture.ticks {
        ctx.set_stroke_style_str(theme.muted());
        ctx.set_line_width(1.5);
        let (x0, y0) = frame.at(tick.fraction, r - band / 2.0 - 4.0);
        let (x1, y1) = frame.at(tick.fraction, r - band / 2.0 - 10.0);
        ctx.begin_path();
        ctx.move_to(x0, y0);
        ctx.line_to(x1, y1);
        ctx.stroke();
        if let Some(label) = &tick.label {
            ctx.set_fill_style_str(theme.muted());
            let (x, y) = frame.at(tick.fraction, frame.tick_label_radius());
            let _ = ctx.fill_text(label, x, y);
        }
    }

    // The selected key's clockwise walk to its owner.
    if let Some(walk) = &picture.walk {
        ctx.set_stroke_style_str(theme.ink());
        ctx.set_line_width(3.0);
        let _ = ctx.set_line_dash(&js_sys_array(&[6.0, 4.0]));
        let radius = r - band;
        ring_arc(ctx, frame, radius, walk.from, walk.sweep.max(0.0005));
        ctx.stroke();
        let _ = ctx.set_line_dash(&js_sys_array(&[]));
        let end = walk.from + walk.sweep;
        circle(ctx, frame.at(end, radius), 5.0);
        ctx.set_fill_style_str(theme.ink());
        ctx.fill();
    }

    // Server points: a dot each when they are few, a short tick across the band when many.
    let few = picture.points.len() <= MAX_POINT_DOTS;
    for point in &picture.points {
        if few {
            let at = frame.at(point.fraction, r);
            circle(
                ctx,
                at,
                frame.point_size() * if point.selected { 1.4 } else { 1.0 },
            );
            ctx.set_fill_style_str(theme.server(point.slot));
            ctx.fill();
            ctx.set_stroke_style_str(theme.ink());
            ctx.set_line_width(2.0);
            ctx.stroke();
        } else {
            let (x0, y0) = frame.at(point.fraction, r - band * 0.75);
            let (x1, y1) = frame.at(point.fraction, r + band * 0.75);
            ctx.set_stroke_style_str(if point.selected {
                theme.ink()
            } else {
                theme.background()
            });
            ctx.set_line_width(if point.selected { 2.5 } else { 1.0 });
            ctx.begin_path();
            ctx.move_to(x0, y0);
            ctx.line_to(x1, y1);
            ctx.stroke();
        }
    }
    ctx.set_font(&font((side * 0.034).max(14.0)));
    for point in picture.points.iter().filter(|p| p.label.is_some()) {
        let (x, y) = frame.at(point.fraction, frame.server_label_radius());
        ctx.set_fill_style_str(theme.ink());
        let _ = ctx.fill_text(point.label.as_deref().unwrap_or_default(), x, y);
    }

    // Keys.
    match &picture.keys {
        KeyLayer::Dots(dots) => {
            let size = frame.key_size();
            for dot in dots {
                let at = frame.at(dot.fraction, frame.key_radius(dot.lane));
                circle(ctx, at, size);
                ctx.set_fill_style_str(theme.server(dot.slot));
                ctx.fill();
                ctx.set_line_width(1.0);
                ctx.set_stroke_style_str(theme.background());
                ctx.stroke();
                if dot.moved {
                    ctx.set_stroke_style_str(theme.halo());
                    ctx.set_line_width(2.0);
                    circle(ctx, at, size + 3.0);
                    ctx.stroke();
                    if let Some(t) = pulse {
                        let progress = t / PULSE_MS;
                        ctx.set_global_alpha(1.0 - progress);
                        circle(ctx, at, size + 3.0 + progress * size * 2.5);
                        ctx.stroke();
                        ctx.set_global_alpha(1.0);
                    }
                }
                if let Some(label) = &dot.label {
                    let (x, y) = frame.at(dot.fraction, frame.key_radius(dot.lane) + size * 2.6);
                    ctx.set_fill_style_str(theme.ink());
                    ctx.set_font(&font((side * 0.022).max(11.0)));
                    let _ = ctx.fill_text(label, x, y);
                }
                if dot.selected {
                    ctx.set_stroke_style_str(theme.ink());
                    ctx.set_line_width(3.0);
                    circle(ctx, at, size + 6.0);
                    ctx.stroke();
                }
            }
        }
        KeyLayer::Density { bins, peak } => {
            let (base, depth) = frame.density_band();
            let peak = (*peak).max(1) as f64;
            for bin in bins.iter().filter(|b| b.count > 0) {
                let height = depth * bin.count as f64 / peak;
                ctx.set_global_alpha(0.55);
                ctx.set_stroke_style_str(theme.muted());
                ctx.set_line_width(height);
                ring_arc(ctx, frame, base + height / 2.0, bin.start, bin.sweep);
                ctx.stroke();
                ctx.set_global_alpha(1.0);
                if bin.moved > 0 {
                    let moved = depth * bin.moved as f64 / peak;
                    ctx.set_stroke_style_str(theme.halo());
                    ctx.set_line_width(moved);
                    ring_arc(ctx, frame, base + moved / 2.0, bin.start, bin.sweep);
                    ctx.stroke();
                }
            }
        }
    }

    // The hovered position.
    if let Some(fraction) = picture.hover {
        let (x0, y0) = frame.at(fraction, r - band);
        let (x1, y1) = frame.at(fraction, r + band);
        ctx.set_stroke_style_str(theme.ink());
        ctx.set_line_width(2.0);
        ctx.begin_path();
        ctx.move_to(x0, y0);
        ctx.line_to(x1, y1);
        ctx.stroke();
    }
}

fn js_sys_array(values: &[f64]) -> wasm_bindgen::JsValue {
    let array = js_sys::Array::new();
    for v in values {
        array.push(&wasm_bindgen::JsValue::from_f64(*v));
    }
    array.into()
}
