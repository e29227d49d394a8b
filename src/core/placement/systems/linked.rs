//! A system's part of the systems' state as link parameters ([`StateLink`]): written only
//! where it differs from what a new cluster of the link's servers has, and read back with
//! each parameter that cannot be read said and left as a new cluster has it. Each system
//! writes its own beside its state; the list is [`STATE_LINKS`](super::STATE_LINKS).

use super::state::SystemState;
use crate::core::error::Error;

/// A link's parameters, as the reader finds them by name.
pub type Params<'p, 'a> = &'p dyn Fn(&str) -> Option<&'a str>;

/// How one system's part of the state travels in a link.
#[derive(Debug)]
pub struct StateLink {
    /// Writes the part of `state` for `servers` servers, where it differs from a new cluster's.
    pub write: fn(&SystemState, usize, &mut Vec<(&'static str, String)>),
    /// Reads the part into `state` for `servers` servers; each parameter that cannot be read
    /// is said in the last argument and the part stays as `state` has it.
    pub read: for<'p, 'a> fn(SystemState, usize, Params<'p, 'a>, &mut Vec<String>) -> SystemState,
}

/// Reads the parameter `name` with `read` and puts what it gives into `state` with `put`; a
/// text that cannot be read is said in `ignored`, and `state` stays as it was.
pub fn read_one<T>(
    state: SystemState,
    name: &str,
    param: Params<'_, '_>,
    ignored: &mut Vec<String>,
    read: impl FnOnce(&str) -> Result<T, Error>,
    put: impl FnOnce(&SystemState, T) -> SystemState,
) -> SystemState {
    match param(name).map(read) {
        Some(Ok(value)) => put(&state, value),
        Some(Err(error)) => {
            ignored.push(format!("{name}: {error}"));
            state
        }
        None => state,
    }
}
