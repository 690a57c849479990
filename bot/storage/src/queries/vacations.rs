//! Vacations and the days used per year: the statements starting and ending one, the
//! allowance's queries, and how their rows read back.

use domain::{StoreError, UserId, Vacation, VacationDays};

use crate::codec::{bad, id_in, id_out};
use crate::queries::ratings::count_out;
use crate::sql::{Columns, SqlValue, Step};

/// The columns of `vacations`, in [`read_vacation`] order.
pub(crate) const VACATION_COLUMNS: &str = "user_id, started_ms, ends_ms, year, days";

/// Inserts a vacation (an import).
pub(crate) const INSERT_VACATION: &str = "INSERT INTO vacations (user_id, started_ms, ends_ms, \
    year, days) VALUES (?1, ?2, ?3, ?4, ?5)";

/// Starts a vacation unless one is under way.
const START_VACATION: &str = "INSERT INTO vacations (user_id, started_ms, ends_ms, year, days)
    VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (user_id) DO NOTHING";

/// Adds ?3 (possibly negative) to a user's days of a year.
const ADD_DAYS: &str = "INSERT INTO vacation_days (user_id, year, days_used) VALUES (?1, ?2, ?3)
    ON CONFLICT (user_id, year) DO UPDATE SET days_used = vacation_days.days_used + excluded.days_used";

/// Inserts a user's days of a year (an import).
pub(crate) const INSERT_DAYS: &str =
    "INSERT INTO vacation_days (user_id, year, days_used) VALUES (?1, ?2, ?3)";

/// Ends a user's vacation, returning it.
pub(crate) const END_VACATION: &str = "DELETE FROM vacations WHERE user_id = ?1
    RETURNING user_id, started_ms, ends_ms, year, days";

/// A user's vacation under way.
pub(crate) const ACTIVE_VACATION: &str =
    "SELECT user_id, started_ms, ends_ms, year, days FROM vacations WHERE user_id = ?1";

/// A user's days used in a year.
pub(crate) const DAYS_USED: &str =
    "SELECT days_used FROM vacation_days WHERE user_id = ?1 AND year = ?2";

/// Every vacation under way.
pub(crate) const ACTIVE_VACATIONS: &str =
    "SELECT user_id, started_ms, ends_ms, year, days FROM vacations ORDER BY user_id";

/// The values of [`INSERT_VACATION`].
pub(crate) fn vacation_values(v: &Vacation) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        id_in(v.user)?.into(),
        v.started_ms.into(),
        v.ends_ms.into(),
        v.year.into(),
        v.days.into(),
    ])
}

/// The values of [`INSERT_DAYS`].
pub(crate) fn days_values(d: &VacationDays) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        id_in(d.user)?.into(),
        d.year.into(),
        d.days_used.into(),
    ])
}

/// The statements starting a vacation.
pub(crate) fn start_vacation_steps(v: &Vacation) -> Result<[Step; 2], StoreError> {
    Ok([
        Step::one(START_VACATION, vacation_values(v)?, "vacation", v.user),
        Step::new(
            ADD_DAYS,
            vec![id_in(v.user)?.into(), v.year.into(), v.days.into()],
        ),
    ])
}

/// The statement correcting the days of an ended vacation that used `days_used` of its days.
pub(crate) fn end_vacation_step(v: &Vacation, days_used: u32) -> Result<Step, StoreError> {
    Ok(Step::new(
        ADD_DAYS,
        vec![
            id_in(v.user)?.into(),
            v.year.into(),
            (i64::from(days_used) - i64::from(v.days)).into(),
        ],
    ))
}

/// The values of [`END_VACATION`] and [`ACTIVE_VACATION`].
pub(crate) fn user_value(user: UserId) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(user)?.into()])
}

/// The values of [`DAYS_USED`].
pub(crate) fn days_used_values(user: UserId, year: i32) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(user)?.into(), year.into()])
}

/// There is no vacation of `user` under way to end.
pub(crate) fn none_under_way(user: UserId) -> StoreError {
    StoreError::Conflict {
        what: "vacation",
        id: user,
    }
}

/// A vacation row, from [`VACATION_COLUMNS`].
pub(crate) fn read_vacation(r: &dyn Columns) -> Result<Vacation, StoreError> {
    let t = "vacations";
    let year = r.int(3)?;
    Ok(Vacation {
        user: id_out(r.int(0)?, t, "user_id")?,
        started_ms: r.int(1)?,
        ends_ms: r.int(2)?,
        year: i32::try_from(year).map_err(|_| bad(t, "year", year.to_string()))?,
        days: count_out(r.int(4)?, t, "days")?,
    })
}

/// A `vacation_days` row.
pub(crate) fn read_days(r: &dyn Columns) -> Result<VacationDays, StoreError> {
    let t = "vacation_days";
    let year = r.int(1)?;
    Ok(VacationDays {
        user: id_out(r.int(0)?, t, "user_id")?,
        year: i32::try_from(year).map_err(|_| bad(t, "year", year.to_string()))?,
        days_used: count_out(r.int(2)?, t, "days_used")?,
    })
}

/// The days used read by [`DAYS_USED`].
pub(crate) fn read_days_used(r: &dyn Columns) -> Result<u32, StoreError> {
    count_out(r.int(0)?, "vacation_days", "days_used")
}
