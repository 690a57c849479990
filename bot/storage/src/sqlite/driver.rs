//! The shared statements on `rusqlite`: how a [`SqlValue`] binds, how a row's [`Columns`]
//! read, and running a write's [`Step`]s or a query on a connection.

use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use rusqlite::{Connection, Row, ToSql, params_from_iter};

use crate::error::StorageError;
use crate::sql::{Columns, SqlValue, Step};
use domain::StoreError;

impl ToSql for SqlValue {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            SqlValue::Null => ToSqlOutput::Owned(Value::Null),
            SqlValue::Int(n) => ToSqlOutput::Owned(Value::Integer(*n)),
            SqlValue::Real(x) => ToSqlOutput::Owned(Value::Real(*x)),
            SqlValue::Text(s) => ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes())),
        })
    }
}

impl Columns for Row<'_> {
    fn opt_int(&self, at: usize) -> Result<Option<i64>, StoreError> {
        self.get(at).map_err(StoreError::from_sql)
    }

    fn real(&self, at: usize) -> Result<f64, StoreError> {
        self.get(at).map_err(StoreError::from_sql)
    }

    fn opt_text(&self, at: usize) -> Result<Option<String>, StoreError> {
        self.get(at).map_err(StoreError::from_sql)
    }
}

/// Runs the statements of a write in order (inside the caller's transaction).
pub(super) fn exec(conn: &Connection, steps: &[Step]) -> Result<(), StorageError> {
    for step in steps {
        let changed = conn
            .prepare_cached(step.sql)?
            .execute(params_from_iter(&step.values))?;
        if let Some(conflict) = step.must_change
            && changed != 1
        {
            return Err(StoreError::from(conflict).into());
        }
    }
    Ok(())
}

/// The rows of a query, each read by `read`.
pub(super) fn rows<T>(
    conn: &Connection,
    sql: &str,
    values: &[SqlValue],
    mut read: impl FnMut(&dyn Columns) -> Result<T, StoreError>,
) -> Result<Vec<T>, StorageError> {
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query(params_from_iter(values))?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(read(r)?);
    }
    Ok(out)
}
