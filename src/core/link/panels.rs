//! The panels an embedded ring or a figure shows beside the ring, as `panels=` (or a figure's
//! `panels` attribute) names them: read here once for the page, the figures and the tools that
//! write figures.

/// The panels an embed or a figure can show, by their `panels=` name.
pub const PANELS: [&str; 14] = [
    "last",
    "ownership",
    "key",
    "cache",
    "lesson",
    "servers",
    "vnodes",
    "keys",
    "replicas",
    "placement",
    "compare",
    "traffic",
    "timeline",
    "sweeps",
];

/// What an embed or a figure shows when `panels=` is absent.
pub const DEFAULT_PANELS: [&str; 2] = ["last", "ownership"];

/// The panels `list` names (a comma-separated `panels=` value), in order and each once; with no
/// list, the default ones, led by the lesson's player when the link holds a lesson
/// (`with_lesson`). A name that is no panel is left out and said in words in `notes`.
pub fn read_panels(
    list: Option<&str>,
    with_lesson: bool,
    notes: &mut Vec<String>,
) -> Vec<&'static str> {
    let mut panels = Vec::new();
    match list {
        None => {
            if with_lesson {
                panels.push("lesson");
            }
            panels.extend(DEFAULT_PANELS);
        }
        Some(list) => {
            for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                match PANELS.iter().find(|p| **p == name) {
                    Some(panel) if !panels.contains(panel) => panels.push(*panel),
                    Some(_) => {}
                    None => notes.push(format!(
                        "panels: there is no panel {name:?} (the panels are {})",
                        PANELS.join(", ")
                    )),
                }
            }
        }
    }
    panels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_list_gives_the_default_panels_led_by_a_lesson_player_when_there_is_a_lesson() {
        let mut notes = Vec::new();
        assert_eq!(read_panels(None, false, &mut notes), ["last", "ownership"]);
        assert_eq!(
            read_panels(None, true, &mut notes),
            ["lesson", "last", "ownership"]
        );
        assert!(notes.is_empty());
    }

    #[test]
    fn a_list_keeps_its_order_once_each_and_names_what_is_no_panel() {
        let mut notes = Vec::new();
        let panels = read_panels(Some(" key, last ,key,,charts"), false, &mut notes);
        assert_eq!(panels, ["key", "last"]);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].starts_with("panels: there is no panel \"charts\""));
    }
}
