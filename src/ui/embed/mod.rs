//! The ring inside another page, and the page's JavaScript surface. Embed mode (`?embed=1`)
//! shows only the ring and the panels named in `panels=`, sized to its content, and is driven by
//! the host page through `postMessage`: `config` reads the embed link, `view` lays the ring out,
//! `commands` reads and carries out the host's messages and `host` listens and reports. `probe`
//! is the read-only snapshot the page's tests and host pages read, and `js` builds and reads the
//! plain JavaScript objects they all exchange.

pub mod commands;
pub mod config;
pub mod host;
pub mod js;
pub mod probe;
pub mod view;
