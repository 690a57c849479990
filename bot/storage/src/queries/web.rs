//! What the web board keeps: the statements storing a secret once and spending a single-use
//! token, and the query reading a secret back.

use domain::StoreError;

use crate::sql::{Columns, SqlValue, Step};

/// Stores a secret unless one of that name is stored already (the first writer wins).
const KEEP_SECRET: &str =
    "INSERT INTO secrets (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING";

/// The secret of a name.
pub(crate) const SECRET: &str = "SELECT value FROM secrets WHERE name = ?1";

/// Forgets tokens that expired: they could not be used again anyway.
const DROP_EXPIRED: &str = "DELETE FROM web_tokens WHERE expires_ms < ?1";

/// Notes a token as used; changes no row when it was used before.
const SPEND: &str = "INSERT INTO web_tokens (nonce, expires_ms) VALUES (?1, ?2) \
    ON CONFLICT (nonce) DO NOTHING";

/// What a spent token's conflict is called.
pub(crate) const SPENT: &str = "token";

/// The write keeping `fresh` as the secret `name` unless one is stored.
pub(crate) fn keep_secret(name: &str, fresh: &str) -> Step {
    Step::new(KEEP_SECRET, vec![name.into(), fresh.into()])
}

/// The values of [`SECRET`].
pub(crate) fn secret_values(name: &str) -> Vec<SqlValue> {
    vec![name.into()]
}

/// The write spending token `nonce` (valid until `expires_ms`), dropping tokens expired before
/// `now_ms`: a conflict over [`SPENT`] when it was spent before.
pub(crate) fn spend(nonce: &str, expires_ms: i64, now_ms: i64) -> Vec<Step> {
    vec![
        Step::new(DROP_EXPIRED, vec![now_ms.into()]),
        Step::one(SPEND, vec![nonce.into(), expires_ms.into()], SPENT, 0),
    ]
}

/// A secret's value.
pub(crate) fn read_secret(r: &dyn Columns) -> Result<String, StoreError> {
    r.text(0)
}
