//! Changes to the traffic: how popular keys are, hot keys, and the remedies for them.

use super::super::outcome::Outcome;
use super::super::state::Scenario;
use crate::core::decimal::hundredths_text;
use crate::core::error::{shown, Error};
use crate::core::keys::Key;
use crate::core::numbers_and_lists::percent;
use crate::core::traffic::{check_heat, check_remedy, check_zipf, Popularity, Remedy, Traffic};

impl Scenario {
    /// Sets how popular keys are by rank.
    pub(super) fn set_popularity(
        &self,
        popularity: Popularity,
    ) -> Result<(Scenario, Outcome), Error> {
        let popularity = match popularity {
            Popularity::Zipf { s } => Popularity::Zipf { s: check_zipf(s)? },
            Popularity::Measured if self.traffic.measured.is_none() => return Err(Error::NoCounts),
            other => other,
        };
        let headline = match popularity {
            Popularity::Uniform => "Every key is now read equally often.".to_string(),
            Popularity::Zipf { s } => format!(
                "Keys are now read by Zipf's law, s = {}: the key added first is the most read.",
                hundredths_text(s)
            ),
            Popularity::Measured => {
                let fit = self
                    .traffic
                    .measured
                    .as_ref()
                    .and_then(|m| m.zipf_fit())
                    .map(|s| format!(" (the nearest Zipf's law has s = {s:.2})"))
                    .unwrap_or_default();
                format!("Keys are now read as often as your data says{fit}.")
            }
        };
        self.with_traffic(headline, |t| {
            t.popularity = popularity;
            Ok(())
        })
    }

    /// Makes a key `times` hotter than its popularity (1 makes it ordinary).
    pub(super) fn make_hot(&self, key: &str, times: u32) -> Result<(Scenario, Outcome), Error> {
        let times = check_heat(times)?;
        let wanted = Key::parse(key)?;
        let label = wanted.label();
        if self.keys.find(&label).is_none() {
            return Err(Error::NoSuchKey(label));
        }
        let headline = if times == 1 {
            format!("Key {} is read like any other again.", shown(&label))
        } else {
            format!("Key {} is now read {times} times as often.", shown(&label))
        };
        self.with_traffic(headline, |t| {
            let at = t
                .hot
                .iter()
                .position(|(l, _)| Key::parse(l).ok().as_ref() == Some(&wanted));
            match (at, times) {
                (Some(i), 1) => {
                    t.hot.remove(i);
                }
                (None, 1) => return Err(Error::NotHot(label.clone())),
                (Some(i), m) => t.hot[i].1 = m,
                (None, m) => t.hot.push((label.clone(), m)),
            }
            Ok(())
        })
    }

    /// Turns a remedy for hot keys on or off, or sets how many keys it treats.
    pub(super) fn set_remedy(&self, remedy: Remedy) -> Result<(Scenario, Outcome), Error> {
        let remedy = check_remedy(remedy)?;
        let headline = match remedy {
            Remedy::Bounded(Some(c)) => format!(
                "Bounded loads on requests: no server takes more than {} times its share.",
                hundredths_text(c)
            ),
            Remedy::Bounded(None) => "Bounded loads on requests are off.".to_string(),
            Remedy::Copies(Some(r)) => {
                format!("The hottest keys are kept on {r} servers each.")
            }
            Remedy::Copies(None) => "The hottest keys have one copy again.".to_string(),
            Remedy::Near(Some(f)) => format!(
                "A near cache in the app servers answers {} of the hottest keys' reads.",
                percent(f64::from(f) / 100.0)
            ),
            Remedy::Near(None) => "The near cache is off.".to_string(),
            Remedy::Top(h) => format!("The remedies treat the {h} hottest keys."),
        };
        self.with_traffic(headline, |t| {
            t.set(remedy);
            Ok(())
        })
    }

    /// A change to the traffic model: the keys and servers stay, so the evaluated placement is
    /// kept too.
    fn with_traffic(
        &self,
        headline: String,
        edit: impl FnOnce(&mut Traffic) -> Result<(), Error>,
    ) -> Result<(Scenario, Outcome), Error> {
        let mut next = self.clone();
        edit(&mut next.traffic)?;
        let outcome = Outcome::quiet(
            headline,
            self.keys.len(),
            self.servers.len(),
            self.placement,
        );
        Ok((next, outcome))
    }
}
