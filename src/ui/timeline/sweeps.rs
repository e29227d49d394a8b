//! The sweep plots: the spread of ring shares against virtual nodes (beside 1/√v), and the
//! share of keys that move as the (N+1)th server joins (ring, mod N, their rules and the chosen
//! placement). The engine's sweeps run here a few steps at a time, each batch well under 50 ms,
//! so the page keeps answering while they fill in.

use leptos::prelude::*;

use super::chart::{nice_ceiling, save_csv, value_text, Axis, Chart, Line, LineChart};
use super::chart_png::save_chart_png;
use super::sweep_steps::{drive, Sweeping};
use crate::core::sweep::{servers_csv, vnodes_csv};
use crate::core::{SizePoint, SizeSweep, VnodePoint, VnodeSweep};
use crate::ui::kit::landmark::labelled_by;
use crate::ui::state::AppState;

/// The rows of the spread table: a few round values of v.
const TABLE_VNODES: [u32; 12] = [1, 2, 3, 5, 10, 20, 50, 100, 200, 300, 500, 1000];

/// Both sweep plots.
#[component]
pub fn SweepPanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let spread = RwSignal::new(Sweeping::<VnodePoint>::default());
    let moved = RwSignal::new(Sweeping::<SizePoint>::default());
    let latest = StoredValue::new(0u64);
    // What the sweeps depend on, so that a timeline setting does not restart them.
    let inputs = Memo::new(move |_| {
        app.scenario.with(|s| {
            format!(
                "{}|{}|{}|{:?}|{}|{:?}",
                s.size(),
                s.hash(),
                s.vnodes(),
                s.servers(),
                s.keys().len(),
                s.placement()
            )
        })
    });
    Effect::new(move |_| {
        inputs.track();
        let run = latest.get_value() + 1;
        latest.set_value(run);
        let scenario = app.scenario.get_untracked();
        match VnodeSweep::new(&scenario, VnodeSweep::LAST) {
            Ok(sweep) => drive(sweep, spread, latest, run, 0.0),
            Err(e) => spread.set(Sweeping {
                points: Vec::new(),
                progress: None,
                refused: Some(e.to_string()),
            }),
        }
        let also = [scenario.placement()];
        match SizeSweep::new(&scenario, SizeSweep::LAST, &also) {
            Ok(sweep) => drive(sweep, moved, latest, run, 0.0),
            Err(e) => moved.set(Sweeping {
                points: Vec::new(),
                progress: None,
                refused: Some(e.to_string()),
            }),
        }
    });
    // Any batch still scheduled when the view goes finds `latest` disposed and stops (see
    // `drive`).
    view! {
        <section class="sweeps" aria-labelledby=labelled_by("sweeps-title") data-testid="sweeps">
            <h2 id="sweeps-title">"As it grows"</h2>
            <div class="sweep-grid">
                <SpreadPlot sweep=spread />
                <MovedPlot sweep=moved />
            </div>
        </section>
    }
}

/// Progress while a sweep runs, or why it was refused.
#[component]
fn SweepStatus<P: Clone + PartialEq + Send + Sync + 'static>(
    sweep: RwSignal<Sweeping<P>>,
    testid: &'static str,
) -> impl IntoView {
    move || {
        sweep.with(|s| {
            if let Some(reason) = &s.refused {
                Some(view! { <p class="field-error" role="alert" data-testid=format!("{testid}-refused")>{reason.clone()}</p> }.into_any())
            } else {
                s.progress.map(|(done, total)| {
                    view! {
                        <p class="sweep-progress" data-testid=format!("{testid}-progress")>
                            <progress max=total.to_string() value=done.to_string() aria-label="Sweep progress"></progress>
                            {format!(" {} %", (done * 100).checked_div(total).unwrap_or(100))}
                        </p>
                    }
                    .into_any()
                })
            }
        })
    }
}

/// Spread of ring shares against virtual nodes, beside 1/√v, the current v marked.
#[component]
fn SpreadPlot(sweep: RwSignal<Sweeping<VnodePoint>>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chart = Signal::derive(move || {
        let current = app.scenario.with(|s| s.vnodes());
        sweep.with(|s| {
            let top = s
                .points
                .iter()
                .map(|p| p.spread.max(p.predicted))
                .fold(0.0, f64::max);
            let spot = s
                .points
                .iter()
                .find(|p| p.vnodes == current)
                .map(|p| (f64::from(p.vnodes), p.spread, format!("now: v = {current}")));
            Chart {
                x: Axis {
                    label: "virtual nodes per server, v (log scale)".into(),
                    min: 1.0,
                    max: f64::from(VnodeSweep::LAST),
                    log: true,
                    percent: false,
                },
                y: Axis {
                    label: "spread of shares".into(),
                    min: 0.0,
                    max: nice_ceiling(top.max(0.01)),
                    log: false,
                    percent: true,
                },
                lines: vec![
                    Line {
                        name: "spread".into(),
                        class: "line-a",
                        points: s
                            .points
                            .iter()
                            .map(|p| (f64::from(p.vnodes), p.spread))
                            .collect(),
                    },
                    Line {
                        name: "1/√v".into(),
                        class: "line-rule",
                        points: s
                            .points
                            .iter()
                            .map(|p| (f64::from(p.vnodes), p.predicted))
                            .collect(),
                    },
                ],
                bands: Vec::new(),
                marks: Vec::new(),
                spot,
            }
        })
    });
    let save = move |_| {
        let csv = sweep.with_untracked(|s| vnodes_csv(&s.points));
        save_csv(&csv, "ringlab-sweep-vnodes.csv");
    };
    let rows = move || {
        sweep.with(|s| {
            s.points
                .iter()
                .filter(|p| TABLE_VNODES.contains(&p.vnodes))
                .map(|p| {
                    view! {
                        <tr>
                            <td>{p.vnodes}</td>
                            <td class="num">{value_text(true, p.spread)}</td>
                            <td class="num">{value_text(true, p.predicted)}</td>
                            <td class="num">{format!("{:.2}", p.peak_to_mean)}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="chart-card" data-testid="sweep-vnodes">
            <h3>"Spread against virtual nodes"</h3>
            <p class="hint">"How far the servers' ring shares stray from even (standard deviation of share over ideal share), for the current servers and hash; it shrinks like 1/√v."</p>
            <SweepStatus sweep=sweep testid="sweep-vnodes" />
            <LineChart chart=chart title="Spread of ring shares against virtual nodes".to_string() testid="sweep-vnodes-chart" />
            <div class="chart-actions">
                <button type="button" data-testid="sweep-vnodes-csv" on:click=save>"Save series (CSV)"</button>
                <button type="button" data-testid="sweep-vnodes-png" on:click=move |_| save_chart_png("sweep-vnodes-chart", "ringlab-sweep-vnodes.png")>"Save PNG"</button>
            </div>
            <details class="chart-table">
                <summary>"Table of the chart"</summary>
                <table class="compare-table">
                    <caption>"Spread of ring shares at some values of v"</caption>
                    <thead><tr><th scope="col">"v"</th><th scope="col" class="num">"spread"</th><th scope="col" class="num">"1/√v"</th><th scope="col" class="num">"largest share / ideal"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </details>
        </div>
    }
}

/// The share of keys that move when the (N+1)th server joins, on the ring, under mod N and
/// under the chosen placement, beside 1/(N+1) and N/(N+1); the current N marked.
#[component]
fn MovedPlot(sweep: RwSignal<Sweeping<SizePoint>>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let chart = Signal::derive(move || {
        let current = app.scenario.with(|s| s.servers().len());
        sweep.with(|s| {
            let series = |f: &dyn Fn(&SizePoint) -> f64| -> Vec<(f64, f64)> {
                s.points.iter().map(|p| (p.servers as f64, f(p))).collect()
            };
            let mut lines = vec![
                Line {
                    name: "ring".into(),
                    class: "line-a",
                    points: series(&|p| p.ring),
                },
                Line {
                    name: "mod N".into(),
                    class: "line-b",
                    points: series(&|p| p.mod_n),
                },
                Line {
                    name: "1/(N+1)".into(),
                    class: "line-rule",
                    points: series(&|p| p.ideal),
                },
                Line {
                    name: "N/(N+1)".into(),
                    class: "line-rule-b",
                    points: series(&|p| p.mod_n_expected),
                },
            ];
            if let Some(first) = s.points.first() {
                for (i, (kind, _)) in first.others.iter().enumerate() {
                    lines.push(Line {
                        name: kind.name().to_string(),
                        class: "line-c",
                        points: series(&|p| p.others.get(i).map_or(0.0, |o| o.1)),
                    });
                }
            }
            let spot = s
                .points
                .iter()
                .find(|p| p.servers == current)
                .map(|p| (current as f64, p.ring, format!("now: N = {current}")));
            Chart {
                x: Axis {
                    label: "servers before the newcomer, N".into(),
                    min: 1.0,
                    max: SizeSweep::LAST as f64,
                    log: false,
                    percent: false,
                },
                y: Axis {
                    label: "keys moved".into(),
                    min: 0.0,
                    max: 1.0,
                    log: false,
                    percent: true,
                },
                lines,
                bands: Vec::new(),
                marks: Vec::new(),
                spot,
            }
        })
    });
    let save = move |_| {
        let csv = sweep.with_untracked(|s| servers_csv(&s.points));
        save_csv(&csv, "ringlab-sweep-servers.csv");
    };
    let other = move || {
        sweep.with(|s| {
            s.points
                .first()
                .and_then(|p| p.others.first().map(|(k, _)| k.name().to_string()))
        })
    };
    let rows = move || {
        sweep.with(|s| {
            s.points
                .iter()
                .filter(|p| p.servers <= 10 || p.servers % 5 == 0)
                .map(|p| {
                    view! {
                        <tr>
                            <td>{p.servers}</td>
                            <td>{p.joined.to_string()}</td>
                            <td class="num">{value_text(true, p.ring)}</td>
                            <td class="num">{value_text(true, p.ideal)}</td>
                            <td class="num">{value_text(true, p.mod_n)}</td>
                            <td class="num">{value_text(true, p.mod_n_expected)}</td>
                            {p.others.first().map(|(_, v)| view! { <td class="num">{value_text(true, *v)}</td> })}
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let needs_keys = move || app.scenario.with(|s| s.keys().is_empty());
    view! {
        <div class="chart-card" data-testid="sweep-servers">
            <h3>"Keys moved as servers join"</h3>
            <p class="hint">"The share of the current keys that move when the (N+1)th server joins the first N: the ring (current virtual nodes) moves about 1/(N+1), mod N about N/(N+1)."</p>
            <SweepStatus sweep=sweep testid="sweep-servers" />
            <Show when=move || !needs_keys()>
                <LineChart chart=chart title="Share of keys moved against the number of servers".to_string() testid="sweep-servers-chart" />
                <div class="chart-actions">
                    <button type="button" data-testid="sweep-servers-csv" on:click=save>"Save series (CSV)"</button>
                    <button type="button" data-testid="sweep-servers-png" on:click=move |_| save_chart_png("sweep-servers-chart", "ringlab-sweep-servers.png")>"Save PNG"</button>
                </div>
                <details class="chart-table">
                    <summary>"Table of the chart"</summary>
                    <div class="table-wrap">
                        <table class="compare-table">
                            <caption>"Share of keys moved when the (N+1)th server joins"</caption>
                            <thead>
                                <tr>
                                    <th scope="col">"N"</th>
                                    <th scope="col">"joins"</th>
                                    <th scope="col" class="num">"ring"</th>
                                    <th scope="col" class="num">"1/(N+1)"</th>
                                    <th scope="col" class="num">"mod N"</th>
                                    <th scope="col" class="num">"N/(N+1)"</th>
                                    {move || other().map(|name| view! { <th scope="col" class="num">{name}</th> })}
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                </details>
            </Show>
        </div>
    }
}
