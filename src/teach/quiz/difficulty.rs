//! How hard practice questions are, and what each level changes.
//!
//! | level | servers | keys | points per server | placements | also |
//! |---|---|---|---|---|---|
//! | 1 | 2–3, placed by hand in clockwise order | 3–5 | 1 | ring | servers join or leave |
//! | 2 | 3–4, placed by hand | 4–7 | 1 | ring | points move |
//! | 3 | 3–5, placed by hand | 5–9 | 1 | ring, mod N | percentages, mod N's theory, restoring a server |
//! | 4 | 3–5, hashed | 6–10 | 2–3 | ring, mod N | the least any placement moves, database reads, hot keys |
//! | 5 | 4–6, hashed | 7–12 | 1–3 | ring, mod N, jump, rendezvous, partition table | |
//! | 6 | 4–6, hashed, some weighted | 8–12 | 1–4 | also maglev, bounded loads, multi-probe | shares within a point |
//!
//! Every level stays on the teaching ring, 0 to 99, so each question can be worked by hand.

use crate::core::placement::Kind;
use crate::core::Error;

/// A practice level, from 1 to 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty(u8);

/// What questions at one level are built from.
#[derive(Debug, Clone, Copy)]
pub(super) struct Plan {
    /// Fewest and most servers.
    pub servers: (u64, u64),
    /// Fewest and most keys.
    pub keys: (u64, u64),
    /// Whether servers are hashed (otherwise placed by hand).
    pub hashed: bool,
    /// Fewest and most points per hashed server.
    pub vnodes: (u64, u64),
    /// Whether hand-placed servers are listed in clockwise order.
    pub in_order: bool,
    /// The placements questions may use.
    pub placements: &'static [Kind],
    /// Whether a server may have a weight above 1.
    pub weights: bool,
    /// Whether a change may move a hand-placed point.
    pub moves_points: bool,
    /// Whether number questions may ask for percentages and mod N's theory.
    pub percentages: bool,
    /// Whether number questions may ask for the ideal, scaled key counts and database reads.
    pub theory: bool,
    /// Whether choice questions may ask about restoring a server.
    pub restore: bool,
    /// Whether choice questions may ask about hot keys.
    pub hot_keys: bool,
    /// Percentage points a share question allows.
    pub share_slack: f64,
}

impl Difficulty {
    /// Level 1.
    pub const EASIEST: Difficulty = Difficulty(1);
    /// Level 6.
    pub const HARDEST: Difficulty = Difficulty(6);

    /// Level `level`, from 1 to 6.
    pub fn new(level: u8) -> Result<Difficulty, Error> {
        if (Self::EASIEST.0..=Self::HARDEST.0).contains(&level) {
            Ok(Difficulty(level))
        } else {
            Err(Error::OutOfRange("Practice levels go from 1 to 6."))
        }
    }

    /// The level's number.
    pub fn level(self) -> u8 {
        self.0
    }

    /// One level up, or this one at the top.
    pub fn harder(self) -> Difficulty {
        Difficulty((self.0 + 1).min(Self::HARDEST.0))
    }

    /// One level down, or this one at the bottom.
    pub fn easier(self) -> Difficulty {
        Difficulty((self.0 - 1).max(Self::EASIEST.0))
    }

    /// What the level brings, in a sentence.
    pub fn describe(self) -> &'static str {
        match self.0 {
            1 => "Two or three servers placed by hand, a few keys, the ring; servers join or leave.",
            2 => "Three or four servers and up to seven keys; points also move.",
            3 => "Up to five servers and nine keys; hash mod N beside the ring, percentages and theory.",
            4 => "Hashed servers with two or three points each; the least any placement moves, database reads and hot keys.",
            5 => "Up to six servers and twelve keys under jump hash, rendezvous and the partition table too.",
            _ => "Weighted servers, up to four points each, and every placement but ketama.",
        }
    }

    /// What questions at this level are built from.
    pub(super) fn plan(self) -> Plan {
        let base = Plan {
            servers: (2, 3),
            keys: (3, 5),
            hashed: false,
            vnodes: (1, 1),
            in_order: true,
            placements: Kind::practiced(1),
            weights: false,
            moves_points: false,
            percentages: false,
            theory: false,
            restore: false,
            hot_keys: false,
            share_slack: 0.0,
        };
        match self.0 {
            1 => base,
            2 => Plan {
                servers: (3, 4),
                keys: (4, 7),
                in_order: false,
                moves_points: true,
                ..base
            },
            3 => Plan {
                servers: (3, 5),
                keys: (5, 9),
                in_order: false,
                placements: Kind::practiced(2),
                moves_points: true,
                percentages: true,
                restore: true,
                ..base
            },
            4 => Plan {
                servers: (3, 5),
                keys: (6, 10),
                hashed: true,
                vnodes: (2, 3),
                in_order: false,
                placements: Kind::practiced(2),
                percentages: true,
                theory: true,
                restore: true,
                hot_keys: true,
                ..base
            },
            5 => Plan {
                servers: (4, 6),
                keys: (7, 12),
                hashed: true,
                vnodes: (1, 3),
                in_order: false,
                placements: Kind::practiced(5),
                percentages: true,
                theory: true,
                restore: true,
                hot_keys: true,
                share_slack: 1.0,
                ..base
            },
            _ => Plan {
                servers: (4, 6),
                keys: (8, 12),
                hashed: true,
                vnodes: (1, 4),
                in_order: false,
                placements: Kind::practiced(8),
                weights: true,
                percentages: true,
                theory: true,
                restore: true,
                hot_keys: true,
                share_slack: 1.0,
                ..base
            },
        }
    }
}

impl Default for Difficulty {
    fn default() -> Self {
        Difficulty::EASIEST
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_run_from_1_to_6_and_step_within_them() {
        assert!(Difficulty::new(0).is_err());
        assert!(Difficulty::new(7).is_err());
        let one = Difficulty::new(1).unwrap();
        assert_eq!(one.easier(), one);
        assert_eq!(one.harder().level(), 2);
        assert_eq!(Difficulty::HARDEST.harder(), Difficulty::HARDEST);
    }

    #[test]
    fn every_level_stays_small_enough_to_work_by_hand() {
        for level in 1..=6 {
            let plan = Difficulty::new(level).unwrap().plan();
            assert!(plan.servers.0 >= 2 && plan.servers.1 <= 6);
            assert!(plan.keys.0 >= 3 && plan.keys.1 <= 12);
            assert!(!plan.placements.contains(&Kind::Ketama));
        }
    }
}
