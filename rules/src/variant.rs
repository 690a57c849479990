//! The games nadare offers and what sets them apart.

use std::fmt;
use std::str::FromStr;

/// A game nadare offers: a rule set ([`Variant::rules`]) and the setups it starts from.
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
        TABLE[self as usize].id
    }

    /// The human name ("Balanced Avalanche").
    pub const fn name(self) -> &'static str {
        TABLE[self as usize].name
    }

    /// The rules that set this variant apart from orthodox chess.
    pub const fn rules(self) -> RuleSet {
        TABLE[self as usize].rules
    }

    /// True where a game may start from a numbered Chess960 setup.
    pub const fn allows_chess960_setup(self) -> bool {
        !matches!(self.rules().setups, Setups::Usual)
    }
}

/// Which setups a variant starts from. A game's start is its variant's rule set played
/// from one setup: the usual one (Chess960 number 518) or a numbered Chess960 setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setups {
    /// Only the usual setup.
    Usual,
    /// The usual setup, or a numbered Chess960 setup where the game names one.
    UsualOrChess960,
    /// Always a numbered Chess960 setup (a game must name one).
    Chess960,
}

/// How a side castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Castling {
    /// Chess960 castling (also the usual one): the king lands on g or c, the rook on f or d.
    Chess960,
    /// The king moves two squares toward the rook, from wherever it stands, and the rook
    /// lands on the square the king crossed (Black in Reversed Avalanche).
    TwoSquares,
}

/// How a rule set differs from orthodox chess: everything the rules core, the renderer
/// and the bot need to know about a variant. One row per variant in `RULES`; adding a rule
/// set means adding a [`Variant`], its row, and tests for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Every turn ends with a push of an enemy pawn, a pushed pawn waits on its last rank
    /// for its owner's promotion choice, and a turn is written `Nf3/a3` (Avalanche).
    pub push: bool,
    /// The first turn from the variant's start has no push (Balanced Avalanche).
    pub first_turn_without_push: bool,
    /// Pawns capture en passant.
    pub en_passant: bool,
    /// Black's king and queen trade places in the usual setup (Reversed Avalanche).
    pub black_king_queen_swapped: bool,
    /// How Black castles (White always castles as in Chess960, the usual way included).
    pub black_castling: Castling,
    /// Which setups the variant starts from.
    pub setups: Setups,
}

const ORTHODOX: RuleSet = RuleSet {
    push: false,
    first_turn_without_push: false,
    en_passant: true,
    black_king_queen_swapped: false,
    black_castling: Castling::Chess960,
    setups: Setups::Usual,
};

const AVALANCHE: RuleSet = RuleSet {
    push: true,
    en_passant: false,
    setups: Setups::UsualOrChess960,
    ..ORTHODOX
};

/// One row of the variant table.
struct Entry {
    id: &'static str,
    name: &'static str,
    /// Other names users type, written as the lenient reader compares them (lower case,
    /// no spaces, dashes or underscores).
    aliases: &'static [&'static str],
    rules: RuleSet,
}

/// Every variant, in the order of [`Variant::ALL`]: its names and its rule set
/// (docs/rules.md, "Variants"). A new rule set is a new row here and a new [`Variant`].
const TABLE: [Entry; 5] = [
    Entry {
        id: "standard",
        name: "Standard chess",
        aliases: &["chess", "orthodox", "classical"],
        rules: ORTHODOX,
    },
    Entry {
        id: "chess960",
        name: "Chess960",
        aliases: &["960", "fischerrandom", "fischerandom", "frc"],
        rules: RuleSet {
            setups: Setups::Chess960,
            ..ORTHODOX
        },
    },
    Entry {
        id: "avalanche",
        name: "Avalanche",
        aliases: &[],
        rules: AVALANCHE,
    },
    Entry {
        id: "avalanche-balanced",
        name: "Balanced Avalanche",
        aliases: &["balancedavalanche", "balanced"],
        rules: RuleSet {
            first_turn_without_push: true,
            ..AVALANCHE
        },
    },
    Entry {
        id: "avalanche-reversed",
        name: "Reversed Avalanche",
        aliases: &["reversedavalanche", "reversed", "avalanche2", "avalancheii"],
        rules: RuleSet {
            black_king_queen_swapped: true,
            black_castling: Castling::TwoSquares,
            setups: Setups::Usual,
            ..AVALANCHE
        },
    },
];

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
        let simple = |name: &str| -> String { name.chars().filter(|c| *c != '-').collect() };
        Variant::ALL
            .into_iter()
            .zip(&TABLE)
            .find(|(_, e)| simple(e.id) == key || e.aliases.contains(&key.as_str()))
            .map(|(v, _)| v)
            .ok_or_else(|| ParseVariantError(crate::quote::quote(s)))
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

    #[test]
    fn table_rows_are_in_the_order_of_the_variants() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(v as usize, i);
        }
        assert_eq!(TABLE.len(), Variant::ALL.len());
    }

    #[test]
    fn the_rule_table_follows_rules_md() {
        let pushing: Vec<Variant> = Variant::ALL
            .into_iter()
            .filter(|v| v.rules().push)
            .collect();
        assert_eq!(
            pushing,
            [
                Variant::Avalanche,
                Variant::AvalancheBalanced,
                Variant::AvalancheReversed
            ]
        );
        for v in Variant::ALL {
            let r = v.rules();
            assert_eq!(
                r.en_passant, !r.push,
                "{v}: en passant in orthodox rule sets only"
            );
            assert_eq!(
                r.first_turn_without_push,
                v == Variant::AvalancheBalanced,
                "{v}"
            );
            assert_eq!(
                r.black_king_queen_swapped,
                v == Variant::AvalancheReversed,
                "{v}"
            );
            assert_eq!(
                r.black_castling == Castling::TwoSquares,
                v == Variant::AvalancheReversed,
                "{v}"
            );
        }
        assert_eq!(Variant::Chess960.rules().setups, Setups::Chess960);
        assert!(!Variant::Standard.allows_chess960_setup());
        assert!(!Variant::AvalancheReversed.allows_chess960_setup());
        assert!(Variant::AvalancheBalanced.allows_chess960_setup());
    }
}
