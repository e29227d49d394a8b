//! The placements' settings as one list: the textbook settings and each real system's, declared
//! in its folder and ordered by the systems' list.

use std::collections::BTreeSet;

use ringlab::core::placement::systems::SETTINGS;
use ringlab::core::placement::Setting;
use ringlab::core::{Kind, Options, RingSize};

/// The names a setting goes by that must not be shared with another setting.
fn names(setting: Setting) -> [String; 4] {
    [
        format!("param {}", setting.param()),
        format!("verb {}", setting.verb()),
        format!("field {}", setting.field()),
        format!("json {}", setting.json().0),
    ]
}

#[test]
fn every_setting_is_listed_once_with_names_of_its_own() {
    assert_eq!(Setting::ALL.len(), Setting::TEXTBOOK.len() + SETTINGS.len());
    let mut seen = BTreeSet::new();
    for setting in Setting::ALL {
        for name in names(setting) {
            assert!(seen.insert(name.clone()), "{name} is named twice");
        }
    }
    let flags: Vec<&str> = Setting::ALL
        .into_iter()
        .filter_map(|s| s.flag().map(|f| f.long))
        .collect();
    let distinct: BTreeSet<&str> = flags.iter().copied().collect();
    assert_eq!(
        flags.len(),
        distinct.len(),
        "a flag is named twice: {flags:?}"
    );
    assert_eq!(
        flags.len(),
        SETTINGS.len(),
        "each system's setting has its flag"
    );
}

#[test]
fn every_setting_a_placement_reads_is_listed_and_every_system_setting_is_read_by_a_placement() {
    let read: Vec<Setting> = Kind::every()
        .flat_map(|kind| kind.spec().settings.iter().copied())
        .collect();
    for setting in &read {
        assert!(Setting::ALL.contains(setting), "{setting:?} is not listed");
    }
    for setting in SETTINGS {
        assert!(
            read.contains(&Setting::System(setting)),
            "no placement reads {setting:?}"
        );
    }
}

#[test]
fn each_setting_written_at_its_default_reads_back_as_the_default_and_a_link_leaves_it_out() {
    let size = RingSize::TEACHING;
    let usual = Options::default();
    for setting in Setting::ALL {
        let text = setting.value(&usual, size);
        if text.is_empty() {
            // A setting whose default is "none" (a hash tag) is written as nothing.
            continue;
        }
        let mut options = usual;
        setting
            .read(&text, &mut options, size)
            .unwrap_or_else(|e| panic!("{setting:?} does not read its own {text:?}: {e}"));
        if setting != Setting::Partitions {
            // The partitions follow the ring's size until set, even to the count it gives.
            assert_eq!(options, usual, "{setting:?} at {text:?}");
            assert!(setting.is_default(&options), "{setting:?} at {text:?}");
        }
        assert_eq!(setting.value(&options, size), text);
        assert_eq!(setting.normalized(&text).as_deref(), Ok(text.as_str()));
    }
}

#[test]
fn a_refused_value_leaves_the_options_as_they_were() {
    let size = RingSize::TEACHING;
    for setting in Setting::ALL {
        let mut options = Options::default();
        assert!(
            setting.read("not a value", &mut options, size).is_err(),
            "{setting:?} took nonsense"
        );
        assert_eq!(options, Options::default(), "{setting:?}");
    }
}
