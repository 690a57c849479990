//! Tournaments in words, standings and pairings as text.

use super::Say;
use crate::fluent_args;
use domain::Id;
use domain::messages::{BoardLine, StandingLine, TournamentMsg};
use domain::{BoardResult, TournamentFormat};

pub(super) fn words(say: &Say, message: &TournamentMsg) -> String {
    let name = |n: &str| say.name(n);
    let args = match message {
        TournamentMsg::Created {
            name: t,
            variant,
            format,
            rounds,
            rated,
            deadline,
            random_setup,
            start,
            time,
            length,
        } => {
            let deadline = deadline
                .map(|d| say.duration(d))
                .unwrap_or_else(|| say.plain("tournament-no-deadline"));
            let mut text = say.says(
                message,
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
            if let Some(time) = time {
                let clock = say.text(
                    "tournament-created-clock",
                    &fluent_args![("time", time.to_string())],
                );
                text = format!("{text} {clock}");
            }
            if let Some(length) = length {
                let arena = say.text(
                    "tournament-created-arena",
                    &fluent_args![("length", say.duration(*length))],
                );
                text = format!("{text} {arena}");
            }
            if let Some(start) = start {
                let start = say.text(
                    "tournament-created-start",
                    &fluent_args![("start", say.duration(*start))],
                );
                text = format!("{text} {start}");
            }
            return text;
        }
        TournamentMsg::Organisers { role: Some(role) } => {
            return say.says_form(message, "set", &fluent_args![("role", say.name(role))]);
        }
        TournamentMsg::Organisers { role: None } => {
            return say.says_form(message, "cleared", &fluent_args![]);
        }
        TournamentMsg::Round {
            name: t,
            round,
            rounds,
            boards,
        } => {
            let args = fluent_args![("name", name(t)), ("round", *round), ("rounds", *rounds)];
            let head = if *rounds == 0 {
                say.says_form(message, "wave", &args)
            } else {
                say.says(message, &args)
            };
            let lines: Vec<String> = boards.iter().map(|b| board_line(say, b)).collect();
            return format!("{head}\n{}", lines.join("\n"));
        }
        TournamentMsg::Standings {
            name: t,
            after,
            format,
            lines,
        } => {
            let args = fluent_args![("name", name(t)), ("after", *after)];
            let head = if *format == TournamentFormat::Arena {
                say.says_form(message, "arena", &args)
            } else {
                say.says(message, &args)
            };
            let lines: Vec<String> = lines
                .iter()
                .map(|l| standing_line(say, *format, l))
                .collect();
            return format!("{head}\n{}", lines.join("\n"));
        }
        TournamentMsg::NotStarted { name: t, players }
        | TournamentMsg::TooFew { name: t, players } => {
            fluent_args![("name", name(t)), ("players", *players)]
        }
        TournamentMsg::FixedSetup { variant } => fluent_args![("variant", say.variant(*variant))],
        TournamentMsg::BadStart { max_days } => fluent_args![("days", *max_days)],
        TournamentMsg::Joined {
            name: t,
            player,
            players,
        }
        | TournamentMsg::Left {
            name: t,
            player,
            players,
        } => fluent_args![
            ("name", name(t)),
            ("player", name(player)),
            ("players", *players)
        ],
        TournamentMsg::Withdrew { name: t, player }
        | TournamentMsg::Paused { name: t, player }
        | TournamentMsg::Returned { name: t, player }
        | TournamentMsg::Removed { name: t, player } => {
            fluent_args![("name", name(t)), ("player", name(player))]
        }
        TournamentMsg::Berserk { player } => fluent_args![("player", name(player))],
        TournamentMsg::BadLength { min, max } => {
            fluent_args![("min", say.duration(*min)), ("max", say.duration(*max))]
        }
        TournamentMsg::Game {
            name: t,
            round,
            board,
        } => fluent_args![("name", name(t)), ("round", *round), ("board", *board)],
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
            fluent_args![
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
            ]
        }
        TournamentMsg::Finished { name: t, winners } => {
            let winners: Vec<String> = winners.iter().map(|w| name(w)).collect();
            fluent_args![
                ("name", name(t)),
                ("count", winners.len()),
                ("winners", winners.join(", "))
            ]
        }
        TournamentMsg::Records { games } => fluent_args![("games", *games)],
        TournamentMsg::EndedEarly {
            name: t,
            played,
            planned,
            why,
        } => fluent_args![
            ("name", name(t)),
            ("played", *played),
            ("next", played.saturating_add(1)),
            ("planned", *planned),
            ("why", why.id())
        ],
        TournamentMsg::RoundsNeedPlayers { rounds, players } => {
            fluent_args![("rounds", *rounds), ("players", *players)]
        }
        TournamentMsg::MayEndEarly {
            name: t,
            players,
            rounds,
            sure,
        } => fluent_args![
            ("name", name(t)),
            ("players", *players),
            ("rounds", *rounds),
            ("sure", *sure)
        ],
        TournamentMsg::Cancelled { name: t }
        | TournamentMsg::OneAtATime { name: t }
        | TournamentMsg::NotOpen { name: t }
        | TournamentMsg::NotRunning { name: t }
        | TournamentMsg::AlreadyIn { name: t }
        | TournamentMsg::NotIn { name: t }
        | TournamentMsg::Unpairable { name: t } => fluent_args![("name", name(t))],
        TournamentMsg::NotCreator { creator } => fluent_args![("creator", name(creator))],
        TournamentMsg::NoRound { round } => fluent_args![("round", *round)],
        TournamentMsg::BadRounds { max } => fluent_args![("max", *max)],
        TournamentMsg::BadName { max } => fluent_args![("max", *max)],
        TournamentMsg::Unknown { id } => fluent_args![("id", id.to_string())],
        TournamentMsg::NoServer
        | TournamentMsg::NoTournament
        | TournamentMsg::NotOrganiser
        | TournamentMsg::NotArenaGame
        | TournamentMsg::TooLateToBerserk
        | TournamentMsg::NoRooms => fluent_args![],
    };
    say.says(message, &args)
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
fn standing_line(say: &Say, format: TournamentFormat, l: &StandingLine) -> String {
    let tiebreak = |at: usize| {
        l.tiebreaks
            .get(at)
            .map_or_else(|| "-".to_string(), |q| quarters(*q))
    };
    let key = match format {
        TournamentFormat::Swiss => "tournament-standing-swiss",
        TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin => {
            "tournament-standing-round-robin"
        }
        TournamentFormat::Arena => "tournament-standing-arena",
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
            "「Club」が終わりました。優勝はannです！"
        );
        assert!(said(&["ann", "ben"], Lang::Ja).contains("同点"));
        assert!(said(&["ann", "ben"], Lang::En).contains("shared by ann, ben"));
    }
}
