//! Schema migrations: numbered SQL files applied in order, each recorded in
//! `schema_migrations`. Both backends apply the same files with the same statements, so the
//! schemas stay in step.

use std::time::SystemTime;

use domain::clock::to_unix_ms;

use crate::sql::SqlValue;

/// Every migration this build knows, oldest first: (version, SQL).
pub(crate) const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../migrations/0001_initial.sql")),
    (2, include_str!("../migrations/0002_shared.sql")),
    (3, include_str!("../migrations/0003_announced.sql")),
    (
        4,
        include_str!("../migrations/0004_ratings_archive_vacations.sql"),
    ),
    (5, include_str!("../migrations/0005_avatars.sql")),
    (6, include_str!("../migrations/0006_tournaments.sql")),
    (
        7,
        include_str!("../migrations/0007_tournament_setups_starts.sql"),
    ),
    (8, include_str!("../migrations/0008_reviews.sql")),
    (9, include_str!("../migrations/0009_user_lookups.sql")),
    (10, include_str!("../migrations/0010_start_positions.sql")),
    (11, include_str!("../migrations/0011_announced_results.sql")),
    (12, include_str!("../migrations/0012_announced_rounds.sql")),
    (13, include_str!("../migrations/0013_web.sql")),
    (14, include_str!("../migrations/0014_announced_notices.sql")),
    (15, include_str!("../migrations/0015_clocks.sql")),
    (16, include_str!("../migrations/0016_arena.sql")),
];

/// The newest schema version this build knows.
pub const LATEST_VERSION: i64 = 16;

/// Creates the table of applied migrations, if missing.
pub(crate) const CREATE_MIGRATIONS: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (
     version    BIGINT PRIMARY KEY,
     applied_ms BIGINT NOT NULL
 )";

/// The schema version of the database (0 for a new one).
pub(crate) const CURRENT_VERSION: &str =
    "SELECT CAST(COALESCE(MAX(version), 0) AS BIGINT) FROM schema_migrations";

/// Records a migration as applied.
pub(crate) const RECORD: &str =
    "INSERT INTO schema_migrations (version, applied_ms) VALUES (?1, ?2)";

/// The migrations a database at schema version `current` still needs.
pub(crate) fn pending(current: i64) -> impl Iterator<Item = (i64, &'static str)> {
    MIGRATIONS
        .iter()
        .copied()
        .filter(move |(v, _)| *v > current)
}

/// The values of [`RECORD`] for `version`, applied now.
pub(crate) fn record_values(version: i64) -> Vec<SqlValue> {
    vec![version.into(), to_unix_ms(SystemTime::now()).into()]
}
