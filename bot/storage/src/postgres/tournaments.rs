//! [`Tournaments`] on PostgreSQL. A tournament is read whole from one snapshot.

use async_trait::async_trait;

use deadpool_postgres::GenericClient;

use super::PgStore;
use super::driver::{read_snapshot, rows};
use super::fail::Fail;
use crate::codec::shard_values;
use crate::queries::tournaments::{self, Selection};
use domain::{
    BoardResult, GameId, GuildId, RoundShown, ShardSet, StoreError, TournamentBoard, TournamentId,
    TournamentRecord, TournamentState, Tournaments, User, UserId, Withdrawal,
};

/// The tournaments `selection` takes, whole (inside the caller's transaction).
pub(super) async fn read_tournaments(
    client: &impl GenericClient,
    selection: &Selection,
) -> Result<Vec<TournamentRecord>, Fail> {
    let ([head, players, boards], values) = &selection.queries();
    let found = rows(client, head, values, tournaments::read_tournament).await?;
    let players = rows(client, players, values, tournaments::read_player).await?;
    let boards = rows(client, boards, values, tournaments::read_board).await?;
    Ok(tournaments::assemble(found, players, boards))
}

impl PgStore {
    /// The tournaments `selection` takes, whole, read from one snapshot.
    pub(super) async fn load_tournaments(
        &self,
        selection: &Selection,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        self.run(|mut client, _| async move {
            let tx = read_snapshot(&mut client).await?;
            let found = read_tournaments(&tx, selection).await?;
            tx.commit().await?;
            Ok(found)
        })
        .await
    }
}

#[async_trait]
impl Tournaments for PgStore {
    async fn create_tournament(&self, tournament: &TournamentRecord) -> Result<(), StoreError> {
        self.write_steps(&tournaments::insert_steps(tournament)?)
            .await
    }

    async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRecord>, StoreError> {
        Ok(self
            .load_tournaments(&Selection::one(id)?)
            .await?
            .into_iter()
            .next())
    }

    async fn guild_tournaments(&self, guild: GuildId) -> Result<Vec<TournamentRecord>, StoreError> {
        self.load_tournaments(&Selection::guild(guild)?).await
    }

    async fn mark_round_shown(&self, shown: RoundShown) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::mark_shown_step(shown)?])
            .await
    }

    async fn unannounced_tournaments(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        self.load_tournaments(&Selection::unannounced(shards)).await
    }

    async fn running_tournaments(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        self.load_tournaments(&Selection::running(shards)).await
    }

    async fn due_tournaments(
        &self,
        shards: ShardSet,
        now_ms: i64,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        self.load_tournaments(&Selection::due(shards, now_ms)).await
    }

    async fn clear_tournament_start(&self, id: TournamentId) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::clear_start_step(id)?])
            .await
    }

    async fn join_tournament(&self, id: TournamentId, user: &User) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::join_step(id, user)?]).await
    }

    async fn leave_tournament(&self, id: TournamentId, user: UserId) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::leave_step(id, user)?])
            .await
    }

    async fn withdraw_player(
        &self,
        id: TournamentId,
        user: UserId,
        why: Withdrawal,
    ) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::withdraw_step(id, user, why)?])
            .await
    }

    async fn mark_withdrawal_announced(
        &self,
        id: TournamentId,
        seq: u32,
    ) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::withdrawal_shown_step(id, seq)?])
            .await
    }

    async fn unannounced_withdrawals(
        &self,
        shards: ShardSet,
    ) -> Result<Vec<(TournamentId, u32, Withdrawal)>, StoreError> {
        self.query(
            &tournaments::unannounced_withdrawals_sql(),
            &shard_values(shards),
            tournaments::read_withdrawal,
        )
        .await
    }

    async fn advance_tournament(
        &self,
        id: TournamentId,
        from: (u32, TournamentState),
        to: (u32, TournamentState),
        boards: &[TournamentBoard],
    ) -> Result<(), StoreError> {
        self.write_steps(&tournaments::advance_steps(id, from, to, boards)?)
            .await
    }

    async fn record_board(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        result: BoardResult,
        berserk: [bool; 2],
    ) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::record_step(id, round, board, result, berserk)?])
            .await
    }

    async fn set_tournament_end(&self, id: TournamentId, ends_ms: i64) -> Result<(), StoreError> {
        self.write_steps(&[tournaments::end_step(id, ends_ms)?])
            .await
    }

    async fn board_of_game(
        &self,
        game: GameId,
    ) -> Result<Option<(TournamentId, u32, u32)>, StoreError> {
        let values = &tournaments::game_value(game)?;
        Ok(self
            .query(
                tournaments::BOARD_OF_GAME,
                values,
                tournaments::read_board_of_game,
            )
            .await?
            .pop())
    }
}
