//! What anyone may look at: the board, the record, the games in a server, Chess960 setups;
//! and the board reply every turn gets.

use std::sync::Arc;

use rand::Rng;
use rules::{Color, Position, Role, Square, Variant};
use tokio::sync::Mutex;

use super::live::{Live, Slot};
use super::messages::Message;
use super::messages::{ChallengeLine, GameLine, Refusal, ViewMsg};
use super::play::default_orientation;
use super::{Action, Board, ChannelId, GameService, Origin, Reply, SlotGuard, Tone};

/// The longest record shown as text; the attached file always has all of it.
const RECORD_TEXT_LIMIT: usize = 1500;
/// The most games `games` lists.
const GAMES_LIMIT: usize = 25;

impl GameService {
    /// A reply with the game's board seen from `orientation`, the buttons that fit, and a
    /// mention of the player to move.
    pub(super) async fn game_reply(
        &self,
        live: &Live,
        orientation: Color,
        messages: Vec<Message>,
    ) -> Reply {
        let mut reply = Self::board_reply(live, orientation, messages);
        Self::add_after_game(live, &mut reply);
        reply
    }

    /// A reply with the game's board seen from `orientation`, its buttons and mentions.
    fn board_reply(live: &Live, orientation: Color, messages: Vec<Message>) -> Reply {
        let mut actions = Vec::new();
        let mut mentions = Vec::new();
        if live.outcome().is_none() {
            if live.game.position().pending_promotion().is_some() {
                actions.extend(Role::PROMOTIONS.map(Action::Promote));
            }
            actions.extend([Action::Resign, Action::OfferDraw]);
            if !live.is_solo() {
                mentions.push(live.player(live.to_move()).id);
            }
        }
        actions.push(Action::Flip);
        let tone = match live.outcome() {
            None => Tone::ToMove(live.to_move()),
            Some(outcome) => outcome.winner.map_or(Tone::Drawn, Tone::Won),
        };
        Reply {
            messages,
            board: Some(Self::board_of(live, orientation)),
            tone: Some(tone),
            game: Some(live.row.id),
            actions,
            mentions,
            ..Reply::default()
        }
    }

    pub(super) fn board(origin: &Origin, guard: &SlotGuard, flip: bool) -> Reply {
        let live = match &**guard {
            Slot::Game(live) => live,
            Slot::Challenge(c) => {
                return Reply::private(Refusal::NotStarted {
                    challenger: c.challenger.name.clone(),
                });
            }
            Slot::Free | Slot::Retired => return Reply::private(Refusal::NoGame),
        };
        let mut orientation = default_orientation(live, origin.user.id);
        if flip {
            orientation = orientation.opposite();
        }
        let moved = live.game.turns().len();
        let last = live
            .game
            .notations()
            .last()
            .map(|n| live.ply(moved.saturating_sub(1), n));
        let heading = ViewMsg::Game {
            players: live.players(),
            kind: live.kind(),
            last,
        };
        let messages = vec![heading.into(), live.status().into()];
        let mut reply = Self::board_reply(live, orientation, messages);
        reply.mentions.clear();
        reply.private = flip;
        reply
    }

    pub(super) async fn games(&self, origin: &Origin) -> Reply {
        let all: Vec<(ChannelId, Arc<Mutex<Slot>>)> = self
            .shared
            .slots
            .iter()
            .map(|e| (*e.key(), e.value().clone()))
            .collect();
        // In a server: its games. Outside any server: only the caller's own games.
        let visible = |guild: Option<u64>, players: &[u64]| match origin.guild {
            Some(g) => guild == Some(g),
            None => guild.is_none() && players.contains(&origin.user.id),
        };
        let mut games = Vec::new();
        let mut challenges = Vec::new();
        for (channel, slot) in all {
            let guard = slot.lock().await;
            match &*guard {
                Slot::Game(live)
                    if live.outcome().is_none()
                        && visible(live.row.guild, &[live.row.white.id, live.row.black.id]) =>
                {
                    games.push(GameLine {
                        id: live.row.id,
                        players: live.players(),
                        kind: live.kind(),
                        move_number: live.game.position().fullmove_number(),
                        to_move: live.player(live.to_move()).name.clone(),
                        channel,
                    });
                }
                Slot::Challenge(c)
                    if visible(
                        c.guild,
                        &[c.challenger.id, c.opponent.as_ref().map_or(0, |o| o.id)],
                    ) =>
                {
                    challenges.push(ChallengeLine {
                        id: c.id,
                        challenger: c.challenger.name.clone(),
                        opponent: c.opponent.as_ref().map(|o| o.name.clone()),
                        variant: c.variant,
                        channel,
                    });
                }
                _ => {}
            }
        }
        if games.is_empty() && challenges.is_empty() {
            return Reply::public(ViewMsg::NoGames);
        }
        games.sort_by_key(|g| g.id);
        challenges.sort_by_key(|c| c.id);
        let more = games.len().saturating_sub(GAMES_LIMIT);
        games.truncate(GAMES_LIMIT);
        challenges.truncate(GAMES_LIMIT);
        Reply::public(ViewMsg::Games {
            games,
            more,
            challenges,
        })
    }

    pub(super) fn chess960(number: Option<u16>) -> Reply {
        let n = number.unwrap_or_else(|| rand::rng().random_range(0..960));
        let position = match Position::new_game(Variant::Chess960, Some(n)) {
            Ok(p) => p,
            Err(e) => return Reply::private(Refusal::BadSetup(e)),
        };
        let back_rank = rules::chess960::back_rank_string(n).unwrap_or_default();
        Reply {
            messages: vec![
                ViewMsg::Chess960Setup {
                    number: n,
                    back_rank,
                    fen: position.to_fen(),
                }
                .into(),
            ],
            board: Some(Board {
                chess960: Some(n),
                ..Board::of_position(position)
            }),
            ..Reply::default()
        }
    }
}

/// The record so far as text (numbered turns) and the whole record as a PGN-style file.
pub(super) fn moves(slot: &Slot) -> Reply {
    let live = match shown_game(slot) {
        Ok(live) => live,
        Err(reply) => return *reply,
    };
    let shown = record_text(live);
    Reply {
        messages: vec![
            heading(live),
            shown,
            live.status().into(),
        ],
        files: vec![record_file(live)],
        game: Some(live.row.id),
        ..Reply::default()
    }
}

/// The position of the game in `slot`, for the caller alone: its FEN (and X-FEN where that
/// differs), the record so far, and in a variant with pushes those open to the side to move.
pub(super) fn position(slot: &Slot) -> Reply {
    let live = match shown_game(slot) {
        Ok(live) => live,
        Err(reply) => return *reply,
    };
    let position = live.game.position();
    let (fen, xfen) = (position.to_fen(), position.to_xfen());
    let goes_on = live.outcome().is_none();
    let pushes = (goes_on && position.variant().rules().push).then(|| {
        let mut to: Vec<Square> = position
            .legal_turns()
            .iter()
            .filter_map(|turn| turn.push.map(|push| push.to))
            .collect();
        to.sort_by_key(|sq| (sq.file(), sq.rank()));
        to.dedup();
        (position.side_to_move(), to)
    });
    Reply {
        messages: vec![
            heading(live),
            ViewMsg::Position {
                xfen: (xfen != fen).then_some(xfen),
                fen,
                pushes,
            }
            .into(),
            record_text(live),
        ],
        files: vec![record_file(live)],
        private: true,
        game: Some(live.row.id),
        ..Reply::default()
    }
}

/// The heading of what is shown of `live`: its players and what they play.
fn heading(live: &Live) -> Message {
    ViewMsg::Game {
        players: live.players(),
        kind: live.kind(),
        last: None,
    }
    .into()
}

/// The game in `slot`, or the reply saying there is none yet (a challenge) or none at all.
fn shown_game(slot: &Slot) -> Result<&Live, Box<Reply>> {
    match slot {
        Slot::Game(live) => Ok(live),
        Slot::Challenge(c) => Err(Box::new(Reply::private(Refusal::NotStarted {
            challenger: c.challenger.name.clone(),
        }))),
        Slot::Free | Slot::Retired => Err(Box::new(Reply::private(Refusal::NoGame))),
    }
}

/// The record of `live` so far as text, in numbered turns: its end alone when it is long.
fn record_text(live: &Live) -> Message {
    let mut record = String::new();
    for (i, notation) in live.game.notations().iter().enumerate() {
        let ply = live.ply(i, notation);
        match ply.mover {
            Color::Black if i > 0 => record.push_str(&format!("{notation} ")),
            Color::Black => record.push_str(&format!("{}... {notation} ", ply.number)),
            Color::White => record.push_str(&format!("{}. {notation} ", ply.number)),
        }
    }
    let record = record.trim_end();
    if record.is_empty() {
        ViewMsg::NoTurnsYet.into()
    } else if record.len() > RECORD_TEXT_LIMIT {
        let from = record.len() - RECORD_TEXT_LIMIT;
        let tail = record
            .char_indices()
            .find(|(i, _)| *i >= from)
            .and_then(|(i, _)| record.get(i..))
            .unwrap_or(record);
        let tail = tail.split_once(' ').map_or(tail, |(_, t)| t);
        ViewMsg::Record {
            record: tail.to_owned(),
            clipped: true,
        }
        .into()
    } else {
        ViewMsg::Record {
            record: record.to_owned(),
            clipped: false,
        }
        .into()
    }
}

/// The game's record as a file: PGN for standard chess and Chess960, nadare's own record (in
/// PGN's form) for the Avalanche family.
pub(super) fn record_file(live: &Live) -> (String, Vec<u8>) {
    let record = live.game.to_record(&record_tags(live));
    (
        format!("nadare-game-{}.pgn", live.row.id),
        record.into_bytes(),
    )
}

/// The UTC date of a Unix time in ms, as `YYYY-MM-DD`.
pub(super) fn civil_date(ms: i64) -> String {
    let (y, m, d) = civil_from_days(ms.div_euclid(86_400_000));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The UTC calendar year of a Unix time in ms.
pub(super) fn civil_year(ms: i64) -> i32 {
    i32::try_from(civil_from_days(ms.div_euclid(86_400_000)).0).unwrap_or(i32::MAX)
}

pub(super) fn record_tags(live: &Live) -> Vec<(String, String)> {
    let date = civil_date(live.row.created_ms).replace('-', ".");
    vec![
        ("Event".into(), format!("nadare game {}", live.row.id)),
        ("Site".into(), "nadare".into()),
        ("Date".into(), date),
        ("White".into(), live.row.white.name.clone()),
        ("Black".into(), live.row.black.name.clone()),
    ]
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn dates_follow_the_calendar() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
