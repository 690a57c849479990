//! Per-server settings: the statement setting a server's language, the queries reading
//! settings back, and how their rows read.

use domain::{GuildId, GuildSettings, Lang, ShardSet, StoreError};

use crate::codec::{SHARD_CONDITION, bad, id_in, id_out, shard_values};
use crate::sql::{Columns, SqlValue, Step};

/// Sets a server's language.
const SET_LANG: &str = "INSERT INTO guild_settings (guild_id, lang) VALUES (?1, ?2)
    ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang";

/// Inserts a server's settings (an import).
pub(crate) const INSERT_SETTINGS: &str =
    "INSERT INTO guild_settings (guild_id, lang) VALUES (?1, ?2)";

/// A server's language.
pub(crate) const GUILD_LANG: &str = "SELECT lang FROM guild_settings WHERE guild_id = ?1";

/// The values of [`INSERT_SETTINGS`].
pub(crate) fn settings_values(
    guild: GuildId,
    lang: Option<Lang>,
) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(guild)?.into(), lang.map(Lang::id).into()])
}

/// The statement setting (or with `None`, clearing) a server's language.
pub(crate) fn set_lang_step(guild: GuildId, lang: Option<Lang>) -> Result<Step, StoreError> {
    Ok(Step::new(SET_LANG, settings_values(guild, lang)?))
}

/// The values of [`GUILD_LANG`].
pub(crate) fn guild_value(guild: GuildId) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(guild)?.into()])
}

/// The settings of the servers in `shards`, with its values.
pub(crate) fn shard_settings(shards: ShardSet) -> (String, Vec<SqlValue>) {
    (
        format!(
            "SELECT guild_id, lang FROM guild_settings WHERE {SHARD_CONDITION} ORDER BY guild_id"
        ),
        shard_values(shards),
    )
}

/// A stored language id back as a language.
fn lang_out(id: Option<String>) -> Result<Option<Lang>, StoreError> {
    id.map(|id| Lang::from_id(&id).ok_or_else(|| bad("guild_settings", "lang", id)))
        .transpose()
}

/// A row of [`GUILD_LANG`].
pub(crate) fn read_lang(r: &dyn Columns) -> Result<Option<Lang>, StoreError> {
    lang_out(r.opt_text(0)?)
}

/// A `guild_settings` row.
pub(crate) fn read_settings(r: &dyn Columns) -> Result<GuildSettings, StoreError> {
    Ok(GuildSettings {
        guild: id_out(r.int(0)?, "guild_settings", "guild_id")?,
        lang: lang_out(r.opt_text(1)?)?,
    })
}
