//! Player ratings: Glicko-2 ([`glicko2`]) per server and per rating family.
//!
//! Ratings follow lichess's: standard chess is rated per speed (bullet, blitz, rapid,
//! classical, correspondence; [`Speed`]), and each other variant family keeps one rating at
//! every speed. They are kept per family rather than per variant: the three Avalanche
//! variants differ only in their first turn or setup, and splitting their few players three
//! ways would leave every rating provisional.

pub mod glicko2;

use rules::Variant;

use crate::Id;
use crate::timing::{Speed, TimeControl};

pub use glicko2::{Glicko, Score};

/// The ratings a player has in a server: standard chess at each speed, and each other
/// variant family. Declared in the order they are shown.
///
/// The ids are stored. Standard chess without a clock keeps the id `standard` it had
/// before clocks came, when it was the only standard rating, so those ratings carry over as
/// the correspondence ones.
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
    /// Standard chess at bullet speed.
    Bullet,
    /// Standard chess at blitz speed.
    Blitz,
    /// Standard chess at rapid speed.
    Rapid,
    /// Standard chess at classical speed.
    Classical,
    /// Standard chess without a clock.
    #[strum(serialize = "standard")]
    Correspondence,
    /// Orthodox chess from a Fischer Random setup, at every speed.
    Chess960,
    /// All three Avalanche variants, at every speed.
    Avalanche,
}

impl RatingFamily {
    /// The family `word` names (in any case): its id, a speed (standard chess at that
    /// speed: `blitz`, `correspondence`), or any name of a variant (its family, standard
    /// chess without a clock: `standard` is correspondence either way).
    pub fn named(word: &str) -> Option<RatingFamily> {
        let lower = word.trim().to_lowercase();
        RatingFamily::from_id(&lower)
            .or_else(|| Speed::from_id(&lower).map(RatingFamily::standard))
            .or_else(|| {
                lower
                    .parse::<Variant>()
                    .ok()
                    .map(|v| RatingFamily::of(v, None))
            })
    }

    /// The family a game of `variant` with the time control `time` (`None`: no clock) is
    /// rated in.
    pub fn of(variant: Variant, time: Option<TimeControl>) -> RatingFamily {
        match variant {
            Variant::Standard => RatingFamily::standard(Speed::of(time)),
            Variant::Chess960 => RatingFamily::Chess960,
            Variant::Avalanche | Variant::AvalancheBalanced | Variant::AvalancheReversed => {
                RatingFamily::Avalanche
            }
        }
    }

    /// Standard chess's rating at `speed`.
    pub const fn standard(speed: Speed) -> RatingFamily {
        match speed {
            Speed::Bullet => RatingFamily::Bullet,
            Speed::Blitz => RatingFamily::Blitz,
            Speed::Rapid => RatingFamily::Rapid,
            Speed::Classical => RatingFamily::Classical,
            Speed::Correspondence => RatingFamily::Correspondence,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Id;

    fn control(text: &str) -> Option<TimeControl> {
        TimeControl::parse(text).ok()
    }

    #[test]
    fn standard_chess_is_rated_per_speed() {
        let standard = |time: &str| RatingFamily::of(Variant::Standard, control(time));
        assert_eq!(standard("1+0"), RatingFamily::Bullet);
        assert_eq!(standard("2+1"), RatingFamily::Bullet);
        assert_eq!(standard("3+0"), RatingFamily::Blitz);
        assert_eq!(standard("3+2"), RatingFamily::Blitz);
        assert_eq!(standard("5+3"), RatingFamily::Blitz);
        assert_eq!(standard("10+0"), RatingFamily::Rapid);
        assert_eq!(standard("10+5"), RatingFamily::Rapid);
        assert_eq!(standard("15+10"), RatingFamily::Rapid);
        assert_eq!(standard("30+20"), RatingFamily::Classical);
        assert_eq!(
            RatingFamily::of(Variant::Standard, None),
            RatingFamily::Correspondence
        );
    }

    #[test]
    fn other_families_keep_one_rating_at_every_speed() {
        for time in [None, control("1+0"), control("5+3"), control("30+20")] {
            assert_eq!(
                RatingFamily::of(Variant::Chess960, time),
                RatingFamily::Chess960
            );
            for v in [
                Variant::Avalanche,
                Variant::AvalancheBalanced,
                Variant::AvalancheReversed,
            ] {
                assert_eq!(RatingFamily::of(v, time), RatingFamily::Avalanche);
            }
        }
    }

    #[test]
    fn names_read_ids_speeds_and_variants() {
        for f in RatingFamily::all() {
            assert_eq!(RatingFamily::from_id(f.id()), Some(f));
            assert_eq!(RatingFamily::named(f.id()), Some(f));
        }
        assert_eq!(RatingFamily::from_id("avalanche-balanced"), None);
        assert_eq!(RatingFamily::from_id("correspondence"), None);
        let named = |word| RatingFamily::named(word);
        assert_eq!(named(" Blitz "), Some(RatingFamily::Blitz));
        assert_eq!(named("correspondence"), Some(RatingFamily::Correspondence));
        assert_eq!(named("standard"), Some(RatingFamily::Correspondence));
        assert_eq!(named("avalanche-balanced"), Some(RatingFamily::Avalanche));
        assert_eq!(named("960"), Some(RatingFamily::Chess960));
        assert_eq!(named("5+3"), None);
        assert_eq!(named(""), None);
    }
}
