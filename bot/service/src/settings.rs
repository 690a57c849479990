//! Each place's settings: the language of what is said there (the server admins' choice, else
//! the one last seen there) and whether its boards show the players' pictures. The admins'
//! choices are stored and loaded at start; the languages seen are kept in memory only.

use std::sync::Arc;

use dashmap::DashMap;
use domain::messages::SettingsMsg;
use domain::{ChannelId, Faces, GuildId, Lang, Origin, Reply, StoreError};

use super::context::Context;
use super::replies::save_failed;

/// Languages and pictures, per server (and per channel outside servers).
pub(crate) struct Settings {
    ctx: Arc<Context>,
    /// The language each server was last seen to prefer, for what is said there unasked.
    guild_langs: DashMap<GuildId, Lang>,
    /// Outside servers (DMs and group DMs): the language last seen in each channel, for what
    /// is said there unasked.
    channel_langs: DashMap<ChannelId, Lang>,
    /// The language each server's admins chose for its public messages, over its Discord
    /// locale (set by the `language` command).
    guild_overrides: DashMap<GuildId, Lang>,
    /// The servers whose admins turned players' pictures off (set by the `avatars` command).
    hidden_faces: DashMap<GuildId, ()>,
}

impl Settings {
    /// The settings the servers of this process's shards stored.
    pub(crate) async fn load(ctx: Arc<Context>) -> Result<Settings, StoreError> {
        let stored = ctx.db().load_guild_settings(ctx.config.shards).await?;
        let guild_overrides = stored
            .iter()
            .filter_map(|s| Some((s.guild, s.lang?)))
            .collect();
        let hidden_faces = stored
            .iter()
            .filter(|s| !s.avatars)
            .map(|s| (s.guild, ()))
            .collect();
        Ok(Settings {
            ctx,
            guild_langs: DashMap::new(),
            channel_langs: DashMap::new(),
            guild_overrides,
            hidden_faces,
        })
    }

    /// The language of what is said only to the user of `origin`: their client's, else the
    /// place's (see [`Settings::public_lang`]).
    pub(crate) fn private_lang(&self, origin: &Origin) -> Lang {
        origin
            .locale
            .user
            .unwrap_or_else(|| self.public_lang(origin))
    }

    /// The language of what is said publicly where `origin` is, remembered for what is said
    /// there unasked (see [`GameService::public_lang`](crate::GameService::public_lang)).
    pub(crate) fn public_lang(&self, origin: &Origin) -> Lang {
        if let Some(chosen) = self.chosen_lang(origin.guild) {
            return chosen;
        }
        match (origin.locale.server, origin.guild) {
            (Some(lang), Some(guild)) => {
                self.note_server_lang(guild, lang);
                lang
            }
            (Some(lang), None) => {
                self.channel_langs.insert(origin.channel, lang);
                lang
            }
            (None, guild) => self.place_lang(guild, origin.channel),
        }
    }

    /// Notes that `guild` prefers `lang`, for what is said there unasked until a command
    /// says otherwise.
    pub(crate) fn note_server_lang(&self, guild: GuildId, lang: Lang) {
        self.guild_langs.insert(guild, lang);
    }

    /// The language a server's admins chose for its public messages, if they did.
    fn chosen_lang(&self, guild: Option<GuildId>) -> Option<Lang> {
        guild.and_then(|g| self.guild_overrides.get(&g).map(|l| *l.value()))
    }

    /// The language of what is said publicly unasked in `channel` of `guild`: the server's, or
    /// outside servers the one last seen in the channel.
    pub(crate) fn place_lang(&self, guild: Option<GuildId>, channel: ChannelId) -> Lang {
        match guild {
            Some(_) => self.guild_lang(guild),
            None => self
                .channel_langs
                .get(&channel)
                .map(|l| *l.value())
                .unwrap_or_default(),
        }
    }

    /// The language of what is said publicly in `guild` unasked: the one last seen there.
    pub(crate) fn guild_lang(&self, guild: Option<GuildId>) -> Lang {
        self.chosen_lang(guild)
            .or_else(|| guild.and_then(|g| self.guild_langs.get(&g).map(|l| *l.value())))
            .unwrap_or_default()
    }

    /// Sets (or clears) the language of the server's public messages: stored first, then
    /// used for every public reply there, this one included.
    pub(crate) async fn set_language(&self, origin: &Origin, lang: Option<Lang>) -> Reply {
        let Some(guild) = origin.guild else {
            return Reply::private(SettingsMsg::NoServer);
        };
        if let Err(e) = self
            .ctx
            .store(self.ctx.db().set_guild_lang(guild, lang))
            .await
        {
            return save_failed(&e);
        }
        match lang {
            Some(lang) => self.guild_overrides.insert(guild, lang),
            None => self.guild_overrides.remove(&guild).map(|(_, l)| l),
        };
        Reply::public(SettingsMsg::Language(lang))
    }

    /// Shows or hides players' pictures on the server's boards: stored first, then applied
    /// to every board drawn there, from this reply's on.
    pub(crate) async fn set_avatars(&self, origin: &Origin, shown: bool) -> Reply {
        let Some(guild) = origin.guild else {
            return Reply::private(SettingsMsg::AvatarsNoServer);
        };
        if let Err(e) = self
            .ctx
            .store(self.ctx.db().set_guild_avatars(guild, shown))
            .await
        {
            return save_failed(&e);
        }
        if shown {
            self.hidden_faces.remove(&guild);
        } else {
            self.hidden_faces.insert(guild, ());
        }
        Reply::public(SettingsMsg::Avatars(shown))
    }

    /// Leaves the players' pictures off `reply`'s board and replay where the game's server
    /// turned them off.
    pub(crate) fn apply_avatar_setting(&self, reply: &mut Reply) {
        let hidden = |faces: &Option<Faces>| {
            faces
                .and_then(|f| f.guild)
                .is_some_and(|g| self.hidden_faces.contains_key(&g))
        };
        if let Some(board) = &mut reply.board
            && hidden(&board.faces)
        {
            board.faces = None;
        }
        if let Some(replay) = &mut reply.replay
            && hidden(&replay.faces)
        {
            replay.faces = None;
        }
    }

    /// Forgets everything about `guild`, which the bot left: its stored settings and what
    /// was seen there.
    pub(crate) async fn forget_guild(&self, guild: GuildId) {
        if let Err(e) = self.ctx.db().remove_guild_settings(guild).await {
            tracing::error!(guild, error = %e, "could not remove the settings of a server left");
        }
        self.guild_overrides.remove(&guild);
        self.hidden_faces.remove(&guild);
        self.guild_langs.remove(&guild);
    }
}
