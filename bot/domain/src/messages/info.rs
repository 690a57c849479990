//! Help and the rules of the variants.

use rules::Variant;

/// Fixed texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case")]
pub enum InfoMsg {
    /// The commands, as the front shows them.
    Help,
    /// The variants, one line each.
    VariantsOverview,
    /// The rules of one variant.
    Rules(Variant),
}
