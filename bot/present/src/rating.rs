//! Ratings, leaderboards and a server's language in words.

use super::Say;
use crate::fluent_args;
use crate::i18n::Lang;
use domain::Id;
use domain::messages::{Place, RatingMsg, SettingsMsg, Shown, ShownRating};
use domain::rating::RatingFamily;

impl Say {
    /// "Avalanche (all three)", 「アバランチ（3種共通）」.
    pub(crate) fn rating_family(&self, family: RatingFamily) -> String {
        self.plain(&format!("rating-family-{}", family.id()))
    }

    /// The family as a sentence names it: "a rated Avalanche game", 「アバランチの」.
    pub(crate) fn rating_family_in_text(&self, family: RatingFamily) -> String {
        self.plain(&format!("rating-family-in-text-{}", family.id()))
    }
}

/// A rating as shown: "1662", or "1662?" while provisional.
fn shown(s: Shown) -> String {
    if s.provisional {
        format!("{}?", s.rating)
    } else {
        s.rating.to_string()
    }
}

/// A change with its sign: "+162", "-38", "±0".
fn signed(delta: i32) -> String {
    match delta {
        0 => "±0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => d.to_string(),
    }
}

/// A rating message, one line per fact.
pub(super) fn rating(say: &Say, message: &RatingMsg) -> String {
    match message {
        RatingMsg::Rated {
            rated: true,
            family,
        } => say.says_form(
            message,
            "yes",
            &fluent_args![("family", say.rating_family(*family))],
        ),
        RatingMsg::Rated { rated: false, .. } => say.says_form(message, "no", &fluent_args![]),
        RatingMsg::Changed(c) => say.says(
            message,
            &fluent_args![
                ("name", say.name(&c.name)),
                ("family", say.rating_family(c.family)),
                ("before", shown(c.before)),
                ("after", shown(c.after)),
                ("delta", signed(c.delta())),
            ],
        ),
        RatingMsg::Ratings {
            name,
            family: None,
            ratings,
        } if ratings.is_empty() => {
            say.says_form(message, "none", &fluent_args![("name", say.name(name))])
        }
        RatingMsg::Ratings {
            name,
            family: Some(family),
            ratings,
        } if ratings.is_empty() => say.says_form(
            message,
            "none-in-family",
            &fluent_args![
                ("name", say.name(name)),
                ("family", say.rating_family_in_text(*family)),
            ],
        ),
        RatingMsg::Ratings { name, ratings, .. } => {
            let heading = say.says(message, &fluent_args![("name", say.name(name))]);
            std::iter::once(heading)
                .chain(ratings.iter().map(|r| rating_line(say, r)))
                .collect::<Vec<_>>()
                .join("\n")
        }
        RatingMsg::NoServer => say.says(message, &fluent_args![]),
        RatingMsg::Leaderboard { family, top, .. } if top.is_empty() => say.says_form(
            message,
            "empty",
            &fluent_args![("family", say.rating_family_in_text(*family))],
        ),
        RatingMsg::Leaderboard {
            family,
            players,
            top,
            own,
        } => {
            let mut lines = vec![say.style.strong(&say.says(
                message,
                &fluent_args![
                    ("family", say.rating_family(*family)),
                    ("players", *players),
                ],
            ))];
            lines.extend(top.iter().map(|p| place_line(say, p)));
            lines.push(match own {
                Some(p) => say.text(
                    "leaderboard-own",
                    &fluent_args![("rank", p.rank), ("rating", shown(p.shown))],
                ),
                None => say.text(
                    "leaderboard-unranked",
                    &fluent_args![("family", say.rating_family_in_text(*family))],
                ),
            });
            lines.join("\n")
        }
    }
}

fn rating_line(say: &Say, r: &ShownRating) -> String {
    say.text(
        "rating-line",
        &fluent_args![
            ("family", say.rating_family(r.family)),
            ("rating", shown(r.shown)),
            ("deviation", r.shown.deviation),
            ("games", r.games),
            ("wins", r.wins),
            ("draws", r.draws),
            ("losses", r.losses),
        ],
    )
}

fn place_line(say: &Say, p: &Place) -> String {
    say.text(
        "leaderboard-line",
        &fluent_args![
            ("rank", p.rank),
            ("name", say.name(&p.name)),
            ("rating", shown(p.shown)),
            ("games", p.games),
        ],
    )
}

/// A settings message.
pub(super) fn settings(say: &Say, message: &SettingsMsg) -> String {
    match message {
        SettingsMsg::Language(Some(lang)) => {
            let language = say.plain(match lang {
                Lang::En => "server-language-en",
                Lang::Ja => "server-language-ja",
            });
            say.says_form(message, "set", &fluent_args![("language", language)])
        }
        SettingsMsg::Language(None) => say.says_form(message, "cleared", &fluent_args![]),
        SettingsMsg::Avatars(on) => {
            say.says_form(message, if *on { "on" } else { "off" }, &fluent_args![])
        }
        SettingsMsg::NoServer | SettingsMsg::AvatarsNoServer => say.says(message, &fluent_args![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_and_changes_are_signed_and_marked_provisional() {
        let s = |rating, provisional| Shown {
            rating,
            deviation: 0,
            provisional,
        };
        assert_eq!(shown(s(1662, true)), "1662?");
        assert_eq!(shown(s(1662, false)), "1662");
        assert_eq!(signed(162), "+162");
        assert_eq!(signed(-38), "-38");
        assert_eq!(signed(0), "±0");
    }

    #[test]
    fn a_players_ratings_name_each_speed_of_standard_chess() {
        use crate::i18n::Surface;
        use domain::messages::Message;

        let line = |family| ShownRating {
            family,
            shown: Shown {
                rating: 1500,
                deviation: 80,
                provisional: false,
            },
            games: 9,
            wins: 3,
            draws: 3,
            losses: 3,
        };
        let ratings: Message = RatingMsg::Ratings {
            name: "alice".into(),
            family: None,
            ratings: RatingFamily::all().map(line).collect(),
        }
        .into();
        let words = |lang| crate::message_text(&ratings, lang, Surface::Console);
        let lines: Vec<String> = words(Lang::En).lines().skip(1).map(str::to_owned).collect();
        let starts: Vec<&str> = lines.iter().filter_map(|l| l.split(':').next()).collect();
        assert_eq!(
            starts,
            [
                "Bullet",
                "Blitz",
                "Rapid",
                "Classical",
                "Correspondence",
                "Chess960",
                "Avalanche (all three)"
            ]
        );
        let ja = words(Lang::Ja);
        for name in ["バレット", "ブリッツ", "ラピッド", "クラシカル", "通信戦"]
        {
            assert!(ja.contains(name), "{name}: {ja}");
        }
    }
}
