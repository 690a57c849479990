//! Why one PostgreSQL attempt failed, and whether another is worth it: a broken connection,
//! a restarting server or a serialisation failure is retried; anything else is final.

use tokio_postgres::error::SqlState;

use domain::StoreError;

/// Why one attempt failed: worth another try, or not.
pub(super) enum Fail {
    /// The connection broke or the server asked to retry.
    Retry(String),
    /// Final.
    Stop(StoreError),
}

impl From<tokio_postgres::Error> for Fail {
    fn from(e: tokio_postgres::Error) -> Fail {
        let transient = e.is_closed()
            || e.code().is_some_and(|c| {
                c.code().starts_with("08")
                    || *c == SqlState::ADMIN_SHUTDOWN
                    || *c == SqlState::CRASH_SHUTDOWN
                    || *c == SqlState::CANNOT_CONNECT_NOW
                    || *c == SqlState::T_R_SERIALIZATION_FAILURE
                    || *c == SqlState::T_R_DEADLOCK_DETECTED
            })
            || std::error::Error::source(&e).is_some_and(|s| s.is::<std::io::Error>());
        if transient {
            Fail::Retry(e.to_string())
        } else {
            Fail::Stop(StoreError::Backend(describe(&e)))
        }
    }
}

impl From<deadpool_postgres::PoolError> for Fail {
    fn from(e: deadpool_postgres::PoolError) -> Fail {
        Fail::Retry(e.to_string())
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Stop(e)
    }
}

/// The server's message and detail, when it sent one.
pub(super) fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => e.to_string(),
    }
}
