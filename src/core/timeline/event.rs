//! The event a timeline follows: the last change made, or a "what if" (a server fails, is
//! removed, or a new one joins), and the rule that turns it into a [`Change`] on a scenario.
//!
//! In links as `event=fail:C`, `event=remove`, `event=join`; following the last change is the
//! default (`event=last`). A "what if" happens to the server it names while that server is up,
//! and otherwise to the last server up; following the last change when it moved no keys shows
//! a failure instead, so the chart always has a storm to show.

use crate::core::error::Error;
use crate::core::scenario::{Change, Membership, Outcome, Scenario};

/// What happens on the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Happening {
    /// The last change made, wherever it was made.
    Last,
    /// A server fails (and may restart).
    Fail,
    /// A server is removed on purpose.
    Remove,
    /// A new server joins.
    Join,
}

/// The event a timeline follows, and to which server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// What happens.
    pub what: Happening,
    /// To which server, for a failure or a removal.
    pub server: Option<String>,
}

impl Default for Event {
    /// Following the last change.
    fn default() -> Self {
        Event {
            what: Happening::Last,
            server: None,
        }
    }
}

impl Event {
    /// The event's link text: `fail:C`, `remove:C`, `join`, `last`.
    ///
    /// ```
    /// use ringlab::core::timeline::Event;
    /// let event = Event::parse("fail:C").unwrap();
    /// assert_eq!(event.link_text(), "fail:C");
    /// assert_eq!(Event::parse("join:X").unwrap().link_text(), "join");
    /// assert!(Event::parse("explode").is_none());
    /// ```
    pub fn link_text(&self) -> String {
        let verb = match self.what {
            Happening::Last => return "last".to_string(),
            Happening::Join => return "join".to_string(),
            Happening::Fail => "fail",
            Happening::Remove => "remove",
        };
        match &self.server {
            Some(name) => format!("{verb}:{name}"),
            None => verb.to_string(),
        }
    }

    /// The event a link's text names, or `None` when it names none.
    pub fn parse(text: &str) -> Option<Event> {
        let (verb, name) = match text.trim().split_once(':') {
            Some((verb, name)) => (
                verb,
                Some(name.trim().to_string()).filter(|n| !n.is_empty()),
            ),
            None => (text.trim(), None),
        };
        let what = match verb {
            "last" => Happening::Last,
            "fail" => Happening::Fail,
            "remove" => Happening::Remove,
            "join" => Happening::Join,
            _ => return None,
        };
        Some(Event {
            what,
            server: name.filter(|_| matches!(what, Happening::Fail | Happening::Remove)),
        })
    }

    /// Whether this follows the last change rather than asking "what if".
    pub fn follows_last(&self) -> bool {
        self.what == Happening::Last
    }

    /// The event the timeline shows, given the last change's outcome: this one, or a failure
    /// when it follows the last change and that moved no keys.
    pub fn effective(&self, last: Option<&Outcome>) -> Event {
        if self.follows_last() && !last.is_some_and(|o| o.moves_keys) {
            Event {
                what: Happening::Fail,
                server: None,
            }
        } else {
            self.clone()
        }
    }

    /// Whether the timeline shown (see [`Event::effective`]) follows a failure, so a restart
    /// and writes matter.
    pub fn follows_failure(&self, last: Option<&Outcome>) -> bool {
        match self.effective(last).what {
            Happening::Fail => true,
            Happening::Last => last
                .and_then(|o| o.change.as_ref())
                .is_some_and(|c| matches!(c.membership(), Some(Membership::Fails(_)))),
            _ => false,
        }
    }

    /// The server a failure or a removal happens to on `scenario`: the named one while it is
    /// up, otherwise the last server up.
    pub fn target(&self, scenario: &Scenario) -> Option<String> {
        let up = scenario.servers();
        self.server
            .as_deref()
            .filter(|name| up.iter().any(|s| s.name == *name))
            .or(up.last().map(|s| s.name.as_str()))
            .map(str::to_string)
    }

    /// The "what if" as a change to `scenario`: a failure or removal of [`Event::target`], or
    /// a hashed newcomer named as "Add server" names it. Following the last change is no
    /// change of its own, and is refused.
    pub fn change(&self, scenario: &Scenario) -> Result<Change, Error> {
        let none = || Error::NoTimeline(String::new());
        Ok(match self.what {
            Happening::Last => return Err(none()),
            Happening::Join => Change::AddServer {
                name: scenario.next_server_name(),
                at: None,
                weight: None,
            },
            Happening::Fail => Change::FailServer {
                name: self.target(scenario).ok_or_else(none)?,
            },
            Happening::Remove => Change::RemoveServer {
                name: self.target(scenario).ok_or_else(none)?,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_what_if_happens_to_the_named_server_while_it_is_up_and_else_to_the_last() {
        let s = Scenario::teaching();
        let fail_b = Event::parse("fail:B").unwrap();
        assert_eq!(
            fail_b.change(&s).unwrap(),
            Change::FailServer { name: "B".into() }
        );
        let gone = Event::parse("remove:Z").unwrap();
        assert_eq!(
            gone.change(&s).unwrap(),
            Change::RemoveServer { name: "C".into() }
        );
        let join = Event::parse("join").unwrap();
        assert!(matches!(join.change(&s).unwrap(), Change::AddServer { name, .. } if name == "D"));
        assert!(Event::default().change(&s).is_err());
    }

    #[test]
    fn following_a_change_that_moved_no_keys_shows_a_failure() {
        let mut s = Scenario::teaching();
        let quiet = s.apply("gen:10".parse().unwrap()).unwrap();
        let shown = Event::default().effective(Some(&quiet));
        assert_eq!(shown.what, Happening::Fail);
        assert!(Event::default().follows_failure(Some(&quiet)));
        let moved = s.apply("add:D@60".parse().unwrap()).unwrap();
        assert_eq!(Event::default().effective(Some(&moved)), Event::default());
        assert!(!Event::default().follows_failure(Some(&moved)));
    }
}
