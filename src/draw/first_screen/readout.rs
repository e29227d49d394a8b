//! The readout of the first screen: the last change (none yet) and who owns what, as the app's
//! panels show them before the first change.

use std::fmt::Write;

use super::markup::escape;
use super::ring_labels::{self, BALANCE_TILES};
use crate::core::{grouped, percent, Ownership};
use crate::draw::picture::PALETTE;

/// The readout column: the last change and the ownership table with its balance figures.
pub(super) fn readout(own: &Ownership, slots: &[usize]) -> String {
    let mut html = String::from("<section class=\"readout\">\n");
    let _ = writeln!(
        html,
        "<section class=\"panel\"><h2>Last change</h2><p class=\"headline\">{}</p></section>",
        escape(ring_labels::NO_CHANGE_YET)
    );
    html.push_str("<section class=\"panel\"><h2>Who owns what</h2>\n<table class=\"ownership\">\n");
    let _ = writeln!(
        html,
        "<caption>{}</caption>",
        escape(&ring_labels::ownership_caption(own))
    );
    let _ = writeln!(
        html,
        "<thead><tr><th scope=\"col\">Server</th><th scope=\"col\" class=\"num\">{}</th>\
         <th scope=\"col\" class=\"num\">Keys</th><th scope=\"col\"><span class=\"sr-only\">Share against even share</span></th></tr></thead>",
        ring_labels::share_heading(own)
    );
    html.push_str("<tbody>\n");
    let widest = own
        .servers
        .iter()
        .map(|s| s.share.max(s.ideal))
        .fold(0.0_f64, f64::max)
        .max(1e-9);
    for (row, &slot) in own.servers.iter().zip(slots) {
        let slot = slot % PALETTE;
        let name = escape(&row.name);
        let _ = writeln!(
            html,
            "<tr data-first-row=\"{name}\"><th scope=\"row\"><span class=\"swatch pattern-{slot} s{slot}\"></span>{name}</th>\
             <td class=\"num\" data-first-share=\"{name}\">{}</td><td class=\"num\">{}</td>\
             <td class=\"bar-cell\">{}</td></tr>",
            percent(row.share),
            grouped(row.keys),
            bar(row.share / widest, row.ideal / widest, slot),
        );
    }
    html.push_str("</tbody>\n</table>\n<dl class=\"tiles small\">\n");
    let figures = [ring_labels::peak_to_mean(own), ring_labels::spread(own)];
    for ((title, meaning), figure) in BALANCE_TILES.iter().zip(figures) {
        let _ = writeln!(
            html,
            "<div><dt>{}</dt><dd>{figure}</dd><dd class=\"meaning\">{}</dd></div>",
            escape(title),
            escape(meaning)
        );
    }
    html.push_str(
        "</dl>\n<details class=\"explain pending\"><summary>What is this?</summary></details>\n",
    );
    html.push_str("</section>\n</section>\n");
    html
}

/// A share's bar as the table draws it, in SVG so that it needs no `style` attribute: the
/// track, the share in its server's colour, and a dashed mark at the even share. `share` and
/// `even` are fractions of the bar's length.
fn bar(share: f64, even: f64, slot: usize) -> String {
    let at = |fraction: f64| format!("{:.2}%", fraction.clamp(0.0, 1.0) * 100.0);
    format!(
        "<svg class=\"first-bar\" width=\"100%\"><rect class=\"bar-track\" width=\"100%\"/>\
         <rect class=\"bar-fill s{slot}\" width=\"{}\"/><line class=\"bar-even\" x1=\"{e}\" x2=\"{e}\" y1=\"0\" y2=\"100%\"/></svg>",
        at(share),
        e = at(even),
    )
}
