//! The shared statements on `tokio-postgres`: how a [`SqlValue`] binds (as the integer width
//! the column wants), how a row's [`Columns`] read, and running a write's [`Step`]s or a query
//! on a pooled connection or transaction. Statements are prepared once per connection.

use std::error::Error;

use bytes::BytesMut;
use deadpool_postgres::{GenericClient, Object, Transaction};
use tokio_postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use tokio_postgres::{IsolationLevel, Row};

use super::fail::Fail;
use crate::sql::{Columns, SqlValue, Step, pg};
use domain::StoreError;

impl ToSql for SqlValue {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match self {
            SqlValue::Null => Ok(IsNull::Yes),
            SqlValue::Int(n) => match *ty {
                Type::INT2 => i16::try_from(*n)?.to_sql(ty, out),
                Type::INT4 => i32::try_from(*n)?.to_sql(ty, out),
                Type::INT8 => n.to_sql(ty, out),
                _ => Err(mismatch("an integer", ty)),
            },
            SqlValue::Real(x) if *ty == Type::FLOAT8 => x.to_sql(ty, out),
            SqlValue::Text(s) if <String as ToSql>::accepts(ty) => s.to_sql(ty, out),
            SqlValue::Real(_) => Err(mismatch("a real number", ty)),
            SqlValue::Text(_) => Err(mismatch("a text", ty)),
        }
    }

    fn accepts(ty: &Type) -> bool {
        matches!(*ty, Type::INT2 | Type::INT4 | Type::INT8 | Type::FLOAT8)
            || <String as ToSql>::accepts(ty)
    }

    to_sql_checked!();
}

fn mismatch(what: &str, ty: &Type) -> Box<dyn Error + Sync + Send> {
    format!("cannot bind {what} to a column of type {ty}").into()
}

impl Columns for Row {
    fn opt_int(&self, at: usize) -> Result<Option<i64>, StoreError> {
        let ty = self.columns().get(at).map(|c| c.type_().clone());
        match ty {
            Some(Type::INT2) => self.try_get::<_, Option<i16>>(at).map(|n| n.map(i64::from)),
            Some(Type::INT4) => self.try_get::<_, Option<i32>>(at).map(|n| n.map(i64::from)),
            _ => self.try_get(at),
        }
        .map_err(StoreError::from_sql)
    }

    fn real(&self, at: usize) -> Result<f64, StoreError> {
        self.try_get(at).map_err(StoreError::from_sql)
    }

    fn opt_text(&self, at: usize) -> Result<Option<String>, StoreError> {
        self.try_get(at).map_err(StoreError::from_sql)
    }
}

/// The values as the driver binds them.
pub(super) fn bind(values: &[SqlValue]) -> Vec<&(dyn ToSql + Sync)> {
    values.iter().map(|v| v as &(dyn ToSql + Sync)).collect()
}

/// Runs the statements of a write in order (inside the caller's transaction, if any).
pub(super) async fn exec(client: &impl GenericClient, steps: &[Step]) -> Result<(), Fail> {
    for step in steps {
        let statement = client.prepare_cached(&pg(step.sql)).await?;
        let changed = client.execute(&statement, &bind(&step.values)).await?;
        if let Some(conflict) = step.must_change
            && changed != 1
        {
            return Err(Fail::Stop(conflict.into()));
        }
    }
    Ok(())
}

/// The rows of a query (written with `?N` placeholders).
pub(super) async fn query(
    client: &impl GenericClient,
    sql: &str,
    values: &[SqlValue],
) -> Result<Vec<Row>, Fail> {
    let statement = client.prepare_cached(&pg(sql)).await?;
    Ok(client.query(&statement, &bind(values)).await?)
}

/// The rows of a query, each read by `read`.
pub(super) async fn rows<T>(
    client: &impl GenericClient,
    sql: &str,
    values: &[SqlValue],
    read: impl Fn(&dyn Columns) -> Result<T, StoreError>,
) -> Result<Vec<T>, Fail> {
    let found = query(client, sql, values).await?;
    Ok(found
        .iter()
        .map(|r| read(r))
        .collect::<Result<Vec<T>, StoreError>>()?)
}

/// The first row of a query read by `read`, or `None` without a row.
pub(super) async fn one<T>(
    client: &impl GenericClient,
    sql: &str,
    values: &[SqlValue],
    read: impl Fn(&dyn Columns) -> Result<T, StoreError>,
) -> Result<Option<T>, Fail> {
    Ok(rows(client, sql, values, read).await?.into_iter().next())
}

/// A read-only transaction on one snapshot, for reads of several queries.
pub(super) async fn read_snapshot(client: &mut Object) -> Result<Transaction<'_>, Fail> {
    Ok(client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?)
}
