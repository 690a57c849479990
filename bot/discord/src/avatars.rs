//! Players' pictures from Discord's CDN for the boards' name bars. A picture is fetched when
//! the front first sees its player (a command, a button, an option naming them) or a board
//! names a player it has not seen, off the game lock, a few at a time, with a short timeout,
//! and decoded on the blocking pool under the renderer's limits. Pictures are kept in memory
//! only (a bounded least-recently-used map, keyed by the CDN path, which holds the user and
//! the picture's hash, so a changed picture is fetched at once) and never stored. A board
//! waits a moment for a picture on its way, then is drawn with what is there: a failure, or a
//! picture not ready yet, leaves the icon.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use domain::{Faces, GuildId, Reply, UserId, is_computer, is_forgotten};
use hashlink::LruCache;
use render::{Avatar, AvatarError};
use serenity::all::{Http, ImageHash, User as DiscordUser};
use tokio::sync::{Semaphore, watch};

/// Pictures kept in memory: each is at most 128×128 px once decoded (64 KiB).
const PICTURES_KEPT: usize = 512;
/// Players whose picture's place is remembered (a CDN path each).
const PLAYERS_KEPT: usize = 16_384;
/// The longest a fetch may take, from the request to the last byte.
const FETCH_TIMEOUT: Duration = Duration::from_secs(3);
/// How long a board waits for pictures still on their way.
const BOARD_WAIT: Duration = Duration::from_millis(500);
/// A picture that could not be fetched is tried again after this long.
const RETRY_FAILED_AFTER: Duration = Duration::from_secs(600);
/// A player looked up by the REST API is not looked up again for this long.
const LOOKUP_AGAIN_AFTER: Duration = Duration::from_secs(3600);
/// Fetches under way at once.
const FETCHES_AT_ONCE: usize = 4;
/// The longest picture file read (the renderer refuses longer ones too).
const MAX_PICTURE_BYTES: usize = 2 * 1024 * 1024;

/// Why a picture could not be had.
#[derive(Debug, thiserror::Error)]
enum FetchError {
    /// The CDN could not be reached, answered with an error status, or took too long.
    #[error("the CDN failed: {0}")]
    Http(#[from] reqwest::Error),
    /// The file is longer than the renderer takes.
    #[error("the file is longer than {MAX_PICTURE_BYTES} bytes")]
    TooLong,
    /// The file is not a picture the renderer takes.
    #[error(transparent)]
    Refused(#[from] AvatarError),
    /// The decoding task failed.
    #[error("decoding failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

/// A picture in the cache: on its way (the receiver turns `true` when it has come), or come
/// (`None`: it failed, when).
#[derive(Clone)]
enum Entry {
    Fetching(watch::Receiver<bool>),
    Ready(Option<Avatar>, Instant),
}

/// Players' pictures from the CDN, fetched and kept in memory.
pub struct AvatarSource {
    client: reqwest::Client,
    /// The CDN's base URL, without a trailing `/`.
    cdn: String,
    /// The size asked of the CDN, in px (a power of two, as the CDN requires).
    size: u32,
    /// The REST client, for players the front has not seen (set once the client exists).
    http: OnceLock<Arc<Http>>,
    /// Each player's picture's CDN path: `(Some(server), user)` for their picture in that
    /// server, `(None, user)` for their own.
    paths: Mutex<LruCache<(Option<GuildId>, UserId), String>>,
    /// When each player not seen was looked up by the REST API.
    looked_up: Mutex<LruCache<UserId, Instant>>,
    /// The pictures, by CDN path.
    pictures: Mutex<LruCache<String, Entry>>,
    /// One permit per fetch under way.
    fetches: Arc<Semaphore>,
}

impl AvatarSource {
    /// Fetches pictures from the CDN at `cdn` (e.g. `https://cdn.discordapp.com`), at least
    /// `side` px wide.
    pub fn new(cdn: &str, side: u32) -> Result<AvatarSource, reqwest::Error> {
        let client = reqwest::Client::builder()
            .timeout(FETCH_TIMEOUT)
            .connect_timeout(FETCH_TIMEOUT)
            .build()?;
        Ok(AvatarSource {
            client,
            cdn: cdn.trim_end_matches('/').to_string(),
            size: side.clamp(16, 4096).next_power_of_two(),
            http: OnceLock::new(),
            paths: Mutex::new(LruCache::new(PLAYERS_KEPT)),
            looked_up: Mutex::new(LruCache::new(PLAYERS_KEPT)),
            pictures: Mutex::new(LruCache::new(PICTURES_KEPT)),
            fetches: Arc::new(Semaphore::new(FETCHES_AT_ONCE)),
        })
    }

    /// Gives the REST client, for looking up players the front has not seen.
    pub fn set_http(&self, http: Arc<Http>) {
        // Set once, when the client is built; a second call changes nothing.
        let _ = self.http.set(http);
    }

    /// Notes where `user`'s pictures are (their own, and `member_avatar`, their picture in
    /// `guild`) and starts fetching the one a board there shows.
    pub fn learn(
        self: &Arc<Self>,
        guild: Option<GuildId>,
        user: &DiscordUser,
        member_avatar: Option<&ImageHash>,
    ) {
        let id = user.id.get();
        let own = match &user.avatar {
            Some(hash) => format!("avatars/{id}/{hash}.png"),
            None => default_path(user),
        };
        let in_guild = guild
            .zip(member_avatar)
            .map(|(g, hash)| (g, format!("guilds/{g}/users/{id}/avatars/{hash}.png")));
        let shown = {
            let mut paths = lock(&self.paths);
            paths.insert((None, id), own.clone());
            match in_guild {
                Some((g, path)) => {
                    paths.insert((Some(g), id), path.clone());
                    path
                }
                None => {
                    if let Some(g) = guild {
                        // Their picture in this server is gone: their own shows.
                        paths.remove(&(Some(g), id));
                    }
                    own
                }
            }
        };
        self.fetch(shown);
    }

    /// Drops everything kept about `user` (who asked nadare to forget them): where their
    /// pictures are, the pictures, and when they were looked up. A board that shows them
    /// again later fetches them again.
    pub fn forget(&self, user: UserId) {
        let theirs: Vec<((Option<GuildId>, UserId), String)> = lock(&self.paths)
            .iter()
            .filter(|((_, id), _)| *id == user)
            .map(|(key, path)| (*key, path.clone()))
            .collect();
        let mut paths = lock(&self.paths);
        for (key, _) in &theirs {
            paths.remove(key);
        }
        drop(paths);
        let mut pictures = lock(&self.pictures);
        for (_, path) in &theirs {
            pictures.remove(path);
        }
        drop(pictures);
        lock(&self.looked_up).remove(&user);
    }

    /// Readies the pictures `reply` shows: looks up players not seen yet, then waits a moment
    /// for pictures on their way.
    pub async fn prepare(self: &Arc<Self>, reply: &Reply) {
        let faces = [
            reply.board.as_ref().and_then(|b| b.faces),
            reply.replay.as_ref().and_then(|r| r.faces),
        ];
        let players: Vec<(Option<GuildId>, UserId)> = faces
            .into_iter()
            .flatten()
            .flat_map(|f: Faces| [(f.guild, f.white), (f.guild, f.black)])
            .filter(|&(_, user)| !is_computer(user) && !is_forgotten(user))
            .collect();
        let waited = async {
            for &(guild, user) in &players {
                if self.path(guild, user).is_none() {
                    self.look_up(user).await;
                }
            }
            let on_the_way: Vec<watch::Receiver<bool>> = players
                .iter()
                .filter_map(|&(guild, user)| self.path(guild, user))
                .filter_map(|path| match lock(&self.pictures).get(&path) {
                    Some(Entry::Fetching(done)) => Some(done.clone()),
                    _ => None,
                })
                .collect();
            for mut done in on_the_way {
                // An error means the fetch ended without saying: nothing more to wait for.
                let _ = done.wait_for(|&come| come).await;
            }
        };
        // What is not there by then is drawn as the icon.
        let _ = tokio::time::timeout(BOARD_WAIT, waited).await;
    }

    /// The CDN path of `user`'s picture in `guild` (else their own), if known.
    fn path(&self, guild: Option<GuildId>, user: UserId) -> Option<String> {
        let mut paths = lock(&self.paths);
        if let Some(path) = guild.and_then(|g| paths.get(&(Some(g), user))) {
            return Some(path.clone());
        }
        paths.get(&(None, user)).cloned()
    }

    /// Looks up a player the front has not seen by the REST API (once an hour at most), and
    /// learns their picture.
    async fn look_up(self: &Arc<Self>, user: UserId) {
        let Some(http) = self.http.get() else {
            return;
        };
        {
            let mut looked_up = lock(&self.looked_up);
            if looked_up
                .get(&user)
                .is_some_and(|at| at.elapsed() < LOOKUP_AGAIN_AFTER)
            {
                return;
            }
            looked_up.insert(user, Instant::now());
        }
        let Some(id) = std::num::NonZeroU64::new(user) else {
            return;
        };
        match http.get_user(id.into()).await {
            Ok(found) => self.learn(None, &found, None),
            Err(e) => tracing::warn!(user, error = %e, "could not look up a player's picture"),
        }
    }

    /// Starts fetching the picture at `path` unless it is here, on its way, or failed lately.
    fn fetch(self: &Arc<Self>, path: String) {
        let come = {
            let mut pictures = lock(&self.pictures);
            match pictures.get(&path) {
                Some(Entry::Fetching(_) | Entry::Ready(Some(_), _)) => return,
                Some(Entry::Ready(None, at)) if at.elapsed() < RETRY_FAILED_AFTER => return,
                _ => {}
            }
            let (come, done) = watch::channel(false);
            pictures.insert(path.clone(), Entry::Fetching(done));
            come
        };
        let this = Arc::clone(self);
        tokio::spawn(async move {
            let avatar = match this.download(&path).await {
                Ok(avatar) => Some(avatar),
                Err(e) => {
                    tracing::warn!(path, error = %e, "a player's picture is left out: the icon shows");
                    None
                }
            };
            lock(&this.pictures).insert(path, Entry::Ready(avatar, Instant::now()));
            let _ = come.send(true);
        });
    }

    /// Fetches and decodes the picture at `path`.
    async fn download(&self, path: &str) -> Result<Avatar, FetchError> {
        let bytes = {
            // The semaphore is never closed; without a permit the fetch goes on regardless.
            let _permit = self.fetches.acquire().await.ok();
            let url = format!("{}/{path}?size={}", self.cdn, self.size);
            let mut response = self.client.get(url).send().await?.error_for_status()?;
            if response
                .content_length()
                .is_some_and(|n| n > MAX_PICTURE_BYTES as u64)
            {
                return Err(FetchError::TooLong);
            }
            let mut bytes = Vec::new();
            while let Some(chunk) = response.chunk().await? {
                if bytes.len() + chunk.len() > MAX_PICTURE_BYTES {
                    return Err(FetchError::TooLong);
                }
                bytes.extend_from_slice(&chunk);
            }
            bytes
        };
        Ok(tokio::task::spawn_blocking(move || Avatar::decode(&bytes)).await??)
    }
}

impl present::Pictures for AvatarSource {
    fn picture(&self, guild: Option<GuildId>, user: UserId) -> Option<Avatar> {
        let path = self.path(guild, user)?;
        match lock(&self.pictures).get(&path) {
            Some(Entry::Ready(avatar, _)) => avatar.clone(),
            _ => None,
        }
    }
}

/// The CDN path of Discord's default picture for `user`: by the id for a user without a
/// discriminator (the new usernames), else by the discriminator.
fn default_path(user: &DiscordUser) -> String {
    let index = match user.discriminator {
        Some(d) => u64::from(d.get()) % 5,
        None => (user.id.get() >> 22) % 6,
    };
    format!("embed/avatars/{index}.png")
}

/// Locks `mutex`, taking over a poisoned one: every value it guards is whole between calls.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: u64, discriminator: Option<u16>) -> DiscordUser {
        let mut user = DiscordUser::default();
        user.id = id.into();
        user.discriminator = discriminator.and_then(std::num::NonZeroU16::new);
        user
    }

    #[test]
    fn the_default_picture_follows_discords_rule() {
        // Discord's documentation: (user_id >> 22) % 6 for migrated users, else
        // discriminator % 5.
        assert_eq!(
            default_path(&user(80_351_110_224_678_912, None)),
            format!(
                "embed/avatars/{}.png",
                (80_351_110_224_678_912_u64 >> 22) % 6
            )
        );
        assert_eq!(default_path(&user(1, Some(1337))), "embed/avatars/2.png");
    }

    #[test]
    fn the_size_asked_is_a_power_of_two_the_cdn_takes() {
        for (side, asked) in [
            (0, 16),
            (27, 32),
            (32, 32),
            (33, 64),
            (115, 128),
            (9000, 4096),
        ] {
            let source = AvatarSource::new("http://127.0.0.1:9/", side).expect("client");
            assert_eq!(source.size, asked, "side {side}");
            assert_eq!(source.cdn, "http://127.0.0.1:9");
        }
    }
}
