//! The ring as an SVG document: the same [`Picture`] the canvas painter paints, written as
//! vector shapes and real text, for a still of the ring outside the page (a figure for slides or
//! a paper, a first screen written into the page before its code arrives).
//!
//! The writer follows the painter step by step: the same layers in the same order (background
//! and ring line, arcs, ticks, walk, points, keys, badges, hover), the same shapes at the same
//! coordinates, and the same decisions, all read from where the painter reads them: positions
//! and radii from the geometry, line widths and type sizes from [`style`](crate::draw::style),
//! colours from [`palette`](crate::draw::palette). Server names, tick labels and key labels are
//! `<text>` elements, so they can be searched, selected and read aloud. Only the pulse of keys
//! that just moved is left out: it is an animation.
//!
//! Colours come in one of two [`Styling`]s. In both, every shape carries classes that say what
//! it is (`arc s3` is an arc in colour slot 3, `moved` the halo of a key that moved; the root
//! has [`ROOT_CLASS`]), and everything that is not a colour (widths, dashes, opacity, type
//! sizes) is an attribute. In the classes styling that is all: no `style` attribute, no
//! `<style>` element and no colour, so a page whose security policy forbids inline styles can
//! show it and colour it with its own stylesheet ([`stylesheet`] and [`page_stylesheet`] write
//! the rules from the same table). The standalone styling writes the colours of one palette in
//! as `fill` and `stroke` attributes, for a self-contained file.
//!
//! Coordinates are written to a hundredth of a pixel. An SVG has a `<title>` and a `<desc>`
//! ([`Words`]) and `role="img"`, so it is announced as one image with its description.

mod alt_text;
mod layers;
mod marks;
mod path;
mod xml;

pub use alt_text::Words;
pub use marks::{page_stylesheet, still_stylesheet, stylesheet, ROOT_CLASS};
pub use xml::escape;

use crate::draw::geometry::Frame;
use crate::draw::palette::Palette;
use crate::draw::picture::Picture;
use crate::draw::style::{Style, FONT_FAMILY, FONT_WEIGHT};
use path::num;
use xml::Doc;

/// How the SVG's shapes get their colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Styling {
    /// Classes only: the page's stylesheet colours the shapes.
    Classes,
    /// The colours of the dark or the light palette written into the file.
    Standalone {
        /// Whether the dark palette's colours are written in.
        dark: bool,
    },
    /// The colours written in, as for a file, without the XML declaration: an `<svg>` element
    /// for an HTML page, such as a figure's still.
    Inline {
        /// Whether the dark palette's colours are written in.
        dark: bool,
    },
}

/// Everything the writer needs besides the picture.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// The square the ring is drawn in; the SVG is that size.
    pub frame: Frame,
    /// The mode's line widths and type sizes (presentation mode or not).
    pub style: Style,
    /// How the shapes get their colours.
    pub styling: Styling,
    /// The title and description; an empty one is left out.
    pub words: &'a Words,
}

/// `picture` as an SVG document, drawn in `options.frame` as the canvas painter draws it.
pub fn write(picture: &Picture, options: &Options<'_>) -> String {
    let palette = match options.styling {
        Styling::Classes => None,
        Styling::Standalone { dark } | Styling::Inline { dark } => Some(Palette::of(dark)),
    };
    let mut doc = Doc::new(palette, options.style.present);
    if matches!(options.styling, Styling::Standalone { .. }) {
        doc.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    }
    let side = num(options.frame.side);
    let class = if options.style.present {
        format!("{ROOT_CLASS} present")
    } else {
        ROOT_CLASS.to_string()
    };
    doc.raw(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{class}\" viewBox=\"0 0 {side} {side}\" \
         width=\"{side}\" height=\"{side}\" role=\"img\" font-family=\"{}\" font-weight=\"{FONT_WEIGHT}\">\n",
        escape(FONT_FAMILY)
    ));
    let words = options.words;
    if !words.title.is_empty() {
        doc.raw(&format!("<title>{}</title>\n", escape(&words.title)));
    }
    if !words.description.is_empty() {
        doc.raw(&format!("<desc>{}</desc>\n", escape(&words.description)));
    }
    layers::layers(&mut doc, picture, options.frame, options.style);
    doc.raw("</svg>\n");
    doc.finish()
}
