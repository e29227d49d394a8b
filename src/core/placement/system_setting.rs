//! A real system's setting, declared in the system's folder ([`SystemSetting`]), and the values
//! a scenario gives the systems' settings ([`SystemValues`]). This file names no system: each
//! setting says its own names, how its value is read, written and told, and its flag; the
//! systems' list names them all.

use std::fmt;

use crate::core::error::Error;

/// A setting's own flag on the command line.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
pub struct Flag {
    /// The flag's name, without the dashes: `num-tokens`.
    pub long: &'static str,
    /// The name its value goes by in the help: `T`.
    pub value_name: &'static str,
    /// The help, with an example.
    pub help: &'static str,
}

/// One real system's setting. Its value is kept as a number (its code): each setting's folder
/// reads it back as its own type, so this file, and the scenario, need not know the type.
pub struct SystemSetting {
    /// Its parameter in a link: `num-tokens=256`.
    pub param: &'static str,
    /// Its verb in change text, when not its parameter.
    pub verb: Option<&'static str>,
    /// Its field's id on the page, when not its parameter.
    pub field: Option<&'static str>,
    /// Its label on the page.
    pub label: &'static str,
    /// Whether its value is a number (the page asks for one with a numeric keyboard).
    pub numeric: bool,
    /// How a change setting it travels in JSON: its `type`, and the field that holds the value.
    pub json: (&'static str, &'static str),
    /// Whether the system's own configuration calls it its replicas though it is no copy
    /// count: the command line's `--replicas` sets it then.
    pub called_replicas: bool,
    /// Its flag on the command line.
    #[cfg(not(target_arch = "wasm32"))]
    pub flag: Flag,
    /// Its value's code in a new scenario.
    pub default: u64,
    /// `text` as change text writes the value, when it can be read without the scenario.
    pub normalized: fn(&str) -> Result<String, Error>,
    /// The code of the value `text` says, after checking it.
    pub read: fn(&str) -> Result<u64, Error>,
    /// The value of a code, as text.
    pub text: fn(u64) -> String,
    /// What setting it to the value of a code did, in one sentence.
    pub said: fn(u64) -> String,
}

impl SystemSetting {
    /// Its verb in change text.
    pub fn verb(&self) -> &'static str {
        self.verb.unwrap_or(self.param)
    }

    /// Its field's id on the page.
    pub fn field(&self) -> &'static str {
        self.field.unwrap_or(self.param)
    }
}

impl fmt::Debug for SystemSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SystemSetting").field(&self.param).finish()
    }
}

/// How many of the systems' settings a scenario can hold values for; the systems' list checks
/// that it names no more.
pub const MOST_SYSTEM_SETTINGS: usize = 8;

/// The systems' settings a scenario sets to other than their defaults, each by its parameter,
/// in the parameters' order (so equal values are equal), with its value's code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SystemValues {
    set: [Option<(&'static str, u64)>; MOST_SYSTEM_SETTINGS],
}

impl SystemValues {
    /// The code of `setting`'s value: its default unless it is set.
    pub fn get(&self, setting: &SystemSetting) -> u64 {
        self.held(setting).unwrap_or(setting.default)
    }

    /// The code `setting` is set to, when it is not its default.
    pub fn held(&self, setting: &SystemSetting) -> Option<u64> {
        self.set
            .iter()
            .flatten()
            .find(|(param, _)| *param == setting.param)
            .map(|&(_, code)| code)
    }

    /// The same values with `setting` at `code` (forgotten when that is its default), kept in
    /// the parameters' order.
    pub fn with(&self, setting: &SystemSetting, code: u64) -> SystemValues {
        let mut next = SystemValues::default();
        let mut slots = next.set.iter_mut();
        let mut new = (code != setting.default).then_some((setting.param, code));
        for &(param, held) in self.set.iter().flatten() {
            if param == setting.param {
                continue;
            }
            if let Some(entry) = new.filter(|(new_param, _)| *new_param < param) {
                if let Some(slot) = slots.next() {
                    *slot = Some(entry);
                }
                new = None;
            }
            if let Some(slot) = slots.next() {
                *slot = Some((param, held));
            }
        }
        if let (Some(entry), Some(slot)) = (new, slots.next()) {
            *slot = Some(entry);
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(param: &'static str, default: u64) -> SystemSetting {
        SystemSetting {
            param,
            verb: None,
            field: None,
            label: param,
            numeric: true,
            json: ("set", "value"),
            called_replicas: false,
            #[cfg(not(target_arch = "wasm32"))]
            flag: Flag {
                long: param,
                value_name: "N",
                help: "",
            },
            default,
            normalized: |text| Ok(text.to_string()),
            read: |text| text.parse().map_err(|_| Error::NotAPrimeTable(0)),
            text: |code| code.to_string(),
            said: |code| code.to_string(),
        }
    }

    #[test]
    fn a_value_set_to_its_default_is_forgotten_and_equal_values_are_equal_in_any_order() {
        let (a, b, c) = (setting("a", 1), setting("b", 2), setting("c", 3));
        let none = SystemValues::default();
        let abc = none.with(&a, 5).with(&b, 6).with(&c, 7);
        assert_eq!(abc, none.with(&c, 7).with(&a, 5).with(&b, 6));
        assert_eq!(abc, none.with(&b, 6).with(&c, 7).with(&a, 5));
        assert_eq!(abc, none.with(&b, 9).with(&c, 7).with(&a, 5).with(&b, 6));
        assert_eq!((abc.get(&a), abc.get(&b), abc.get(&c)), (5, 6, 7));
        assert_eq!(abc.with(&b, 2), none.with(&c, 7).with(&a, 5));
        let back = abc.with(&a, 1).with(&b, 2).with(&c, 3);
        assert_eq!(back, none);
        assert_eq!((back.held(&a), back.get(&a)), (None, 1));
    }
}
