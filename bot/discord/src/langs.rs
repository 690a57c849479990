//! The languages the Discord front answers in. The service chooses them, so that the front's
//! own words and the service's replies agree: privately the user's client language, publicly
//! the server's (its admins' choice, else its preferred locale, remembered by the service for
//! what comes without one, such as typed moves).

use domain::{Locale, Origin};
use present::i18n::Lang;
use service::GameService;

/// The languages an interaction reports: the user's client locale and the server's preferred
/// one; in a DM or group DM, which has no server, what everyone there sees is in the user's
/// language. A locale the catalogs lack is left unknown.
pub fn of_interaction(user: &str, server: Option<&str>) -> Locale {
    Locale {
        user: Lang::from_locale(user),
        server: Lang::from_locale(server.unwrap_or(user)),
    }
}

/// The languages the front speaks in where `origin` is, as the service chooses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Langs {
    /// What only the user sees.
    pub private: Lang,
    /// What everyone in the channel sees.
    pub public: Lang,
}

impl Langs {
    /// The languages at `origin`.
    pub fn at(service: &GameService, origin: &Origin) -> Langs {
        Langs {
            private: service.private_lang(origin),
            public: service.public_lang(origin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interactions_give_the_users_and_the_servers_language() {
        let locale = of_interaction("ja", Some("en-US"));
        assert_eq!(
            (locale.user, locale.server),
            (Some(Lang::Ja), Some(Lang::En))
        );
        assert_eq!(
            of_interaction("ja", None).server,
            Some(Lang::Ja),
            "a direct message speaks the user's language"
        );
        let french = of_interaction("fr", Some("ja"));
        assert_eq!((french.user, french.server), (None, Some(Lang::Ja)));
    }
}
