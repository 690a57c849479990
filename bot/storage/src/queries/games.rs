//! Challenges, games and turns: the statements writing them, the queries loading them, and
//! how loaded rows become [`StoredGame`]s (or [`DamagedGame`]s, set aside).

use domain::Id;
use domain::{
    ChallengeEnd, ChallengeEntry, ChallengeRecord, ChannelId, DamagedGame, GameId, GameRecord,
    GameState, ShardSet, Shown, StoreError, StoredGame, UserId,
};

use crate::codec::{
    CHALLENGE_COLUMNS, GAME_COLUMN_COUNT, GAME_COLUMNS, RawChallenge, RawGame, RawState,
    SHARD_CONDITION, announced_out, clocks_in, id_in, id_out, ply_in, shard_values,
};
use crate::sql::{Columns, SqlValue, Step};
use domain::timing::Clocks;

/// Hands out the next id, returning it.
pub(crate) const NEXT_ID: &str = "UPDATE ids SET next_id = next_id + 1 RETURNING next_id - 1";

/// The error when the id counter has no row (a database not made by nadare's migrations).
pub(crate) fn no_id() -> StoreError {
    StoreError::Backend("the table `ids` holds no row".to_string())
}

/// A challenge's status (a retried write checking what its first attempt did).
pub(crate) const CHALLENGE_STATUS: &str = "SELECT status FROM challenges WHERE id = ?1";

/// Whether a challenge is stored.
pub(crate) const CHALLENGE_EXISTS: &str = "SELECT 1 FROM challenges WHERE id = ?1";

/// Whether a game is stored.
pub(crate) const GAME_EXISTS: &str = "SELECT 1 FROM games WHERE id = ?1";

/// A game's stored revision.
pub(crate) const GAME_REVISION: &str = "SELECT revision FROM games WHERE id = ?1";

const INSERT_CHALLENGE: &str = "INSERT INTO challenges (id, guild_id, channel_id, \
    challenger_id, challenger_name, opponent_id, opponent_name, variant, setup, color, \
    deadline_secs, created_ms, expires_ms, status, rated, time_control)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)";

/// Closes a challenge that must be open; ?3 is 1 when its end is owed to its players (a
/// lapse), until marked shown.
const CLOSE_CHALLENGE: &str =
    "UPDATE challenges SET status = ?2, unannounced_end = ?3 WHERE id = ?1 AND status = 'open'";

/// Marks a challenge's lapse shown.
const LAPSE_SHOWN: &str = "UPDATE challenges SET unannounced_end = 0 WHERE id = ?1";

const INSERT_GAME: &str = "INSERT INTO games (id, guild_id, channel_id, variant, chess960, \
    white_id, white_name, black_id, black_name, deadline_secs, created_ms, turn_started_ms, \
    reminded, draw_offer, takeback, pending, status, winner, end_reason, finished_ms, revision, \
    clock_white_ms, clock_black_ms, berserk, rated, start_fen, time_control)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
        ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27)";

const UPDATE_STATE: &str = "UPDATE games SET turn_started_ms = ?2, reminded = ?3, \
    draw_offer = ?4, takeback = ?5, pending = ?6, status = ?7, winner = ?8, end_reason = ?9, \
    finished_ms = ?10, revision = CAST(?11 AS BIGINT), clock_white_ms = ?12, \
    clock_black_ms = ?13, berserk = ?14
    WHERE id = ?1 AND revision = CAST(?11 AS BIGINT) - 1";

const INSERT_TURN: &str =
    "INSERT INTO turns (game_id, ply, notation, white_ms, black_ms) VALUES (?1, ?2, ?3, ?4, ?5)";

const DELETE_TURNS_FROM: &str = "DELETE FROM turns WHERE game_id = ?1 AND ply >= ?2";

const ANNOUNCE: &str = "UPDATE games SET announced_plies = ?2, announced_over = ?3 WHERE id = ?1";

/// The id a challenge or game binds.
pub(crate) fn id_value(id: GameId) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(id)?.into()])
}

/// The statement storing a challenge, open or (`end`) closed.
pub(crate) fn insert_challenge(
    c: &ChallengeRecord,
    end: Option<ChallengeEnd>,
) -> Result<Step, StoreError> {
    Ok(Step::new(
        INSERT_CHALLENGE,
        RawChallenge::from_record(c, end)?.values(),
    ))
}

/// The statement closing a challenge that must still be open.
pub(crate) fn close_challenge(id: GameId, end: ChallengeEnd) -> Result<Step, StoreError> {
    Ok(Step::one(
        CLOSE_CHALLENGE,
        vec![
            id_in(id)?.into(),
            end.id().into(),
            i64::from(end == ChallengeEnd::Expired).into(),
        ],
        "challenge",
        id,
    ))
}

/// The statement marking a challenge's lapse shown.
pub(crate) fn lapse_shown(id: GameId) -> Result<Step, StoreError> {
    Ok(Step::new(LAPSE_SHOWN, id_value(id)?))
}

/// The statement storing a game's row.
pub(crate) fn insert_game(g: &GameRecord) -> Result<Step, StoreError> {
    Ok(Step::new(INSERT_GAME, RawGame::from_record(g)?.values()))
}

/// The statement writing `state` over the revision before it; a conflict otherwise.
pub(crate) fn update_state(game: GameId, state: &GameState) -> Result<Step, StoreError> {
    let mut values = vec![id_in(game)?.into()];
    values.extend(RawState::from_state(state)?.values());
    Ok(Step::one(UPDATE_STATE, values, "game", game))
}

/// The statement appending ply number `ply`, with both clocks after it (in a game with a
/// clock).
pub(crate) fn insert_turn(
    game: GameId,
    ply: usize,
    notation: &str,
    clocks: Option<Clocks>,
) -> Result<Step, StoreError> {
    Ok(Step::new(
        INSERT_TURN,
        vec![
            id_in(game)?.into(),
            ply_in(ply)?.into(),
            notation.into(),
            clocks.map(|c| c.white_ms).into(),
            clocks.map(|c| c.black_ms).into(),
        ],
    ))
}

/// The statements appending every turn of a game, in order, with their clocks.
pub(crate) fn insert_turns(game: &StoredGame) -> Result<Vec<Step>, StoreError> {
    (0..)
        .zip(&game.turns)
        .map(|(ply, notation)| {
            insert_turn(game.row.id, ply, notation, game.clocks.get(ply).copied())
        })
        .collect()
}

/// The statement removing every ply from number `keep` on.
pub(crate) fn delete_turns_from(game: GameId, keep: usize) -> Result<Step, StoreError> {
    Ok(Step::new(
        DELETE_TURNS_FROM,
        vec![id_in(game)?.into(), ply_in(keep)?.into()],
    ))
}

/// The statement noting how much of a game its players have been shown.
pub(crate) fn announce(game: GameId, shown: Shown) -> Result<Step, StoreError> {
    Ok(Step::new(
        ANNOUNCE,
        vec![
            id_in(game)?.into(),
            ply_in(shown.plies)?.into(),
            i64::from(shown.over).into(),
        ],
    ))
}

/// Which challenges and games a load reads: a condition on each table and the values both
/// bind.
pub(crate) struct Filter {
    /// The condition on `challenges`.
    pub challenges: String,
    /// The condition on `games`.
    pub games: String,
    /// The values of both.
    pub values: Vec<SqlValue>,
}

impl Filter {
    /// The open challenges and unfinished games of the servers in `shards`.
    pub fn unfinished(shards: ShardSet) -> Filter {
        Filter {
            challenges: format!("status = 'open' AND {SHARD_CONDITION}"),
            games: format!("status = 'active' AND {SHARD_CONDITION}"),
            values: shard_values(shards),
        }
    }

    /// The challenges of the servers in `shards` that lapsed with their lapse never marked
    /// shown.
    pub fn unannounced_lapses(shards: ShardSet) -> Filter {
        Filter {
            challenges: format!("status = 'expired' AND unannounced_end = 1 AND {SHARD_CONDITION}"),
            games: "FALSE".to_string(),
            values: shard_values(shards),
        }
    }

    /// The open challenge and the unfinished game in `channel`.
    pub fn channel(channel: ChannelId) -> Result<Filter, StoreError> {
        Ok(Filter {
            challenges: "status = 'open' AND channel_id = ?1".to_string(),
            games: "status = 'active' AND channel_id = ?1".to_string(),
            values: vec![id_in(channel)?.into()],
        })
    }

    /// The games of the servers in `shards` finished at or after `since_ms`.
    pub fn finished_since(shards: ShardSet, since_ms: i64) -> Filter {
        let mut values = shard_values(shards);
        values.push(since_ms.into());
        Filter {
            challenges: "FALSE".to_string(),
            games: format!(
                "status = 'finished' AND finished_ms >= CAST(?4 AS BIGINT) AND {SHARD_CONDITION}"
            ),
            values,
        }
    }

    /// One game (or challenge) by id.
    pub fn id(id: GameId) -> Result<Filter, StoreError> {
        Ok(Filter {
            challenges: "id = ?1".to_string(),
            games: "id = ?1".to_string(),
            values: id_value(id)?,
        })
    }

    /// The challenges `user` made or was sent and the games they played, in any state.
    pub fn user(user: UserId) -> Result<Filter, StoreError> {
        Ok(Filter {
            challenges: "challenger_id = ?1 OR opponent_id = ?1".to_string(),
            games: "white_id = ?1 OR black_id = ?1".to_string(),
            values: vec![id_in(user)?.into()],
        })
    }

    /// Everything.
    pub fn all() -> Filter {
        Filter {
            challenges: "1 = 1".to_string(),
            games: "1 = 1".to_string(),
            values: Vec::new(),
        }
    }

    /// The challenges, by id.
    pub fn challenges_sql(&self) -> String {
        format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE {} ORDER BY id",
            self.challenges
        )
    }

    /// The games, by id: [`GAME_COLUMNS`] then `announced_plies` and `announced_over`.
    pub fn games_sql(&self) -> String {
        format!(
            "SELECT {GAME_COLUMNS}, announced_plies, announced_over FROM games WHERE {} ORDER BY id",
            self.games
        )
    }

    /// The turns of the games, by game and ply: `game_id, notation, white_ms, black_ms`.
    pub fn turns_sql(&self) -> String {
        format!(
            "SELECT game_id, notation, white_ms, black_ms FROM turns
             WHERE game_id IN (SELECT id FROM games WHERE {}) ORDER BY game_id, ply",
            self.games
        )
    }
}

/// A row of [`Filter::challenges_sql`].
pub(crate) fn read_challenge(r: &dyn Columns) -> Result<ChallengeEntry, StoreError> {
    let (challenge, end) = RawChallenge::read(r)?.into_record()?;
    Ok(ChallengeEntry { challenge, end })
}

/// The games of a load being put together from the rows of [`Filter::games_sql`] and then of
/// [`Filter::turns_sql`]. A game whose row or turns cannot be read is set aside as damaged,
/// not a failure of the whole load.
#[derive(Default)]
pub(crate) struct Loaded {
    games: Vec<StoredGame>,
    damaged: Vec<DamagedGame>,
    /// The games (by place in `games`, and id as stored) whose turns cannot be read, with
    /// why.
    broken: Vec<(usize, i64, String)>,
}

impl Loaded {
    /// Adds a row of [`Filter::games_sql`] (rows come by id).
    pub fn add_game(&mut self, r: &dyn Columns) -> Result<(), StoreError> {
        let read = RawGame::read(r).and_then(|raw| {
            Ok(StoredGame {
                row: raw.into_record()?,
                turns: Vec::new(),
                clocks: Vec::new(),
                announced: announced_out(
                    r.opt_int(GAME_COLUMN_COUNT)?,
                    r.int(GAME_COLUMN_COUNT + 1)?,
                )?,
            })
        });
        match read {
            Ok(game) => self.games.push(game),
            Err(e) => self.damaged.push(DamagedGame {
                id: r.int(0)?,
                channel: r.int(2).ok().and_then(|c| u64::try_from(c).ok()),
                error: e.to_string(),
            }),
        }
        Ok(())
    }

    /// Adds a row of [`Filter::turns_sql`] to its game (rows come by game and ply).
    pub fn add_turn(&mut self, r: &dyn Columns) -> Result<(), StoreError> {
        let raw_id = r.int(0)?;
        let id = id_out(raw_id, "turns", "game_id")?;
        let Ok(at) = self.games.binary_search_by_key(&id, |g| g.row.id) else {
            return Ok(());
        };
        let read = r.text(1).and_then(|notation| {
            let clocks = clocks_in(r.opt_int(2)?, r.opt_int(3)?);
            Ok((notation, clocks))
        });
        match read {
            Ok((notation, clocks)) => {
                let game = &mut self.games[at];
                // Only a game with a clock keeps clocks, and it keeps one per ply.
                if let Some(clocks) = clocks.filter(|_| game.row.time.is_some()) {
                    game.clocks.push(clocks);
                }
                game.turns.push(notation);
            }
            Err(e) => self.broken.push((at, raw_id, e.to_string())),
        }
        Ok(())
    }

    /// The games read whole, and those set aside.
    pub fn finish(self) -> (Vec<StoredGame>, Vec<DamagedGame>) {
        let Loaded {
            games,
            mut damaged,
            broken,
        } = self;
        let mut whole = Vec::with_capacity(games.len());
        for (at, game) in games.into_iter().enumerate() {
            match broken.iter().find(|(b, _, _)| *b == at) {
                Some((_, id, error)) => damaged.push(DamagedGame {
                    id: *id,
                    channel: Some(game.row.channel),
                    error: error.clone(),
                }),
                None => whole.push(game),
            }
        }
        (whole, damaged)
    }

    /// Only the games, or the first that cannot be read as an error (where every game is
    /// needed).
    pub fn all_readable(self) -> Result<Vec<StoredGame>, StoreError> {
        let (games, damaged) = self.finish();
        match damaged.first() {
            Some(d) => Err(StoreError::unreadable(d)),
            None => Ok(games),
        }
    }
}
