//! The SVG's title and description: what the ring shows, in words, for people who cannot see
//! the picture (a screen reader reads them as the image's name and description) and for
//! anyone who finds the file later.

use crate::core::{and_list, grouped, plural, Scenario};
use crate::draw::picture::{KeyLayer, Picture};

/// Up to this many servers are named one by one in the description.
const NAMED_SERVERS: usize = 12;

/// The words an SVG of the ring carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Words {
    /// A short name for the image: the circle, how many servers and keys.
    pub title: String,
    /// What the picture shows, in sentences.
    pub description: String,
}

impl Words {
    /// The words for `picture`, drawn from `scenario`.
    pub fn of(scenario: &Scenario, picture: &Picture) -> Words {
        let placed = scenario.placed();
        let names = placed.names();
        let keys = scenario.keys();
        let title = format!(
            "{} with {} and {}",
            circle(scenario),
            counted(names.len() as u64, "server", "servers"),
            counted(keys.len() as u64, "key", "keys"),
        );
        let mut sentences = vec![format!(
            "{title}. Position 0 is at the top and positions grow clockwise."
        )];
        let servers: Vec<String> = names
            .iter()
            .zip(placed.counts())
            .enumerate()
            .take(NAMED_SERVERS)
            .map(|(index, (name, &count))| {
                let points: Vec<u32> = picture
                    .points
                    .iter()
                    .filter(|p| p.server == index)
                    .map(|p| p.position)
                    .collect();
                let place = match points.as_slice() {
                    [] => String::new(),
                    [one] => format!(" at {one}"),
                    many => format!(" with {} points", grouped(many.len() as u64)),
                };
                format!("{name}{place} holds {}", counted(count, "key", "keys"))
            })
            .collect();
        let more = names.len().saturating_sub(NAMED_SERVERS);
        let others = if more > 0 {
            format!(", and {} more", counted(more as u64, "server", "servers"))
        } else {
            String::new()
        };
        sentences.push(format!("Servers: {}{others}.", and_list(&servers)));
        match &picture.keys {
            KeyLayer::Dots(dots) if !dots.is_empty() && dots.iter().all(|d| d.label.is_some()) => {
                let listed: Vec<String> = dots
                    .iter()
                    .map(|d| {
                        let owner = &names[placed.owner_of_key(keys, d.key)];
                        format!("{} on {owner}", d.label.as_deref().unwrap_or_default())
                    })
                    .collect();
                sentences.push(format!("Keys, clockwise: {}.", and_list(&listed)));
            }
            KeyLayer::Dots(dots) if !dots.is_empty() => {
                sentences.push("Each key is a dot in its server's colour.".to_string())
            }
            KeyLayer::Dots(_) => {}
            KeyLayer::Density { .. } => sentences.push(
                if picture.requests {
                    "The keys are drawn as a band whose height shows how often the keys in each \
                     part of the circle are read."
                } else {
                    "The keys are drawn as a band whose height shows how many keys fall in each \
                     part of the circle."
                }
                .to_string(),
            ),
        }
        let moved = match &picture.keys {
            KeyLayer::Dots(dots) => dots.iter().filter(|d| d.moved).count() as u64,
            KeyLayer::Density { bins, .. } => bins.iter().map(|b| b.moved).sum(),
        };
        if moved > 0 {
            sentences.push(format!(
                "{} on the last change {}.",
                counted(moved, "key moved", "keys moved"),
                if moved == 1 {
                    "is marked"
                } else {
                    "are marked"
                }
            ));
        }
        sentences.extend(selection(scenario, picture));
        Words {
            title,
            description: sentences.join(" "),
        }
    }
}

/// The selected key's walk and copies, in words.
fn selection(scenario: &Scenario, picture: &Picture) -> Option<String> {
    picture.walk.as_ref()?;
    let KeyLayer::Dots(dots) = &picture.keys else {
        return Some("The selected key's walk runs clockwise to its server.".to_string());
    };
    let dot = dots.iter().find(|d| d.selected)?;
    let placed = scenario.placed();
    let names = placed.names();
    let label = dot
        .label
        .clone()
        .unwrap_or_else(|| scenario.keys().label(dot.key));
    let owner = &names[placed.owner_of_key(scenario.keys(), dot.key)];
    let mut text = format!("Key {label} is selected; its walk runs clockwise to {owner}.");
    if !picture.replicas.is_empty() {
        let copies: Vec<&str> = scenario
            .preference_list(dot.key, picture.replicas.len())
            .into_iter()
            .map(|i| &*names[i])
            .collect();
        text.push_str(&format!(
            " Its copies are on {}, numbered in that order.",
            and_list(&copies)
        ));
    }
    Some(text)
}

/// The circle the picture draws, as the page names it.
fn circle(scenario: &Scenario) -> String {
    scenario.placed().picture_words(&scenario.layout())
}

/// `count` and the word for it: "1 key", "5,005 keys".
fn counted(count: u64, one: &str, many: &str) -> String {
    let word = plural(usize::try_from(count).unwrap_or(usize::MAX), one, many);
    format!("{} {word}", grouped(count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::picture::Focus;

    #[test]
    fn the_teaching_rings_words_name_its_servers_where_they_sit_and_each_keys_server() {
        let scenario = Scenario::teaching();
        let picture = Picture::new(&scenario, None, &[0, 1, 2], &Focus::default());
        let words = Words::of(&scenario, &picture);
        assert_eq!(
            words.title,
            "Hash ring of 100 positions with 3 servers and 5 keys"
        );
        assert!(
            words.description.contains(
                "Servers: A at 10 holds 2 keys, B at 40 holds 1 key and C at 75 holds 2 keys."
            ),
            "{}",
            words.description
        );
        assert!(words
            .description
            .contains("Keys, clockwise: 5 on A, 25 on B, 52 on C, 68 on C and 90 on A."));
    }
}
