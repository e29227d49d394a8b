//! Time in the model: which view of the servers each client uses, and for how long.
//!
//! There are up to three views: view 0, before the change; view 1, after it; view 2, after the
//! restart at `d`. Each client learns of each change the same `δ` seconds after it happens,
//! with `δ` spread evenly over the gossip window `[0, g]`. So the share of clients that know of
//! a change made `u` seconds ago is `told(u) = clamp(u / g, 0, 1)` (a step at 0 when g = 0),
//! and at time t the clients on each view are
//!
//! ```text
//! view 0: 1 − told(t)        view 1: told(t) − told(t − d)        view 2: told(t − d)
//! ```
//!
//! A key's reads are spread evenly over the clients, so these are also the shares of its reads
//! that go to its owner in each view. Their integrals from 0 to t are closed forms, with
//! `T(u) = ∫₀ᵘ told`: `u²/2g` up to g, then `u − g/2`.

/// Views as a bit set: bit j is view j.
pub(super) type Views = u8;

/// Whether a value is the limit from before or after an instant, where the model jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Just before the instant.
    Before,
    /// At the instant and just after it.
    After,
}

/// The change at 0, the gossip window, and the restart, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Clock {
    /// Seconds for a change to reach every client.
    pub gossip: f64,
    /// Seconds after the change at which the failed server restarts.
    pub restart: Option<f64>,
}

impl Clock {
    /// The share of clients that know of a change made `u` seconds ago.
    fn told(&self, u: f64, side: Side) -> f64 {
        if self.gossip > 0.0 {
            (u / self.gossip).clamp(0.0, 1.0)
        } else {
            let known = match side {
                Side::Before => u > 0.0,
                Side::After => u >= 0.0,
            };
            f64::from(u8::from(known))
        }
    }

    /// `∫₀ᵘ told`, for `u` up to infinity.
    fn told_integral(&self, u: f64) -> f64 {
        let g = self.gossip;
        if u <= 0.0 {
            0.0
        } else if u <= g {
            u * u / (2.0 * g)
        } else {
            u - g / 2.0
        }
    }

    /// The share of a key's reads that clients on `views` send at time `t`.
    pub fn share(&self, views: Views, t: f64, side: Side) -> f64 {
        let now = self.told(t, side);
        let back = self.restart.map_or(0.0, |d| self.told(t - d, side));
        let mut share = 0.0;
        if views & 1 != 0 {
            share += 1.0 - now;
        }
        if views & 2 != 0 {
            share += now - back;
        }
        if views & 4 != 0 {
            share += back;
        }
        share
    }

    /// `∫₀ᵗ share(views)`, for `t` up to infinity.
    pub fn integral(&self, views: Views, t: f64) -> f64 {
        let g = self.gossip;
        let mut sum = 0.0;
        if views & 1 != 0 {
            // t − T(t), worked out piece by piece so that it stays exact for large t.
            sum += if t <= 0.0 {
                0.0
            } else if t <= g {
                t - t * t / (2.0 * g)
            } else {
                g / 2.0
            };
        }
        if views & 2 != 0 {
            sum += match self.restart {
                None => self.told_integral(t),
                Some(d) if t >= d + g => d,
                Some(d) => self.told_integral(t) - self.told_integral(t - d),
            };
        }
        if views & 4 != 0 {
            if let Some(d) = self.restart {
                sum += self.told_integral(t - d);
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Views; 3] = [1, 2, 4];

    #[test]
    fn the_views_share_every_read_at_every_moment() {
        for clock in [
            Clock {
                gossip: 0.0,
                restart: None,
            },
            Clock {
                gossip: 30.0,
                restart: Some(10.0),
            },
            Clock {
                gossip: 5.0,
                restart: Some(60.0),
            },
        ] {
            for t in [0.0, 1.0, 7.5, 10.0, 29.0, 45.0, 70.0, 1e6] {
                for side in [Side::Before, Side::After] {
                    let total: f64 = ALL.iter().map(|&v| clock.share(v, t, side)).sum();
                    assert!((total - 1.0).abs() < 1e-12, "{clock:?} {t}");
                    assert!((clock.share(7, t, side) - 1.0).abs() < 1e-12);
                }
                let time: f64 = ALL.iter().map(|&v| clock.integral(v, t)).sum();
                assert!((time - t).abs() < 1e-9 * t.max(1.0), "{clock:?} {t}");
            }
        }
    }

    #[test]
    fn integrals_match_a_fine_sum_of_the_shares() {
        let clock = Clock {
            gossip: 30.0,
            restart: Some(12.0),
        };
        for views in 1..8 {
            let steps = 200_000;
            let t = 80.0;
            let dt = t / f64::from(steps);
            let sum: f64 = (0..steps)
                .map(|i| clock.share(views, (f64::from(i) + 0.5) * dt, Side::After) * dt)
                .sum();
            assert!((sum - clock.integral(views, t)).abs() < 1e-6, "{views}");
        }
        // Clients on the old view send it reads for g/2 seconds in all.
        assert_eq!(clock.integral(1, f64::INFINITY), 15.0);
        assert_eq!(clock.integral(2, f64::INFINITY), 12.0);
    }
}
