//! The games nadare offers and what sets them apart.

use std::fmt;
use std::str::FromStr;

/// A rule set with its usual start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Orthodox chess from the usual setup.
    Standard,
    /// Orthodox chess from one of the 960 Fischer Random setups.
    Chess960,
    /// Betza's Avalanche: every turn ends by pushing an enemy pawn.
    Avalanche,
    /// Avalanche where White's very first turn has no push.
    AvalancheBalanced,
    /// Castelli's Avalanche II: Black's king and queen swap places.
    AvalancheReversed,
}

impl Variant {
    /// Every variant, in the order menus list them.
    pub const ALL: [Variant; 5] = [
        Variant::Standard,
        Variant::Chess960,
        Variant::Avalanche,
        Variant::AvalancheBalanced,
        Variant::AvalancheReversed,
    ];

    /// The id users type and records carry (`avalanche-balanced`).
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Chess960 => "chess960",
            Variant::Avalanche => "avalanche",
            Variant::AvalancheBalanced => "avalanche-balanced",
            Variant::AvalancheReversed => "avalanche-reversed",
        }
    }

    /// The human name ("Balanced Avalanche").
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard chess",
            Variant::Chess960 => "Chess960",
            Variant::Avalanche => "Avalanche",
            Variant::AvalancheBalanced => "Balanced Avalanche",
            Variant::AvalancheReversed => "Reversed Avalanche",
        }
    }

    /// True for the Avalanche family (turns end with a push).
    pub const fn is_avalanche(self) -> bool {
        matches!(
            self,
            Variant::Avalanche | Variant::AvalancheBalanced | Variant::AvalancheReversed
        )
    }

    /// True where a game may start from a numbered Chess960 setup.
    pub const fn allows_chess960_setup(self) -> bool {
        matches!(
            self,
            Variant::Chess960 | Variant::Avalanche | Variant::AvalancheBalanced
        )
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A string that names no variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant `{0}`: choose standard, chess960, avalanche, avalanche-balanced or avalanche-reversed"
)]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads an id, leniently: case, spaces and underscores do not matter, and the
    /// usual other names (`960`, `fischerandom`, `balanced`, `reversed`, `avalanche2`) are known.
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let key: String = s
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        Ok(match key.as_str() {
            "standard" | "chess" | "orthodox" | "classical" => Variant::Standard,
            "chess960" | "960" | "fischerrandom" | "fischerandom" | "frc" => Variant::Chess960,
            "avalanche" => Variant::Avalanche,
            "avalanchebalanced" | "balancedavalanche" | "balanced" => Variant::AvalancheBalanced,
            "avalanchereversed" | "reversedavalanche" | "reversed" | "avalanche2"
            | "avalancheii" => Variant::AvalancheReversed,
            _ => return Err(ParseVariantError(s.to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_aliases_are_read() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            assert_eq!(v.to_string().to_uppercase().parse::<Variant>(), Ok(v));
        }
        assert_eq!("Fischer Random".parse::<Variant>(), Ok(Variant::Chess960));
        assert_eq!(
            "avalanche_II".parse::<Variant>(),
            Ok(Variant::AvalancheReversed)
        );
        assert!("crazyhouse".parse::<Variant>().is_err());
    }
}
