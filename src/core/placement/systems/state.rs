//! The systems' state a scenario keeps: what only the systems' own verbs change. Each system
//! writes its part in its folder, with what it reads of it; the systems' list names the parts
//! ([`system_state_parts!`]), which writes what the state does as a whole by asking each part in
//! turn. This file names no system.

use std::any::{Any, TypeId};
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;

use crate::core::error::Error;

/// One system's part of the state: how it starts, and what a server joining or leaving does
/// to it.
pub trait StatePart: Any + Clone + Eq + Hash + Debug + Send + Sync {
    /// What a cluster of `servers` servers starts with.
    fn new(servers: usize) -> Self;

    /// Whether every unit is held by one of `servers` servers.
    fn fits(&self, _servers: usize) -> bool {
        true
    }

    /// The part as a list of `servers` servers uses it: kept when it fits, started afresh
    /// otherwise.
    fn fitted(&self, servers: usize) -> Self {
        if self.fits(servers) {
            self.clone()
        } else {
            Self::new(servers)
        }
    }

    /// After a server joins the list at `index` (`servers` being the count after).
    fn joined(&self, index: usize, servers: usize) -> Self;

    /// After the server at `index` leaves a list of `servers`; `forget` names it when it is
    /// decommissioned (as opposed to failing and coming back).
    fn left(&self, index: usize, servers: usize, forget: Option<&str>) -> Self;

    /// Refuses a part no system could hold.
    fn check(&self) -> Result<(), Error> {
        Ok(())
    }
}

/// `list` without `name`'s entry: `None` when no name is given or it has no entry.
pub fn without<T: Clone>(list: &[(String, T)], name: Option<&str>) -> Option<Vec<(String, T)>> {
    let name = name?;
    list.iter()
        .any(|(n, _)| n == name)
        .then(|| list.iter().filter(|(n, _)| n != name).cloned().collect())
}

/// A part held without its type, read back as its type.
type Held = Arc<dyn Any + Send + Sync>;

/// The state of the systems whose structure only their own verbs change: one part per system.
#[derive(Clone)]
pub struct SystemState {
    parts: Vec<Held>,
}

impl SystemState {
    /// A state of `parts`, one of each system's part, as the systems' list makes it (only
    /// the list makes one, so every state holds every part).
    pub(in crate::core::placement) fn of(parts: Vec<Held>) -> SystemState {
        SystemState { parts }
    }

    /// The part of type `P`. Every state is made by the systems' list with one of each
    /// system's part, and changes only replace a part by one of its type.
    pub fn part<P: StatePart>(&self) -> &P {
        self.held(TypeId::of::<P>())
            .downcast_ref::<P>()
            .expect("a part is found by its type")
    }

    /// The same state with `part` in place of the part of its type.
    pub fn with_part<P: StatePart>(&self, part: P) -> SystemState {
        self.replaced(TypeId::of::<P>(), Arc::new(part))
    }

    /// The part whose type is `id` (one function for every type, so the page carries it once).
    fn held(&self, id: TypeId) -> &(dyn Any + Send + Sync) {
        self.parts
            .iter()
            .find(|part| part.as_ref().type_id() == id)
            .expect("a state holds every system's part")
            .as_ref()
    }

    /// The same state with `part`, of type `id`, in place of the part of that type.
    fn replaced(&self, id: TypeId, part: Held) -> SystemState {
        debug_assert!(
            self.parts.iter().any(|old| old.as_ref().type_id() == id),
            "a part the systems' list does not name"
        );
        let parts = self
            .parts
            .iter()
            .map(|old| {
                if old.as_ref().type_id() == id {
                    part.clone()
                } else {
                    old.clone()
                }
            })
            .collect();
        SystemState { parts }
    }
}

/// Writes what the systems' state does as a whole, for the parts listed: a new state, whether
/// it fits a count of servers, the state fitted to one, after a server joins or leaves, its
/// check, and its equality, hash and debug form, each asking every part in turn.
macro_rules! system_state_parts {
    ($($part:ty),+ $(,)?) => {
        impl $crate::core::placement::systems::state::SystemState {
            /// What a cluster of `servers` servers starts with: each part as its system
            /// creates it.
            pub fn new(servers: usize) -> Self {
                Self::of(vec![$(::std::sync::Arc::new(
                    <$part as $crate::core::placement::systems::state::StatePart>::new(servers),
                )),+])
            }

            /// Whether every part fits `servers` servers.
            pub fn fits(&self, servers: usize) -> bool {
                true $(&& $crate::core::placement::systems::state::StatePart::fits(
                    self.part::<$part>(),
                    servers,
                ))+
            }

            /// The state as a list of `servers` servers uses it: each part kept when it fits,
            /// and started afresh otherwise.
            pub fn fitted(&self, servers: usize) -> Self {
                Self::of(vec![$(::std::sync::Arc::new(
                    $crate::core::placement::systems::state::StatePart::fitted(
                        self.part::<$part>(),
                        servers,
                    ),
                )),+])
            }

            /// After a server joins the list at `index` (`servers` being the count after).
            pub fn joined(&self, index: usize, servers: usize) -> Self {
                Self::of(vec![$(::std::sync::Arc::new(
                    $crate::core::placement::systems::state::StatePart::joined(
                        self.part::<$part>(),
                        index,
                        servers,
                    ),
                )),+])
            }

            /// After the server at `index` leaves a list of `servers`; `forget` names it when
            /// it is decommissioned, so what was read for it goes too.
            pub fn left(&self, index: usize, servers: usize, forget: Option<&str>) -> Self {
                Self::of(vec![$(::std::sync::Arc::new(
                    $crate::core::placement::systems::state::StatePart::left(
                        self.part::<$part>(),
                        index,
                        servers,
                        forget,
                    ),
                )),+])
            }

            /// Refuses a state a part of which no system could hold.
            pub fn check(&self) -> Result<(), $crate::core::error::Error> {
                $($crate::core::placement::systems::state::StatePart::check(
                    self.part::<$part>(),
                )?;)+
                Ok(())
            }
        }

        impl PartialEq for $crate::core::placement::systems::state::SystemState {
            fn eq(&self, other: &Self) -> bool {
                true $(&& self.part::<$part>() == other.part::<$part>())+
            }
        }

        impl Eq for $crate::core::placement::systems::state::SystemState {}

        impl ::std::hash::Hash for $crate::core::placement::systems::state::SystemState {
            fn hash<H: ::std::hash::Hasher>(&self, state: &mut H) {
                $(::std::hash::Hash::hash(self.part::<$part>(), state);)+
            }
        }

        impl ::std::fmt::Debug for $crate::core::placement::systems::state::SystemState {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_list()$(.entry(self.part::<$part>()))+.finish()
            }
        }
    };
}

pub(in crate::core::placement) use system_state_parts;
