//! How a page is asked to embed itself: `embed=1`, the panels and the host's origin.

use leptos::prelude::*;

use crate::core::read_panels;

/// How this page was asked to embed itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedConfig {
    /// The panels to show, in order.
    pub panels: Vec<&'static str>,
    /// The origin allowed to drive the ring and to receive its events.
    pub host: String,
}

impl EmbedConfig {
    /// Reads `embed`, `panels` and `host` from a link's extra parameters; None unless `embed=1`.
    pub fn from_params(
        extra: &[(String, String)],
        notices: &mut Vec<String>,
    ) -> Option<EmbedConfig> {
        let value = |name: &str| {
            extra
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        if value("embed") != Some("1") {
            return None;
        }
        // A lesson in the link (`lesson=`, built in or written) shows its player too.
        let panels = read_panels(value("panels"), value("lesson").is_some(), notices);
        let own = window().location().origin().unwrap_or_default();
        let host = match value("host") {
            None => own,
            Some(origin) if is_origin(origin) => origin.to_string(),
            Some(origin) => {
                notices.push(format!(
                    "host: {origin:?} is not an origin such as https://example.org"
                ));
                own
            }
        };
        Some(EmbedConfig { panels, host })
    }
}

/// An origin is a scheme, `://` and a host with an optional port, and nothing else.
fn is_origin(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once("://") else {
        return false;
    };
    matches!(scheme, "http" | "https")
        && !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}
