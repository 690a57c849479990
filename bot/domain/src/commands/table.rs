//! The table of every command: what [`super`] describes, written out.

use rules::Variant;
use strum::VariantNames;

use super::{Choices, Kind, Opt, Place, Spec};
use crate::rating::RatingFamily;
use crate::{ColorChoice, MAX_SWISS_ROUNDS, MAX_TOURNAMENT_NAME, STOCKFISH_ELOS, TournamentFormat};

/// The variants' ids, in [`Variant::ALL`]'s order.
const VARIANTS: [&str; Variant::ALL.len()] = {
    let mut ids = [""; Variant::ALL.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = Variant::ALL[i].id();
        i += 1;
    }
    ids
};

/// An optional option offered on Discord and in the console.
const fn opt(name: &'static str, kind: Kind) -> Opt {
    Opt {
        name,
        kind,
        required: false,
        slash: true,
    }
}

/// A required option.
const fn required(name: &'static str, kind: Kind) -> Opt {
    Opt {
        required: true,
        ..opt(name, kind)
    }
}

/// A command that works everywhere, registered as a slash command.
const fn command(name: &'static str, options: &'static [Opt]) -> Spec {
    Spec {
        name,
        aliases: &[],
        options,
        place: Place::Everywhere,
        managers_only: false,
        slash: true,
    }
}

/// A command of servers only.
const fn server(name: &'static str, options: &'static [Opt]) -> Spec {
    Spec {
        place: Place::Servers,
        ..command(name, options)
    }
}

/// A command the console types and Discord answers with buttons.
const fn typed(name: &'static str, options: &'static [Opt]) -> Spec {
    Spec {
        slash: false,
        ..command(name, options)
    }
}

/// Choices of `group` with no other words.
const fn choices(group: &'static str, ids: &'static [&'static str]) -> Kind {
    Kind::Choice(Choices {
        group,
        ids,
        words: &[],
    })
}

const fn number(min: i64, max: Option<i64>) -> Kind {
    Kind::Number { min, max }
}

const fn text(max: u16) -> Kind {
    Kind::Text {
        max,
        autocomplete: false,
    }
}

const VARIANT: Kind = choices("variant", &VARIANTS);
const FAMILY: Kind = Kind::Choice(Choices {
    group: "family",
    ids: RatingFamily::VARIANTS,
    words: &[],
});
const GAME: Kind = number(1, None);

/// `draw`'s answers.
const DRAW: Kind = Kind::Choice(Choices {
    group: "action",
    ids: &["offer", "accept", "decline"],
    words: &[("yes", "accept"), ("no", "decline")],
});

/// `takeback`'s answers.
const TAKEBACK: Kind = Kind::Choice(Choices {
    group: "action",
    ids: &["request", "accept", "decline"],
    words: &[("offer", "request"), ("yes", "accept"), ("no", "decline")],
});

/// The optional tournament a `/tournament` look names: autocompleted with the server's.
const WHICH_TOURNAMENT: Opt = opt(
    "tournament",
    Kind::Text {
        max: 24,
        autocomplete: true,
    },
);

/// `/tournament`'s subcommands.
const TOURNAMENT: &[Opt] = &[
    opt(
        "create",
        Kind::Sub(&[
            required("name", text(MAX_TOURNAMENT_NAME)),
            required("variant", VARIANT),
            required("format", choices("format", TournamentFormat::VARIANTS)),
            opt("rounds", number(1, Some(MAX_SWISS_ROUNDS as i64))),
            opt("deadline", text(16)),
            opt(
                "time",
                Kind::Text {
                    max: 16,
                    autocomplete: true,
                },
            ),
            opt("duration", text(16)),
            opt("rated", Kind::Flag),
            opt("setup", choices("setup", &["usual", "chess960"])),
            opt("start", text(16)),
        ]),
    ),
    opt("join", Kind::Sub(&[])),
    opt("leave", Kind::Sub(&[])),
    opt("start", Kind::Sub(&[])),
    opt("standings", Kind::Sub(&[WHICH_TOURNAMENT])),
    opt(
        "pairings",
        Kind::Sub(&[opt("round", number(1, None)), WHICH_TOURNAMENT]),
    ),
    opt("info", Kind::Sub(&[WHICH_TOURNAMENT])),
    opt("cancel", Kind::Sub(&[])),
    opt("organisers", Kind::Sub(&[opt("role", Kind::Role)])),
];

/// Every command, the commonest first (a mistyped console word is offered the first of the
/// closest).
pub const COMMANDS: &[Spec] = &[
    Spec {
        aliases: &["play"],
        ..command(
            "challenge",
            &[
                opt("opponent", Kind::User),
                opt("computer", Kind::Level),
                opt(
                    "stockfish",
                    number(STOCKFISH_ELOS.0 as i64, Some(STOCKFISH_ELOS.1 as i64)),
                ),
                opt("variant", VARIANT),
                opt("colour", choices("colour", ColorChoice::VARIANTS)),
                opt("chess960", text(6)),
                opt("position", text(100)),
                opt("deadline", text(16)),
                opt(
                    "time",
                    Kind::Text {
                        max: 16,
                        autocomplete: true,
                    },
                ),
                opt("rated", Kind::Flag),
            ],
        )
    },
    Spec {
        aliases: &["m"],
        ..command(
            "move",
            &[required(
                "notation",
                Kind::Text {
                    max: 40,
                    autocomplete: true,
                },
            )],
        )
    },
    typed(
        "promote",
        &[required(
            "piece",
            Kind::Choice(Choices {
                group: "piece",
                ids: &["q", "r", "b", "n"],
                words: &[
                    ("queen", "q"),
                    ("rook", "r"),
                    ("bishop", "b"),
                    ("knight", "n"),
                ],
            }),
        )],
    ),
    typed("confirm", &[]),
    typed("cancel-push", &[]),
    command("accept", &[]),
    command("decline", &[]),
    command("cancel", &[]),
    command("resign", &[]),
    command("abort", &[]),
    command("berserk", &[]),
    command("hint", &[]),
    command("moves", &[]),
    command("position", &[]),
    command("games", &[]),
    command("rematch", &[]),
    command("privacy", &[]),
    command("mydata", &[]),
    command("draw", &[opt("action", DRAW)]),
    command("takeback", &[opt("action", TAKEBACK)]),
    command("board", &[opt("flip", Kind::Flag)]),
    typed("flip", &[]),
    command("chess960", &[opt("number", number(0, Some(959)))]),
    command("help", &[]),
    command("rules", &[opt("variant", VARIANT)]),
    command("gif", &[opt("game", GAME)]),
    command("review", &[opt("game", GAME), opt("turn", number(0, None))]),
    command(
        "history",
        &[opt("user", Kind::User), opt("page", number(1, None))],
    ),
    command("game", &[required("id", GAME)]),
    command("vacation", &[required("days", text(8))]),
    Spec {
        aliases: &["ratings"],
        ..server("rating", &[opt("user", Kind::User), opt("variant", FAMILY)])
    },
    Spec {
        aliases: &["top"],
        ..server("leaderboard", &[opt("variant", FAMILY)])
    },
    Spec {
        managers_only: true,
        ..server(
            "language",
            &[required(
                "language",
                Kind::Choice(Choices {
                    group: "language",
                    ids: &["en", "ja", "default"],
                    words: &[("reset", "default"), ("none", "default")],
                }),
            )],
        )
    },
    Spec {
        managers_only: true,
        ..server(
            "avatars",
            &[required("show", choices("avatars", &["on", "off"]))],
        )
    },
    server("tournament", TOURNAMENT),
    command(
        "forget",
        &[Opt {
            slash: false,
            ..opt(
                "answer",
                Kind::Choice(Choices {
                    group: "forget",
                    ids: &["confirm", "cancel"],
                    words: &[("yes", "confirm"), ("no", "cancel")],
                }),
            )
        }],
    ),
];
