//! The flags and help text of `ringlab figure`, apart from the command so that the command
//! line's definition (`cli`) can name them without importing the command.

use clap::Args;

/// The flags of `ringlab figure`.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct FigureArgs {
    /// The figure's state: a page's address, or its query string.
    /// Example: --link '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5'
    #[arg(long, value_name = "LINK", verbatim_doc_comment)]
    pub link: String,

    /// The panels beside the ring, comma-separated: any of last, ownership, key, cache, lesson,
    /// servers, vnodes, keys, replicas, placement, compare, traffic, timeline, sweeps (the
    /// figure shows last and ownership when this is left out).
    /// Example: --panels last,ownership
    #[arg(long, value_name = "LIST", verbatim_doc_comment)]
    pub panels: Option<String>,

    /// The figure's name for screen readers, which also leads the names of its regions.
    /// Example: --label 'Figure 2: a server joins'
    #[arg(long, value_name = "TEXT", verbatim_doc_comment)]
    pub label: Option<String>,

    /// The element's id, which buttons and steps in the page's text name.
    /// Example: --id d-joins
    #[arg(long, value_name = "NAME", verbatim_doc_comment)]
    pub id: Option<String>,

    /// A group: the text's controls for the group change all its figures together.
    /// Example: --group points
    #[arg(long, value_name = "NAME", verbatim_doc_comment)]
    pub group: Option<String>,

    /// The still's side in pixels, from 100 to 10000 (320, the live ring's own, when left out).
    /// Example: --size 400
    #[arg(long, value_name = "PX", verbatim_doc_comment)]
    pub size: Option<String>,
}

/// What `ringlab figure --help` says it does.
pub const FIGURE_ABOUT: &str = "\
Print a <ringlab-figure> element for an HTML page or a Markdown text: the figure's link,
panels, label, id and group as its attributes, and its still inside, drawn from the link (the
ring the page would show, with its colours written in and classed, so that figure-stills.css
can follow light and dark and give it the live figure's height). The page's figures.js makes it
live; until then, and for a reader
without JavaScript, the still is what shows. A figure that would open saying it cannot read
part of its link or its panels is refused here instead, with each problem in words.";

/// The examples `ringlab figure --help` ends with.
pub const FIGURE_EXAMPLES: &str = "\
Examples:
  The teaching ring, with its last change and who owns what beside it:
    ringlab figure --link 'ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5' \\
      --label 'Figure 1: three servers' --id three-servers
  The ring after D joins, with the keys panel, in a group the text's buttons change together:
    ringlab figure --link '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52&then=add:D@60' \\
      --panels last,keys --group joins";
