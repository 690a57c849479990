//! Per-server settings: the statements setting a server's language, whether its boards
//! show players' pictures and who may organise tournaments, the queries reading settings back, and how their rows read.

use domain::Id;
use domain::{GuildId, GuildSettings, Lang, RoleId, ShardSet, StoreError};

use crate::codec::{SHARD_CONDITION, bad, id_in, id_out, shard_values};
use crate::sql::{Columns, SqlValue, Step};

/// Sets a server's language.
const SET_LANG: &str = "INSERT INTO guild_settings (guild_id, lang) VALUES (?1, ?2)
    ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang";

/// Sets whether a server's boards show players' pictures.
const SET_AVATARS: &str = "INSERT INTO guild_settings (guild_id, avatars) VALUES (?1, ?2)
    ON CONFLICT (guild_id) DO UPDATE SET avatars = excluded.avatars";

/// Sets the role whose members may create a server's tournaments.
const SET_ORGANISERS: &str = "INSERT INTO guild_settings (guild_id, organiser_role) \
    VALUES (?1, ?2) ON CONFLICT (guild_id) DO UPDATE SET organiser_role = excluded.organiser_role";

/// Removes a server's settings.
const REMOVE: &str = "DELETE FROM guild_settings WHERE guild_id = ?1";

/// Inserts a server's settings (an import).
pub(crate) const INSERT_SETTINGS: &str = "INSERT INTO guild_settings (guild_id, lang, avatars, \
    organiser_role) VALUES (?1, ?2, ?3, ?4)";

/// The columns of `guild_settings`, in [`read_settings`] order.
pub(crate) const COLUMNS: &str = "guild_id, lang, avatars, organiser_role";

/// The values of [`INSERT_SETTINGS`].
pub(crate) fn settings_values(settings: &GuildSettings) -> Result<Vec<SqlValue>, StoreError> {
    Ok(vec![
        id_in(settings.guild)?.into(),
        settings.lang.map(Lang::id).into(),
        i64::from(settings.avatars).into(),
        settings.organiser_role.map(id_in).transpose()?.into(),
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

/// The statement removing a server's settings.
pub(crate) fn remove_step(guild: GuildId) -> Result<Step, StoreError> {
    Ok(Step::new(REMOVE, vec![id_in(guild)?.into()]))
}

/// The statement setting (or with `None`, clearing) a server's organisers' role.
pub(crate) fn set_organisers_step(
    guild: GuildId,
    role: Option<RoleId>,
) -> Result<Step, StoreError> {
    Ok(Step::new(
        SET_ORGANISERS,
        vec![id_in(guild)?.into(), role.map(id_in).transpose()?.into()],
    ))
}

/// A server's settings, with its values.
pub(crate) fn guild_settings(guild: GuildId) -> Result<(String, Vec<SqlValue>), StoreError> {
    Ok((
        format!("SELECT {COLUMNS} FROM guild_settings WHERE guild_id = ?1"),
        vec![id_in(guild)?.into()],
    ))
}

/// The settings of the servers in `shards`, with its values.
pub(crate) fn shard_settings(shards: ShardSet) -> (String, Vec<SqlValue>) {
    (
        format!("SELECT {COLUMNS} FROM guild_settings WHERE {SHARD_CONDITION} ORDER BY guild_id"),
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
        organiser_role: r
            .opt_int(3)?
            .map(|id| id_out(id, "guild_settings", "organiser_role"))
            .transpose()?,
    })
}
