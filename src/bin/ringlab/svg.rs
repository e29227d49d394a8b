//! `ringlab svg`: the ring as the page draws it, written by the drawing layer's SVG writer, so
//! an author can make a still of a figure from a shell.

use ringlab::core::parse_number;
use ringlab::draw::still::{Still, SIDES};
use ringlab::draw::svg::Styling;

use crate::experiment::{build, Failure};
use crate::svg_args::{SvgArgs, ThemeName};

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
    let mut still = match &args.link {
        Some(link) => {
            let (still, notes) = Still::of_link(link);
            for note in notes {
                eprintln!("note: {note}");
            }
            still
        }
        None => from_flags(args)?,
    };
    if let Some(select) = &args.select {
        still.select = Some(select.clone());
    }
    still.requests |= args.requests;
    still.present |= args.present;
    let dark = args.theme == ThemeName::Dark;
    let styling = if args.classes {
        Styling::Classes
    } else if args.inline {
        Styling::Inline { dark }
    } else {
        Styling::Standalone { dark }
    };
    still
        .svg(side, styling)
        .map_err(|why| Failure::Refused(format!("--select: {why}")))
}

/// The scenario of the flags `experiment` takes, after their one change.
fn from_flags(args: &SvgArgs) -> Result<Still, Failure> {
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
    Ok(Still {
        before: run.change.is_some().then_some(run.before),
        scenario: run.after,
        last: run.outcome,
        select: None,
        replicas: 1,
        requests: false,
        present: false,
    })
}
