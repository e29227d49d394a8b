//! The flags and help text of `ringlab timeline` and `ringlab sweep`, the commands that print
//! series for charts.

use clap::{Args, ValueEnum};

use crate::flags::{FormatArgs, KeysArgs, PlacementArgs, RingArgs};

/// The flags of `ringlab timeline`.
#[derive(Debug, Args)]
#[command(
    next_line_help = true,
    group(clap::ArgGroup::new("change").required(true).multiple(false))
)]
pub struct TimelineArgs {
    /// The ring and its servers.
    #[command(flatten)]
    pub ring: RingArgs,

    /// The placement and its settings.
    #[command(flatten)]
    pub placement: PlacementArgs,

    /// The keys.
    #[command(flatten)]
    pub keys: KeysArgs,

    /// A server to add, written as in --servers.
    /// Example: --add E
    #[arg(long, value_name = "SERVER", group = "change", verbatim_doc_comment)]
    pub add: Option<String>,

    /// The name of a server to remove on purpose: it keeps answering until every client has
    /// heard, then stops.
    /// Example: --remove B
    #[arg(long, value_name = "NAME", group = "change", verbatim_doc_comment)]
    pub remove: Option<String>,

    /// The name of a server that fails: it answers nothing and stays down (see
    /// --restart-after).
    /// Example: --fail C
    #[arg(long, value_name = "NAME", group = "change", verbatim_doc_comment)]
    pub fail: Option<String>,

    /// With --fail: the failed server restarts, empty, this many seconds after it fails (1 to
    /// 86400); its keys miss once more.
    /// Example: --restart-after 60
    #[arg(
        long,
        value_name = "SECONDS",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub restart_after: Option<String>,

    /// Seconds a membership change takes to reach every client, 0 to 600 (default 0): the
    /// share of clients on the new view grows evenly over the window.
    /// Example: --gossip 30
    #[arg(
        long,
        value_name = "SECONDS",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub gossip: Option<String>,

    /// Writes per second in all, spread like the reads (default 0); with --fail, the writes
    /// meant for the failed server are held as hints and delivered when it restarts.
    /// Example: --writes 500
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub writes: Option<String>,

    /// Reads per second in all (default 50000).
    /// Example: --reads 100000
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub reads: Option<String>,

    /// The cache's hit rate in percent, 0 to 100 (default 95).
    /// Example: --hit 99
    #[arg(
        long,
        value_name = "PERCENT",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub hit: Option<String>,

    /// Copies per key, 1 to 5 (default 1): with more than one, a failed server's keys are
    /// already on their next server.
    /// Example: --replicas 3
    #[arg(
        long,
        value_name = "R",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub replicas: Option<String>,

    /// Popularity: uniform (every key equally) or zipf:S, S from 0 to 3.
    /// Example: --traffic zipf:1.1
    #[arg(long, value_name = "POPULARITY", verbatim_doc_comment)]
    pub traffic: Option<String>,

    /// Make a key M times hotter than its popularity (M from 1 to 1000000); repeat for more.
    /// Example: --hot key-0*1000
    #[arg(long, value_name = "KEY*M", verbatim_doc_comment)]
    pub hot: Vec<String>,

    /// The output format.
    #[command(flatten)]
    pub format: FormatArgs,
}

/// What a sweep varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SweepOver {
    /// The spread of ring shares for every v from 1 to --up-to (default 1000), beside
    /// 1/sqrt(v).
    Vnodes,
    /// The share of keys that move when the (N+1)th server joins N, for N from 1 to --up-to
    /// (default 50), on the ring and under mod N.
    Servers,
}

/// The flags of `ringlab sweep`.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct SweepArgs {
    /// What to sweep: vnodes or servers.
    #[arg(value_enum, value_name = "WHAT")]
    pub over: SweepOver,

    /// The ring and its servers (--vnodes matters only to the servers sweep).
    #[command(flatten)]
    pub ring: RingArgs,

    /// The placement and its settings: for the servers sweep, a placement other than ring and
    /// mod-n adds a column.
    #[command(flatten)]
    pub placement: PlacementArgs,

    /// The keys, for the servers sweep.
    #[command(flatten)]
    pub keys: KeysArgs,

    /// The last v (1 to 1000) or the last N (1 to 100).
    /// Example: --up-to 200
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub up_to: Option<String>,

    /// For the servers sweep, more placements to add columns for, comma-separated.
    /// Example: --also rendezvous,jump
    #[arg(long, value_name = "LIST", verbatim_doc_comment)]
    pub also: Option<String>,

    /// The output format.
    #[command(flatten)]
    pub format: FormatArgs,
}

/// `ringlab timeline --help`, before the flags.
pub const TIMELINE_ABOUT: &str = "\
Build a ring as for `experiment`, apply one change (--add, --remove or --fail) and print the
database reads per second over time after it, under the chosen placement and under mod N (or
the ring, when mod N is chosen): from the steady level, reads x (1 - hit), through the storm of
misses and back. Each key is read at its share of --reads (by --traffic and --hot); a key that
moved to a server that lacks it misses once there, so each adds hit x its rate x e^(-rate t)
database reads per second, and hit reads in all.

A failed server answers nothing: with one copy per key, reads sent to it go to the database;
with --replicas above 1 a replica takes them and there is no storm. With --restart-after it
comes back empty and the keys of its returning arcs miss again. With --gossip, clients hear of
each change over that many seconds and the old view's clients keep using the old owner. With
--writes, writes to the failed server's keys are held as hints until it restarts.

The report gives the figures (steady and peak reads, extra database reads in all, time by which
99 % of them are in, requests to a server the new view does not name, hints) and the series:
24 rows in the plain table, every sample with --csv or --json.";

/// `ringlab timeline --help`, after the flags.
pub const TIMELINE_EXAMPLES: &str = "\
Examples:
  Lesson 000's dead cache: four caches of 100 points, one fails, 50000 reads/s at 95 % hits:
    ringlab timeline --ring-size 2^32 --vnodes 100 --servers a,b,c,d --keys 100000 --fail c
  The same with three copies per key (no storm), then with a restart after a minute:
    ringlab timeline --ring-size 2^32 --vnodes 100 --servers a,b,c,d --keys 100000 --fail c \\
      --replicas 3 --restart-after 60
  Clients that take 30 s to hear, 500 writes/s, the series as CSV:
    ringlab timeline --ring-size 2^32 --vnodes 100 --servers a,b,c,d --keys 100000 --fail c \\
      --gossip 30 --writes 500 --restart-after 60 --csv";

/// `ringlab sweep --help`, before the flags.
pub const SWEEP_ABOUT: &str = "\
Print a series for a chart, as the page draws it.

vnodes: for every v from 1 to --up-to (default 1000), the spread of the servers' ring shares
(the standard deviation of share / ideal share, where ideal is by weight) and what 1/sqrt(v)
predicts for it, with the largest share over its ideal. Exact, from the arcs.

servers: for N from 1 to --up-to (default 50), the share of the keys that move when the (N+1)th
server joins the first N, on the ring (with --vnodes points per server) and under mod N, beside
1/(N+1) and N/(N+1). The servers are those of --servers, then new ones named A, B, C, ... (or
the next cities when --servers are cities). --placement and --also add columns for other
placements.";

/// `ringlab sweep --help`, after the flags.
pub const SWEEP_EXAMPLES: &str = "\
Examples:
  Ten caches on the full ring, spread against virtual nodes, as CSV:
    ringlab sweep vnodes --ring-size 2^32 --servers a,b,c,d,e,f,g,h,i,j --csv
  How much moves as a cluster grows from 1 to 50, with rendezvous and jump beside:
    ringlab sweep servers --ring-size 2^32 --vnodes 100 --servers a --keys 100000 \\
      --also rendezvous,jump";
