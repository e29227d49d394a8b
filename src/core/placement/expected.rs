//! What theory expects a change to move, with the formula that says so: one writer for the
//! line the page and the command line print beside the keys that moved.

use super::moved::ideal_movement;
use super::{Kind, Layout};
use crate::core::modn::mod_n_expected;
use crate::core::numbers_and_lists::percent;
use crate::core::server::Server;

/// The share of keys theory expects a placement to move on a change.
#[derive(Debug, Clone, PartialEq)]
pub struct Theory {
    /// The share (0 to 1).
    pub share: f64,
    /// The formula with the numbers put in: `1/(N+1) = 1/4`.
    pub formula: String,
    /// Why the placement may move more, when it can: jump hash renumbers its buckets.
    pub caveat: Option<String>,
}

impl Theory {
    /// The line for people: `theory 1/(N+1) = 1/4 = 25%`.
    ///
    /// ```
    /// use ringlab::core::placement::theory;
    /// use ringlab::core::{Change, Kind, Scenario};
    /// let before = Scenario::teaching();
    /// let mut after = before.clone();
    /// after.apply("add:D@60".parse().unwrap()).unwrap();
    /// let t = theory(Kind::Ring, &before.layout(), &after.layout()).unwrap();
    /// assert_eq!(t.line(), "theory 1/(N+1) = 1/4 = 25%");
    /// let t = theory(Kind::ModN, &before.layout(), &after.layout()).unwrap();
    /// assert_eq!(t.line(), "theory N/(N+1) = 3/4 = 75%");
    /// ```
    pub fn line(&self) -> String {
        let mut line = format!("theory {} = {}", self.formula, percent(self.share));
        if let Some(caveat) = &self.caveat {
            line.push_str("; ");
            line.push_str(caveat);
        }
        line
    }
}

/// What theory expects `kind` to move when `before` becomes `after`: for mod N, N/(N+1) when
/// a server joins and (N−1)/N when one leaves; for every other placement, the least any
/// placement could move (see [`ideal_movement`]). `None` when the server list stays.
pub fn theory(kind: Kind, before: &Layout<'_>, after: &Layout<'_>) -> Option<Theory> {
    let (b, a) = (before.servers.len(), after.servers.len());
    if kind == Kind::ModN {
        let share = mod_n_expected(b, a)?;
        let formula = match a.cmp(&b) {
            std::cmp::Ordering::Greater if a == b + 1 => format!("N/(N+1) = {b}/{a}"),
            std::cmp::Ordering::Greater => format!("N/M = {b}/{a}"),
            _ if b == a + 1 => format!("(N−1)/N = {a}/{b}"),
            _ => format!("M/N = {a}/{b}"),
        };
        return Some(Theory {
            share,
            formula,
            caveat: None,
        });
    }
    let share = ideal_movement(kind, before, after)?;
    let weight = |s: &Server| if kind.uses_weights() { s.weight() } else { 1 };
    let joined: Vec<&Server> = newcomers(after, before);
    let left: Vec<&Server> = newcomers(before, after);
    let equal = |l: &Layout<'_>| l.servers.windows(2).all(|w| weight(&w[0]) == weight(&w[1]));
    let total = |l: &Layout<'_>| -> u64 { l.servers.iter().map(|s| u64::from(weight(s))).sum() };
    let sum = |list: &[&Server]| -> u64 { list.iter().map(|s| u64::from(weight(s))).sum() };
    let formula = match (joined.len(), left.len()) {
        (1, 0) if equal(after) => format!("1/(N+1) = 1/{a}"),
        (0, 1) if equal(before) => format!("1/N = 1/{b}"),
        (_, 0) => format!("W/(T+W) = {}/{}", sum(&joined), total(after)),
        _ => format!("W/T = {}/{}", sum(&left), total(before)),
    };
    let caveat = (kind.spec().caveat)(before, after);
    Some(Theory {
        share,
        formula,
        caveat,
    })
}

/// The servers of `list` that `other` does not have.
fn newcomers<'a>(list: &Layout<'a>, other: &Layout<'_>) -> Vec<&'a Server> {
    list.servers
        .iter()
        .filter(|s| other.server(&s.name).is_none())
        .collect()
}
