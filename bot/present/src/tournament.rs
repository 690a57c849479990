//! Tournaments in words, standings and pairings as text.

use super::Say;
use crate::fluent_args;
use domain::Id;
use domain::messages::{BoardLine, StandingLine, TournamentMsg};
use domain::{BoardResult, TournamentFormat};

pub(super) fn words(say: &Say, message: &TournamentMsg) -> String {
    let name = |n: &str| say.name(n);
    match message {
        TournamentMsg::Created {
            name: t,
            variant,
            format,
            rounds,
            rated,
            deadline,
            random_setup,
            start,
        } => {
            let deadline = deadline
                .map(|d| say.duration(d))
                .unwrap_or_else(|| say.plain("tournament-no-deadline"));
            let mut text = say.text(
                "tournament-created",
                &fluent_args![
                    ("name", name(t)),
                    ("variant", say.variant(*variant)),
                    ("format", format_word(say, *format)),
                    ("rounds", *rounds),
                    ("rated", if *rated { "yes" } else { "no" }),
                    ("deadline", deadline)
                ],
            );
            if *random_setup {
                text = format!("{text} {}", say.plain("tournament-created-setup"));
            }
            if let Some(start) = start {
                let start = say.text(
                    "tournament-created-start",
                    &fluent_args![("start", say.duration(*start))],
                );
                text = format!("{text} {start}");
            }
            text
        }
        TournamentMsg::Organisers { role: Some(role) } => say.text(
            "tournament-organisers-set",
            &fluent_args![("role", say.name(role))],
        ),
        TournamentMsg::Organisers { role: None } => say.plain("tournament-organisers-cleared"),
        TournamentMsg::NotStarted { name: t, players } => say.text(
            "tournament-not-started",
            &fluent_args![("name", name(t)), ("players", *players)],
        ),
        TournamentMsg::NotOrganiser => say.plain("tournament-not-organiser"),
        TournamentMsg::FixedSetup { variant } => say.text(
            "tournament-fixed-setup",
            &fluent_args![("variant", say.variant(*variant))],
        ),
        TournamentMsg::BadStart { max_days } => {
            say.text("tournament-bad-start", &fluent_args![("days", *max_days)])
        }
        TournamentMsg::Joined {
            name: t,
            player,
            players,
        } => say.text(
            "tournament-joined",
            &fluent_args![
                ("name", name(t)),
                ("player", name(player)),
                ("players", *players)
            ],
        ),
        TournamentMsg::Left {
            name: t,
            player,
            players,
        } => say.text(
            "tournament-left",
            &fluent_args![
                ("name", name(t)),
                ("player", name(player)),
                ("players", *players)
            ],
        ),
        TournamentMsg::Withdrew { name: t, player } => say.text(
            "tournament-withdrew",
            &fluent_args![("name", name(t)), ("player", name(player))],
        ),
        TournamentMsg::Removed { name: t, player } => say.text(
            "tournament-removed",
            &fluent_args![("name", name(t)), ("player", name(player))],
        ),
        TournamentMsg::Round {
            name: t,
            round,
            rounds,
            boards,
        } => {
            let head = say.text(
                "tournament-round",
                &fluent_args![("name", name(t)), ("round", *round), ("rounds", *rounds)],
            );
            let lines: Vec<String> = boards.iter().map(|b| board_line(say, b)).collect();
            format!("{head}\n{}", lines.join("\n"))
        }
        TournamentMsg::Game {
            name: t,
            round,
            board,
        } => say.text(
            "tournament-game",
            &fluent_args![("name", name(t)), ("round", *round), ("board", *board)],
        ),
        TournamentMsg::Standings {
            name: t,
            after,
            swiss,
            lines,
        } => {
            let head = say.text(
                "tournament-standings",
                &fluent_args![("name", name(t)), ("after", *after)],
            );
            let lines: Vec<String> = lines
                .iter()
                .map(|l| standing_line(say, *swiss, l))
                .collect();
            format!("{head}\n{}", lines.join("\n"))
        }
        TournamentMsg::Info {
            id,
            name: t,
            variant,
            format,
            rounds,
            state,
            round,
            rated,
            players,
        } => {
            let players: Vec<String> = players.iter().map(|p| name(p)).collect();
            say.text(
                "tournament-info",
                &fluent_args![
                    ("id", id.to_string()),
                    ("name", name(t)),
                    ("variant", say.variant(*variant)),
                    ("format", format_word(say, *format)),
                    ("rounds", *rounds),
                    (
                        "state",
                        say.plain(&format!("tournament-state-{}", state.id()))
                    ),
                    ("round", *round),
                    ("rated", if *rated { "yes" } else { "no" }),
                    ("count", players.len()),
                    ("players", players.join(", "))
                ],
            )
        }
        TournamentMsg::Finished { name: t, winners } => {
            let winners: Vec<String> = winners.iter().map(|w| name(w)).collect();
            say.text(
                "tournament-finished",
                &fluent_args![
                    ("name", name(t)),
                    ("count", winners.len()),
                    ("winners", winners.join(", "))
                ],
            )
        }
        TournamentMsg::Records { games } => {
            say.text("tournament-records", &fluent_args![("games", *games)])
        }
        TournamentMsg::Cancelled { name: t } => {
            say.text("tournament-cancelled", &fluent_args![("name", name(t))])
        }
        TournamentMsg::NoServer => say.plain("tournament-no-server"),
        TournamentMsg::NoTournament => say.plain("tournament-no-tournament"),
        TournamentMsg::OneAtATime { name: t } => {
            say.text("tournament-one-at-a-time", &fluent_args![("name", name(t))])
        }
        TournamentMsg::NotOpen { name: t } => {
            say.text("tournament-not-open", &fluent_args![("name", name(t))])
        }
        TournamentMsg::NotRunning { name: t } => {
            say.text("tournament-not-running", &fluent_args![("name", name(t))])
        }
        TournamentMsg::AlreadyIn { name: t } => {
            say.text("tournament-already-in", &fluent_args![("name", name(t))])
        }
        TournamentMsg::NotIn { name: t } => {
            say.text("tournament-not-in", &fluent_args![("name", name(t))])
        }
        TournamentMsg::TooFew { name: t, players } => say.text(
            "tournament-too-few",
            &fluent_args![("name", name(t)), ("players", *players)],
        ),
        TournamentMsg::NotCreator { creator } => say.text(
            "tournament-not-creator",
            &fluent_args![("creator", name(creator))],
        ),
        TournamentMsg::NoRound { round } => {
            say.text("tournament-no-round", &fluent_args![("round", *round)])
        }
        TournamentMsg::BadRounds { max } => {
            say.text("tournament-bad-rounds", &fluent_args![("max", *max)])
        }
        TournamentMsg::NoRooms => say.plain("tournament-no-rooms"),
        TournamentMsg::Unpairable { name: t } => {
            say.text("tournament-unpairable", &fluent_args![("name", name(t))])
        }
        TournamentMsg::Unknown { id } => {
            say.text("tournament-unknown", &fluent_args![("id", id.to_string())])
        }
    }
}

/// "round robin", 「総当たり」.
fn format_word(say: &Say, format: TournamentFormat) -> String {
    say.plain(&format!("tournament-format-{}", format.id()))
}

/// "3. carol – dave 1-0", or the bye.
fn board_line(say: &Say, b: &BoardLine) -> String {
    let result = match b.result {
        Some(BoardResult::Bye) | None => String::new(),
        Some(r) => r.id().to_string(),
    };
    match &b.black {
        Some(black) => say
            .text(
                "tournament-board",
                &fluent_args![
                    ("board", b.board),
                    ("white", say.name(&b.white)),
                    ("black", say.name(black)),
                    ("result", result)
                ],
            )
            .trim_end()
            .to_string(),
        None => say.text(
            "tournament-bye",
            &fluent_args![("board", b.board), ("player", say.name(&b.white))],
        ),
    }
}

/// "1. alice 3.5 (Buchholz Cut-1 7.0, Sonneborn-Berger 5.25)".
fn standing_line(say: &Say, swiss: bool, l: &StandingLine) -> String {
    let tiebreak = |at: usize| {
        l.tiebreaks
            .get(at)
            .map_or_else(|| "-".to_string(), |q| quarters(*q))
    };
    let key = if swiss {
        "tournament-standing-swiss"
    } else {
        "tournament-standing-round-robin"
    };
    let line = say.text(
        key,
        &fluent_args![
            ("rank", l.rank),
            ("player", say.name(&l.name)),
            ("points", halves(l.halves)),
            ("first", tiebreak(0)),
            ("second", tiebreak(1))
        ],
    );
    if l.withdrawn {
        format!("{line} {}", say.plain("tournament-withdrawn-mark"))
    } else {
        line
    }
}

/// Half points as "3.5" or "3".
fn halves(n: u32) -> String {
    if n % 2 == 1 {
        format!("{}.5", n / 2)
    } else {
        (n / 2).to_string()
    }
}

/// Quarter points as "7.25", "7.5" or "7".
fn quarters(n: u32) -> String {
    match n % 4 {
        0 => (n / 4).to_string(),
        2 => format!("{}.5", n / 4),
        r => format!("{}.{}", n / 4, r * 25),
    }
}

#[cfg(test)]
mod tests {
    use domain::messages::{Message, TournamentMsg};

    use crate::i18n::{Lang, Surface};
    use crate::message_text;

    #[test]
    fn one_winner_is_the_winner_in_every_language_and_several_share_first_place() {
        let said = |winners: &[&str], lang| {
            let m = Message::from(TournamentMsg::Finished {
                name: "Club".into(),
                winners: winners.iter().map(|w| (*w).to_string()).collect(),
            });
            message_text(&m, lang, Surface::Console)
        };
        assert_eq!(said(&["ann"], Lang::En), "Club is over. The winner is ann!");
        assert_eq!(
            said(&["ann"], Lang::Ja),
            "「Club」が終わりました。優勝はannです!"
        );
        assert!(said(&["ann", "ben"], Lang::Ja).contains("同点"));
        assert!(said(&["ann", "ben"], Lang::En).contains("shared by ann, ben"));
    }
}
