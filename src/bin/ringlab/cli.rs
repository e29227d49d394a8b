//! The command line's commands, the flags of `experiment`, `compare`, `lookup` and `quiz`, and
//! their help text. The flag groups several commands share are in `flags`; those of `timeline`
//! and `sweep` in `series_args`, of `lesson` in `lesson_args`, of `svg` in `svg_args`, of
//! `figure` in `figure_args` and of `plan` in `plan_args`.
//!
//! Values arrive as text and are read by the engine's own parsers in `experiment`, so a bad
//! value is refused with the engine's words.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::figure_args::{FigureArgs, FIGURE_ABOUT, FIGURE_EXAMPLES};
use crate::flags::{BatchArgs, ChangeArgs, KeysArgs, PlacementArgs, RingArgs, TrafficArgs};
use crate::lesson_args::{LessonArgs, LESSON_ABOUT, LESSON_EXAMPLES};
use crate::plan_args::{PlanArgs, PLAN_ABOUT, PLAN_EXAMPLES};
use crate::series_args::{
    SweepArgs, TimelineArgs, SWEEP_ABOUT, SWEEP_EXAMPLES, TIMELINE_ABOUT, TIMELINE_EXAMPLES,
};
use crate::svg_args::{SvgArgs, SVG_ABOUT, SVG_EXAMPLES};

/// Examples for both `-h` and `--help`.
macro_rules! examples {
    () => {
        "\
Examples:
  Lesson 000, the teaching ring: D joins at 60 and takes one key of five.
    ringlab experiment --servers A@10,B@40,C@75 --add D@60 --keys-at 90,52,68,25,5
  Four hashed servers with 100 points each on the full ring, gaining a fifth:
    ringlab experiment --ring-size 2^32 --vnodes 100 --servers a,b,c,d --add e --keys 100000
  A server of weight 2 among weight-1 servers (quote the list: * is special to the shell):
    ringlab experiment --ring-size 2^32 --vnodes 50 --servers 'a,b,c*2' --remove c --keys 10000
  Keys from standard input, report as JSON:
    seq 0 9999 | sed 's/^/user:/' | ringlab experiment --ring-size 2^32 --vnodes 200 \\
      --servers a,b,c --add d --keys-file - --json"
    };
}

/// The JSON report's fields and the exit status, for `--help`.
macro_rules! json_fields {
    () => {
        "\
JSON fields:
  ring_size, hash, vnodes, keys          the set-up and the number of keys
  change, summary                        the change as the engine records it, and in words
  servers.before, servers.after          server names in list order
  ring.before, ring.after                per server, in list order: shares (fraction of the
                                         ring, 0 to 1), ideals (fraction by weight), arcs
                                         (positions owned), counts (keys owned), points; and
                                         balance (peak_to_mean, spread, predicted_spread)
  ring.moved, ring.moved_fraction,       keys that changed server on the ring: how many, what
  ring.moved_percent                     fraction of all keys (0 to 1), and as a percentage
  ring.expected_fraction                 what theory expects that fraction to be
  ring.changed_share                     fraction of the ring whose owner changed
  ring.moved_keys                        [{key, from, to}], when at most 100 keys moved
  mod_n.moved, mod_n.moved_fraction,     the same for hash mod N
  mod_n.moved_percent, mod_n.expected_fraction, mod_n.moved_keys
  system                                 under a real system: {unit, moved, total,
                                         keys_regrouped, lines}, the slots, tokens, partitions
                                         or shards the change moved, in the system's words
  notes                                  anything else worth knowing

Exit status: 0 on success, 2 when the command line or a value is refused, 1 when a keys file
cannot be read or the report cannot be written."
    };
}

/// Consistent hashing from a shell: put servers and keys on a ring, change it once,
/// and see which keys moved, on the ring and under hash mod N.
#[derive(Debug, Parser)]
#[command(
    name = "ringlab",
    verbatim_doc_comment,
    version,
    subcommand_required = true,
    arg_required_else_help = true,
    after_help = OVERVIEW
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build a ring, apply one change (--add or --remove) and count the keys that moved.
    #[command(
        long_about = EXPERIMENT_ABOUT,
        after_help = concat!(examples!(), "\n\nRun 'ringlab experiment --help' for the JSON fields."),
        after_long_help = concat!(examples!(), "\n\n", json_fields!()),
    )]
    Experiment(ExperimentCommand),
    /// The same experiment under every placement, side by side, in one table.
    #[command(long_about = COMPARE_ABOUT, after_help = COMPARE_EXAMPLES)]
    Compare(CompareArgs),
    /// Which server each key goes to under one placement, a line per key.
    #[command(long_about = LOOKUP_ABOUT, after_help = LOOKUP_EXAMPLES)]
    Lookup(LookupArgs),
    /// Practice questions from a seed, with the engine's answers and worked explanations.
    #[command(long_about = QUIZ_ABOUT, after_help = QUIZ_EXAMPLES)]
    Quiz(QuizArgs),
    /// A lesson's steps, captions, the engine's figures and its questions, as text or Markdown.
    #[command(long_about = LESSON_ABOUT, after_help = LESSON_EXAMPLES)]
    Lesson(LessonArgs),
    /// Database reads per second over time after one change (--add, --remove or --fail).
    #[command(long_about = TIMELINE_ABOUT, after_help = TIMELINE_EXAMPLES)]
    Timeline(TimelineArgs),
    /// A series for a chart: spread against virtual nodes, or keys moved against servers.
    #[command(long_about = SWEEP_ABOUT, after_help = SWEEP_EXAMPLES)]
    Sweep(SweepArgs),
    /// The ring as the page draws it, as an SVG image, for a figure.
    #[command(long_about = SVG_ABOUT, after_help = SVG_EXAMPLES)]
    Svg(SvgArgs),
    /// A <ringlab-figure> element with its still, to paste into a page's text.
    #[command(long_about = FIGURE_ABOUT, after_help = FIGURE_EXAMPLES)]
    Figure(FigureArgs),
    /// What a change to a cluster moves, from where to where: slots, keys and bytes, and time.
    #[command(long_about = PLAN_ABOUT, after_help = PLAN_EXAMPLES)]
    Plan(PlanArgs),
}

/// The flags of `ringlab quiz`.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct QuizArgs {
    /// The seed the questions are drawn from: the same seed, level and kinds give the same
    /// questions.
    /// Example: --seed 42
    #[arg(
        long,
        value_name = "N",
        default_value = "1",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub seed: String,

    /// How many questions, from 1 to 100.
    /// Example: --count 10
    #[arg(
        long,
        value_name = "K",
        default_value = "6",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub count: String,

    /// Only these kinds of question, asked in turn: moves (which keys move), owner (who owns a
    /// key), number (how many), arc (which stretch), share (which share) or choice (choose
    /// one); repeat the flag or separate kinds with commas. Without it every kind comes in turn.
    /// With --scenario, the one kind to ask, which may also be busiest, overload (the Traffic
    /// view), peak, settle (the Timeline) or pick (your own statements).
    /// Example: --kind moves,owner
    #[arg(long, value_name = "KIND", verbatim_doc_comment)]
    pub kind: Vec<String>,

    /// How hard, from 1 (two or three servers placed by hand, the ring) to 6 (weighted
    /// servers with several points under every placement but ketama).
    /// Example: --level 3
    #[arg(
        long,
        value_name = "L",
        default_value = "1",
        allow_negative_numbers = true,
        verbatim_doc_comment
    )]
    pub level: String,

    /// Print the questions of an exercise set (the value of ?quiz= in a page's address)
    /// instead of drawing new ones; questions that cannot be used are listed as skipped.
    /// Example: --set 1.cmluZz0xMDAm...
    #[arg(
        long,
        value_name = "SET",
        conflicts_with_all = ["seed", "count", "kind", "level"],
        verbatim_doc_comment
    )]
    pub set: Option<String>,

    /// Pose one question of --kind on this scenario: a page's address or its query string.
    /// The engine works out the answer; the flags below say what is asked.
    /// Example: --scenario '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5'
    #[arg(
        long,
        value_name = "LINK",
        conflicts_with_all = ["seed", "count", "level", "set"],
        verbatim_doc_comment
    )]
    pub scenario: Option<String>,

    /// With --scenario: the change asked about (moves, number, arc, choice between, peak,
    /// settle), in the page's text form.
    /// Example: --change add:D@60
    #[arg(
        long,
        value_name = "CHANGE",
        requires = "scenario",
        verbatim_doc_comment
    )]
    pub change: Option<String>,

    /// With --scenario: the key asked about (owner).
    /// Example: --key @90
    #[arg(long, value_name = "KEY", requires = "scenario", verbatim_doc_comment)]
    pub key: Option<String>,

    /// With --scenario: the server asked about (arc, share, choice leaving or restore).
    /// Example: --server B
    #[arg(long, value_name = "NAME", requires = "scenario", verbatim_doc_comment)]
    pub server: Option<String>,

    /// With --scenario: any other parameter of the question, NAME=VALUE, as a question link
    /// writes it: measure, unit, of, reads, hit, band, slack, concept, points, prompt, say
    /// (repeated), right.
    /// Example: --with measure=mod-n --with unit=percent --with band=5
    #[arg(
        long = "with",
        value_name = "NAME=VALUE",
        requires = "scenario",
        verbatim_doc_comment
    )]
    pub with: Vec<String>,

    /// Mark a reply to the questions in turn: the first --reply answers question 1, the next
    /// question 2, and so on. Keys as labels (`@52,@68` or `none`), a server's name, a number
    /// (`8 million`, `80%`), a stretch (`41 to 60`), a share (`37.5`) or a letter (`b`).
    /// Example: --reply @41,@55 --reply B
    #[arg(
        long,
        value_name = "REPLY",
        allow_hyphen_values = true,
        verbatim_doc_comment
    )]
    pub reply: Vec<String>,

    /// Ask the questions one at a time: each is printed without its answer, a reply is read
    /// from standard input (a line per reply; a reply that cannot be read is asked again), then
    /// it is marked and the answer and its working shown; the score comes at the end.
    /// Example: --ask --seed 42 --count 3
    #[arg(long, conflicts_with_all = ["reply", "json"], verbatim_doc_comment)]
    pub ask: bool,

    /// Print one JSON object instead of the text.
    /// Example: ringlab quiz --seed 42 --count 3 --json
    #[arg(long, verbatim_doc_comment)]
    pub json: bool,
}

/// The flags of `ringlab compare`: those of `experiment`, and a Markdown table.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The ring, the servers, the keys and the change, as for `experiment`.
    #[command(flatten)]
    pub experiment: ExperimentArgs,

    /// Print a Markdown table an author can paste, instead of the plain table.
    /// Example: ringlab compare --ring-size 2^32 --vnodes 100 --servers a,b,c,d --add e --keys 10000 --markdown
    #[arg(long, conflicts_with = "json", verbatim_doc_comment)]
    pub markdown: bool,

    /// Add the real systems (Redis Cluster, Cassandra, Envoy, nginx, Kafka, Elasticsearch,
    /// groupcache) beside the textbook placements; they are added anyway when --placement
    /// names one of them.
    #[arg(long, verbatim_doc_comment)]
    pub systems: bool,

    /// How many keys are held at once.
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// The flags of `ringlab lookup`.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct LookupArgs {
    /// The ring and its placement, as for `experiment` (--add, --remove and --keys* do not
    /// apply here).
    #[command(flatten)]
    pub ring: RingArgs,

    /// The placement and its settings.
    #[command(flatten)]
    pub placement: PlacementArgs,

    /// Read keys from FILE, one per line ('-' reads standard input); blank lines are skipped.
    /// With --format, the file is read in that format, and each key is looked up once.
    /// Without keys, a --scenario file's own keys are looked up.
    /// Example: --keys-file keys.txt
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "keys",
        verbatim_doc_comment
    )]
    pub keys_file: Option<PathBuf>,

    /// How --keys-file is read.
    #[command(flatten)]
    pub data: crate::flags::DataArgs,

    /// Copies per key: with R above 1 each line also lists the R servers that hold a copy,
    /// owner first (Cassandra's SimpleStrategy for cassandra). Under groupcache, which keeps
    /// no copies, R is what groupcache calls replicas: its points per node (default 50).
    /// Example: --replicas 3
    #[arg(long, value_name = "R", default_value = "1", verbatim_doc_comment)]
    pub replicas: String,

    /// Add a column with the key's place in the placement's own terms: slot=12182 (Redis),
    /// token=... (Cassandra), partition=7 (Kafka), shard=3 (Elasticsearch), or hash=... (the
    /// hash a ring or a table looks up).
    #[arg(long, verbatim_doc_comment)]
    pub detail: bool,

    /// Keys to look up, as arguments.
    /// Example: ringlab lookup --placement ketama --servers 10.0.0.1:11211,10.0.0.2:11211 user:1 user:2
    #[arg(value_name = "KEY", verbatim_doc_comment)]
    pub keys: Vec<String>,

    /// How many keys are held at once.
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// The flags of `ringlab experiment`: those `compare` shares, and how many keys are held at
/// once.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct ExperimentCommand {
    /// The ring, the servers, the keys, the change and the traffic.
    #[command(flatten)]
    pub experiment: ExperimentArgs,

    /// How many keys are held at once.
    #[command(flatten)]
    pub batch: BatchArgs,
}

// The flags of `ringlab experiment`. Each flag's help is laid out by hand, a sentence and an
// example, because help text is not wrapped to the terminal.
#[derive(Debug, Args)]
#[command(next_line_help = true)]
pub struct ExperimentArgs {
    /// The ring and its servers.
    #[command(flatten)]
    pub ring: RingArgs,

    /// The placement and its settings.
    #[command(flatten)]
    pub placement: PlacementArgs,

    /// The one change to apply.
    #[command(flatten)]
    pub then: ChangeArgs,

    /// Where the keys come from.
    #[command(flatten)]
    pub keys: KeysArgs,

    /// The traffic: how often each key is read, and the remedies for hot keys.
    #[command(flatten)]
    pub traffic: TrafficArgs,

    /// Print one JSON object instead of the tables; its fields are listed under JSON fields.
    /// Example: ringlab experiment --servers a,b,c --add d --keys 1000 --json
    #[arg(long, verbatim_doc_comment)]
    pub json: bool,
}

const OVERVIEW: &str = "\
Synopsis:
  ringlab experiment [--ring-size 100|2^32|N] [--hash md5-first32|md5-low32|java-hashcode]
                     [--vnodes V] --servers a,b,c [--add d | --remove b]
                     [--keys N | --keys-file FILE | --keys-at 90,52,68]
                     [--placement NAME [--table-size M] [--partitions P] [--load-factor C]
                     [--probes K]] [--traffic uniform|zipf:S] [--hot KEY*M ...]
                     [--remedy bounded:C|copies:R|near:F|top:H ...] [--reads N] [--json]

Example (lesson 000: adding D at 60 moves one key of five, where mod N moves four):
  ringlab experiment --servers A@10,B@40,C@75 --add D@60 --keys-at 90,52,68,25,5

Other commands:
  ringlab compare   the same experiment under every placement, in one table
  ringlab lookup    which server each key goes to under one placement
  ringlab quiz      practice questions with their answers worked out, or one question on
                    any scenario (--scenario)
  ringlab lesson    a lesson's steps, figures and questions, as text or Markdown
  ringlab timeline  database reads per second over time after --add, --remove or --fail
  ringlab sweep     spread against virtual nodes (vnodes), or keys moved against servers
                    (servers), as a table, CSV or JSON
  ringlab svg       the ring as the page draws it, as an SVG image for a figure
  ringlab plan      what a change to a cluster moves: slots, keys, bytes and time

Run 'ringlab experiment --help' for every flag, more examples and the JSON fields.";

const COMPARE_ABOUT: &str = "\
Build the ring of `experiment` from the same flags, apply the same change, and report it under
every placement in one table: hash mod N, the ring, ketama, rendezvous, jump, maglev, the
partition table, bounded loads and multi-probe, and with --systems (or a real system as
--placement) the real systems too. For each: how many keys moved and what fraction,
the least any placement could move, the busiest server's keys over its fair share, the cost of
one lookup in the algorithm's own unit, and what it stores.

--json prints {keys, placements: {NAME: {moved, moved_fraction, ideal_fraction,
before: {counts}, after: {counts}, peak_to_mean, spread, lookup_cost: {per_key, unit},
state: {count, unit}, note}}}, counts keyed by server name in list order.";

const COMPARE_EXAMPLES: &str = "\
Examples:
  Lesson 000's ring, D joining at 60, under every placement:
    ringlab compare --servers A@10,B@40,C@75 --add D@60 --keys-at 90,52,68,25,5
  Ten caches gaining an eleventh, a hundred thousand keys, as a Markdown table:
    ringlab compare --ring-size 2^32 --vnodes 100 --servers a,b,c,d,e,f,g,h,i,j --add k \\
      --keys 100000 --markdown";

const LOOKUP_ABOUT: &str = "\
Print, for each key, the server it goes to under one placement: one line per key,
KEY<TAB>SERVER, with --detail a column with the key's slot, token, partition, shard or hash, and
with --replicas R above 1 a column with the R servers holding a copy, comma-separated, owner
first. Keys come as arguments or from --keys-file. With --placement ketama the servers are hashed
as libketama hashes them, so a list such as 10.0.0.1:11211,10.0.0.2:11211 shows where a
memcached client using ketama sends each key; with a real system (redis-cluster, cassandra,
envoy-ring-hash, envoy-maglev, nginx, kafka, kafka-librdkafka, elasticsearch, groupcache) each
key goes where that system sends it, byte for byte. A cluster can be read from its own tool's
output: --cluster-nodes, --cluster-slots, --nodetool-ring, --nginx-upstream or --envoy-hosts.";

const LOOKUP_EXAMPLES: &str = "\
Examples:
  Where a ketama client sends three keys:
    ringlab lookup --placement ketama --servers 10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211 \\
      user:1 user:2 cart:7
  Three copies of each key in a file, on a ring of 100 points per server:
    ringlab lookup --ring-size 2^32 --vnodes 100 --servers a,b,c,d --replicas 3 --keys-file keys.txt
  Where Redis Cluster puts two keys, with their slots:
    ringlab lookup --placement redis-cluster --servers 10.0.0.1:6379,10.0.0.2:6379,10.0.0.3:6379 \\
      --detail foo '{user1}.following'
  The same, from what CLUSTER NODES printed:
    redis-cli -p 30001 cluster nodes > nodes.txt
    ringlab lookup --cluster-nodes nodes.txt --detail foo bar
  Kafka's partition of a key from the Java client and from librdkafka:
    ringlab lookup --placement kafka --partitions 12 --servers b1,b2,b3 --detail user:1000
    ringlab lookup --placement kafka-librdkafka --partitions 12 --servers b1,b2,b3 --detail user:1000";

const QUIZ_ABOUT: &str = "\
Draw practice questions from a seed and print each with the engine's answer and its worked
explanation, so an author can put the same exercises in a text. Every question sits on the
teaching ring, 0 to 99, with 2 to 6 servers and 3 to 12 keys; --level makes them harder. Each
question shows its scenario as a link, and the end of the report gives the whole list as an
exercise set for ?quiz= in the page's address. With --set, the questions of an existing set are
printed instead: their answers are always worked out again from their scenarios. With --reply,
each reply is marked against its question (right or not, key by key for moves, with the
reason), and the report ends with the score; a reply that cannot be read is refused.

Kinds of question: moves (mark the keys a change moves), owner (pick the server of a key),
number (a count, a percentage or database reads, within a stated band), arc (the first and last
position of a stretch), share (a server's share, in percent) and choice (one of a few
statements, the true one worked out on the scenario).

--json prints {seed, set, questions: [{number, kind, level, setting, prompt, alternatives,
scenario, question, answer: {text, ...}, worked, reveal, marked?}], problems, score?}; a marked
question has marked: {reply, right, verdict, keys: [{key, grade, moved, why}]}.

With --scenario, one question of --kind is posed on that scenario (a page's address or its query
string): --change, --key, --server and --with NAME=VALUE say what is asked, as a question link
does. Besides the six kinds above: busiest (which server serves the most requests, on the
Traffic view), overload (how many times a fair share it serves), peak (the most database reads a
second after a server joins, leaves or fails, on the Timeline), settle (the seconds until 99% of
the extra reads are in) and pick (your own --with prompt=, --with say= statements and --with
right=LETTER). A question the engine cannot answer on its scenario is refused, in words.";

const QUIZ_EXAMPLES: &str = "\
Examples:
  Six questions, one of each kind, at level 1:
    ringlab quiz --seed 42
  Ten questions on which keys move and who owns a key, at level 4, as JSON:
    ringlab quiz --seed 7 --count 10 --kind moves,owner --level 4 --json
  Be asked three questions, replying at the prompt:
    ringlab quiz --seed 42 --count 3 --ask
  Mark replies to the first two questions of seed 42 (a reply per question, in turn):
    ringlab quiz --seed 42 --count 2 --reply @41,@55 --reply B
  One question on any scenario, a reply marked (lesson 000: D joins at 60; which keys move?):
    ringlab quiz --scenario '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5' \\
      --kind moves --change add:D@60 --reply @52
  Who owns key 90 on the same ring:
    ringlab quiz --scenario '?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5' \\
      --kind owner --key @90 --reply A
  The peak of database reads when C fails, within 5%:
    ringlab quiz --scenario '?ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000' --kind peak \\
      --change fail:C --with band=5%
  The questions of an exercise set (lesson 000: who owns key 95; which keys move when D
  joins at 60), with their answers:
    ringlab quiz --set 1.cmluZz0xMDAmc2VydmVycz1BQDIwLEJANTAsQ0A4MCZrZXlzPUA5NSZhc2s9b3duZXIma2V5PUA5NQ\\
.cmluZz0xMDAmc2VydmVycz1BQDEwLEJANDAsQ0A3NSZrZXlzPUA5MCxANTIsQDY4LEAyNSxANSZhc2s9bW92ZXMmY2hhbmdlPWFkZDpEQDYw";

const EXPERIMENT_ABOUT: &str = "\
Build a ring from --servers and the keys, apply one change (--add or --remove), and report,
before and after it, each server's share of the ring and its keys; then how many keys moved on
the ring and how many would have moved under hash mod N, next to what theory expects: about
1/(N+1) of the keys on the ring when a server joins (its weight's share, with weights) and
N/(N+1) under mod N; 1/N and (N-1)/N when one of N servers leaves.

Without --add or --remove the report shows the one ring, and no key moves. --add and --remove
exclude each other; so do --keys, --keys-file and --keys-at. Without any of those three the
ring has no keys.";
