//! A server that failed, as the scenario lists it while it is down.

use crate::core::server::Server;

/// A server that failed: off the ring, still listed, waiting to restart.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DownServer {
    /// The server as it was.
    pub server: Server,
    /// Its place in the list of servers that are up, where a restart puts it back. The places
    /// follow the list: when a server before it leaves, its place moves down by one.
    pub index: usize,
}
