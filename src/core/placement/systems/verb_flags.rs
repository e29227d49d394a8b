//! A system's verb as the command line's flags ask for it, where the page has a form.

use super::state::SystemState;
use crate::core::error::Error;
use crate::core::placement::spec::Panel;
use crate::core::placement::system_setting::Flag;

/// The text a flag was given, by the flag's name (`shards`): `None` when it was not given.
pub type Given<'a> = &'a dyn Fn(&str) -> Option<&'a str>;

/// A verb read from flags, with the flag that asked for it; `None` when none of them was given;
/// on error, the flag at fault and why.
pub type FromFlags<V> = Option<Result<(&'static str, V), (&'static str, Error)>>;

/// The flags that ask for one system's verb.
pub struct VerbFlags<V: 'static> {
    /// The flags the system brings, in the order the help lists them.
    pub flags: &'static [Flag],
    /// The verb the given flags ask for, under a placement whose panel is the one given, from
    /// the state before. It may read the command line's own flags too (`partitions`).
    pub read: fn(Given<'_>, Panel, &SystemState) -> FromFlags<V>,
}

/// The flags that ask for one system's verb, read as the verb of the systems' list (`T`),
/// whatever the system's own verb type: what the list holds of each system.
pub trait AsksForVerb<T>: Sync {
    /// The flags the system brings, in the order the help lists them.
    fn flags(&self) -> &'static [Flag];

    /// The verb the given flags ask for (see [`VerbFlags::read`]), as `T`.
    fn read(&self, given: Given<'_>, panel: Panel, state: &SystemState) -> FromFlags<T>;
}

impl<V: Into<T>, T> AsksForVerb<T> for VerbFlags<V> {
    fn flags(&self) -> &'static [Flag] {
        self.flags
    }

    fn read(&self, given: Given<'_>, panel: Panel, state: &SystemState) -> FromFlags<T> {
        (self.read)(given, panel, state).map(|read| read.map(|(flag, verb)| (flag, verb.into())))
    }
}
