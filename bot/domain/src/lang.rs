//! The languages nadare speaks, and how Discord's locales and stored ids name them.

use crate::Id;

/// A language of the catalogs.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(serialize_all = "lowercase")]
pub enum Lang {
    /// English, the default.
    #[default]
    En,
    /// Japanese.
    Ja,
}

impl Lang {
    /// The language of a Discord locale (`ja`, `en-US`, `en-GB`), or `None` for one the
    /// catalogs do not have.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale.split(['-', '_']).next().unwrap_or(locale);
        Lang::all().find(|l| l.id().eq_ignore_ascii_case(primary))
    }

    /// Discord's locale for this language's command names and descriptions, or `None` for
    /// English, which is the commands' default.
    pub const fn discord_locale(self) -> Option<&'static str> {
        match self {
            Lang::En => None,
            Lang::Ja => Some("ja"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_to_languages() {
        assert_eq!(Lang::from_locale("ja"), Some(Lang::Ja));
        assert_eq!(Lang::from_locale("en-US"), Some(Lang::En));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("fr"), None);
        assert_eq!(Lang::from_locale(""), None);
    }

    #[test]
    fn ids_round_trip() {
        for lang in Lang::all() {
            assert_eq!(Lang::from_id(lang.id()), Some(lang));
        }
        assert_eq!(Lang::from_id("de"), None);
    }
}
