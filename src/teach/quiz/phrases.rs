//! Words shared by prompts and explanations: placements, changes and the scenario itself
//! (numbers and lists are the engine's own, in `core::numbers_and_lists`).

use crate::core::{and_list, grouped, Change, Kind, Placement, Scenario};

/// A placement as it reads inside a sentence: `the partition table`, `jump hash`.
pub fn placement_words(kind: Kind) -> &'static str {
    kind.spec().phrase
}

/// `Under jump hash`, to start a sentence.
pub fn under_first(kind: Kind) -> String {
    format!("Under {}", placement_words(kind))
}

/// `" under jump hash"`, or nothing for the ring.
pub fn under(kind: Kind) -> String {
    if kind == Kind::Ring {
        String::new()
    } else {
        format!(" under {}", placement_words(kind))
    }
}

/// A change as a short clause: `D joins at 60`, `B leaves`.
pub fn change_words(change: &Change) -> String {
    match change {
        Change::AddServer {
            name, at: Some(at), ..
        } => format!("{name} joins at {at}"),
        Change::AddServer {
            name,
            weight: Some(w),
            ..
        } if *w > 1 => format!("{name} joins with weight {w}"),
        Change::AddServer { name, .. } => format!("{name} joins"),
        Change::RemoveServer { name } => format!("{name} leaves"),
        Change::FailServer { name } => format!("{name} fails"),
        Change::SetVnodes { vnodes } => {
            format!("Every server now puts {vnodes} points on the ring")
        }
        Change::SetWeight { name, weight } => format!("{name}'s weight becomes {weight}"),
        Change::MovePoint { name, to } => format!("{name}'s point moves to {to}"),
        Change::SetPlacement { placement } => {
            format!("Keys are now placed by {}", placement_words(*placement))
        }
        Change::SetServers { .. }
        | Change::HashPlaced
        | Change::AddKeys { .. }
        | Change::GenerateKeys { .. }
        | Change::DropKey { .. }
        | Change::ClearKeys
        | Change::SetRingSize { .. }
        | Change::SetHash { .. }
        | Change::SetPopularity { .. }
        | Change::MakeHot { .. }
        | Change::SetRemedy { .. }
        | Change::RestartServer { .. }
        | Change::SetReplicas { .. }
        | Change::SetRestartDelay { .. }
        | Change::SetGossip { .. }
        | Change::SetWrites { .. }
        | Change::Set { .. }
        | Change::System(_) => format!("The change {change} is applied"),
    }
}

/// The scenario in one sentence: ring, servers, keys and placement.
pub fn setting(scenario: &Scenario) -> String {
    let size = scenario.size();
    let ring = if size.is_full() {
        "A ring of 2^32 positions".to_string()
    } else {
        format!(
            "A ring of {} positions (0 to {})",
            grouped(size.get()),
            grouped(size.get() - 1)
        )
    };
    let servers: Vec<String> = scenario
        .servers()
        .iter()
        .map(|s| match s.placement {
            Placement::At(p) => format!("{} at {p}", s.name),
            Placement::Hashed { weight: 1 } => s.name.clone(),
            Placement::Hashed { weight } => format!("{} (weight {weight})", s.name),
        })
        .collect();
    let hashed = scenario
        .servers()
        .iter()
        .any(|s| matches!(s.placement, Placement::Hashed { .. }));
    let points = if hashed {
        let v = scenario.vnodes();
        format!(
            ", hashed with {v} {} each",
            if v == 1 { "point" } else { "points" }
        )
    } else {
        String::new()
    };
    let keys = scenario.keys();
    let key_words = match keys.len() {
        0 => "no keys".to_string(),
        n if n <= 12 => {
            let mut labels: Vec<String> = keys.order().iter().map(|&id| keys.label(id)).collect();
            if labels.iter().all(|l| l.starts_with('@')) {
                labels = labels.iter().map(|l| l[1..].to_string()).collect();
                format!("keys at {}", and_list(&labels))
            } else {
                format!("keys {}", and_list(&labels))
            }
        }
        n => format!("{} keys", grouped(n as u64)),
    };
    let kind = scenario.placement();
    let placement = if kind == Kind::Ring {
        String::new()
    } else {
        format!("; keys are placed by {}", placement_words(kind))
    };
    let hot: Vec<String> = scenario
        .traffic()
        .hot
        .iter()
        .map(|(k, m)| {
            format!(
                "{k} is read {} times as often as the others",
                grouped(*m as u64)
            )
        })
        .collect();
    let hot = if hot.is_empty() {
        String::new()
    } else {
        format!("; {}", and_list(&hot))
    };
    format!(
        "{ring}; servers {}{points}; {key_words}{placement}{hot}.",
        and_list(&servers)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_teaching_ring_reads_as_one_sentence() {
        assert_eq!(
            setting(&Scenario::teaching()),
            "A ring of 100 positions (0 to 99); servers A at 10, B at 40 and C at 75; keys at 5, 25, 52, 68 and 90."
        );
    }
}
