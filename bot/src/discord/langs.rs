//! The languages the Discord front answers in: each server's preferred language as Discord
//! last reported it (with the server's events and with every interaction), for what is said
//! outside an interaction, such as the answer to a typed move.

use dashmap::DashMap;

use crate::i18n::Lang;
use crate::service::Locale;

/// Each server's preferred language, as last reported.
#[derive(Debug, Default)]
pub struct ServerLangs(DashMap<u64, Lang>);

impl ServerLangs {
    /// Notes the preferred locale Discord reports for `guild`; a locale the catalogs lack
    /// leaves the server's language unknown.
    pub fn note(&self, guild: Option<u64>, locale: Option<&str>) {
        let (Some(guild), Some(locale)) = (guild, locale) else {
            return;
        };
        match Lang::from_locale(locale) {
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

    /// The languages of an interaction in `guild`: the user's client locale, and the server's
    /// preferred one (noted for later; the last one noted when the interaction has none).
    pub fn of_interaction(&self, guild: Option<u64>, user: &str, server: Option<&str>) -> Locale {
        self.note(guild, server);
        Locale {
            user: Lang::from_locale(user),
            server: server
                .and_then(Lang::from_locale)
                .or_else(|| self.get(guild)),
        }
    }

    /// The languages of a message in `guild`, which carries no locale: the server's as last
    /// noted.
    pub fn of_message(&self, guild: Option<u64>) -> Locale {
        Locale {
            user: None,
            server: self.get(guild),
        }
    }
}

/// The language the front says something privately in: the user's, else the server's, else
/// English (as the service chooses for its private replies).
pub fn private(locale: &Locale) -> Lang {
    locale.user.or(locale.server).unwrap_or_default()
}

/// The language the front says something publicly in: the server's, else English.
pub fn public(locale: &Locale) -> Lang {
    locale.server.unwrap_or_default()
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
        langs.note(Some(2), None);
        assert_eq!(
            langs.get(Some(2)),
            Some(Lang::En),
            "no report changes nothing"
        );
    }

    #[test]
    fn interactions_give_the_users_and_the_servers_language() {
        let langs = ServerLangs::default();
        let locale = langs.of_interaction(Some(5), "ja", Some("en-US"));
        assert_eq!(locale.user, Some(Lang::Ja));
        assert_eq!(locale.server, Some(Lang::En));
        assert_eq!((private(&locale), public(&locale)), (Lang::Ja, Lang::En));
        // A message in that server later: only the server's language is known.
        assert_eq!(langs.of_message(Some(5)).server, Some(Lang::En));
        assert_eq!(langs.of_message(Some(5)).user, None);
        assert_eq!(langs.of_message(Some(6)), Locale::default());
        // A direct message interaction: no server; private answers follow the user.
        let dm = langs.of_interaction(None, "ja", None);
        assert_eq!((private(&dm), public(&dm)), (Lang::Ja, Lang::En));
        // A client language the catalogs lack falls back to the server's.
        let french = langs.of_interaction(Some(7), "fr", Some("ja"));
        assert_eq!((private(&french), public(&french)), (Lang::Ja, Lang::Ja));
    }
}
