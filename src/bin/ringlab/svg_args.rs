//! The flags and help text of `ringlab svg`, apart from the command so that the command line's
//! definition (`cli`) can name them without importing the command.

use clap::{Args, ValueEnum};

use crate::flags::{ChangeArgs, KeysArgs, PlacementArgs, RingArgs, TrafficArgs};

/// The flags of `ringlab svg`.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct SvgArgs {
    /// The ring and its servers, as for `experiment`.
    #[command(flatten)]
    pub ring: RingArgs,

    /// The placement and its settings.
    #[command(flatten)]
    pub placement: PlacementArgs,

    /// The one change: the ring is drawn after it, the keys it moved ringed.
    #[command(flatten)]
    pub then: ChangeArgs,

    /// Where the keys come from.
    #[command(flatten)]
    pub keys: KeysArgs,

    /// The traffic, which --requests draws.
    #[command(flatten)]
    pub traffic: TrafficArgs,

    /// Draw the ring of a page's address (or its query string) instead of the flags above: its
    /// scenario, its last change, its selected key (select=), its copies per key (r=), and
    /// presentation mode (present=1).
    /// Example: --link '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60'
    #[arg(
        long,
        value_name = "LINK",
        conflicts_with_all = ["RingArgs", "PlacementArgs", "ChangeArgs", "KeysArgs", "TrafficArgs"],
        verbatim_doc_comment
    )]
    pub link: Option<String>,

    /// Select a key, by its label: its walk to its owner is drawn.
    /// Example: --select @90
    #[arg(long, value_name = "KEY", verbatim_doc_comment)]
    pub select: Option<String>,

    /// Draw the keys by how often they are read, as the Traffic view does.
    /// Example: --requests --traffic zipf:1.1
    #[arg(long, verbatim_doc_comment)]
    pub requests: bool,

    /// Presentation mode's thicker lines, larger writing and stronger contrast.
    /// Example: --present
    #[arg(long, verbatim_doc_comment)]
    pub present: bool,

    /// The colours written into the file.
    /// Example: --theme dark
    #[arg(
        long,
        value_enum,
        default_value = "light",
        conflicts_with = "classes",
        verbatim_doc_comment
    )]
    pub theme: ThemeName,

    /// The side of the square drawing, in pixels, from 100 to 10000.
    /// Example: --size 800
    #[arg(long, value_name = "PX", default_value = "480", verbatim_doc_comment)]
    pub size: String,

    /// Write an <svg> element for an HTML page, without the file's XML declaration: a figure's
    /// still (docs/embedding.md, "Figures").
    /// Example: --inline
    #[arg(long, conflicts_with = "classes", verbatim_doc_comment)]
    pub inline: bool,

    /// Write classes instead of colours: no colour, no style attribute and no <style>
    /// element, for a page that colours the drawing with its own stylesheet.
    /// Example: --classes
    #[arg(long, verbatim_doc_comment)]
    pub classes: bool,
}

/// The palettes `--theme` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ThemeName {
    /// Dark lines on white.
    Light,
    /// Light lines on near-black.
    Dark,
}

/// What `ringlab svg --help` says it does.
pub const SVG_ABOUT: &str = "\
Draw the ring as the page draws it, and print it as an SVG image on standard output: the arcs
each server owns, its points, the ticks, the keys (a dot each, or a band when there are more
than 1,500), the keys the last change moved, and the selected key's walk, with server names,
tick labels and key labels as text. The scenario comes from the flags `experiment` takes, or
from a page's address with --link. The file has a title and a description of what the ring
shows, and the light or dark palette's colours; with --classes it has CSS classes instead, and
with --inline it is an <svg> element for an HTML page, without the file's XML declaration.";

/// The examples `ringlab svg --help` ends with.
pub const SVG_EXAMPLES: &str = "\
Examples:
  Lesson 000's ring after D joins at 60, key 52 ringed as moved, for a slide:
    ringlab svg --servers A@10,B@40,C@75 --keys-at 90,52,68,25,5 --add D@60 > ring.svg
  The same from the page's address, with key 90 selected, dark, 800 pixels square:
    ringlab svg --link '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&select=@90' \\
      --theme dark --size 800 > ring-dark.svg
  A figure's still, to write inside its <ringlab-figure> element in an HTML page:
    ringlab svg --link 'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5' --size 320 --inline";
