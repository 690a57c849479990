//! How a game shows in a reply: its board with the buttons that fit, the record as text and
//! as a file, the replay and analysis link after the game, and the small replies every part
//! gives (refusals, notes put before a reply, notices of turns not yet shown).

use rand::Rng;
use rules::Annotation;
use rules::{Color, EndReason, Position, Role, Square, Variant};

use super::live::{Live, Slot};
use domain::messages::{ArchiveMsg, Message, NoticeMsg, Refusal, ViewMsg};
use domain::{Action, Board, Notice, Replay, Reply, Shown, StoreError, Tone};

/// The longest record shown as text; the attached file always has all of it.
const RECORD_TEXT_LIMIT: usize = 1500;
/// The longest game (in turns) given an animated replay: longer ones would take seconds.
pub const REPLAY_TURN_LIMIT: usize = 300;

/// A reply with the game's board seen from the side its channel sees it from
/// ([`Live::shown_side`]), the buttons that fit, and a mention of the player to move.
pub(crate) fn game_reply(live: &Live, messages: Vec<Message>) -> Reply {
    let mut reply = board_reply(live, live.shown_side(), messages);
    add_after_game(live, &mut reply);
    reply
}

/// A reply with the game's board seen from `orientation`, its buttons and mentions.
pub(crate) fn board_reply(live: &Live, orientation: Color, messages: Vec<Message>) -> Reply {
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
        board: Some(board_of(live, orientation)),
        tone: Some(tone),
        game: Some(live.row.id),
        actions,
        mentions,
        ..Reply::default()
    }
}

/// The board of a game's current position seen from `orientation`.
pub(crate) fn board_of(live: &Live, orientation: Color) -> Board {
    Board {
        position: live.game.position().clone(),
        last_turn: last_turn(&live.game),
        orientation,
        players: live.players(),
        chess960: live.game.chess960_number(),
        outcome: live.outcome(),
        faces: Some(live.faces()),
        arrows: Vec::new(),
        clocks: live.row.state.clocks,
    }
}

/// A game's last turn with the position it was played from, if it has one.
fn last_turn(game: &rules::Game) -> Option<(Position, rules::Turn)> {
    let ply = game.turns().len().checked_sub(1)?;
    Some((game.position_at(ply)?.clone(), *game.turns().get(ply)?))
}

/// The result reply of a game that has just ended gets its replay, its analysis link
/// and the rematch button (none of them for an aborted game).
pub(crate) fn add_after_game(live: &Live, reply: &mut Reply) {
    let Some(outcome) = live.outcome() else {
        return;
    };
    if outcome.reason == EndReason::Aborted {
        return;
    }
    add_replay(live, reply);
    if let Some(url) = rules::analysis_url(live.game.position()) {
        reply.messages.push(ArchiveMsg::Analysis { url }.into());
    }
    reply.actions.insert(0, Action::Rematch);
}

/// Attaches the game's animated replay (the game, which the presentation draws frame by
/// frame), or says why there is none.
pub(crate) fn add_replay(live: &Live, reply: &mut Reply) {
    let turns = live.game.turns().len();
    if turns > REPLAY_TURN_LIMIT {
        reply.messages.push(
            ArchiveMsg::ReplayTooLong {
                turns,
                limit: REPLAY_TURN_LIMIT,
            }
            .into(),
        );
        return;
    }
    reply
        .messages
        .push(ArchiveMsg::Replay { id: live.row.id }.into());
    reply.replay = Some(replay_of(live));
}

/// A game's replay, with the players' names, seen from the side its boards were.
fn replay_of(live: &Live) -> Replay {
    Replay {
        game: live.row.id,
        orientation: live.shown_side(),
        played: live.game.clone(),
        players: live.players(),
        outcome: live.outcome(),
        faces: Some(live.faces()),
        time: live.row.time,
        clocks: live.clocks.clone(),
    }
}

/// The record so far as text (numbered turns) and the whole record as a PGN-style file.
pub(crate) fn moves(slot: &Slot) -> Reply {
    let live = match shown_game(slot) {
        Ok(live) => live,
        Err(reply) => return *reply,
    };
    let shown = record_text(live);
    Reply {
        messages: vec![heading(live), shown, live.status().into()],
        files: vec![record_file(live)],
        game: Some(live.row.id),
        ..Reply::default()
    }
}

/// The position of the game in `slot`, for the caller alone: its FEN (and X-FEN where that
/// differs), the record so far, and in a variant with pushes those open to the side to move.
pub(crate) fn position(slot: &Slot) -> Reply {
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
pub(crate) fn shown_game(slot: &Slot) -> Result<&Live, Box<Reply>> {
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
pub(crate) fn record_file(live: &Live) -> (String, Vec<u8>) {
    let record = clocked_record(live, record_tags(live));
    (
        format!("nadare-game-{}.pgn", live.row.id),
        record.into_bytes(),
    )
}

/// The game's record with `tags`; on a clock, with its `TimeControl` tag (`180+2`) and
/// after each turn a `%clk` comment: the time its mover had left.
pub(crate) fn clocked_record(live: &Live, mut tags: Vec<(String, String)>) -> String {
    let Some(time) = live.row.time else {
        return live.game.to_record(&tags);
    };
    tags.push(("TimeControl".to_owned(), time.pgn()));
    let first = live.game.start().side_to_move();
    let notes: Vec<Annotation> = live
        .clocks
        .iter()
        .enumerate()
        .map(|(ply, clocks)| {
            let mover = if ply % 2 == 0 {
                first
            } else {
                first.opposite()
            };
            Annotation {
                ply,
                nag: None,
                comment: rules::clk_command(u64::try_from(clocks.of(mover)).unwrap_or(0)),
            }
        })
        .collect();
    live.game.to_annotated_record(&tags, &notes)
}

/// The UTC date of a Unix time in ms, as `YYYY-MM-DD`.
pub(crate) fn civil_date(ms: i64) -> String {
    let (y, m, d) = civil_from_days(ms.div_euclid(86_400_000));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The UTC calendar year of a Unix time in ms.
pub(crate) fn civil_year(ms: i64) -> i32 {
    i32::try_from(civil_from_days(ms.div_euclid(86_400_000)).0).unwrap_or(i32::MAX)
}

pub(crate) fn record_tags(live: &Live) -> Vec<(String, String)> {
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

/// The notice of what of a game was stored but not yet shown to its players before a
/// restart (its start, its turns, its result), if anything.
pub(crate) fn unannounced_notice(live: &Live) -> Option<Notice> {
    late_notice(live, live.announced, NoticeMsg::AnnouncedAfterRestart)
}

/// The notice of what of `live` was stored after what `shown` says was shown (`None`:
/// nothing, not even its start): its start then, its turns from then on, and its result,
/// announced after `why`, with the board, pinging the player to move; `None` when everything
/// was shown.
pub(crate) fn late_notice(live: &Live, shown: Option<Shown>, why: NoticeMsg) -> Option<Notice> {
    let mut messages = match shown {
        None => {
            let mut messages = vec![Message::Notice(why.clone()), live.started().into()];
            if let Some(turns) = live.unannounced(0, why) {
                messages.extend(turns.into_iter().skip(1));
            }
            messages
        }
        Some(shown) => match live.unannounced(shown.plies, why.clone()) {
            Some(turns) => turns,
            None if live.outcome().is_some() && !shown.over => vec![Message::Notice(why)],
            None => return None,
        },
    };
    messages.push(live.status().into());
    let mover = live.to_move();
    let mentions = match live.outcome() {
        None => vec![live.player(mover).id],
        Some(_) => Vec::new(),
    };
    Some(Notice {
        channel: live.row.channel,
        reply: Reply {
            messages,
            board: Some(board_of(live, live.shown_side())),
            shows: Some(live.shown()),
            game: Some(live.row.id),
            mentions,
            ..Reply::default()
        },
    })
}

/// `reply` stamped with how many turns of its game it shows, read from the game held in
/// `slot` while the reply was made (another game's reply, or none, is left unstamped).
pub(crate) fn stamped(slot: &Slot, mut reply: Reply) -> Reply {
    if let Slot::Game(live) = slot
        && reply.game == Some(live.row.id)
    {
        reply.shows = Some(live.shown());
    }
    reply
}

/// Puts an announcement that happened first (a timeout, an expiry) before a reply; the
/// result is public, since the announcement is news for everyone.
pub(crate) fn with_note(note: Option<Reply>, reply: Reply) -> Reply {
    match note {
        None => reply,
        Some(mut note) => {
            note.messages.extend(reply.messages);
            note.tells = note.tells.or(reply.tells);
            if note.board.is_none() {
                note.board = reply.board;
            }
            note.replay = reply.replay;
            note.files = reply.files;
            note
        }
    }
}

/// A refusal for anyone who is not playing.
pub(crate) fn not_a_player(live: &Live) -> Reply {
    Reply::private(Refusal::NotPlaying {
        players: live.players(),
    })
    .with_game(live.row.id)
}

/// A refusal for a game that has ended.
pub(crate) fn game_over(live: &Live) -> Reply {
    match live.outcome() {
        Some(outcome) => Reply::private(Refusal::GameOver(outcome)),
        None => Reply::private(Refusal::Misrouted),
    }
    .with_game(live.row.id)
}

/// An apology for a write that failed; nothing changed.
pub(crate) fn save_failed(error: &StoreError) -> Reply {
    if error.is_conflict() {
        return Reply::private(Refusal::Conflict);
    }
    Reply::private(Refusal::SaveFailed)
}

/// A Chess960 setup, numbered or drawn at random, shown with its board.
pub(crate) fn chess960(number: Option<u16>) -> Reply {
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
