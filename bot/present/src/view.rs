//! Boards, records, lists of games and Chess960 setups in words.

use super::Say;
use crate::fluent_args;
use domain::messages::{ChallengeLine, GameLine, ViewMsg};

pub(super) fn words(say: &Say, message: &ViewMsg) -> String {
    match message {
        ViewMsg::Game {
            players,
            kind,
            last,
        } => say.says(
            message,
            &fluent_args![
                ("players", say.players(players)),
                ("kind", say.kind(*kind)),
                (
                    "last",
                    last.as_ref()
                        .map_or_else(|| "none".to_owned(), |ply| say.ply(ply))
                )
            ],
        ),
        ViewMsg::Record { record, clipped } => {
            if *clipped {
                say.says_form(
                    message,
                    "clipped",
                    &fluent_args![("record", record.as_str())],
                )
            } else {
                record.clone()
            }
        }
        ViewMsg::NoTurnsYet | ViewMsg::NoGames => say.says(message, &fluent_args![]),
        ViewMsg::Position { fen, xfen, pushes } => {
            let mut lines = vec![say.says(message, &fluent_args![("fen", say.code(fen))])];
            if let Some(xfen) = xfen {
                lines.push(say.text("view-xfen", &fluent_args![("fen", say.code(xfen))]));
            }
            match pushes {
                Some((side, to)) if to.is_empty() => {
                    lines.push(say.text("view-no-push", &fluent_args![("side", say.color(*side))]))
                }
                Some((side, to)) => {
                    let squares = to.iter().map(|sq| say.code(&sq.to_string())).collect();
                    lines.push(say.text(
                        "view-pushes",
                        &fluent_args![
                            ("side", say.color(*side)),
                            ("squares", say.alternatives(squares))
                        ],
                    ));
                }
                None => {}
            }
            lines.join("\n")
        }
        ViewMsg::Games {
            games,
            more,
            challenges,
        } => {
            let mut lines = Vec::new();
            lines.push(
                say.style
                    .strong(&say.says(message, &fluent_args![("count", games.len() + more)])),
            );
            lines.extend(games.iter().map(|g| game_line(say, g)));
            if *more > 0 {
                lines.push(say.text("view-games-more", &fluent_args![("count", *more)]));
            }
            if !challenges.is_empty() {
                lines.push(say.style.strong(&say.text(
                    "view-challenges-heading",
                    &fluent_args![("count", challenges.len())],
                )));
                lines.extend(challenges.iter().map(|c| challenge_line(say, c)));
            }
            lines.join("\n")
        }
        ViewMsg::Chess960Setup {
            number,
            back_rank,
            fen,
        } => [
            say.says(
                message,
                &fluent_args![("number", *number), ("back_rank", back_rank.as_str())],
            ),
            // Its starting position, stated as a position is.
            say.text("view-position", &fluent_args![("fen", say.code(fen))]),
            say.text(
                "view-play-setup",
                &fluent_args![(
                    "command",
                    say.text("play-960-command", &fluent_args![("number", *number)])
                )],
            ),
        ]
        .join("\n"),
    }
}

fn game_line(say: &Say, game: &GameLine) -> String {
    let line = say.text(
        "view-game-line",
        &fluent_args![
            ("id", game.id),
            ("players", say.players(&game.players)),
            ("kind", say.kind(game.kind)),
            ("move", game.move_number),
            ("player", say.name(&game.to_move))
        ],
    );
    say.style.with_channel(line, game.channel)
}

fn challenge_line(say: &Say, challenge: &ChallengeLine) -> String {
    let line = say.text(
        "view-challenge-line",
        &fluent_args![
            ("id", challenge.id),
            ("challenger", say.name(&challenge.challenger)),
            (
                "opponent",
                say.name_or_anyone(challenge.opponent.as_deref())
            ),
            ("variant", say.variant(challenge.variant))
        ],
    );
    say.style.with_channel(line, challenge.channel)
}
