//! The selected key in words: how it is looked up under the chosen placement, its owner, what
//! the compared placement would pick (mod N, or the ring when mod N is chosen), and where its
//! copies go. One writer for the page's selected-key panel.

use crate::core::placement::{Copies, Kind};
use crate::core::scenario::Scenario;

/// One key's lookup, as the selected-key panel says it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyLookup {
    /// The key's label.
    pub label: String,
    /// The lookup, step by step, under the chosen placement.
    pub steps: Vec<String>,
    /// How its owner is introduced: "Ring owner: ", "Jump hash owner: ".
    pub owner_title: String,
    /// The owner's name.
    pub owner: String,
    /// What the compared placement picks, for a textbook placement: how it is introduced, the
    /// server and why.
    pub compared: Option<(&'static str, String, String)>,
    /// Where its copies go, when more than one copy is kept and the placement says so.
    pub copies: Option<String>,
}

/// Key `id` of `s` in words, with `replicas` copies of each key.
pub fn key_lookup(s: &Scenario, id: u32, replicas: usize) -> KeyLookup {
    let placed = s.placed();
    let trace = placed.trace(&s.layout(), id);
    let kind = s.placement();
    let spec = kind.spec();
    let owner_title = if kind == Kind::Ring {
        "Ring owner: ".to_string()
    } else if kind == Kind::ModN {
        "mod N owner: ".to_string()
    } else {
        format!("{} owner: ", spec.name)
    };
    // A real system is compared with nothing: its own steps are the point.
    let compared = (!spec.system).then(|| {
        if kind == Kind::ModN {
            let ring_owner = s.ring().server_name(s.owner_of_key(id)).to_string();
            (
                "The ring picks: ",
                ring_owner,
                " (the first point clockwise from the key)".to_string(),
            )
        } else {
            let (hash, n) = (s.keys().hash_of(id), s.servers().len());
            let index = s.mod_n_owner_of_key(id);
            (
                "mod N picks: ",
                s.servers()[index].name.clone(),
                format!(" ({hash} mod {n} = {index}, so servers[{index}])"),
            )
        }
    });
    let copies = (replicas > 1)
        .then_some(spec.copies)
        .and_then(|copies| match copies {
            Copies::Unsaid => None,
            Copies::SimpleStrategy => {
                let names: Vec<String> = placed
                    .preference(s.keys(), id, replicas)
                    .into_iter()
                    .map(|i| placed.names()[i].to_string())
                    .collect();
                Some(format!(
                    "{} (SimpleStrategy, the next nodes clockwise)",
                    names.join(", ")
                ))
            }
            Copies::Clockwise => {
                let names: Vec<String> = s
                    .preference_list(id, replicas)
                    .into_iter()
                    .enumerate()
                    .map(|(i, server)| {
                        let name = s.ring().server_name(server);
                        if i == 0 {
                            format!("{name} (primary)")
                        } else {
                            name.to_string()
                        }
                    })
                    .collect();
                Some(names.join(", "))
            }
        });
    KeyLookup {
        label: s.keys().label(id),
        owner: placed.names()[trace.owner].to_string(),
        steps: trace.steps,
        owner_title,
        compared,
        copies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_teaching_rings_key_at_52_walks_to_c_and_mod_n_picks_by_its_remainder() {
        let s = Scenario::teaching();
        let id = s.keys().find("@52").unwrap();
        let lookup = key_lookup(&s, id, 1);
        assert_eq!(lookup.owner_title, "Ring owner: ");
        assert_eq!(lookup.owner, "C");
        assert_eq!(
            lookup.compared,
            Some((
                "mod N picks: ",
                "B".to_string(),
                " (52 mod 3 = 1, so servers[1])".to_string()
            ))
        );
        assert_eq!(lookup.copies, None);
        let two = key_lookup(&s, id, 2);
        assert_eq!(two.copies.as_deref(), Some("C (primary), A"));
    }
}
