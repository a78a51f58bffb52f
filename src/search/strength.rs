//! How strong the engine plays: full strength or a limited level, from the options
//! `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`.

use crate::games::{LevelTuning, LIMITED_LEVELS};

/// How strong the engine plays: the options `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`
/// after the last one set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Strength {
    /// Today's search at full strength (`Skill Level` 20, no Elo limit).
    #[default]
    Full,
    /// A `Skill Level` below 20.
    Skill(u32),
    /// `UCI_LimitStrength` with this `UCI_Elo`.
    Elo(u32),
}

impl Strength {
    /// The level, 0.0 to 19.0, that plays this strength in a game tuned by `tuning`; `None`
    /// at full strength.
    pub fn level(self, tuning: &LevelTuning) -> Option<f64> {
        match self {
            Strength::Full => None,
            Strength::Skill(level) if level >= LIMITED_LEVELS => None,
            Strength::Skill(level) => Some(f64::from(level)),
            Strength::Elo(elo) => Some(tuning.level_of_elo(elo)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_strength_has_no_level_and_skill_twenty_is_full() {
        let tuning = LevelTuning::DEFAULT;
        assert_eq!(Strength::Full.level(&tuning), None);
        assert_eq!(Strength::Skill(20).level(&tuning), None);
        assert_eq!(Strength::Skill(3).level(&tuning), Some(3.0));
        assert_eq!(Strength::Elo(tuning.label(7)).level(&tuning), Some(7.0));
    }
}
