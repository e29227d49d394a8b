//! The ring on a `<canvas>`: sizing, the moved-key pulse, and turning clicks and pointer moves
//! into selections and [`Change`]s. The drawing itself is [`paint`](super::paint),
//! the one module that touches the 2D context.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::arrow_keys::{describe, on_ring_key};
use crate::core::placement::Circle;
use crate::core::Change;
use crate::draw::geometry::{position_at, Frame};
use crate::draw::picture::{Focus, Hit, KeyLayer, Picture};
use crate::ui::kit::browser::{download, now, timed};
use crate::ui::kit::paint::{paint, PULSE_MS};
use crate::ui::kit::theme::{use_reduced_motion, Theme};
use crate::ui::state::{slot_list, AppState, ClickMode, Field, Still, View};

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

    // Also run a frame after a change of room, when the ring may be gone: asked for without
    // insisting that it is still there.
    let measure = move || {
        if let Some(el) = box_ref.try_get_untracked().flatten() {
            let width = f64::from(el.client_width());
            // On a wide screen the whole dashboard fits the window, so the ring also leaves
            // room below it for the readouts; on a narrow one the page scrolls instead.
            let window = window();
            let screen_w = window
                .inner_width()
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(width);
            let screen_h = window
                .inner_height()
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(f64::MAX);
            let fit = if screen_w > 1100.0 {
                screen_h - 200.0
            } else {
                // On a narrow screen a lesson's player is a sheet over the bottom of the
                // screen: the ring fits above it, so the step's words and the ring it speaks
                // of are on one screen.
                sheet_top()
                    .map(|top| {
                        top - (el.get_bounding_client_rect().top()
                            + window.scroll_y().unwrap_or(0.0))
                            - 8.0
                    })
                    .unwrap_or(f64::MAX)
            };
            if width > 0.0 {
                side.set(width.min(MAX_SIDE).min(fit).max(240.0));
            }
        }
    };
    Effect::new(move |_| {
        // A lesson opened or closed, or presentation mode, changes the room the ring has:
        // measured again once the page has drawn it.
        app.teaching.lesson.with(Option::is_some);
        app.page.present.track();
        app.page.controls_open.track();
        if box_ref.get().is_some() {
            measure();
            request_animation_frame(measure);
        }
    });
    let resize = window_event_listener(ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    // The ring's own room changes without the window's too: a figure in a closed `<details>`
    // or a hidden tab is shown, a host page's column narrows.
    Effect::new(move |_| {
        if let Some(el) = box_ref.get() {
            watch_size(&el, measure);
        }
    });

    let focus = Memo::new(move |_| {
        let scenario = app.scenario.get();
        Focus {
            key: app
                .selection
                .key
                .with(|label| label.as_deref().and_then(|l| scenario.keys().find(l))),
            server: app.selection.server.with(|name| {
                name.as_deref()
                    .and_then(|n| scenario.server(n).ok().map(|(i, _)| i))
            }),
            hover: app.selection.hover.get(),
            replicas: app.replicas.get(),
            requests: app.page.view.get() == crate::ui::state::View::Traffic,
            dot_limit: None,
        }
    });
    // The picture is a Memo so that hovering, which changes only `focus.hover`, does not
    // recompute more than it must and an unchanged picture is not redrawn.
    let picture = Memo::new(move |_| {
        let scenario = app.scenario.get();
        let slots = app.slots.with(|slots| slot_list(slots, &scenario));
        let focus = focus.get();
        timed("ringlab picture", || {
            app.last
                .with(|last| Picture::new(&scenario, last.as_deref(), &slots, &focus))
        })
    });

    // Start the pulse on every change that moved keys.
    Effect::new(move |_| {
        let moved = app
            .last
            .with(|l| l.as_ref().is_some_and(|o| !o.moved.is_empty()));
        // Only single dots pulse; a density band has nothing to animate.
        let dots = picture.with_untracked(|p| matches!(p.keys, KeyLayer::Dots(_)));
        if moved && dots && !reduced_motion.get_untracked() {
            let start = now();
            pulse.set(Some(0.0));
            animate(pulse, start);
        }
    });

    // The canvas is painted once a frame, just before the browser draws that frame: after a
    // change the panels' updates and the canvas's text then bring the page's styles up to date
    // once rather than twice, and changes that come within one frame paint once. Everything is
    // read untracked there, and asked for without insisting, as the ring may have gone by then.
    let scheduled = StoredValue::new(false);
    let paint_now = move || {
        let Some(canvas) = canvas_ref.try_get_untracked().flatten() else {
            return;
        };
        // Hidden under the Compare view: paint when it shows again.
        if !untrack(|| app.shows_ring()) {
            return;
        }
        let (Some(side), Some(theme), Some(pulse)) = (
            side.try_get_untracked(),
            theme.try_get_untracked(),
            pulse.try_get_untracked(),
        ) else {
            return;
        };
        let dpr = window().device_pixel_ratio().max(1.0);
        let pixels = (side * dpr).round() as u32;
        if canvas.width() != pixels {
            canvas.set_width(pixels);
            canvas.set_height(pixels);
        }
        let _ = canvas.style(("width", format!("{side}px")));
        let _ = canvas.style(("height", format!("{side}px")));
        picture.try_with_untracked(|p| {
            timed("ringlab canvas", || {
                paint(&canvas, dpr, Frame { side }, p, theme, pulse)
            })
        });
    };
    Effect::new(move |_| {
        canvas_ref.track();
        side.track();
        theme.track();
        pulse.track();
        picture.track();
        if !app.shows_ring() || scheduled.get_value() {
            return;
        }
        scheduled.set_value(true);
        request_animation_frame(move || {
            if scheduled.try_set_value(false).is_none() {
                paint_now();
            }
        });
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
        app.selection.set_hover(near.then_some(fraction));
    };
    let on_click = move |ev: web_sys::MouseEvent| {
        let (frame, x, y) = locate(&ev);
        let (fraction, _) = frame.polar(x, y);
        let position = u64::from(position_at(
            fraction,
            app.scenario.with_untracked(|s| s.size().get()),
        ));
        match app.selection.mode.get_untracked() {
            ClickMode::Select => {
                let hit = picture.with_untracked(|p| p.hit(frame, x, y, frame.key_size() * 2.5));
                select(app, hit);
            }
            ClickMode::DropKey | ClickMode::PlaceServer if own_circle(app) => {
                app.words.show_error(
                    Field::Canvas,
                    "This placement draws a circle of its own (ketama's ring, a table, a real system's slots or hashes), not the ring's positions: add keys and servers by name here.".into(),
                );
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
            let circle = s.placed().picture_words(&s.layout());
            format!(
                "{circle} with {} servers and {} keys. The arrow keys step through its points and keys; the table describes it in words.",
                s.servers().len(),
                s.keys().len()
            )
        })
    };

    // Exports: the canvas at twice its screen resolution, for slides, and the ownership table.
    let save_png = move || {
        let side = side.get_untracked();
        let Ok(element) = document().create_element("canvas") else {
            return;
        };
        let Ok(canvas) = element.dyn_into::<web_sys::HtmlCanvasElement>() else {
            return;
        };
        let scale = 2.0 * window().device_pixel_ratio().max(1.0);
        let pixels = (side * scale).round() as u32;
        canvas.set_width(pixels);
        canvas.set_height(pixels);
        picture.with_untracked(|p| {
            paint(
                &canvas,
                scale,
                Frame { side },
                p,
                theme.get_untracked(),
                None,
            )
        });
        if let Ok(url) = canvas.to_data_url_with_type("image/png") {
            download(&url, "ringlab-ring.png");
            app.words
                .announce("The ring was saved as a PNG image.".into());
        }
    };
    // The Share menu in the header saves through these.
    app.save_png
        .set_value(Some(Callback::new(move |()| save_png())));
    app.still.set_value(Some(Still {
        picture,
        side: side.into(),
        dark: Signal::derive(move || theme.get().dark),
    }));

    // The arrow keys step round the ring; they are the ring's while it has the focus, not the
    // lesson's.
    let stop = StoredValue::new(None::<usize>);
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        if picture.with_untracked(|p| on_ring_key(app, p, &ev.key(), stop)) {
            ev.prevent_default();
            ev.stop_propagation();
        }
    };
    let described_by = move || {
        if app.page.view.get() == View::Traffic {
            "request-caption canvas-error"
        } else {
            "ownership-caption canvas-error"
        }
    };

    view! {
        <div class="ring-box" node_ref=box_ref>
            <canvas
                node_ref=canvas_ref
                id="ring"
                data-testid="ring-canvas"
                data-geometry=move || Frame { side: side.get() }.measures()
                tabindex="0"
                role="application"
                aria-roledescription="ring"
                aria-label=label
                aria-describedby=described_by
                on:keydown=on_key
                class:placing=move || app.selection.mode.get() != ClickMode::Select
                on:pointermove=on_move
                on:pointerleave=move |_| app.selection.set_hover(None)
                on:click=on_click
            ></canvas>
        </div>
    }
}

/// Where a lesson's player sheet begins on a narrow screen (CSS pixels from the top of the
/// window), when one is open there.
fn sheet_top() -> Option<f64> {
    // The player, or its loading notice, which takes the same place until its code arrives.
    let sheet = document()
        .query_selector(".player, .arriving.lesson-part")
        .ok()
        .flatten()?;
    let style = window().get_computed_style(&sheet).ok().flatten()?;
    (style.get_property_value("position").ok()?.as_str() == "fixed")
        .then(|| sheet.get_bounding_client_rect().top())
}

fn select(app: AppState, hit: Option<Hit>) {
    let scenario = app.scenario.get_untracked();
    // What a click picked is said in words, as the arrow keys say it.
    if let Some(hit) = hit {
        app.words.announce(format!("{}.", describe(&scenario, hit)));
    }
    match hit {
        Some(Hit::Key(id)) => {
            app.selection
                .set_selected_key(Some(scenario.keys().key(id).label()));
        }
        Some(Hit::Server(index)) => {
            app.selection
                .set_selected_server(Some(scenario.servers()[index].name.clone()));
        }
        None => {
            app.selection.set_selected_key(None);
            app.selection.set_selected_server(None);
        }
    }
}

/// Whether the circle on screen is a placement's own (ketama's ring, maglev's table, a real
/// system's circle) rather than the ring's positions.
fn own_circle(app: AppState) -> bool {
    app.scenario
        .with_untracked(|s| s.placement().spec().circle == Circle::Own)
}

/// Advances the pulse clock once per frame until it has run its course.
fn animate(pulse: RwSignal<Option<f64>>, start: f64) {
    request_animation_frame(move || {
        let elapsed = now() - start;
        if elapsed >= PULSE_MS {
            pulse.set(None);
        } else if pulse.try_get_untracked().flatten().is_some() {
            pulse.set(Some(elapsed));
            animate(pulse, start);
        }
    });
}

/// Calls `measure` whenever `element`'s box changes size, until the element is taken down.
fn watch_size(element: &web_sys::Element, measure: impl Fn() + 'static) {
    use wasm_bindgen::prelude::Closure;
    let callback = Closure::<dyn Fn()>::new(measure);
    let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) else {
        return;
    };
    observer.observe(element);
    let held = send_wrapper::SendWrapper::new((observer, callback));
    on_cleanup(move || {
        let (observer, _callback) = held.take();
        observer.disconnect();
    });
}
