//! Stable ids: the names the domain's field-less enums are stored, typed and registered
//! under. Each enum derives its ids, its parser and its list of variants from strum once;
//! [`Id`] gives them all the same three calls.

use std::str::FromStr;

use strum::VariantArray;

/// An enum named by stable ids: `id` and `from_id` round-trip, and `all` lists every variant
/// in declaration order. Implemented for every enum that derives strum's `IntoStaticStr`,
/// `EnumString` and `VariantArray`.
pub trait Id: Copy + Into<&'static str> + FromStr + VariantArray + 'static {
    /// The stable id.
    fn id(self) -> &'static str {
        self.into()
    }

    /// The variant whose id is `id` exactly.
    fn from_id(id: &str) -> Option<Self> {
        id.parse().ok()
    }

    /// Every variant, in declaration order.
    fn all() -> impl Iterator<Item = Self> {
        Self::VARIANTS.iter().copied()
    }
}

impl<T: Copy + Into<&'static str> + FromStr + VariantArray + 'static> Id for T {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::RatingFamily;
    use crate::{BoardResult, ChallengeEnd, ColorChoice, Lang, TournamentFormat, TournamentState};

    /// Each enum's ids, in order, as every store and command has them: they must never
    /// change.
    fn ids<T: Id>() -> Vec<&'static str> {
        T::all().map(Id::id).collect()
    }

    #[test]
    fn ids_are_the_stored_ones() {
        assert_eq!(ids::<Lang>(), ["en", "ja"]);
        assert_eq!(ids::<ColorChoice>(), ["white", "black", "random"]);
        assert_eq!(
            ids::<ChallengeEnd>(),
            ["accepted", "declined", "cancelled", "expired"]
        );
        assert_eq!(
            ids::<RatingFamily>(),
            [
                "bullet",
                "blitz",
                "rapid",
                "classical",
                "standard",
                "chess960",
                "avalanche"
            ]
        );
        assert_eq!(
            ids::<TournamentFormat>(),
            ["round-robin", "double-round-robin", "swiss", "arena"]
        );
        assert_eq!(
            ids::<TournamentState>(),
            ["open", "running", "finished", "cancelled"]
        );
        assert_eq!(
            ids::<BoardResult>(),
            ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "bye"]
        );
    }

    #[test]
    fn ids_read_back_exactly() {
        fn round_trip<T: Id + PartialEq + std::fmt::Debug>() {
            for v in T::all() {
                assert_eq!(T::from_id(v.id()), Some(v));
            }
            assert_eq!(T::from_id(""), None);
        }
        round_trip::<Lang>();
        round_trip::<ColorChoice>();
        round_trip::<ChallengeEnd>();
        round_trip::<RatingFamily>();
        round_trip::<TournamentFormat>();
        round_trip::<TournamentState>();
        round_trip::<BoardResult>();
        assert_eq!(Lang::from_id("EN"), None);
        assert_eq!(BoardResult::from_id("1/2"), None);
    }
}
