//! Per-server settings: the statements setting a server's language and whether its boards
//! show players' pictures, the queries reading settings back, and how their rows read.

use domain::{GuildId, GuildSettings, Lang, ShardSet, StoreError};

use crate::codec::{SHARD_CONDITION, bad, id_in, id_out, shard_values};
use crate::sql::{Columns, SqlValue, Step};

/// Sets a server's language.
const SET_LANG: &str = "INSERT INTO guild_settings (guild_id, lang) VALUES (?1, ?2)
    ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang";

/// Sets whether a server's boards show players' pictures.
const SET_AVATARS: &str = "INSERT INTO guild_settings (guild_id, avatars) VALUES (?1, ?2)
    ON CONFLICT (guild_id) DO UPDATE SET avatars = excluded.avatars";

/// Inserts a server's settings (an import).
pub(crate) const INSERT_SETTINGS: &str =
    "INSERT INTO guild_settings (guild_id, lang, avatars) VALUES (?1, ?2, ?3)";

/// A server's settings.
pub(crate) const GUILD_SETTINGS: &str =
    "SELECT guild_id, lang, avatars FROM guild_settings WHERE guild_id = ?1";

/// The values of [`INSERT_SETTINGS`].
pub(crate) fn settings_values(settings: &GuildSettings) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        id_in(settings.guild)?.into(),
        settings.lang.map(Lang::id).into(),
        i64::from(settings.avatars).into(),
    ])
}

/// The statement setting (or with `None`, clearing) a server's language.
pub(crate) fn set_lang_step(guild: GuildId, lang: Option<Lang>) -> Result<Step, StoreError> {
    Ok(Step::new(
        SET_LANG,
        vec![id_in(guild)?.into(), lang.map(Lang::id).into()],
    ))
}

/// The statement turning a server's players' pictures on or off.
pub(crate) fn set_avatars_step(guild: GuildId, shown: bool) -> Result<Step, StoreError> {
    Ok(Step::new(
        SET_AVATARS,
        vec![id_in(guild)?.into(), i64::from(shown).into()],
    ))
}

/// The values of [`GUILD_SETTINGS`].
pub(crate) fn guild_value(guild: GuildId) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![id_in(guild)?.into()])
}

/// The settings of the servers in `shards`, with its values.
pub(crate) fn shard_settings(shards: ShardSet) -> (String, Vec<SqlValue>) {
    (
        format!(
            "SELECT guild_id, lang, avatars FROM guild_settings WHERE {SHARD_CONDITION} \
             ORDER BY guild_id"
        ),
        shard_values(shards),
    )
}

/// A stored language id back as a language.
fn lang_out(id: Option<String>) -> Result<Option<Lang>, StoreError> {
    id.map(|id| Lang::from_id(&id).ok_or_else(|| bad("guild_settings", "lang", id)))
        .transpose()
}

/// A `guild_settings` row.
pub(crate) fn read_settings(r: &dyn Columns) -> Result<GuildSettings, StoreError> {
    let avatars = match r.int(2)? {
        0 => false,
        1 => true,
        other => return Err(bad("guild_settings", "avatars", other.to_string())),
    };
    Ok(GuildSettings {
        guild: id_out(r.int(0)?, "guild_settings", "guild_id")?,
        lang: lang_out(r.opt_text(1)?)?,
        avatars,
    })
}
