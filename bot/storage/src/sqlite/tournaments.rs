//! [`Tournaments`] on SQLite.

use async_trait::async_trait;

use super::{Storage, driver};
use crate::queries::tournaments::{self, Selection};
use domain::{
    BoardResult, GameId, GuildId, ShardSet, StoreError, TournamentBoard, TournamentId,
    TournamentRecord, TournamentState, Tournaments, User, UserId,
};

impl Storage {
    /// The tournaments `selection` takes, whole.
    pub(super) async fn load_tournaments(
        &self,
        selection: &Selection,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let ([head, players, boards], values) = selection.queries();
        self.run(move |conn| {
            let tx = conn.transaction()?;
            let found = driver::rows(&tx, &head, &values, tournaments::read_tournament)?;
            let players = driver::rows(&tx, &players, &values, tournaments::read_player)?;
            let boards = driver::rows(&tx, &boards, &values, tournaments::read_board)?;
            tx.commit()?;
            Ok(tournaments::assemble(found, players, boards))
        })
        .await
    }
}

#[async_trait]
impl Tournaments for Storage {
    async fn create_tournament(&self, tournament: &TournamentRecord) -> Result<(), StoreError> {
        self.write(tournaments::insert_steps(tournament)?).await
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
        self.write(vec![tournaments::clear_start_step(id)?]).await
    }

    async fn join_tournament(&self, id: TournamentId, user: &User) -> Result<(), StoreError> {
        self.write(vec![tournaments::join_step(id, user)?]).await
    }

    async fn leave_tournament(&self, id: TournamentId, user: UserId) -> Result<(), StoreError> {
        self.write(vec![tournaments::leave_step(id, user)?]).await
    }

    async fn withdraw_player(&self, id: TournamentId, user: UserId) -> Result<(), StoreError> {
        self.write(vec![tournaments::withdraw_step(id, user)?])
            .await
    }

    async fn advance_tournament(
        &self,
        id: TournamentId,
        from: (u32, TournamentState),
        to: (u32, TournamentState),
        boards: &[TournamentBoard],
    ) -> Result<(), StoreError> {
        self.write(tournaments::advance_steps(id, from, to, boards)?)
            .await
    }

    async fn record_board(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        result: BoardResult,
    ) -> Result<(), StoreError> {
        self.write(vec![tournaments::record_step(id, round, board, result)?])
            .await
    }

    async fn board_of_game(
        &self,
        game: GameId,
    ) -> Result<Option<(TournamentId, u32, u32)>, StoreError> {
        Ok(self
            .query(
                tournaments::BOARD_OF_GAME,
                tournaments::game_value(game)?,
                tournaments::read_board_of_game,
            )
            .await?
            .pop())
    }
}
