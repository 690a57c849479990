//! What a finished tournament leaves: the final notice (the winner, the final standings said
//! and drawn, and every game's record in one file), and the tournament as FIDE's Tournament
//! Report File sees it, for `nadare tournament export`.
//!
//! The records file is PGN: one record after another, each as `/moves` attaches a game, with
//! the tournament as its Event and its Round and Board. A tournament is played in one variant,
//! so one file always serves: standard and Chess960 games are PGN as other chess software
//! reads it, and Avalanche games are in nadare's own form of it (the variant's id in the
//! Variant tag, turns in the Avalanche notation), which nadare reads back game by game.

use tournament::Tournament;

use domain::input::clean_name;
use domain::messages::TournamentMsg;
use domain::{Reply, StoredGame, TournamentBoard, TournamentRecord, TournamentState};

use super::Tournaments;
use super::model::{in_order, model};
use super::standings::standings;
use crate::live::Live;
use crate::replies::{civil_date, clocked_record};

impl Tournaments {
    /// The notice that `t` is over: the winner (or the players sharing first place), the final
    /// standings said and drawn, and the file of every game's record when it could be made.
    pub(crate) async fn final_reply(&self, t: &TournamentRecord) -> Reply {
        let (said, table) = standings(t);
        let winners = table
            .lines
            .iter()
            .filter(|l| l.rank == 1)
            .map(|l| l.name.clone())
            .collect();
        let mut reply = Reply {
            standings: Some(table),
            ..Reply::public(TournamentMsg::Finished {
                name: t.name.clone(),
                winners,
            })
        };
        reply.messages.push(said.into());
        if let Some((games, file)) = self.records_file(t).await {
            reply.messages.push(TournamentMsg::Records { games }.into());
            reply.files.push(file);
        }
        reply
    }

    /// Every game of `t` that was played, as one PGN file, and how many games it holds;
    /// `None` when there is none or the games could not be read. The games are replayed and
    /// written on the blocking pool.
    async fn records_file(&self, t: &TournamentRecord) -> Option<(usize, (String, Vec<u8>))> {
        let mut boards: Vec<&TournamentBoard> =
            t.boards.iter().filter(|b| b.game.is_some()).collect();
        boards.sort_by_key(|b| (b.round, b.board));
        let mut games = Vec::with_capacity(boards.len());
        for b in boards {
            let Some(id) = b.game else { continue };
            match self.ctx.db().load_game(id).await {
                Ok(Some(stored)) => games.push((b.round, b.board, stored)),
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(tournament = t.id, game = id, error = %e, "could not read a game");
                    return None;
                }
            }
        }
        if games.is_empty() {
            return None;
        }
        let event = t.name.clone();
        let written = tokio::task::spawn_blocking(move || records(&event, games)).await;
        match written {
            Ok((count, text)) => Some((
                count,
                (format!("nadare-tournament-{}.pgn", t.id), text.into_bytes()),
            )),
            Err(e) => {
                tracing::error!(tournament = t.id, error = %e, "writing the records failed");
                None
            }
        }
    }
}

/// The records of `games` (round, board and game, in order) as one PGN text, and how many it
/// holds: a game that no longer replays is logged and left out.
fn records(event: &str, games: Vec<(u32, u32, StoredGame)>) -> (usize, String) {
    let mut out = Vec::with_capacity(games.len());
    for (round, board, stored) in games {
        let id = stored.row.id;
        let live = match Live::restore(stored) {
            Ok(live) => live,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "a tournament game does not replay");
                continue;
            }
        };
        let date = civil_date(live.row.created_ms).replace('-', ".");
        let tags = vec![
            ("Event".to_owned(), event.to_owned()),
            ("Site".to_owned(), "nadare".to_owned()),
            ("Date".to_owned(), date),
            ("Round".to_owned(), round.to_string()),
            ("White".to_owned(), live.row.white.name.clone()),
            ("Black".to_owned(), live.row.black.name.clone()),
            ("Board".to_owned(), board.to_string()),
        ];
        out.push(clocked_record(&live, tags));
    }
    (out.len(), out.join("\n"))
}

/// Tournament `t` as FIDE's Tournament Report File sees it (`tournament::trf::write` writes
/// it): its name, the rounds planned, the players numbered in joining order with their results
/// round by round (forfeits `+`/`-`, the pairing-allocated bye `U`, a round a withdrawn player
/// was not paired in an absence `Z`). A game still under way is left out, so the file stands
/// as the rounds were paired. Names are cleaned as names are stored ([`clean_name`]: no control
/// characters, which the format's lines cannot hold, nor direction changes, and every run of
/// white space one space).
pub fn tournament_report(t: &TournamentRecord) -> Tournament {
    let order = in_order(t);
    let mut report = model(t, &order, t.round, None);
    if t.state == TournamentState::Running {
        for (player, entrant) in report.players.iter_mut().zip(&order) {
            let under_way = t.round_boards(t.round).any(|b| {
                b.result.is_none()
                    && (b.white.id == entrant.user.id
                        || b.black.as_ref().is_some_and(|u| u.id == entrant.user.id))
            });
            if under_way {
                player.rounds.truncate(t.round.saturating_sub(1) as usize);
            }
        }
    }
    report.name = report.name.as_deref().map(clean_name);
    for player in &mut report.players {
        player.name = clean_name(&player.name);
    }
    report
}

#[cfg(test)]
mod tests {
    use domain::{BoardResult, Entrant, User};
    use rules::Variant;
    use tournament::{Outcome, trf};

    use super::*;
    use domain::TournamentFormat;

    fn user(id: u64, name: &str) -> User {
        User {
            id,
            name: name.into(),
        }
    }

    #[test]
    fn a_running_swiss_reports_its_results_and_leaves_games_under_way_out() {
        let board = |round, board, white: User, black: Option<User>, result| TournamentBoard {
            round,
            board,
            white,
            black,
            game: None,
            setup: None,
            result,
            berserk: [false, false],
        };
        let (a, b, c) = (user(1, "ann"), user(2, "ben\u{7}\n"), user(3, "cat"));
        let t = TournamentRecord {
            id: 4,
            guild: 1,
            channel: 1,
            name: "Spring\nOpen".into(),
            variant: Variant::Standard,
            format: TournamentFormat::Swiss,
            rounds: 3,
            deadline: None,
            time: None,
            length: None,
            ends_ms: None,
            rated: true,
            random_setup: false,
            starts_ms: None,
            state: TournamentState::Running,
            round: 2,
            creator: a.clone(),
            created_ms: 0,
            players: vec![
                Entrant {
                    user: a.clone(),
                    seq: 1,
                    withdrawn: false,
                },
                Entrant {
                    user: b.clone(),
                    seq: 2,
                    withdrawn: false,
                },
                Entrant {
                    user: c.clone(),
                    seq: 3,
                    withdrawn: true,
                },
            ],
            boards: vec![
                board(
                    1,
                    1,
                    a.clone(),
                    Some(b.clone()),
                    Some(BoardResult::BlackForfeit),
                ),
                board(1, 2, c.clone(), None, Some(BoardResult::Bye)),
                board(2, 1, b.clone(), Some(a.clone()), None),
            ],
        };
        let r = tournament_report(&t);
        assert_eq!(r.name.as_deref(), Some("Spring Open"));
        assert_eq!(r.total_rounds, Some(3));
        assert_eq!(r.players[1].name, "ben");
        let outcomes: Vec<Vec<Outcome>> = r
            .players
            .iter()
            .map(|p| p.rounds.iter().map(|e| e.outcome).collect())
            .collect();
        assert_eq!(
            outcomes,
            vec![
                vec![Outcome::ForfeitLoss],
                vec![Outcome::ForfeitWin],
                vec![Outcome::PairingBye, Outcome::ZeroBye],
            ]
        );
        assert!(
            r.players[2]
                .rounds
                .get(1)
                .is_some_and(|e| e.opponent.is_none())
        );
        let text = trf::write(&r).expect("writes");
        assert!(text.starts_with("012 Spring Open\n"), "{text}");
        let back = trf::read(&text).expect("reads");
        assert_eq!(back.players.len(), 3);
        assert_eq!(back, r, "the file reads back as written");
    }
}
