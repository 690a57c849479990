//! Player ratings: Glicko-2 ([`glicko2`]) per server and per variant family.
//!
//! Ratings are kept per family rather than per variant: the three Avalanche variants differ
//! only in their first turn or setup, and splitting their few players three ways would leave
//! every rating provisional.

pub mod glicko2;

use rules::Variant;

pub use glicko2::{Glicko, Score};

/// The variant families a rating belongs to.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
    strum::VariantNames,
)]
#[strum(serialize_all = "lowercase")]
pub enum RatingFamily {
    /// Orthodox chess from the usual setup.
    Standard,
    /// Orthodox chess from a Fischer Random setup.
    Chess960,
    /// All three Avalanche variants.
    Avalanche,
}

impl RatingFamily {
    /// The family `word` names (in any case): its id, or any name of one of its variants.
    pub fn named(word: &str) -> Option<RatingFamily> {
        let lower = word.trim().to_lowercase();
        crate::Id::from_id(&lower).or_else(|| lower.parse::<Variant>().ok().map(RatingFamily::of))
    }

    /// The family a variant's games are rated in.
    pub const fn of(variant: Variant) -> RatingFamily {
        match variant {
            Variant::Standard => RatingFamily::Standard,
            Variant::Chess960 => RatingFamily::Chess960,
            Variant::Avalanche | Variant::AvalancheBalanced | Variant::AvalancheReversed => {
                RatingFamily::Avalanche
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Id;

    #[test]
    fn every_variant_has_its_family_and_ids_round_trip() {
        assert_eq!(RatingFamily::of(Variant::Standard), RatingFamily::Standard);
        assert_eq!(RatingFamily::of(Variant::Chess960), RatingFamily::Chess960);
        for v in [
            Variant::Avalanche,
            Variant::AvalancheBalanced,
            Variant::AvalancheReversed,
        ] {
            assert_eq!(RatingFamily::of(v), RatingFamily::Avalanche);
        }
        for f in RatingFamily::all() {
            assert_eq!(RatingFamily::from_id(f.id()), Some(f));
        }
        assert_eq!(RatingFamily::from_id("avalanche-balanced"), None);
    }
}
