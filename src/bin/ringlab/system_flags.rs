//! The real systems on the command line: a cluster read from a file in its tool's own form
//! (`--cluster-nodes`, `--nginx-upstream`, … a flag for each form a system reads), and the
//! changes the systems' settings' flags and their verbs' flags ask for.

use std::path::Path;

use ringlab::core::pasted::{self, Format};
use ringlab::core::placement::systems::VERB_FLAGS;
use ringlab::core::placement::Setting;
use ringlab::core::{Change, Kind, Scenario};

use crate::failure::Failure;
use crate::flags::PlacementArgs;

/// The cluster file named on the command line, if any: its flag, format and path.
pub fn cluster_file(args: &PlacementArgs) -> Result<Option<(String, Format, &Path)>, Failure> {
    match args.cluster.0.as_slice() {
        [] => Ok(None),
        [(format, path)] => Ok(Some((
            format!("--{}", format.id()),
            *format,
            path.as_path(),
        ))),
        [(a, _), (b, _), ..] => Err(Failure::Refused(format!(
            "--{} and --{} both name the servers; read one cluster at a time.",
            a.id(),
            b.id()
        ))),
    }
}

/// The scenario a cluster file describes, on `base`'s ring settings.
pub fn read_cluster(
    flag: &str,
    format: Format,
    path: &Path,
    base: &Scenario,
) -> Result<Scenario, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::Unreadable(format!("{flag}: cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::Refused(format!("{flag}: {} is not UTF-8 text.", path.display())))?;
    pasted::read(format, &text, base)
        .map(|p| p.scenario)
        .map_err(|refused| {
            Failure::Refused(format!("{flag}: {} {}", path.display(), refused.line()))
        })
}

/// The systems' settings and verbs given as flags, as changes, for a scenario placed by `kind`.
pub fn settings(
    args: &PlacementArgs,
    kind: Kind,
    scenario: &Scenario,
) -> Result<Vec<(String, Change)>, Failure> {
    let mut changes: Vec<(String, Change)> = Vec::new();
    for setting in Setting::ALL {
        let Some(flag) = setting.flag() else { continue };
        if let Some(text) = args.settings.given(flag.long) {
            let flag = format!("--{}", flag.long);
            let change = Change::setting(setting, text).map_err(|e| Failure::at(&flag, e))?;
            changes.push((flag, change));
        }
    }
    let given = |long: &str| args.given(long);
    for verb in &VERB_FLAGS {
        if let Some(read) = verb.read(&given, kind.spec().panel, scenario.systems()) {
            let (flag, verb) = read.map_err(|(flag, e)| Failure::at(flag, e))?;
            changes.push((flag.to_string(), Change::system(verb)));
        }
    }
    Ok(changes)
}
