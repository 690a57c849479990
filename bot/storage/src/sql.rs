//! What both backends' statements are made of, whatever the driver: the values a statement
//! binds ([`SqlValue`]), a write's statements ([`Step`]), and the columns of a row read back
//! ([`Columns`]). Statements are written once, with SQLite's `?N` placeholders; [`pg`] turns
//! them into PostgreSQL's `$N`.

use domain::StoreError;

/// A value bound to a statement.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SqlValue {
    /// NULL.
    Null,
    /// An integer (BIGINT or INTEGER, as the column wants).
    Int(i64),
    /// A DOUBLE PRECISION.
    Real(f64),
    /// A TEXT.
    Text(String),
}

impl From<i64> for SqlValue {
    fn from(n: i64) -> SqlValue {
        SqlValue::Int(n)
    }
}

impl From<i32> for SqlValue {
    fn from(n: i32) -> SqlValue {
        SqlValue::Int(n.into())
    }
}

impl From<u32> for SqlValue {
    fn from(n: u32) -> SqlValue {
        SqlValue::Int(n.into())
    }
}

impl From<f64> for SqlValue {
    fn from(x: f64) -> SqlValue {
        SqlValue::Real(x)
    }
}

impl From<String> for SqlValue {
    fn from(s: String) -> SqlValue {
        SqlValue::Text(s)
    }
}

impl From<&str> for SqlValue {
    fn from(s: &str) -> SqlValue {
        SqlValue::Text(s.to_string())
    }
}

impl<T: Into<SqlValue>> From<Option<T>> for SqlValue {
    fn from(v: Option<T>) -> SqlValue {
        v.map_or(SqlValue::Null, Into::into)
    }
}

/// One statement of a write, and what it must do.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    /// The SQL, with `?N` placeholders.
    pub sql: &'static str,
    /// The values of the placeholders, in order.
    pub values: Vec<SqlValue>,
    /// When set, the statement must change exactly one row, else the whole transaction is
    /// abandoned with this conflict.
    pub must_change: Option<Conflict>,
}

/// What another writer changed first, when a conditional statement changes no row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Conflict {
    /// `game`, `challenge`, `rating` or `vacation`.
    pub what: &'static str,
    /// The id of the game or challenge, or of the user whose rating or vacation it is.
    pub id: u64,
}

impl From<Conflict> for StoreError {
    fn from(c: Conflict) -> StoreError {
        StoreError::Conflict {
            what: c.what,
            id: c.id,
        }
    }
}

impl Step {
    /// A statement that may change any number of rows.
    pub fn new(sql: &'static str, values: Vec<SqlValue>) -> Step {
        Step {
            sql,
            values,
            must_change: None,
        }
    }

    /// A statement that must change exactly one row, else a conflict over `what` `id`.
    pub fn one(sql: &'static str, values: Vec<SqlValue>, what: &'static str, id: u64) -> Step {
        Step {
            sql,
            values,
            must_change: Some(Conflict { what, id }),
        }
    }
}

/// The columns of a row being read back, by index, whatever the driver.
pub(crate) trait Columns {
    /// An integer column that may be NULL.
    fn opt_int(&self, at: usize) -> Result<Option<i64>, StoreError>;
    /// A DOUBLE PRECISION column.
    fn real(&self, at: usize) -> Result<f64, StoreError>;
    /// A TEXT column that may be NULL.
    fn opt_text(&self, at: usize) -> Result<Option<String>, StoreError>;

    /// An integer column.
    fn int(&self, at: usize) -> Result<i64, StoreError> {
        self.opt_int(at)?.ok_or_else(|| null(at))
    }

    /// A TEXT column.
    fn text(&self, at: usize) -> Result<String, StoreError> {
        self.opt_text(at)?.ok_or_else(|| null(at))
    }
}

fn null(at: usize) -> StoreError {
    StoreError::from_sql(format!("column {at} is NULL"))
}

/// The columns of a row from `.1` on, as if they began it.
pub(crate) struct Shifted<'a>(pub &'a dyn Columns, pub usize);

impl Columns for Shifted<'_> {
    fn opt_int(&self, at: usize) -> Result<Option<i64>, StoreError> {
        self.0.opt_int(at + self.1)
    }

    fn real(&self, at: usize) -> Result<f64, StoreError> {
        self.0.real(at + self.1)
    }

    fn opt_text(&self, at: usize) -> Result<Option<String>, StoreError> {
        self.0.opt_text(at + self.1)
    }
}

/// `sql` with PostgreSQL's `$N` placeholders for SQLite's `?N` (the statements hold no other
/// question mark).
pub(crate) fn pg(sql: &str) -> String {
    sql.replace('?', "$")
}
