//! Tournaments: the statements creating one, taking players in and out, moving it from round
//! to round (conditionally on the round and state read) and storing results, the queries
//! reading tournaments whole, and how their rows read back.

use domain::Id;
use std::collections::BTreeMap;
use std::time::Duration;

use domain::{
    BoardResult, Entrant, GameId, RoundShown, ShardSet, StoreError, TournamentBoard,
    TournamentFormat, TournamentId, TournamentRecord, TournamentState, User, UserId, Withdrawal,
};

use crate::codec::{
    SHARD_CONDITION, bad, id_in, id_out, shard_values, sides_in, sides_out, time_in, time_out,
};
use crate::queries::ratings::count_out;
use crate::sql::{Columns, SqlValue, Step};

/// The columns of `tournaments`, in [`read_tournament`] order.
const TOURNAMENT_COLUMNS: &str = "t.id, t.guild_id, t.channel_id, t.name, t.variant, t.format, \
    t.rounds, t.deadline_secs, t.rated, t.state, t.round, t.creator_id, t.creator_name, \
    t.created_ms, t.random_setup, t.starts_ms, t.time_control, t.arena_secs, t.ends_ms";

/// Stores a tournament.
const INSERT_TOURNAMENT: &str = "INSERT INTO tournaments (id, guild_id, channel_id, name, \
    variant, format, rounds, deadline_secs, rated, state, round, creator_id, creator_name, \
    created_ms, random_setup, starts_ms, time_control, arena_secs, ends_ms) \
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)";

/// Stores a player as they are (a new tournament's, or an import).
const INSERT_PLAYER: &str = "INSERT INTO tournament_players (tournament_id, user_id, \
    user_name, seq, withdrawn) VALUES (?1, ?2, ?3, ?4, ?5)";

/// Stores a board.
const INSERT_BOARD: &str = "INSERT INTO tournament_boards (tournament_id, round, board, \
    white_id, white_name, black_id, black_name, game_id, setup, result, berserk) \
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";

/// Adds a player after the others, only while the tournament is open (or a running arena)
/// and they are not in; in a running arena, a paused player plays again.
const JOIN: &str = "INSERT INTO tournament_players (tournament_id, user_id, user_name, seq, \
    withdrawn) SELECT CAST(?1 AS BIGINT), CAST(?2 AS BIGINT), CAST(?3 AS TEXT), \
    COALESCE((SELECT MAX(seq) FROM tournament_players WHERE tournament_id = ?1), 0) + 1, 0 \
    FROM tournaments WHERE id = ?1 \
    AND (state = 'open' OR (state = 'running' AND format = 'arena')) \
    ON CONFLICT (tournament_id, user_id) DO UPDATE SET withdrawn = 0, \
    unannounced_withdrawal = NULL WHERE tournament_players.withdrawn = 1";

/// Takes a player out, only while the tournament is open.
const LEAVE: &str = "DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2 \
    AND EXISTS (SELECT 1 FROM tournaments WHERE id = ?1 AND state = 'open')";

/// Marks a player withdrawn, once, with why (?3) owed to the players until shown.
const WITHDRAW: &str = "UPDATE tournament_players SET withdrawn = 1, \
    unannounced_withdrawal = ?3 WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn = 0";

/// Marks a player's withdrawal shown.
const WITHDRAWAL_SHOWN: &str = "UPDATE tournament_players SET unannounced_withdrawal = NULL \
    WHERE tournament_id = ?1 AND seq = ?2";

/// The withdrawals never shown of the servers of some shards: tournament, entry number, why.
pub(crate) fn unannounced_withdrawals_sql() -> String {
    format!(
        "SELECT p.tournament_id, p.seq, p.unannounced_withdrawal \
         FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id \
         WHERE p.unannounced_withdrawal IS NOT NULL AND {SHARD_CONDITION} \
         ORDER BY p.tournament_id, p.seq"
    )
}

/// Moves a tournament on, only from the round and state it was read in.
const ADVANCE: &str = "UPDATE tournaments SET round = ?2, state = ?3 \
    WHERE id = ?1 AND round = ?4 AND state = ?5";

/// Marks how far a tournament's announcements were shown.
const MARK_SHOWN: &str =
    "UPDATE tournaments SET announced_round = ?2, announced_over = ?3 WHERE id = ?1";

/// Clears a start time, once.
const CLEAR_START: &str =
    "UPDATE tournaments SET starts_ms = NULL WHERE id = ?1 AND starts_ms IS NOT NULL";

/// Stores a board's result and its berserks, only if it has none.
const RECORD: &str = "UPDATE tournament_boards SET result = ?4, berserk = ?5 \
    WHERE tournament_id = ?1 AND round = ?2 AND board = ?3 AND result IS NULL";

/// Sets a running arena's end, once.
const SET_END: &str = "UPDATE tournaments SET ends_ms = ?2 WHERE id = ?1 AND ends_ms IS NULL";

/// The board a game was paired for.
pub(crate) const BOARD_OF_GAME: &str =
    "SELECT tournament_id, round, board FROM tournament_boards WHERE game_id = ?1";

/// Which tournaments a read takes: the condition on `t` and its values.
pub(crate) struct Selection {
    condition: String,
    values: Vec<SqlValue>,
}

impl Selection {
    /// One tournament.
    pub fn one(id: TournamentId) -> Result<Selection, StoreError> {
        Ok(Selection {
            condition: "t.id = ?1".into(),
            values: vec![id_in(id)?.into()],
        })
    }

    /// A server's.
    pub fn guild(guild: u64) -> Result<Selection, StoreError> {
        Ok(Selection {
            condition: "t.guild_id = ?1".into(),
            values: vec![id_in(guild)?.into()],
        })
    }

    /// The running ones of the servers in `shards`.
    pub fn running(shards: ShardSet) -> Selection {
        Selection {
            condition: format!("t.state = 'running' AND {SHARD_CONDITION}"),
            values: shard_values(shards),
        }
    }

    /// The running and finished ones of the servers in `shards` whose latest round start or
    /// end was never marked shown.
    pub fn unannounced(shards: ShardSet) -> Selection {
        Selection {
            condition: format!(
                "((t.state = 'running' AND t.round > t.announced_round) \
                 OR (t.state = 'finished' AND t.announced_over = 0)) AND {SHARD_CONDITION}"
            ),
            values: shard_values(shards),
        }
    }

    /// The open ones of the servers in `shards` due to start by `now_ms`.
    pub fn due(shards: ShardSet, now_ms: i64) -> Selection {
        let mut values = shard_values(shards);
        values.push(now_ms.into());
        Selection {
            condition: format!("t.state = 'open' AND t.starts_ms <= ?4 AND {SHARD_CONDITION}"),
            values,
        }
    }

    /// Those `user` plays or played in, or created.
    pub fn user(user: UserId) -> Result<Selection, StoreError> {
        Ok(Selection {
            condition: "(t.creator_id = ?1 OR t.id IN \
                (SELECT tournament_id FROM tournament_players WHERE user_id = ?1))"
                .into(),
            values: vec![id_in(user)?.into()],
        })
    }

    /// Every one.
    pub fn all() -> Selection {
        Selection {
            condition: "1 = 1".into(),
            values: Vec::new(),
        }
    }

    /// The queries of the tournaments, their players and their boards, and their values.
    pub fn queries(&self) -> ([String; 3], Vec<SqlValue>) {
        let c = &self.condition;
        (
            [
                format!(
                    "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t WHERE {c} ORDER BY t.id DESC"
                ),
                format!(
                    "SELECT p.tournament_id, p.user_id, p.user_name, p.seq, p.withdrawn \
                     FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id \
                     WHERE {c} ORDER BY p.tournament_id, p.seq, p.user_id"
                ),
                format!(
                    "SELECT b.tournament_id, b.round, b.board, b.white_id, b.white_name, \
                     b.black_id, b.black_name, b.game_id, b.setup, b.result, b.berserk \
                     FROM tournament_boards b JOIN tournaments t ON t.id = b.tournament_id \
                     WHERE {c} ORDER BY b.tournament_id, b.round, b.board"
                ),
            ],
            self.values.clone(),
        )
    }
}

/// The statements storing a whole tournament (a new one, or an import).
pub(crate) fn insert_steps(t: &TournamentRecord) -> Result<Vec<Step>, StoreError> {
    let deadline = t
        .deadline
        .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let mut steps = vec![Step::new(
        INSERT_TOURNAMENT,
        vec![
            id_in(t.id)?.into(),
            id_in(t.guild)?.into(),
            id_in(t.channel)?.into(),
            t.name.as_str().into(),
            t.variant.id().into(),
            t.format.id().into(),
            t.rounds.into(),
            deadline.into(),
            i64::from(t.rated).into(),
            t.state.id().into(),
            t.round.into(),
            id_in(t.creator.id)?.into(),
            t.creator.name.as_str().into(),
            t.created_ms.into(),
            i64::from(t.random_setup).into(),
            t.starts_ms.into(),
            t.time.map(time_out).into(),
            t.length
                .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
                .into(),
            t.ends_ms.into(),
        ],
    )];
    for p in &t.players {
        steps.push(Step::new(
            INSERT_PLAYER,
            vec![
                id_in(t.id)?.into(),
                id_in(p.user.id)?.into(),
                p.user.name.as_str().into(),
                p.seq.into(),
                i64::from(p.withdrawn).into(),
            ],
        ));
    }
    steps.extend(board_steps(t.id, &t.boards)?);
    Ok(steps)
}

/// The statements storing boards.
fn board_steps(id: TournamentId, boards: &[TournamentBoard]) -> Result<Vec<Step>, StoreError> {
    boards
        .iter()
        .map(|b| {
            Ok(Step::new(
                INSERT_BOARD,
                vec![
                    id_in(id)?.into(),
                    b.round.into(),
                    b.board.into(),
                    id_in(b.white.id)?.into(),
                    b.white.name.as_str().into(),
                    b.black.as_ref().map(|u| id_in(u.id)).transpose()?.into(),
                    b.black.as_ref().map(|u| u.name.as_str()).into(),
                    b.game.map(id_in).transpose()?.into(),
                    b.setup.map(u32::from).into(),
                    b.result.map(BoardResult::id).into(),
                    sides_out(b.berserk).into(),
                ],
            ))
        })
        .collect()
}

/// The statement adding `user` to tournament `id`.
pub(crate) fn join_step(id: TournamentId, user: &User) -> Result<Step, StoreError> {
    Ok(Step::one(
        JOIN,
        vec![
            id_in(id)?.into(),
            id_in(user.id)?.into(),
            user.name.as_str().into(),
        ],
        "tournament",
        id,
    ))
}

/// The statement taking `user` out of open tournament `id`.
pub(crate) fn leave_step(id: TournamentId, user: UserId) -> Result<Step, StoreError> {
    Ok(Step::one(
        LEAVE,
        vec![id_in(id)?.into(), id_in(user)?.into()],
        "tournament",
        id,
    ))
}

/// The statement withdrawing `user` from tournament `id`.
pub(crate) fn withdraw_step(
    id: TournamentId,
    user: UserId,
    why: Withdrawal,
) -> Result<Step, StoreError> {
    Ok(Step::one(
        WITHDRAW,
        vec![id_in(id)?.into(), id_in(user)?.into(), why.id().into()],
        "tournament",
        id,
    ))
}

/// The statement marking the withdrawal of entry number `seq` shown.
pub(crate) fn withdrawal_shown_step(id: TournamentId, seq: u32) -> Result<Step, StoreError> {
    Ok(Step::new(
        WITHDRAWAL_SHOWN,
        vec![id_in(id)?.into(), i64::from(seq).into()],
    ))
}

/// A row of [`unannounced_withdrawals_sql`].
pub(crate) fn read_withdrawal(
    r: &dyn Columns,
) -> Result<(TournamentId, u32, Withdrawal), StoreError> {
    let t = "tournament_players";
    let why = r.text(2)?;
    Ok((
        id_out(r.int(0)?, t, "tournament_id")?,
        count_out(r.int(1)?, t, "seq")?,
        Withdrawal::from_id(&why).ok_or_else(|| bad(t, "unannounced_withdrawal", why))?,
    ))
}

/// The statements moving tournament `id` from `from` to `to` with the boards of the round
/// it enters: the first must change its row, else nothing is written.
pub(crate) fn advance_steps(
    id: TournamentId,
    from: (u32, TournamentState),
    to: (u32, TournamentState),
    boards: &[TournamentBoard],
) -> Result<Vec<Step>, StoreError> {
    let mut steps = vec![Step::one(
        ADVANCE,
        vec![
            id_in(id)?.into(),
            to.0.into(),
            to.1.id().into(),
            from.0.into(),
            from.1.id().into(),
        ],
        "tournament",
        id,
    )];
    steps.extend(board_steps(id, boards)?);
    Ok(steps)
}

/// The statement clearing tournament `id`'s start time.
pub(crate) fn clear_start_step(id: TournamentId) -> Result<Step, StoreError> {
    Ok(Step::one(
        CLEAR_START,
        vec![id_in(id)?.into()],
        "tournament",
        id,
    ))
}

/// The statement marking how far a tournament's announcements were shown.
pub(crate) fn mark_shown_step(shown: RoundShown) -> Result<Step, StoreError> {
    Ok(Step::new(
        MARK_SHOWN,
        vec![
            id_in(shown.tournament)?.into(),
            i64::from(shown.round).into(),
            i64::from(shown.over).into(),
        ],
    ))
}

/// The statement storing a board's result.
pub(crate) fn record_step(
    id: TournamentId,
    round: u32,
    board: u32,
    result: BoardResult,
    berserk: [bool; 2],
) -> Result<Step, StoreError> {
    Ok(Step::one(
        RECORD,
        vec![
            id_in(id)?.into(),
            round.into(),
            board.into(),
            result.id().into(),
            sides_out(berserk).into(),
        ],
        "tournament",
        id,
    ))
}

/// The statement setting running arena `id`'s end, once.
pub(crate) fn end_step(id: TournamentId, ends_ms: i64) -> Result<Step, StoreError> {
    Ok(Step::one(
        SET_END,
        vec![id_in(id)?.into(), ends_ms.into()],
        "tournament",
        id,
    ))
}

/// The values of [`BOARD_OF_GAME`].
pub(crate) fn game_value(game: GameId) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(game)?.into()])
}

/// A row of [`BOARD_OF_GAME`].
pub(crate) fn read_board_of_game(r: &dyn Columns) -> Result<(TournamentId, u32, u32), StoreError> {
    let t = "tournament_boards";
    Ok((
        id_out(r.int(0)?, t, "tournament_id")?,
        count_out(r.int(1)?, t, "round")?,
        count_out(r.int(2)?, t, "board")?,
    ))
}

/// A flag column (0 or 1).
fn flag(n: i64, table: &'static str, column: &'static str) -> Result<bool, StoreError> {
    match n {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(bad(table, column, n.to_string())),
    }
}

/// A `tournaments` row, without its players and boards.
pub(crate) fn read_tournament(r: &dyn Columns) -> Result<TournamentRecord, StoreError> {
    let t = "tournaments";
    let variant = r.text(4)?;
    let format = r.text(5)?;
    let state = r.text(9)?;
    Ok(TournamentRecord {
        id: id_out(r.int(0)?, t, "id")?,
        guild: id_out(r.int(1)?, t, "guild_id")?,
        channel: id_out(r.int(2)?, t, "channel_id")?,
        name: r.text(3)?,
        variant: variant.parse().map_err(|_| bad(t, "variant", variant))?,
        format: TournamentFormat::from_id(&format).ok_or_else(|| bad(t, "format", format))?,
        rounds: count_out(r.int(6)?, t, "rounds")?,
        deadline: r
            .opt_int(7)?
            .map(|s| u64::try_from(s).map_err(|_| bad(t, "deadline_secs", s.to_string())))
            .transpose()?
            .map(Duration::from_secs),
        rated: flag(r.int(8)?, t, "rated")?,
        state: TournamentState::from_id(&state).ok_or_else(|| bad(t, "state", state))?,
        round: count_out(r.int(10)?, t, "round")?,
        creator: User {
            id: id_out(r.int(11)?, t, "creator_id")?,
            name: r.text(12)?,
        },
        created_ms: r.int(13)?,
        random_setup: flag(r.int(14)?, t, "random_setup")?,
        starts_ms: r.opt_int(15)?,
        time: time_in(r.opt_text(16)?, t)?,
        length: r
            .opt_int(17)?
            .map(|s| u64::try_from(s).map_err(|_| bad(t, "arena_secs", s.to_string())))
            .transpose()?
            .map(Duration::from_secs),
        ends_ms: r.opt_int(18)?,
        players: Vec::new(),
        boards: Vec::new(),
    })
}

/// A `tournament_players` row, with its tournament's id.
pub(crate) fn read_player(r: &dyn Columns) -> Result<(TournamentId, Entrant), StoreError> {
    let t = "tournament_players";
    Ok((
        id_out(r.int(0)?, t, "tournament_id")?,
        Entrant {
            user: User {
                id: id_out(r.int(1)?, t, "user_id")?,
                name: r.text(2)?,
            },
            seq: count_out(r.int(3)?, t, "seq")?,
            withdrawn: flag(r.int(4)?, t, "withdrawn")?,
        },
    ))
}

/// A `tournament_boards` row, with its tournament's id.
pub(crate) fn read_board(r: &dyn Columns) -> Result<(TournamentId, TournamentBoard), StoreError> {
    let t = "tournament_boards";
    let black = match (r.opt_int(5)?, r.opt_text(6)?) {
        (Some(id), Some(name)) => Some(User {
            id: id_out(id, t, "black_id")?,
            name,
        }),
        (None, None) => None,
        (id, _) => return Err(bad(t, "black_id", format!("{id:?}"))),
    };
    let setup = r
        .opt_int(8)?
        .map(|n| u16::try_from(n).map_err(|_| bad(t, "setup", n.to_string())))
        .transpose()?;
    let result = r
        .opt_text(9)?
        .map(|s| BoardResult::from_id(&s).ok_or_else(|| bad(t, "result", s)))
        .transpose()?;
    Ok((
        id_out(r.int(0)?, t, "tournament_id")?,
        TournamentBoard {
            round: count_out(r.int(1)?, t, "round")?,
            board: count_out(r.int(2)?, t, "board")?,
            white: User {
                id: id_out(r.int(3)?, t, "white_id")?,
                name: r.text(4)?,
            },
            black,
            game: r.opt_int(7)?.map(|g| id_out(g, t, "game_id")).transpose()?,
            setup,
            result,
            berserk: sides_in(&r.text(10)?, t)?,
        },
    ))
}

/// Tournaments whole: each with its players and boards.
pub(crate) fn assemble(
    tournaments: Vec<TournamentRecord>,
    players: Vec<(TournamentId, Entrant)>,
    boards: Vec<(TournamentId, TournamentBoard)>,
) -> Vec<TournamentRecord> {
    let mut by_id: BTreeMap<TournamentId, (Vec<Entrant>, Vec<TournamentBoard>)> = BTreeMap::new();
    for (id, p) in players {
        by_id.entry(id).or_default().0.push(p);
    }
    for (id, b) in boards {
        by_id.entry(id).or_default().1.push(b);
    }
    tournaments
        .into_iter()
        .map(|mut t| {
            if let Some((players, boards)) = by_id.remove(&t.id) {
                t.players = players;
                t.boards = boards;
            }
            t
        })
        .collect()
}
