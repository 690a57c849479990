//! The archive: the two queries of a page of finished games, and how a page's row reads back.

use domain::{ArchiveQuery, ArchivedGame, StoreError};

use crate::codec::{GAME_COLUMN_COUNT, GAME_COLUMNS, RawGame, id_in};
use crate::sql::{Columns, SqlValue};

/// The archive's two queries for a page: the count of the matching games, and the page of
/// them — [`GAME_COLUMNS`] then the game's ply count — with the values of each.
pub(crate) struct ArchiveSql {
    /// `SELECT COUNT(*)` of the matching games.
    pub count: String,
    /// Its values.
    pub count_values: Vec<SqlValue>,
    /// The page.
    pub page: String,
    /// Its values.
    pub page_values: Vec<SqlValue>,
}

/// The archive's queries for `q`.
pub(crate) fn archive_sql(q: &ArchiveQuery) -> Result<ArchiveSql, StoreError> {
    let mut values: Vec<SqlValue> = Vec::new();
    let mut condition = String::from("status = 'finished'");
    match q.guild {
        Some(g) => {
            values.push(id_in(g)?.into());
            condition.push_str(&format!(" AND guild_id = ?{}", values.len()));
        }
        None => condition.push_str(" AND guild_id IS NULL"),
    }
    if let Some(u) = q.user {
        values.push(id_in(u)?.into());
        let n = values.len();
        condition.push_str(&format!(" AND (white_id = ?{n} OR black_id = ?{n})"));
    }
    let count = format!("SELECT COUNT(*) FROM games WHERE {condition}");
    let per_page = q.per_page.max(1);
    let (limit, offset) = (values.len() + 1, values.len() + 2);
    let page = format!(
        "SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM turns WHERE turns.game_id = games.id)
         FROM games WHERE {condition}
         ORDER BY finished_ms DESC, id DESC LIMIT ?{limit} OFFSET ?{offset}"
    );
    let mut page_values = values.clone();
    page_values.push(per_page.into());
    page_values.push((i64::from(per_page) * i64::from(q.page)).into());
    Ok(ArchiveSql {
        count,
        count_values: values,
        page,
        page_values,
    })
}

/// A row of [`ArchiveSql::page`].
pub(crate) fn read_archived(r: &dyn Columns) -> Result<ArchivedGame, StoreError> {
    Ok(ArchivedGame {
        row: RawGame::read(r)?.into_record()?,
        plies: usize::try_from(r.int(GAME_COLUMN_COUNT)?).unwrap_or(0),
    })
}
