//! The flags and help text of `ringlab plan`, apart from the command so that the command line's
//! definition (`cli`) can name them without importing the command.

use std::path::PathBuf;

use clap::Args;

use crate::flags::{PlacementArgs, RingArgs};

/// The flags of `ringlab plan`.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct PlanArgs {
    /// The ring or cluster and its servers, as for `experiment`.
    #[command(flatten)]
    pub ring: RingArgs,

    /// The placement and its settings.
    #[command(flatten)]
    pub placement: PlacementArgs,

    /// A server to add, written as in --servers; it joins before any --change.
    /// Example: --add 10.0.0.4:6379
    #[arg(long, value_name = "SERVER", verbatim_doc_comment)]
    pub add: Option<String>,

    /// The name of a server to remove; it leaves before any --change.
    /// Example: --remove B
    #[arg(long, value_name = "NAME", verbatim_doc_comment)]
    pub remove: Option<String>,

    /// A change, written as links write it, applied after --add and --remove; give it again for
    /// more, applied in order. The real systems' verbs are among them: rebalance and its
    /// options, reshard:FROM>TO=N, add-partitions:N, split:N, and add:NAME and remove:NAME.
    /// Example: --change rebalance:use-empty-masters
    #[arg(long, value_name = "CHANGE", verbatim_doc_comment)]
    pub change: Vec<String>,

    /// The keyspace, a key per line as `redis-cli --scan` prints it, or a key and its size in
    /// bytes separated by a tab (key<TAB>bytes); '-' reads standard input. The file is read a
    /// block at a time, so any number of keys passes through the same memory. A line that
    /// cannot be read is skipped, counted and named on standard error.
    /// Example: --keys-file keyspace.tsv
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "keys",
        verbatim_doc_comment
    )]
    pub keys_file: Option<PathBuf>,

    /// Plan for N generated keys, key-0 to key-(N-1), streamed as a file is, up to 10^12.
    /// Example: --keys 1000000
    #[arg(long, value_name = "N", verbatim_doc_comment)]
    pub keys: Option<String>,

    /// The rate the data moves at, in bytes a second (B, kB, MB, GB, KiB, MiB, GiB), to time
    /// the move; it needs the keys' sizes.
    /// Example: --rate 50MB/s
    #[arg(long, value_name = "RATE", verbatim_doc_comment)]
    pub rate: Option<String>,

    /// Print the plan as JSON: {"moves":[{"from","to","slots":[[first,last]],"keys","bytes"}],
    /// "total":{"keys","bytes"}}, with "ranges" for a ring's positions or tokens instead of
    /// "slots", and bytes where sizes were given.
    /// Example: --json
    #[arg(long, verbatim_doc_comment)]
    pub json: bool,

    /// How many threads tally the keys of --keys-file, beside the one that reads them (default:
    /// one per core). The plan is the same whatever the number.
    /// Example: --threads 1
    #[arg(long, value_name = "N", verbatim_doc_comment)]
    pub threads: Option<String>,
}

/// What `ringlab plan --help` says it does.
pub const PLAN_ABOUT: &str = "\
Plan a reshard: for a change to a cluster (a master added and the slots rebalanced, a node
joining with its tokens, partitions added, a server joining or leaving any placement), what
moves from where to where: the slots or ranges that change hands, how many of your keys and
how many of their bytes, in a row per source and destination, with the totals and the time it
takes at --rate. The keys are read from your keyspace as tools print it, a block at a time, so
a keyspace of any size takes the same memory.";

/// The examples `ringlab plan --help` ends with.
pub const PLAN_EXAMPLES: &str = "\
Examples:
  A fourth master joins a Redis Cluster and redis-cli rebalances onto it; the keys, with the
  bytes MEMORY USAGE gives each, come from the masters themselves:
    redis-cli -p 7000 CLUSTER NODES > nodes.txt
    for port in 7000 7001 7002; do redis-cli -p $port --scan | while read -r key; do
      printf '%s\\t%s\\n' \"$key\" \"$(redis-cli -p $port MEMORY USAGE \"$key\")\"; done; done \\
      > keyspace.tsv
    ringlab plan --cluster-nodes nodes.txt --add 127.0.0.1:7003 \\
      --change rebalance:use-empty-masters --keys-file keyspace.tsv --rate 50MB/s
  A fifth server joins a ring of 100 virtual nodes each, for a million generated keys:
    ringlab plan --ring-size 2^32 --vnodes 100 --servers a,b,c,d --add e --keys 1000000
  Two partitions added to a Kafka topic of 6, keys from standard input, as JSON:
    seq 1 100000 | sed 's/^/order-/' | ringlab plan --placement kafka --servers b1,b2,b3 \\
      --partitions 6 --change add-partitions:2 --keys-file - --json";
