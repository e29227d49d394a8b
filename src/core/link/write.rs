//! A scenario written down as a link: every part that differs from what a new scenario of the
//! same servers starts with.

use super::system_state;
use crate::core::hash::HashScheme;
use crate::core::placement::{Kind, Setting};
use crate::core::scenario::{Change, Scenario, Timing};
use crate::core::server::Server;
use crate::core::text::ServerSpec;
use crate::core::traffic::Traffic;

/// The query string (without `?`) for `scenario`, which is the state before `then` when given,
/// followed by `extra` parameters.
pub fn write_link(
    scenario: &Scenario,
    then: Option<&Change>,
    extra: &[(String, String)],
) -> String {
    let mut query = Query::default();
    query.append_pair("ring", &scenario.size().to_string());
    if scenario.hash() != HashScheme::default() {
        query.append_pair("hash", scenario.hash().id());
    }
    if scenario.vnodes() != 1 {
        query.append_pair("vnodes", &scenario.vnodes().to_string());
    }
    let servers: Vec<String> = listed_servers(scenario)
        .iter()
        .map(|s| ServerSpec::of(s).to_string())
        .collect();
    query.append_pair("servers", &servers.join(","));
    if !scenario.down().is_empty() {
        let down: Vec<&str> = scenario
            .down()
            .iter()
            .map(|d| d.server.name.as_str())
            .collect();
        query.append_pair("down", &down.join(","));
    }
    let options = scenario.options();
    if scenario.placement() != Kind::default() {
        query.append_pair("placement", scenario.placement().id());
    }
    for setting in Setting::ALL.into_iter().filter(|s| !s.is_default(&options)) {
        query.append_pair(setting.param(), &setting.value(&options, scenario.size()));
    }
    let weights: Vec<u32> = scenario.servers().iter().map(Server::weight).collect();
    if !scenario.table().is_start(&weights) {
        query.append_pair("table", &scenario.table().to_string());
    }
    let mut pairs = Vec::new();
    system_state::write(scenario, &mut pairs);
    for (name, value) in pairs {
        query.append_pair(name, &value);
    }
    let traffic = scenario.traffic();
    let quiet = Traffic::default();
    if traffic.popularity != quiet.popularity {
        query.append_pair("traffic", &traffic.popularity.to_string());
    }
    if traffic.has_remedy() {
        query.append_pair("remedy", &traffic.remedies_text());
    }
    if traffic.top != quiet.top {
        query.append_pair("top", &traffic.top.to_string());
    }
    let timing = scenario.timing();
    let usual = Timing::default();
    let given = |name: &str| extra.iter().any(|(n, _)| n == name);
    if timing.replicas != usual.replicas && !given("r") {
        query.append_pair("r", &timing.replicas.to_string());
    }
    if let Some(seconds) = timing.restart_after {
        query.append_pair("restart", &seconds.to_string());
    }
    if timing.gossip != usual.gossip {
        query.append_pair("gossip", &timing.gossip.to_string());
    }
    if timing.writes != usual.writes {
        query.append_pair("writes", &timing.writes.to_string());
    }
    // Keys from a file of the person's own stay on their machine: the link says so instead.
    if let Some(source) = scenario.data_source() {
        query.append_pair("data", &source.link_words());
        if let Some(change) = then {
            query.append_pair("then", &change.to_string());
        }
        for (name, value) in extra {
            query.append_pair(name, value);
        }
        return query.0;
    }
    // The keys in the order they were added, which popularity by rank depends on: those
    // before the generated run (`keys`), the run (`gen`), then those after it (`keys` when
    // nothing came before the run, `later` otherwise).
    let parts = scenario.keys().link_keys();
    if !parts.before.is_empty() {
        query.append_pair("keys", &parts.before.join(","));
    }
    if parts.run > 0 {
        query.append_pair("gen", &parts.run.to_string());
    }
    if !parts.after.is_empty() {
        let name = if parts.before.is_empty() {
            "keys"
        } else {
            "later"
        };
        query.append_pair(name, &parts.after.join(","));
    }
    // Hot keys name keys, so they come after them.
    if !traffic.hot.is_empty() {
        let hot: Vec<String> = traffic
            .hot
            .iter()
            .map(|(k, m)| format!("{k}*{m}"))
            .collect();
        query.append_pair("hot", &hot.join(","));
    }
    if let Some(change) = then {
        query.append_pair("then", &change.to_string());
    }
    for (name, value) in extra {
        query.append_pair(name, value);
    }
    query.0
}

/// A query string built by hand so that links stay readable: `@`, `,`, `:`, `^` and `*` are
/// left as they are, everything else outside letters and digits is percent-encoded.
#[derive(Default)]
struct Query(String);

impl Query {
    fn append_pair(&mut self, name: &str, value: &str) {
        if !self.0.is_empty() {
            self.0.push('&');
        }
        self.0.push_str(&encode(name));
        self.0.push('=');
        self.0.push_str(&encode(value));
    }
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~@,:^*!".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Every server in list order, with the down servers at the places they return to: this list,
/// with the down servers failed in the order they failed, gives back the scenario's.
pub(super) fn listed_servers(scenario: &Scenario) -> Vec<Server> {
    let live = scenario.servers();
    let mut all = Vec::with_capacity(live.len() + scenario.down().len());
    for place in 0..=live.len() {
        all.extend(
            scenario
                .down()
                .iter()
                .filter(|d| d.index.min(live.len()) == place)
                .map(|d| d.server.clone()),
        );
        all.extend(live.get(place).cloned());
    }
    all
}
