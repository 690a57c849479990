//! The languages the Discord front answers in: each server's preferred language as Discord
//! last reported it (with the server's events and with every interaction), for what is said
//! outside an interaction, such as the answer to a typed move.

use dashmap::DashMap;

use crate::i18n::Lang;

/// Each server's preferred language, as last reported.
#[derive(Debug, Default)]
pub struct ServerLangs(DashMap<u64, Lang>);

impl ServerLangs {
    /// Notes the preferred locale Discord reports for `guild`; a locale the catalogs lack
    /// leaves the server's language unknown.
    pub fn note(&self, guild: Option<u64>, locale: Option<&str>) {
        let Some(guild) = guild else { return };
        match locale.and_then(Lang::from_locale) {
            Some(lang) => {
                self.0.insert(guild, lang);
            }
            None => {
                self.0.remove(&guild);
            }
        }
    }

    /// The preferred language of `guild` as last reported, if known.
    pub fn get(&self, guild: Option<u64>) -> Option<Lang> {
        guild.and_then(|g| self.0.get(&g).map(|lang| *lang))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_reported_locale_of_a_server_counts() {
        let langs = ServerLangs::default();
        assert_eq!(langs.get(Some(1)), None);
        langs.note(Some(1), Some("ja"));
        langs.note(Some(2), Some("en-GB"));
        assert_eq!(langs.get(Some(1)), Some(Lang::Ja));
        assert_eq!(langs.get(Some(2)), Some(Lang::En));
        langs.note(Some(1), Some("fr"));
        assert_eq!(langs.get(Some(1)), None, "a language the catalogs lack");
        langs.note(None, Some("ja"));
        assert_eq!(langs.get(None), None, "direct messages have no server");
    }
}
