//! A user's stored data as a file (`/mydata`): JSON in a versioned format, described in
//! `docs/privacy.md`. Ids are strings (Discord's ids do not fit the numbers many JSON readers
//! use), times are Unix milliseconds, and the words of the data are ids (`checkmate`,
//! `white`, `round-robin`), never sentences, so the file reads the same in every language.

use domain::Id;
use rules::Color;
use serde::Serialize;

use super::live::Live;
use super::replies::record_file;
use domain::{
    ChallengeEntry, GameId, PlayerRating, StoredGame, TournamentRecord, User, UserData, UserId,
};

/// The format's name, the first field of the file.
pub const FORMAT: &str = "nadare-user-data";

/// The format's version: raised whenever a field changes meaning or goes away (new fields
/// may be added within a version).
pub const VERSION: u32 = 1;

/// The name of the file of `user`'s data.
pub fn file_name(user: UserId) -> String {
    format!("nadare-data-{user}.json")
}

/// The file of `data`, exported at `now_ms`.
pub fn file(data: &UserData, now_ms: i64) -> (String, Vec<u8>) {
    let export = Export {
        format: FORMAT,
        version: VERSION,
        exported_ms: now_ms,
        user: data.user.to_string(),
        games: data.games.iter().map(|g| game(g, data.user)).collect(),
        unreadable_games: data
            .damaged
            .iter()
            .map(|d| Unreadable {
                id: d.id.to_string(),
                error: d.error.clone(),
            })
            .collect(),
        challenges: data.challenges.iter().map(challenge).collect(),
        ratings: data.ratings.iter().map(rating).collect(),
        rating_changes: data
            .rating_changes
            .iter()
            .map(|c| RatingChangeOut {
                game: c.game.to_string(),
                before: glicko(c.before),
                after: glicko(c.after),
            })
            .collect(),
        vacation: data.vacation.map(|v| VacationOut {
            started_ms: v.started_ms,
            ends_ms: v.ends_ms,
            year: v.year,
            days: v.days,
        }),
        vacation_days: data
            .vacation_days
            .iter()
            .map(|d| DaysOut {
                year: d.year,
                days_used: d.days_used,
            })
            .collect(),
        tournaments: data
            .tournaments
            .iter()
            .map(|t| tournament(t, data.user))
            .collect(),
    };
    // Plain structures with string keys: serialising them does not fail.
    let bytes = serde_json::to_vec_pretty(&export).unwrap_or_else(|e| {
        tracing::error!(error = %e, "could not write a user's data as JSON");
        Vec::new()
    });
    (file_name(data.user), bytes)
}

#[derive(Serialize)]
struct Export {
    format: &'static str,
    version: u32,
    exported_ms: i64,
    user: String,
    games: Vec<GameOut>,
    unreadable_games: Vec<Unreadable>,
    challenges: Vec<ChallengeOut>,
    ratings: Vec<RatingOut>,
    rating_changes: Vec<RatingChangeOut>,
    vacation: Option<VacationOut>,
    vacation_days: Vec<DaysOut>,
    tournaments: Vec<TournamentOut>,
}

#[derive(Serialize)]
struct UserOut {
    id: String,
    name: String,
}

fn person(user: &User) -> UserOut {
    UserOut {
        id: user.id.to_string(),
        name: user.name.clone(),
    }
}

fn color(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[derive(Serialize)]
struct GameOut {
    id: String,
    server: Option<String>,
    channel: String,
    variant: &'static str,
    chess960: Option<u16>,
    /// The start as FEN, for a game from a position a challenger gave.
    start_fen: Option<String>,
    white: UserOut,
    black: UserOut,
    /// The colours the user played (both in a game against themself).
    played: Vec<&'static str>,
    rated: bool,
    deadline_secs: Option<u64>,
    started_ms: i64,
    result: Option<ResultOut>,
    turns: Vec<String>,
    /// The record as `/moves` attaches it (PGN for standard chess and Chess960); none for a
    /// game that no longer replays.
    record: Option<String>,
}

#[derive(Serialize)]
struct ResultOut {
    score: &'static str,
    winner: Option<&'static str>,
    reason: &'static str,
    at_ms: i64,
}

fn game(stored: &StoredGame, user: UserId) -> GameOut {
    let row = &stored.row;
    let played = [(Color::White, &row.white), (Color::Black, &row.black)]
        .into_iter()
        .filter(|(_, u)| u.id == user)
        .map(|(c, _)| color(c))
        .collect();
    let record = Live::restore(stored.clone())
        .ok()
        .map(|live| String::from_utf8_lossy(&record_file(&live).1).into_owned());
    GameOut {
        id: row.id.to_string(),
        server: row.guild.map(|g| g.to_string()),
        channel: row.channel.to_string(),
        variant: row.variant.id(),
        chess960: row.chess960,
        start_fen: row.start_fen.clone(),
        white: person(&row.white),
        black: person(&row.black),
        played,
        rated: row.rated,
        deadline_secs: row.deadline.map(|d| d.as_secs()),
        started_ms: row.created_ms,
        result: row.state.finished.map(|f| ResultOut {
            score: f.outcome.result_str(),
            winner: f.outcome.winner.map(color),
            reason: f.outcome.reason.id(),
            at_ms: f.at_ms,
        }),
        turns: stored.turns.clone(),
        record,
    }
}

#[derive(Serialize)]
struct Unreadable {
    id: String,
    error: String,
}

#[derive(Serialize)]
struct ChallengeOut {
    id: String,
    server: Option<String>,
    channel: String,
    challenger: UserOut,
    opponent: Option<UserOut>,
    variant: &'static str,
    colour: &'static str,
    rated: bool,
    deadline_secs: Option<u64>,
    made_ms: i64,
    /// `open`, `accepted`, `declined`, `cancelled` or `expired`.
    status: &'static str,
}

fn challenge(entry: &ChallengeEntry) -> ChallengeOut {
    let c = &entry.challenge;
    ChallengeOut {
        id: c.id.to_string(),
        server: c.guild.map(|g| g.to_string()),
        channel: c.channel.to_string(),
        challenger: person(&c.challenger),
        opponent: c.opponent.as_ref().map(person),
        variant: c.variant.id(),
        colour: c.color.id(),
        rated: c.rated,
        deadline_secs: c.deadline.map(|d| d.as_secs()),
        made_ms: c.created_ms,
        status: entry.end.map_or("open", |e| e.id()),
    }
}

#[derive(Serialize)]
struct GlickoOut {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

fn glicko(g: domain::rating::Glicko) -> GlickoOut {
    GlickoOut {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    }
}

#[derive(Serialize)]
struct RatingOut {
    server: String,
    family: &'static str,
    /// The name they had in their latest rated game there.
    name: String,
    #[serde(flatten)]
    glicko: GlickoOut,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    updated_ms: i64,
}

fn rating(r: &PlayerRating) -> RatingOut {
    RatingOut {
        server: r.guild.to_string(),
        family: r.family.id(),
        name: r.user.name.clone(),
        glicko: glicko(r.glicko),
        games: r.games,
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        updated_ms: r.updated_ms,
    }
}

#[derive(Serialize)]
struct RatingChangeOut {
    game: String,
    before: GlickoOut,
    after: GlickoOut,
}

#[derive(Serialize)]
struct VacationOut {
    started_ms: i64,
    ends_ms: i64,
    year: i32,
    days: u32,
}

#[derive(Serialize)]
struct DaysOut {
    year: i32,
    days_used: u32,
}

#[derive(Serialize)]
struct TournamentOut {
    id: String,
    server: String,
    channel: String,
    name: String,
    variant: &'static str,
    format: &'static str,
    /// `open`, `running`, `finished` or `cancelled`.
    state: &'static str,
    created_ms: i64,
    /// Whether the user created it.
    created: bool,
    /// Their place among its players, if they joined it.
    entry: Option<EntryOut>,
    /// The boards they were paired on.
    boards: Vec<BoardOut>,
}

#[derive(Serialize)]
struct EntryOut {
    name: String,
    /// Their pairing number: the order they joined in.
    number: u32,
    withdrawn: bool,
}

#[derive(Serialize)]
struct BoardOut {
    round: u32,
    board: u32,
    /// `white`, `black`, or `bye`.
    played: &'static str,
    opponent: Option<UserOut>,
    game: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--` or `bye`; none while it is played.
    result: Option<&'static str>,
}

fn tournament(t: &TournamentRecord, user: UserId) -> TournamentOut {
    let boards = t
        .boards
        .iter()
        .filter_map(|b| {
            let black = b.black.as_ref();
            let (played, opponent) = if b.white.id == user {
                (if black.is_some() { "white" } else { "bye" }, black)
            } else if black.is_some_and(|u| u.id == user) {
                ("black", Some(&b.white))
            } else {
                return None;
            };
            Some(BoardOut {
                round: b.round,
                board: b.board,
                played,
                opponent: opponent.map(person),
                game: b.game.map(|g: GameId| g.to_string()),
                result: b.result.map(|r| r.id()),
            })
        })
        .collect();
    TournamentOut {
        id: t.id.to_string(),
        server: t.guild.to_string(),
        channel: t.channel.to_string(),
        name: t.name.clone(),
        variant: t.variant.id(),
        format: t.format.id(),
        state: t.state.id(),
        created_ms: t.created_ms,
        created: t.creator.id == user,
        entry: t
            .players
            .iter()
            .find(|p| p.user.id == user)
            .map(|p| EntryOut {
                name: p.user.name.clone(),
                number: p.seq,
                withdrawn: p.withdrawn,
            }),
        boards,
    }
}
