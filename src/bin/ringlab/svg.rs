//! `ringlab svg`: the ring as the page draws it, written by the drawing layer's SVG writer, so
//! an author can make a still of a figure from a shell.

use ringlab::core::{parse_number, read_link, Outcome, Scenario, MAX_KEYS, MAX_REPLICAS};
use ringlab::draw::geometry::Frame;
use ringlab::draw::picture::{assign_slots, Focus, Picture};
use ringlab::draw::style::Style;
use ringlab::draw::svg::{self, Options, Styling, Words};

use crate::experiment::{build, Failure};
use crate::svg_args::{SvgArgs, ThemeName};

/// The sides `--size` takes, in pixels.
const SIDES: std::ops::RangeInclusive<u32> = 100..=10_000;

/// What is drawn: the scenario, its last change, and what the page would have selected.
struct Shown {
    scenario: Scenario,
    /// The scenario before the last change, for the servers' colours.
    before: Option<Scenario>,
    last: Option<Outcome>,
    select: Option<String>,
    replicas: usize,
    requests: bool,
    present: bool,
}

/// Runs `ringlab svg`, returning the SVG document.
pub fn run(args: &SvgArgs) -> Result<String, Failure> {
    let side = parse_number::<u32>(&args.size)
        .ok()
        .filter(|s| SIDES.contains(s))
        .ok_or_else(|| {
            Failure::Refused(format!(
                "--size: the side goes from {} to {} pixels.",
                SIDES.start(),
                SIDES.end()
            ))
        })?;
    let shown = match &args.link {
        Some(link) => from_link(link, args),
        None => from_flags(args)?,
    };
    let scenario = &shown.scenario;
    let key = match &shown.select {
        Some(label) => Some(
            scenario
                .keys()
                .find(label)
                .ok_or_else(|| Failure::Refused(format!("--select: there is no key {label}.")))?,
        ),
        None => None,
    };
    // The servers keep the colours they had before the change, as on the page.
    let names =
        |s: &Scenario| -> Vec<String> { s.servers().iter().map(|s| s.name.clone()).collect() };
    let mut slots = Vec::new();
    for step in shown.before.iter().chain([scenario]) {
        let listed = names(step);
        let listed: Vec<&str> = listed.iter().map(String::as_str).collect();
        slots = assign_slots(&slots, &listed);
    }
    let slots: Vec<usize> = slots.into_iter().map(|(_, slot)| slot).collect();
    let focus = Focus {
        key,
        replicas: shown.replicas,
        requests: shown.requests,
        ..Focus::default()
    };
    let picture = Picture::new(scenario, shown.last.as_ref(), &slots, &focus);
    let words = Words::of(scenario, &picture);
    let dark = args.theme == ThemeName::Dark;
    let styling = if args.classes {
        Styling::Classes
    } else if args.inline {
        Styling::Inline { dark }
    } else {
        Styling::Standalone { dark }
    };
    Ok(svg::write(
        &picture,
        &Options {
            frame: Frame {
                side: f64::from(side),
            },
            style: Style {
                present: shown.present,
            },
            styling,
            words: &words,
        },
    ))
}

/// The scenario of the flags `experiment` takes, after their one change.
fn from_flags(args: &SvgArgs) -> Result<Shown, Failure> {
    let run = build(
        &args.ring,
        &args.placement,
        &args.keys,
        &args.traffic,
        &args.then,
    )?;
    for note in &run.notes {
        eprintln!("note: {note}");
    }
    Ok(Shown {
        before: run.change.is_some().then_some(run.before),
        scenario: run.after,
        last: run.outcome,
        select: args.select.clone(),
        replicas: 1,
        requests: args.requests,
        present: args.present,
    })
}

/// The scenario of a page's address, with the view parameters the picture shows; what the link
/// held that could not be read is noted on standard error.
fn from_link(link: &str, args: &SvgArgs) -> Shown {
    let query = link.trim();
    let query = query.split_once('?').map_or(query, |(_, q)| q);
    let query = query.split('#').next().unwrap_or_default();
    let read = read_link(query, MAX_KEYS);
    for ignored in &read.ignored {
        eprintln!("note: {ignored}");
    }
    let param = |name: &str| {
        read.extra
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let replicas = param("r")
        .and_then(|r| parse_number::<usize>(&r).ok())
        .map_or(1, |r| r.clamp(1, MAX_REPLICAS));
    Shown {
        select: args.select.clone().or_else(|| param("select")),
        replicas,
        requests: args.requests || param("view").as_deref() == Some("traffic"),
        present: args.present || param("present").as_deref() == Some("1"),
        scenario: read.scenario,
        before: read.before,
        last: read.last,
    }
}
