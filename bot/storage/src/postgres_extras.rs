//! The PostgreSQL side of ratings, the archive, vacations and server settings: runs the
//! shared statements of [`extras`](super::extras) on a pooled connection or transaction.

use deadpool_postgres::GenericClient;
use tokio_postgres::Row;
use tokio_postgres::types::ToSql;

use super::extras::{Columns, SqlValue, Step, pg};
use super::postgres::Fail;
use domain::StoreError;

impl Columns for Row {
    fn int(&self, at: usize) -> Result<i64, StoreError> {
        self.try_get(at).map_err(StoreError::from_sql)
    }

    fn real(&self, at: usize) -> Result<f64, StoreError> {
        self.try_get(at).map_err(StoreError::from_sql)
    }

    fn text(&self, at: usize) -> Result<Option<String>, StoreError> {
        self.try_get(at).map_err(StoreError::from_sql)
    }
}

/// The values as the driver binds them.
pub(super) fn bind(values: &[SqlValue]) -> Vec<&(dyn ToSql + Sync)> {
    values
        .iter()
        .map(|v| -> &(dyn ToSql + Sync) {
            match v {
                SqlValue::Int(n) => n,
                SqlValue::Real(x) => x,
                SqlValue::Text(t) => t,
            }
        })
        .collect()
}

/// Runs the statements of a write in order (inside the caller's transaction).
pub(super) async fn run(
    client: &impl GenericClient,
    steps: impl IntoIterator<Item = Step>,
) -> Result<(), Fail> {
    for step in steps {
        let changed = client.execute(&pg(step.sql), &bind(&step.values)).await?;
        if let Some(conflict) = step.must_change
            && changed != 1
        {
            return Err(Fail::Stop(conflict));
        }
    }
    Ok(())
}

/// The rows of a query (written with `?N` placeholders), each read by `read`.
pub(super) async fn rows<T>(
    client: &impl GenericClient,
    sql: &str,
    values: &[SqlValue],
    read: impl Fn(&dyn Columns) -> Result<T, StoreError>,
) -> Result<Vec<T>, Fail> {
    let found = client.query(&pg(sql), &bind(values)).await?;
    Ok(found
        .iter()
        .map(|r| read(r))
        .collect::<Result<Vec<T>, StoreError>>()?)
}

/// The one value a query returns, or `None` without a row.
pub(super) async fn one<T>(
    client: &impl GenericClient,
    sql: &str,
    values: &[SqlValue],
    read: impl Fn(&dyn Columns) -> Result<T, StoreError>,
) -> Result<Option<T>, Fail> {
    Ok(rows(client, sql, values, read).await?.pop())
}
