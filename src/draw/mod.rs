//! What the page draws, as plain shapes: the ring's picture (arcs, points, ticks, keys, the
//! selected key's walk) and hit-testing on it, the charts' axes, ticks and lines, and the
//! geometry that maps ring positions to canvas coordinates and back. Everything here is computed
//! natively from the engine's results and tested there, with no browser in sight; the canvas
//! painter in `ui` is the only thing that touches the 2D context, and the page's SVG chart only
//! draws what [`chart`] lays out.
//!
//! The ring's look is here too, as plain data both of its painters read: its colours
//! ([`palette`]) and its line widths and type sizes in each mode ([`style`]). The canvas painter
//! paints a [`picture::Picture`] on the page; [`svg`] writes the same picture as an SVG
//! document, for a still of the ring outside the page, and [`first_screen`] writes the page's
//! first screen around it, for `index.html` at build time. [`timeline`] lays out a timeline's
//! chart and words.

pub mod chart;
pub mod figure_element;
pub mod first_screen;
pub mod geometry;
pub mod palette;
pub mod picture;
pub mod qr;
pub mod still;
pub mod style;
pub mod svg;
pub mod timeline;
