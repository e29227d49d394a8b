//! The flag groups several commands share: the ring and its servers, the placement, the one
//! change, the keys, the traffic and the output format. Each command's own flags live with its help text in `cli`
//! and `series_args`, and flatten these.

use std::marker::PhantomData;
use std::path::PathBuf;

use clap::{value_parser, Arg, ArgMatches, Args, Command, FromArgMatches};
use ringlab::core::pasted::Format;
use ringlab::core::placement::systems::VERB_FLAGS;
use ringlab::core::placement::{Flag, Setting};

/// The ring, its hash, its virtual nodes and its servers.
#[derive(Debug, Args)]
pub struct RingArgs {
    /// Positions on the ring: 100 (the teaching ring, 0 to 99, the default), 2^32, or any
    /// whole number from 2 to 4294967296. Ketama always uses 2^32.
    /// Example: --ring-size 2^32
    #[arg(
        long,
        value_name = "SIZE",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub ring_size: Option<String>,

    /// How names become 32-bit values: md5-first32 (the first 4 bytes of MD5, the default),
    /// md5-low32 (the last 4 bytes of MD5) or java-hashcode (Java's String.hashCode, which
    /// mixes poorly). Ketama always uses its own MD5 key hash.
    /// Example: --hash java-hashcode
    #[arg(long, value_name = "HASH", verbatim_doc_comment)]
    pub hash: Option<String>,

    /// Points (virtual nodes) each hashed server of weight 1 puts on the ring, from 1 to 1000
    /// (default 1); a server placed by hand always has one point. Ketama always gives each
    /// server 160 points.
    /// Example: --vnodes 100
    #[arg(
        long,
        value_name = "V",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub vnodes: Option<String>,

    /// Comma-separated servers, in the list order that hash mod N indexes: NAME is hashed onto
    /// the ring, NAME@POSITION sits at one position chosen by hand, and NAME*WEIGHT is hashed
    /// with WEIGHT (1 to 10) times the virtual nodes. For a real system, write the servers as
    /// it names them: 10.0.0.1:6379. Required unless a cluster is read from a file
    /// (--cluster-nodes, --cluster-slots, --nodetool-ring, --nginx-upstream, --envoy-hosts).
    /// Example: --servers A@10,B@40,C@75
    #[arg(long, value_name = "LIST", verbatim_doc_comment)]
    pub servers: Option<String>,

    /// Start from a scenario file saved by the page's Save scenario (or written by hand): its
    /// ring, servers, placement, keys, counts and traffic. The ring and placement flags then
    /// do not apply.
    /// Example: --scenario lab.ringlab.json
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["servers", "table_size", "partitions", "load_factor", "probes"],
        verbatim_doc_comment
    )]
    pub scenario: Option<PathBuf>,
}

/// Which placement, and the settings of those that have any.
#[derive(Debug, Args)]
pub struct PlacementArgs {
    /// How keys are placed: ring (the default), mod-n, ketama, rendezvous, jump, maglev,
    /// table, bounded or multi-probe; or a real system, byte for byte: redis-cluster,
    /// cassandra, envoy-ring-hash, envoy-maglev, nginx, kafka, kafka-librdkafka,
    /// elasticsearch, groupcache, haproxy or twemproxy (the default when a cluster is read
    /// from a file is its system).
    /// Example: --placement jump
    #[arg(long, value_name = "NAME", verbatim_doc_comment)]
    pub placement: Option<String>,

    /// Maglev's lookup table size, for maglev and envoy-maglev: a prime from 5 to 1000003
    /// (default 65537).
    /// Example: --table-size 251
    #[arg(long, value_name = "M", verbatim_doc_comment)]
    pub table_size: Option<String>,

    /// The partition table's number of partitions (default: a tenth of the ring's positions,
    /// at most 1024); under kafka and kafka-librdkafka, the topic's partitions (default 6).
    /// Example: --partitions 64
    #[arg(long, value_name = "P", verbatim_doc_comment)]
    pub partitions: Option<String>,

    /// The real systems' settings, a flag for each (`--num-tokens 256`).
    #[command(flatten)]
    pub settings: ListedFlags<SettingList>,

    /// The real systems' verbs that flags ask for (`--shards 5` creates the index again).
    #[command(flatten)]
    pub verbs: ListedFlags<VerbList>,

    /// A cluster read from a file, a flag for each form a system's tools print
    /// (`--cluster-nodes nodes.txt`).
    #[command(flatten)]
    pub cluster: ClusterFile,

    /// Bounded loads' factor c, from 1.00 to 3.00 (default 1.25): no server takes more than c
    /// times its fair share of the keys.
    /// Example: --load-factor 1.1
    #[arg(long, value_name = "C", verbatim_doc_comment)]
    pub load_factor: Option<String>,

    /// Multi-probe's probes per key, from 1 to 64 (default 21).
    /// Example: --probes 5
    #[arg(long, value_name = "K", verbatim_doc_comment)]
    pub probes: Option<String>,
}

/// The one change applied to the ring: a server added or removed, or any change as links write
/// it.
#[derive(Debug, Args)]
pub struct ChangeArgs {
    /// A server to add, written as in --servers: the ring before it joins, and after.
    /// Example: --add D@60
    #[arg(
        long,
        value_name = "SERVER",
        conflicts_with = "remove",
        verbatim_doc_comment
    )]
    pub add: Option<String>,

    /// The name of a server to remove: the ring before it leaves, and after.
    /// Example: --remove B
    #[arg(long, value_name = "NAME", verbatim_doc_comment)]
    pub remove: Option<String>,

    /// Any one change, written as links write it: the real systems' verbs among them
    /// (rebalance:use-empty-masters, reshard:all>D=100, add-partitions:1, split:6, shrink:1).
    /// Example: --change rebalance:use-empty-masters
    #[arg(
        long,
        value_name = "CHANGE",
        conflicts_with_all = ["add", "remove"],
        verbatim_doc_comment
    )]
    pub change: Option<String>,
}

/// Keys generated, read from a file, or placed by hand.
#[derive(Debug, Args)]
pub struct KeysArgs {
    /// Generate N keys named key-0, key-1, ... key-(N-1), at most 10000000.
    /// Example: --keys 100000
    #[arg(
        long,
        value_name = "N",
        conflicts_with_all = ["keys_file", "keys_at"],
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub keys: Option<String>,

    /// Read keys from FILE, one per line ('-' reads standard input): blank lines are skipped,
    /// a line such as @52 is a key placed at position 52, any other line is a key name to hash.
    /// With --format, the file is read in that format instead (see --format).
    /// Example: --keys-file keys.txt
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "keys_at",
        verbatim_doc_comment
    )]
    pub keys_file: Option<PathBuf>,

    /// Comma-separated positions of keys placed by hand.
    /// Example: --keys-at 90,52,68,25,5
    #[arg(long, value_name = "LIST", verbatim_doc_comment)]
    pub keys_at: Option<String>,

    /// How --keys-file is read.
    #[command(flatten)]
    pub data: DataArgs,
}

/// How many keys are held in memory at once.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// How many keys are held in memory at once, from 1000 to 10000000 (default 500000, and
    /// experiment reads up to 1000000 whole unless told). Up to N keys are read whole. More (from --keys-file
    /// without --format, standard input included, or from --keys) pass through N at a time, in
    /// memory that does not grow with them: the answer is the one N would give whole, and every line counts, so a key that
    /// comes again is counted again. Bounded loads, the requests section (--traffic, --hot,
    /// --remedy, --reads) and a change to the keys or the ring's size need every key at once:
    /// with them up to 10000000 keys are read whole, and more are refused.
    /// Example: --batch-keys 100000
    #[arg(long, value_name = "N", verbatim_doc_comment)]
    pub batch_keys: Option<String>,

    /// How many threads work on the keys passing through a batch at a time, beside the one
    /// that reads them (default: one per core). The answer is the same whatever the number.
    /// Example: --threads 1
    #[arg(long, value_name = "N", verbatim_doc_comment)]
    pub threads: Option<String>,
}

/// How a data file is read: its format and its columns.
#[derive(Debug, Args)]
pub struct DataArgs {
    /// The keys file's format: lines (one key per line; a key that comes again is merged),
    /// csv or tsv (a header line, then rows: see --key-column and --count-column), counts
    /// ("count key" lines, as sort | uniq -c prints them) or access-log (a web server's log in
    /// the common or combined format: each line is one request for its path). Lines that
    /// cannot be read are skipped and named on standard error; counts feed --traffic from-file.
    /// Example: --keys-file hits.log --format access-log --traffic from-file
    #[arg(
        long,
        value_name = "FORMAT",
        requires = "keys_file",
        verbatim_doc_comment
    )]
    pub format: Option<String>,

    /// For csv and tsv, the key's column, by header name or number from 1 (default 1); for
    /// access-log, the field: host, user, method, path (default), status, referer or agent.
    /// Example: --key-column user_id
    #[arg(long, value_name = "COLUMN", requires = "format", verbatim_doc_comment)]
    pub key_column: Option<String>,

    /// For csv and tsv, the column counting each key's requests, by header name or number.
    /// Example: --count-column requests
    #[arg(long, value_name = "COLUMN", requires = "format", verbatim_doc_comment)]
    pub count_column: Option<String>,
}

/// How often keys are read. Any of these adds a section on requests to the report.
#[derive(Debug, Args)]
pub struct TrafficArgs {
    /// Popularity: uniform (every key equally), zipf:S, S from 0 to 3 (the key added first
    /// is read most; the key of rank i in proportion to 1/(i+1)^S), or from-file (each key's
    /// count in the --keys-file read with --format, or in the --scenario file).
    /// Example: --traffic zipf:1.1
    #[arg(long, value_name = "POPULARITY", verbatim_doc_comment)]
    pub traffic: Option<String>,

    /// Make a key M times hotter than its popularity (M from 1 to 1000000); repeat for more.
    /// Example: --hot key-0*1000
    #[arg(long, value_name = "KEY*M", verbatim_doc_comment)]
    pub hot: Vec<String>,

    /// Turn on a remedy for hot keys: bounded:C (bounded loads on requests, C from 1 to 3),
    /// copies:R (the hottest keys on R servers, 2 to 5), near:F (a near cache answers a share F
    /// of each hottest key's reads, 0.01 to 1) or top:H (how many keys are hottest, default 10);
    /// repeat for more.
    /// Example: --remedy copies:3 --remedy near:0.9
    #[arg(long, value_name = "REMEDY", verbatim_doc_comment)]
    pub remedy: Vec<String>,

    /// Reads per second in all (default 50000).
    /// Example: --reads 100000
    #[arg(long, value_name = "N", verbatim_doc_comment)]
    pub reads: Option<String>,
}

/// Plain table, CSV or JSON.
#[derive(Debug, Args)]
pub struct FormatArgs {
    /// Print CSV with a header row instead of the plain table.
    /// Example: --csv > series.csv
    #[arg(long, conflicts_with = "json", verbatim_doc_comment)]
    pub csv: bool,

    /// Print one JSON object instead of the plain table.
    #[arg(long, verbatim_doc_comment)]
    pub json: bool,
}

/// The cluster files named on the command line: a flag for each form of pasted text a system
/// reads (`--cluster-nodes FILE`, `--nginx-upstream FILE`), written from the list of forms.
#[derive(Debug, Clone, Default)]
pub struct ClusterFile(pub Vec<(Format, PathBuf)>);

impl FromArgMatches for ClusterFile {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(ClusterFile(
            Format::all()
                .filter_map(|f| matches.get_one::<PathBuf>(f.id()).map(|p| (f, p.clone())))
                .collect(),
        ))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = ClusterFile::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for ClusterFile {
    fn augment_args(command: Command) -> Command {
        Format::all().fold(command, |command, format| {
            command.arg(
                Arg::new(format.id())
                    .long(format.id())
                    .value_name("FILE")
                    .value_parser(value_parser!(PathBuf))
                    .help(format.help()),
            )
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        ClusterFile::augment_args(command)
    }
}

/// Flags the library declares in a list ([`FlagList`]) rather than this file: what each was
/// given, by the flag's name.
#[derive(Debug)]
pub struct ListedFlags<L>(Vec<(&'static str, String)>, PhantomData<L>);

/// A list of flags the library declares, in the order the help lists them.
pub trait FlagList {
    /// The flags.
    fn flags() -> Vec<Flag>;
}

/// The real systems' settings, a flag each ([`Setting::flag`]).
#[derive(Debug)]
pub struct SettingList;

impl FlagList for SettingList {
    fn flags() -> Vec<Flag> {
        Setting::ALL.into_iter().filter_map(Setting::flag).collect()
    }
}

/// The flags that ask for a real system's verb ([`VERB_FLAGS`]).
#[derive(Debug)]
pub struct VerbList;

impl FlagList for VerbList {
    fn flags() -> Vec<Flag> {
        VERB_FLAGS
            .iter()
            .flat_map(|verb| verb.flags().iter().copied())
            .collect()
    }
}

impl<L> ListedFlags<L> {
    /// The text flag `long` was given, if it was.
    pub fn given(&self, long: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(name, _)| *name == long)
            .map(|(_, text)| text.as_str())
    }
}

impl<L: FlagList> FromArgMatches for ListedFlags<L> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = L::flags()
            .into_iter()
            .filter_map(|flag| {
                matches
                    .get_one::<String>(flag.long)
                    .map(|text| (flag.long, text.clone()))
            })
            .collect();
        Ok(ListedFlags(given, PhantomData))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = ListedFlags::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<L: FlagList> clap::Args for ListedFlags<L> {
    fn augment_args(command: Command) -> Command {
        L::flags().into_iter().fold(command, |command, flag| {
            command.arg(
                Arg::new(flag.long)
                    .long(flag.long)
                    .value_name(flag.value_name)
                    .help(flag.help),
            )
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        ListedFlags::<L>::augment_args(command)
    }
}

impl PlacementArgs {
    /// The text flag `long` was given, if it was: a system's verb's flag, or one of the
    /// command line's own that a system reads too (`partitions`, a topic's partitions under
    /// a placement that shows a topic).
    pub fn given(&self, long: &str) -> Option<&str> {
        match long {
            "partitions" => self.partitions.as_deref(),
            _ => self.verbs.given(long),
        }
    }
}

/// The command line with every flag group whole. clap's derive leaves a group that flattens
/// another group without members (it does not check nested groups yet), so a flag declared to
/// conflict with the group (`svg --link`) would conflict with none of its flags. Each such
/// group is given every flag its type adds here, in every command that has it.
pub fn with_whole_groups(command: Command) -> Command {
    type Augment = fn(Command) -> Command;
    let groups: [(&str, Augment); 2] = [
        ("PlacementArgs", PlacementArgs::augment_args),
        ("KeysArgs", KeysArgs::augment_args),
    ];
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    names.iter().fold(command, |command, name| {
        command.mut_subcommand(name, |mut sub| {
            for (group, augment) in groups {
                if sub.get_groups().any(|g| g.get_id() == group) {
                    let flags: Vec<clap::Id> = augment(Command::new(group))
                        .get_arguments()
                        .map(|arg| arg.get_id().clone())
                        .collect();
                    sub = sub.mut_group(group, |g| g.args(flags));
                }
            }
            sub
        })
    })
}
