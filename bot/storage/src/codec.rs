//! The stored form of challenges and games, shared by both backends: plain column values on
//! one side, the service's records on the other. Each backend only moves these values in and
//! out of its own rows, so SQLite and PostgreSQL store exactly the same thing.

use domain::Id;
use domain::timing::{Clocks, TimeControl};
use std::time::Duration;

use rules::{Color, EndReason, Outcome, Variant};

use crate::sql::{Columns, SqlValue};
use domain::{
    ChallengeEnd, ChallengeRecord, ColorChoice, Finished, GameId, GameRecord, GameState,
    SetupChoice, Shown, StoreError, User,
};

/// The columns of `challenges` as stored, in [`CHALLENGE_COLUMNS`] order.
#[derive(Clone, Debug)]
pub(crate) struct RawChallenge {
    pub id: i64,
    pub guild_id: Option<i64>,
    pub channel_id: i64,
    pub challenger_id: i64,
    pub challenger_name: String,
    pub opponent_id: Option<i64>,
    pub opponent_name: Option<String>,
    pub variant: String,
    pub setup: String,
    pub color: String,
    pub deadline_secs: Option<i64>,
    pub created_ms: i64,
    pub expires_ms: i64,
    pub status: String,
    pub rated: i64,
    pub time_control: Option<String>,
}

/// The columns of `challenges`, in [`RawChallenge`] order.
pub(crate) const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, \
    challenger_name, opponent_id, opponent_name, variant, setup, color, deadline_secs, \
    created_ms, expires_ms, status, rated, time_control";

/// The columns of `games` as stored, in [`GAME_COLUMNS`] order.
#[derive(Clone, Debug)]
pub(crate) struct RawGame {
    pub id: i64,
    pub guild_id: Option<i64>,
    pub channel_id: i64,
    pub variant: String,
    pub chess960: Option<i64>,
    pub white_id: i64,
    pub white_name: String,
    pub black_id: i64,
    pub black_name: String,
    pub deadline_secs: Option<i64>,
    pub created_ms: i64,
    pub state: RawState,
    pub rated: i64,
    pub start_fen: Option<String>,
    pub time_control: Option<String>,
}

/// The changing columns of `games`, in [`GAME_COLUMNS`] order.
#[derive(Clone, Debug)]
pub(crate) struct RawState {
    pub turn_started_ms: i64,
    pub reminded: i64,
    pub draw_offer: Option<String>,
    pub takeback: Option<String>,
    pub pending: Option<String>,
    pub status: String,
    pub winner: Option<String>,
    pub end_reason: Option<String>,
    pub finished_ms: Option<i64>,
    pub revision: i64,
    pub clock_white_ms: Option<i64>,
    pub clock_black_ms: Option<i64>,
    pub berserk: String,
}

/// The fixed columns of `games`, then the changing ones ([`RawState`]), then `rated`,
/// `start_fen` and `time_control`: in [`RawGame`] order.
pub(crate) const GAME_COLUMNS: &str = "id, guild_id, channel_id, variant, chess960, white_id, \
    white_name, black_id, black_name, deadline_secs, created_ms, turn_started_ms, reminded, \
    draw_offer, takeback, pending, status, winner, end_reason, finished_ms, revision, \
    clock_white_ms, clock_black_ms, berserk, rated, start_fen, time_control";

/// How many columns [`GAME_COLUMNS`] names: what a query selects after them starts here.
pub(crate) const GAME_COLUMN_COUNT: usize = 27;

/// The SQL condition on `guild_id` selecting the servers of shards `first..=last` of `total`
/// by Discord's formula (direct messages are shard 0), with the three values as `?1`, `?2`,
/// `?3` ([`shard_values`]); a `total` of 0 selects everything. The casts tell PostgreSQL the
/// placeholders' types.
pub(crate) const SHARD_CONDITION: &str = "(CAST(?1 AS BIGINT) = 0 OR (CASE WHEN guild_id IS NULL \
    THEN 0 ELSE (guild_id >> 22) % CAST(?1 AS BIGINT) END) \
    BETWEEN CAST(?2 AS BIGINT) AND CAST(?3 AS BIGINT))";

/// The values of [`SHARD_CONDITION`].
pub(crate) fn shard_values(shards: domain::ShardSet) -> Vec<SqlValue> {
    let (total, first, last) = match shards {
        domain::ShardSet::All => (0, 0, 0),
        domain::ShardSet::Range { first, last, total } => (total, first, last),
    };
    vec![total.into(), first.into(), last.into()]
}

impl RawChallenge {
    /// The values of [`CHALLENGE_COLUMNS`].
    pub fn values(self) -> Vec<SqlValue> {
        let c = self;
        vec![
            c.id.into(),
            c.guild_id.into(),
            c.channel_id.into(),
            c.challenger_id.into(),
            c.challenger_name.into(),
            c.opponent_id.into(),
            c.opponent_name.into(),
            c.variant.into(),
            c.setup.into(),
            c.color.into(),
            c.deadline_secs.into(),
            c.created_ms.into(),
            c.expires_ms.into(),
            c.status.into(),
            c.rated.into(),
            c.time_control.into(),
        ]
    }

    /// A row of [`CHALLENGE_COLUMNS`].
    pub fn read(r: &dyn Columns) -> Result<RawChallenge, StoreError> {
        Ok(RawChallenge {
            id: r.int(0)?,
            guild_id: r.opt_int(1)?,
            channel_id: r.int(2)?,
            challenger_id: r.int(3)?,
            challenger_name: r.text(4)?,
            opponent_id: r.opt_int(5)?,
            opponent_name: r.opt_text(6)?,
            variant: r.text(7)?,
            setup: r.text(8)?,
            color: r.text(9)?,
            deadline_secs: r.opt_int(10)?,
            created_ms: r.int(11)?,
            expires_ms: r.int(12)?,
            status: r.text(13)?,
            rated: r.int(14)?,
            time_control: r.opt_text(15)?,
        })
    }

    /// The stored form of `c`, with its status.
    pub fn from_record(c: &ChallengeRecord, end: Option<ChallengeEnd>) -> Result<Self, StoreError> {
        Ok(RawChallenge {
            id: id_in(c.id)?,
            guild_id: c.guild.map(id_in).transpose()?,
            channel_id: id_in(c.channel)?,
            challenger_id: id_in(c.challenger.id)?,
            challenger_name: c.challenger.name.clone(),
            opponent_id: c.opponent.as_ref().map(|u| id_in(u.id)).transpose()?,
            opponent_name: c.opponent.as_ref().map(|u| u.name.clone()),
            variant: c.variant.id().to_string(),
            setup: setup_out(c.setup.as_ref()),
            color: c.color.id().to_string(),
            deadline_secs: c.deadline.map(secs_out),
            created_ms: c.created_ms,
            expires_ms: c.expires_ms,
            status: end.map_or("open", ChallengeEnd::id).to_string(),
            rated: i64::from(c.rated),
            time_control: c.time.map(time_out),
        })
    }

    /// The record, and how it ended (`None` while open).
    pub fn into_record(self) -> Result<(ChallengeRecord, Option<ChallengeEnd>), StoreError> {
        let t = "challenges";
        let opponent = match (self.opponent_id, self.opponent_name) {
            (Some(id), Some(name)) => Some(User {
                id: id_out(id, t, "opponent_id")?,
                name,
            }),
            _ => None,
        };
        let end = match self.status.as_str() {
            "open" => None,
            "accepted" => Some(ChallengeEnd::Accepted),
            "declined" => Some(ChallengeEnd::Declined),
            "cancelled" => Some(ChallengeEnd::Cancelled),
            "expired" => Some(ChallengeEnd::Expired),
            _ => return Err(bad(t, "status", self.status)),
        };
        let record = ChallengeRecord {
            id: id_out(self.id, t, "id")?,
            guild: self
                .guild_id
                .map(|g| id_out(g, t, "guild_id"))
                .transpose()?,
            channel: id_out(self.channel_id, t, "channel_id")?,
            challenger: User {
                id: id_out(self.challenger_id, t, "challenger_id")?,
                name: self.challenger_name,
            },
            opponent,
            variant: variant_in(self.variant, t)?,
            setup: setup_in(&self.setup)?,
            color: ColorChoice::from_id(&self.color).ok_or_else(|| bad(t, "color", self.color))?,
            deadline: secs_in(self.deadline_secs),
            time: time_in(self.time_control, t)?,
            created_ms: self.created_ms,
            expires_ms: self.expires_ms,
            rated: self.rated != 0,
        };
        Ok((record, end))
    }
}

impl RawGame {
    /// The values of [`GAME_COLUMNS`].
    pub fn values(self) -> Vec<SqlValue> {
        let g = self;
        let mut values = vec![
            g.id.into(),
            g.guild_id.into(),
            g.channel_id.into(),
            g.variant.into(),
            g.chess960.into(),
            g.white_id.into(),
            g.white_name.into(),
            g.black_id.into(),
            g.black_name.into(),
            g.deadline_secs.into(),
            g.created_ms.into(),
        ];
        values.extend(g.state.values());
        values.push(g.rated.into());
        values.push(g.start_fen.into());
        values.push(g.time_control.into());
        values
    }

    /// A row starting with [`GAME_COLUMNS`].
    pub fn read(r: &dyn Columns) -> Result<RawGame, StoreError> {
        Ok(RawGame {
            id: r.int(0)?,
            guild_id: r.opt_int(1)?,
            channel_id: r.int(2)?,
            variant: r.text(3)?,
            chess960: r.opt_int(4)?,
            white_id: r.int(5)?,
            white_name: r.text(6)?,
            black_id: r.int(7)?,
            black_name: r.text(8)?,
            deadline_secs: r.opt_int(9)?,
            created_ms: r.int(10)?,
            state: RawState {
                turn_started_ms: r.int(11)?,
                reminded: r.int(12)?,
                draw_offer: r.opt_text(13)?,
                takeback: r.opt_text(14)?,
                pending: r.opt_text(15)?,
                status: r.text(16)?,
                winner: r.opt_text(17)?,
                end_reason: r.opt_text(18)?,
                finished_ms: r.opt_int(19)?,
                revision: r.int(20)?,
                clock_white_ms: r.opt_int(21)?,
                clock_black_ms: r.opt_int(22)?,
                berserk: r.text(23)?,
            },
            rated: r.int(24)?,
            start_fen: r.opt_text(25)?,
            time_control: r.opt_text(26)?,
        })
    }

    /// The stored form of `g`.
    pub fn from_record(g: &GameRecord) -> Result<Self, StoreError> {
        Ok(RawGame {
            id: id_in(g.id)?,
            guild_id: g.guild.map(id_in).transpose()?,
            channel_id: id_in(g.channel)?,
            variant: g.variant.id().to_string(),
            chess960: g.chess960.map(i64::from),
            white_id: id_in(g.white.id)?,
            white_name: g.white.name.clone(),
            black_id: id_in(g.black.id)?,
            black_name: g.black.name.clone(),
            deadline_secs: g.deadline.map(secs_out),
            created_ms: g.created_ms,
            state: RawState::from_state(&g.state)?,
            rated: i64::from(g.rated),
            start_fen: g.start_fen.clone(),
            time_control: g.time.map(time_out),
        })
    }

    /// The record.
    pub fn into_record(self) -> Result<GameRecord, StoreError> {
        let t = "games";
        Ok(GameRecord {
            id: id_out(self.id, t, "id")?,
            guild: self
                .guild_id
                .map(|g| id_out(g, t, "guild_id"))
                .transpose()?,
            channel: id_out(self.channel_id, t, "channel_id")?,
            variant: variant_in(self.variant, t)?,
            chess960: self
                .chess960
                .map(|n| u16::try_from(n).map_err(|_| bad(t, "chess960", n.to_string())))
                .transpose()?,
            start_fen: self.start_fen,
            white: User {
                id: id_out(self.white_id, t, "white_id")?,
                name: self.white_name,
            },
            black: User {
                id: id_out(self.black_id, t, "black_id")?,
                name: self.black_name,
            },
            deadline: secs_in(self.deadline_secs),
            time: time_in(self.time_control, t)?,
            created_ms: self.created_ms,
            rated: self.rated != 0,
            state: self.state.into_state()?,
        })
    }
}

impl RawState {
    /// The values of the changing columns, in [`GAME_COLUMNS`] order.
    pub fn values(self) -> [SqlValue; 13] {
        [
            self.turn_started_ms.into(),
            self.reminded.into(),
            self.draw_offer.into(),
            self.takeback.into(),
            self.pending.into(),
            self.status.into(),
            self.winner.into(),
            self.end_reason.into(),
            self.finished_ms.into(),
            self.revision.into(),
            self.clock_white_ms.into(),
            self.clock_black_ms.into(),
            self.berserk.into(),
        ]
    }

    /// The stored form of `s`.
    pub fn from_state(s: &GameState) -> Result<Self, StoreError> {
        Ok(RawState {
            turn_started_ms: s.turn_started_ms,
            reminded: i64::from(s.reminded),
            draw_offer: s.draw_offer.map(|c| color_out(c).to_string()),
            takeback: s.takeback.map(|c| color_out(c).to_string()),
            pending: s.pending.clone(),
            status: if s.finished.is_some() {
                "finished"
            } else {
                "active"
            }
            .to_string(),
            winner: s.finished.map(|f| winner_out(f.outcome.winner).to_string()),
            end_reason: s.finished.map(|f| f.outcome.reason.id().to_string()),
            finished_ms: s.finished.map(|f| f.at_ms),
            revision: i64::try_from(s.revision)
                .map_err(|_| StoreError::Backend(format!("revision {} too large", s.revision)))?,
            clock_white_ms: s.clocks.map(|c| c.white_ms),
            clock_black_ms: s.clocks.map(|c| c.black_ms),
            berserk: sides_out(s.berserk),
        })
    }

    /// The state.
    pub fn into_state(self) -> Result<GameState, StoreError> {
        let t = "games";
        let finished = match (self.winner, self.end_reason, self.finished_ms) {
            (Some(winner), Some(reason), Some(at_ms)) => Some(Finished {
                outcome: Outcome {
                    winner: winner_in(&winner)?,
                    reason: EndReason::from_id(&reason)
                        .ok_or_else(|| bad(t, "end_reason", reason.clone()))?,
                },
                at_ms,
            }),
            _ => None,
        };
        Ok(GameState {
            turn_started_ms: self.turn_started_ms,
            reminded: self.reminded != 0,
            draw_offer: self
                .draw_offer
                .map(|c| color_in(&c, "draw_offer"))
                .transpose()?,
            takeback: self
                .takeback
                .map(|c| color_in(&c, "takeback"))
                .transpose()?,
            pending: self.pending,
            finished,
            revision: u64::try_from(self.revision)
                .map_err(|_| bad(t, "revision", self.revision.to_string()))?,
            clocks: clocks_in(self.clock_white_ms, self.clock_black_ms),
            berserk: sides_in(&self.berserk, t)?,
        })
    }
}

pub(crate) fn bad(
    table: &'static str,
    column: &'static str,
    value: impl Into<String>,
) -> StoreError {
    StoreError::BadValue {
        table,
        column,
        value: value.into(),
    }
}

/// An id as the database's signed 64-bit integer.
pub(crate) fn id_in(id: GameId) -> Result<i64, StoreError> {
    i64::try_from(id).map_err(|_| StoreError::Backend(format!("the id {id} is too large to store")))
}

/// A stored id back as the service's.
pub(crate) fn id_out(
    id: i64,
    table: &'static str,
    column: &'static str,
) -> Result<u64, StoreError> {
    u64::try_from(id).map_err(|_| bad(table, column, id.to_string()))
}

/// The `announced_plies` and `announced_over` columns back as what was shown (plies NULL:
/// the front keeps no count).
pub(crate) fn announced_out(plies: Option<i64>, over: i64) -> Result<Option<Shown>, StoreError> {
    plies
        .map(|n| {
            let plies =
                usize::try_from(n).map_err(|_| bad("games", "announced_plies", n.to_string()))?;
            Ok(Shown {
                plies,
                over: over != 0,
            })
        })
        .transpose()
}

/// A ply number as stored.
pub(crate) fn ply_in(ply: usize) -> Result<i64, StoreError> {
    i32::try_from(ply)
        .map(i64::from)
        .map_err(|_| StoreError::Backend(format!("ply {ply} is too large to store")))
}

fn secs_out(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

/// A time control as stored: base and increment in milliseconds, `180000+2000`.
pub(crate) fn time_out(time: TimeControl) -> String {
    format!("{}+{}", time.base_ms(), time.increment_ms())
}

/// A stored time control back ([`time_out`]).
pub(crate) fn time_in(
    text: Option<String>,
    table: &'static str,
) -> Result<Option<TimeControl>, StoreError> {
    let Some(text) = text else {
        return Ok(None);
    };
    let ms = |part: &str| part.parse::<u64>().ok().map(Duration::from_millis);
    match text.split_once('+').map(|(b, i)| (ms(b), ms(i))) {
        Some((Some(base), Some(increment))) => Ok(Some(TimeControl { base, increment })),
        _ => Err(bad(table, "time_control", text)),
    }
}

/// Which of White and Black something is true of, as stored: `w`, `b`, `wb` or empty.
pub(crate) fn sides_out(sides: [bool; 2]) -> String {
    let [white, black] = sides;
    [(white, 'w'), (black, 'b')]
        .into_iter()
        .filter(|&(yes, _)| yes)
        .map(|(_, c)| c)
        .collect()
}

/// Sides as stored back ([`sides_out`]).
pub(crate) fn sides_in(text: &str, table: &'static str) -> Result<[bool; 2], StoreError> {
    match text {
        "" => Ok([false, false]),
        "w" => Ok([true, false]),
        "b" => Ok([false, true]),
        "wb" => Ok([true, true]),
        _ => Err(bad(table, "berserk", text)),
    }
}

/// Both remaining times as stored, when both are.
pub(crate) fn clocks_in(white_ms: Option<i64>, black_ms: Option<i64>) -> Option<Clocks> {
    Some(Clocks {
        white_ms: white_ms?,
        black_ms: black_ms?,
    })
}

fn secs_in(secs: Option<i64>) -> Option<Duration> {
    secs.and_then(|s| u64::try_from(s).ok())
        .map(Duration::from_secs)
}

fn variant_in(id: String, table: &'static str) -> Result<Variant, StoreError> {
    id.parse().map_err(|_| bad(table, "variant", id))
}

/// A position is stored as `fen ` and its FEN; a setup as its number, `random` or `none`.
const FEN_PREFIX: &str = "fen ";

fn setup_out(setup: Option<&SetupChoice>) -> String {
    match setup {
        None => "none".to_string(),
        Some(SetupChoice::Random) => "random".to_string(),
        Some(SetupChoice::Number(n)) => n.to_string(),
        Some(SetupChoice::Position(fen)) => format!("{FEN_PREFIX}{fen}"),
    }
}

fn setup_in(s: &str) -> Result<Option<SetupChoice>, StoreError> {
    if let Some(fen) = s.strip_prefix(FEN_PREFIX) {
        return Ok(Some(SetupChoice::Position(fen.to_string())));
    }
    match s {
        "none" => Ok(None),
        "random" => Ok(Some(SetupChoice::Random)),
        n => n
            .parse()
            .map(|n| Some(SetupChoice::Number(n)))
            .map_err(|_| bad("challenges", "setup", s)),
    }
}

fn color_out(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn color_in(s: &str, column: &'static str) -> Result<Color, StoreError> {
    match s {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(bad("games", column, s)),
    }
}

fn winner_out(w: Option<Color>) -> &'static str {
    w.map(color_out).unwrap_or("none")
}

fn winner_in(s: &str) -> Result<Option<Color>, StoreError> {
    match s {
        "none" => Ok(None),
        c => color_in(c, "winner").map(Some),
    }
}
