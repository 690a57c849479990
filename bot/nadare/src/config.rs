//! The bot's configuration: a TOML file, overridden by `DISCORD_TOKEN` and `NADARE_*`
//! environment variables, validated once at start.
//!
//! `config.example.toml` at the repository root documents every key.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use render::Theme;
use serde::Deserialize;

pub use discord::Shards;
use domain::input::parse_duration;
use service::StockfishSettings;
use storage::Database;

/// The file read when no `--config` is given, if it exists.
pub const DEFAULT_CONFIG_FILE: &str = "nadare.toml";

/// Why the configuration could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The config file could not be read.
    #[error("cannot read the config file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The config file is not valid TOML or has unknown keys.
    #[error("the config file {path} is not valid: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// What the TOML parser said.
        message: String,
    },
    /// No token anywhere.
    #[error(
        "no Discord bot token: set the DISCORD_TOKEN environment variable or `token` in the \
         config file (see config.example.toml); the token is on the Bot page of your application \
         in the Discord developer portal"
    )]
    MissingToken,
    /// A key has a value that cannot be used.
    #[error("config key `{key}`: {reason}")]
    Invalid {
        /// The key, as written in the file (`image.size`).
        key: &'static str,
        /// What is wrong and what would be right.
        reason: String,
    },
}

/// The bot token. Its `Debug` never shows it, and it has no `Display`.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The secret itself, to hand to the Discord client and nowhere else.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// The validated configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot token.
    pub token: Token,
    /// Register commands to this guild only (instant, for development); `None` registers them
    /// globally.
    pub development_guild: Option<u64>,
    /// The database: an SQLite file, or a PostgreSQL server with its pool settings.
    pub database: Database,
    /// Board image width and height in pixels.
    pub image_size: u32,
    /// Board colours.
    pub image_theme: Theme,
    /// Move deadline of games whose challenge names none; `None` means no deadline.
    pub default_deadline: Option<Duration>,
    /// How long a challenge waits for an answer.
    pub challenge_expiry: Duration,
    /// Open a thread for each game where the bot may.
    pub threads: bool,
    /// Play messages that are only a move (needs the Message Content intent).
    pub typed_moves: bool,
    /// How often overdue games and reminders are looked for.
    pub sweep_interval: Duration,
    /// Vacation days each player has per calendar year.
    pub vacation_days_per_year: u32,
    /// How long each side of a game on a clock has for its first turn before the game is
    /// aborted.
    pub first_turn_limit: Duration,
    /// How much of each turn a person plays on a clock is not charged, in milliseconds.
    pub lag_allowance_ms: u32,
    /// The depth `/review` searches each position to; `None` for the engine's own per variant.
    pub review_depth: Option<u32>,
    /// Which shards this process runs.
    pub shards: Shards,
    /// Send REST calls to this base URL instead of Discord (a rate-limiting proxy such as
    /// twilight-http-proxy; Discord's rate limits are then the proxy's job).
    pub api_proxy: Option<String>,
    /// Where players' pictures are fetched from: Discord's CDN, or a stand-in.
    pub cdn_url: String,
    /// Show players' pictures in the boards' name bars.
    pub image_avatars: bool,
    /// Stockfish for games against it in standard chess and Chess960; `None` without one.
    pub stockfish: Option<StockfishSettings>,
    /// The web board; `None` when it is off (no `web.bind`).
    pub web: Option<WebSettings>,
}

/// Where the web board is served and how it is reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSettings {
    /// The address and port the HTTP server listens on.
    pub bind: std::net::SocketAddr,
    /// The address players reach it at (usually the operator's reverse proxy, https); boards
    /// link to it only when it is set.
    pub public_url: Option<String>,
    /// The signing key; `None` makes one and keeps it in the database.
    pub key: Option<Token>,
    /// The most live pages open at once, in all.
    pub max_watchers: usize,
    /// The most live pages open at once from one address.
    pub max_watchers_per_address: usize,
}

impl WebSettings {
    /// The address links are made on: the public one, else the server's own.
    pub fn link_base(&self) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.bind))
    }
}

/// The deepest search `games.review_depth` may ask for: a 60-turn game reviewed at 20 would
/// take hours.
const MAX_REVIEW_DEPTH: u32 = 20;

/// The longest Stockfish may think about a turn.
const MAX_STOCKFISH_MOVETIME: Duration = Duration::from_secs(60);

/// Discord's CDN, where players' pictures are.
pub const DISCORD_CDN: &str = "https://cdn.discordapp.com";

/// The file's shape: every key optional, unknown keys refused.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    token: Option<String>,
    development_guild: Option<u64>,
    database: Option<String>,
    shards: Option<String>,
    api_proxy: Option<String>,
    cdn_url: Option<String>,
    #[serde(default)]
    image: RawImage,
    #[serde(default)]
    games: RawGames,
    #[serde(default)]
    postgres: RawPostgres,
    #[serde(default)]
    engine: RawEngine,
    #[serde(default)]
    web: RawWeb,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeb {
    bind: Option<String>,
    public_url: Option<String>,
    key: Option<String>,
    max_watchers: Option<usize>,
    max_watchers_per_address: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEngine {
    stockfish: Option<String>,
    stockfish_movetime: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPostgres {
    pool_size: Option<usize>,
    connect_timeout: Option<String>,
    retry_for: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawImage {
    size: Option<u32>,
    theme: Option<String>,
    avatars: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGames {
    default_deadline: Option<String>,
    challenge_expiry: Option<String>,
    threads: Option<bool>,
    typed_moves: Option<bool>,
    sweep_interval: Option<String>,
    vacation_days_per_year: Option<u32>,
    review_depth: Option<u32>,
    first_turn_limit: Option<String>,
    lag_allowance_ms: Option<u32>,
}

impl Config {
    /// Reads `path` (or `nadare.toml` if it exists when `path` is `None`), applies the process
    /// environment and validates.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let (text, file) = read_file(path)?;
        Config::from_parts(text.as_deref().zip(file), |name| std::env::var(name).ok())
    }

    /// Builds the configuration from a file's text (with its path, for messages) and an
    /// environment lookup. [`Config::load`] calls this with the real file and environment.
    pub fn from_parts(
        file: Option<(&str, &Path)>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        RawConfig::from_parts(file, env)?.validate()
    }

    /// The database `path` (or `nadare.toml`, as for [`Config::load`]) and the environment
    /// name, without the rest of the configuration: the tools that only touch the database
    /// need no token.
    pub fn load_database(path: Option<&Path>) -> Result<Database, ConfigError> {
        let (text, file) = read_file(path)?;
        RawConfig::from_parts(text.as_deref().zip(file), |name| std::env::var(name).ok())?
            .database()
    }
}

/// The text of the config file `path`, or of `nadare.toml` if it exists when `path` is
/// `None`, with the path it was read from.
fn read_file(path: Option<&Path>) -> Result<(Option<String>, Option<&Path>), ConfigError> {
    let default = Path::new(DEFAULT_CONFIG_FILE);
    let file = match path {
        Some(path) => Some(path),
        None => default.exists().then_some(default),
    };
    let text = match file {
        Some(path) => Some(
            std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                path: path.to_owned(),
                source,
            })?,
        ),
        None => None,
    };
    Ok((text, file))
}

impl RawConfig {
    /// The file's text (with its path, for messages) read, then the environment applied.
    fn from_parts(
        file: Option<(&str, &Path)>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<RawConfig, ConfigError> {
        let mut raw = match file {
            Some((text, path)) => toml::from_str::<RawConfig>(text).map_err(|e| {
                // The parser's own Display quotes the offending line, which may hold the token.
                let line = e.span().map(|span| {
                    text.get(..span.start)
                        .map_or(0, |before| before.matches('\n').count())
                        + 1
                });
                let message = match line {
                    Some(line) => format!("line {line}: {}", e.message()),
                    None => e.message().to_owned(),
                };
                ConfigError::Parse {
                    path: path.to_owned(),
                    message,
                }
            })?,
            None => RawConfig::default(),
        };
        raw.apply_env(&env)?;
        Ok(raw)
    }
}

fn env_bool(key: &'static str, value: &str) -> Result<bool, ConfigError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(ConfigError::Invalid {
            key,
            reason: "expected true or false".into(),
        }),
    }
}

fn env_number<T: std::str::FromStr>(key: &'static str, value: &str) -> Result<T, ConfigError> {
    value.trim().parse().map_err(|_| ConfigError::Invalid {
        key,
        reason: format!("`{value}` is not a number"),
    })
}

impl RawConfig {
    fn apply_env(&mut self, env: &impl Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        if let Some(token) = env("DISCORD_TOKEN") {
            self.token = Some(token);
        }
        if let Some(v) = env("NADARE_DEVELOPMENT_GUILD") {
            self.development_guild = Some(env_number("development_guild", &v)?);
        }
        if let Some(v) = env("NADARE_DATABASE") {
            self.database = Some(v);
        }
        if let Some(v) = env("NADARE_POSTGRES_POOL_SIZE") {
            self.postgres.pool_size = Some(env_number("postgres.pool_size", &v)?);
        }
        if let Some(v) = env("NADARE_POSTGRES_CONNECT_TIMEOUT") {
            self.postgres.connect_timeout = Some(v);
        }
        if let Some(v) = env("NADARE_POSTGRES_RETRY_FOR") {
            self.postgres.retry_for = Some(v);
        }
        if let Some(v) = env("NADARE_SHARDS") {
            self.shards = Some(v);
        }
        if let Some(v) = env("NADARE_API_PROXY") {
            self.api_proxy = Some(v);
        }
        if let Some(v) = env("NADARE_IMAGE_SIZE") {
            self.image.size = Some(env_number("image.size", &v)?);
        }
        if let Some(v) = env("NADARE_IMAGE_THEME") {
            self.image.theme = Some(v);
        }
        if let Some(v) = env("NADARE_IMAGE_AVATARS") {
            self.image.avatars = Some(env_bool("image.avatars", &v)?);
        }
        if let Some(v) = env("NADARE_CDN_URL") {
            self.cdn_url = Some(v);
        }
        if let Some(v) = env("NADARE_VACATION_DAYS_PER_YEAR") {
            self.games.vacation_days_per_year =
                Some(env_number("games.vacation_days_per_year", &v)?);
        }
        if let Some(v) = env("NADARE_FIRST_TURN_LIMIT") {
            self.games.first_turn_limit = Some(v);
        }
        if let Some(v) = env("NADARE_LAG_ALLOWANCE_MS") {
            self.games.lag_allowance_ms = Some(env_number("games.lag_allowance_ms", &v)?);
        }
        if let Some(v) = env("NADARE_REVIEW_DEPTH") {
            self.games.review_depth = Some(env_number("games.review_depth", &v)?);
        }
        if let Some(v) = env("NADARE_DEFAULT_DEADLINE") {
            self.games.default_deadline = Some(v);
        }
        if let Some(v) = env("NADARE_CHALLENGE_EXPIRY") {
            self.games.challenge_expiry = Some(v);
        }
        if let Some(v) = env("NADARE_THREADS") {
            self.games.threads = Some(env_bool("games.threads", &v)?);
        }
        if let Some(v) = env("NADARE_TYPED_MOVES") {
            self.games.typed_moves = Some(env_bool("games.typed_moves", &v)?);
        }
        if let Some(v) = env("NADARE_SWEEP_INTERVAL") {
            self.games.sweep_interval = Some(v);
        }
        if let Some(v) = env("NADARE_STOCKFISH") {
            self.engine.stockfish = Some(v);
        }
        if let Some(v) = env("NADARE_STOCKFISH_MOVETIME") {
            self.engine.stockfish_movetime = Some(v);
        }
        if let Some(v) = env("NADARE_WEB_BIND") {
            self.web.bind = Some(v);
        }
        if let Some(v) = env("NADARE_WEB_PUBLIC_URL") {
            self.web.public_url = Some(v);
        }
        if let Some(v) = env("NADARE_WEB_KEY") {
            self.web.key = Some(v);
        }
        if let Some(v) = env("NADARE_WEB_MAX_WATCHERS") {
            self.web.max_watchers = Some(env_number("web.max_watchers", &v)?);
        }
        if let Some(v) = env("NADARE_WEB_MAX_WATCHERS_PER_ADDRESS") {
            self.web.max_watchers_per_address =
                Some(env_number("web.max_watchers_per_address", &v)?);
        }
        Ok(())
    }

    /// The database named (`nadare.db` by default), with its pool settings for PostgreSQL.
    fn database(&self) -> Result<Database, ConfigError> {
        let mut database = Database::parse(self.database.as_deref().unwrap_or("nadare.db"));
        if let Database::Postgres(options) = &mut database {
            if let Some(size) = self.postgres.pool_size {
                if !(1..=1000).contains(&size) {
                    return Err(ConfigError::Invalid {
                        key: "postgres.pool_size",
                        reason: format!("{size} is out of range; use 1 to 1000 connections"),
                    });
                }
                options.pool_size = size;
            }
            if let Some(text) = &self.postgres.connect_timeout {
                options.connect_timeout = duration_key("postgres.connect_timeout", text)?;
            }
            if let Some(text) = &self.postgres.retry_for {
                options.retry_for = duration_key("postgres.retry_for", text)?;
            }
        }
        Ok(database)
    }

    fn validate(self) -> Result<Config, ConfigError> {
        let database = self.database()?;
        let token = self.token.map(|t| t.trim().to_owned()).unwrap_or_default();
        if token.is_empty() {
            return Err(ConfigError::MissingToken);
        }
        if token.chars().any(char::is_whitespace) {
            return Err(ConfigError::Invalid {
                key: "token",
                reason: "the token contains whitespace; paste it exactly as the developer portal \
                         shows it, without a `Bot ` prefix"
                    .into(),
            });
        }
        let image_size = self.image.size.unwrap_or(512);
        if !(128..=2048).contains(&image_size) {
            return Err(ConfigError::Invalid {
                key: "image.size",
                reason: format!("{image_size} is out of range; use 128 to 2048 pixels"),
            });
        }
        let image_theme = match &self.image.theme {
            Some(id) => id.parse::<Theme>().map_err(|_| ConfigError::Invalid {
                key: "image.theme",
                reason: format!(
                    "unknown theme `{id}`; choose one of: {}",
                    Theme::ALL.map(Theme::id).join(", ")
                ),
            })?,
            None => Theme::default(),
        };
        let default_deadline = match self.games.default_deadline.as_deref().map(str::trim) {
            None | Some("none" | "off" | "") => None,
            Some(text) => Some(duration_key("games.default_deadline", text)?),
        };
        let challenge_expiry = match &self.games.challenge_expiry {
            Some(text) => duration_key("games.challenge_expiry", text)?,
            None => Duration::from_secs(600),
        };
        let sweep_interval = match &self.games.sweep_interval {
            Some(text) => duration_key("games.sweep_interval", text)?,
            None => Duration::from_secs(30),
        };
        let first_turn_limit = match &self.games.first_turn_limit {
            Some(text) => duration_key("games.first_turn_limit", text)?,
            None => Duration::from_secs(60),
        };
        if !(Duration::from_secs(10)..=Duration::from_secs(600)).contains(&first_turn_limit) {
            return Err(ConfigError::Invalid {
                key: "games.first_turn_limit",
                reason: "a first turn has from 10s to 10m".to_owned(),
            });
        }
        let lag_allowance_ms = self.games.lag_allowance_ms.unwrap_or(500);
        if lag_allowance_ms > 5_000 {
            return Err(ConfigError::Invalid {
                key: "games.lag_allowance_ms",
                reason: format!("{lag_allowance_ms} ms is more than the 5000 allowed"),
            });
        }
        let vacation_days_per_year = self.games.vacation_days_per_year.unwrap_or(14);
        if vacation_days_per_year > 366 {
            return Err(ConfigError::Invalid {
                key: "games.vacation_days_per_year",
                reason: format!("{vacation_days_per_year} is more days than a year has"),
            });
        }
        let review_depth = self.games.review_depth;
        if let Some(depth) = review_depth.filter(|d| !(1..=MAX_REVIEW_DEPTH).contains(d)) {
            return Err(ConfigError::Invalid {
                key: "games.review_depth",
                reason: format!("{depth} is not a depth from 1 to {MAX_REVIEW_DEPTH}"),
            });
        }
        let stockfish_movetime = match &self.engine.stockfish_movetime {
            Some(text) => duration_key("engine.stockfish_movetime", text)?,
            None => Duration::from_secs(1),
        };
        if !(Duration::from_secs(1)..=MAX_STOCKFISH_MOVETIME).contains(&stockfish_movetime) {
            return Err(ConfigError::Invalid {
                key: "engine.stockfish_movetime",
                reason: format!(
                    "{stockfish_movetime:?} is not from 1s to {MAX_STOCKFISH_MOVETIME:?}"
                ),
            });
        }
        let stockfish = self
            .engine
            .stockfish
            .as_deref()
            .map(str::trim)
            .filter(|path| !path.is_empty())
            .map(|path| StockfishSettings {
                path: PathBuf::from(path),
                movetime: stockfish_movetime,
            });
        let shards = match &self.shards {
            Some(text) => Shards::parse(text).ok_or_else(|| ConfigError::Invalid {
                key: "shards",
                reason: format!(
                    "`{text}` is not a shard setting; use \"auto\", \"N/TOTAL\" or \
                     \"FIRST-LAST/TOTAL\" (shard ids from 0, last < total)"
                ),
            })?,
            None => Shards::Auto,
        };
        let api_proxy = self
            .api_proxy
            .as_deref()
            .map(api_proxy)
            .transpose()?
            .flatten();
        let cdn_url = self
            .cdn_url
            .as_deref()
            .map(|c| http_url("cdn_url", c))
            .transpose()?
            .flatten()
            .unwrap_or_else(|| DISCORD_CDN.to_owned());
        let web = self.web.validate()?;
        Ok(Config {
            token: Token(token),
            development_guild: self.development_guild,
            database,
            image_size,
            image_theme,
            default_deadline,
            challenge_expiry,
            threads: self.games.threads.unwrap_or(true),
            typed_moves: self.games.typed_moves.unwrap_or(false),
            sweep_interval,
            vacation_days_per_year,
            first_turn_limit,
            lag_allowance_ms,
            review_depth,
            shards,
            api_proxy,
            cdn_url,
            image_avatars: self.image.avatars.unwrap_or(true),
            stockfish,
            web,
        })
    }
}

impl RawWeb {
    /// The web board's settings; `None` without `web.bind`.
    fn validate(&self) -> Result<Option<WebSettings>, ConfigError> {
        let public_url = self
            .public_url
            .as_deref()
            .map(|u| http_url("web.public_url", u))
            .transpose()?
            .flatten();
        let key = self
            .key
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(|k| {
                web::Keys::new(k).map_err(|e| ConfigError::Invalid {
                    key: "web.key",
                    reason: format!(
                        "{e}; write 32 random bytes as URL-safe base64, or leave it unset \
                         and nadare makes one"
                    ),
                })?;
                Ok::<_, ConfigError>(Token(k.to_owned()))
            })
            .transpose()?;
        let Some(bind) = self
            .bind
            .as_deref()
            .map(str::trim)
            .filter(|b| !b.is_empty())
        else {
            if public_url.is_some() || key.is_some() {
                return Err(ConfigError::Invalid {
                    key: "web.bind",
                    reason: "the web board is off without an address to listen on; set \
                             web.bind (e.g. \"127.0.0.1:8080\") or remove the other web keys"
                        .into(),
                });
            }
            return Ok(None);
        };
        let bind = bind.parse().map_err(|_| ConfigError::Invalid {
            key: "web.bind",
            reason: format!("`{bind}` is not an address and port, e.g. 127.0.0.1:8080"),
        })?;
        let max_watchers = self.max_watchers.unwrap_or(web::MAX_WATCHERS);
        let max_watchers_per_address = self
            .max_watchers_per_address
            .unwrap_or(web::MAX_WATCHERS_PER_ADDRESS);
        for (key, value) in [
            ("web.max_watchers", max_watchers),
            ("web.max_watchers_per_address", max_watchers_per_address),
        ] {
            if !(1..=1_000_000).contains(&value) {
                return Err(ConfigError::Invalid {
                    key,
                    reason: format!("{value} is out of range; use 1 to 1000000 live pages"),
                });
            }
        }
        Ok(Some(WebSettings {
            bind,
            public_url,
            key,
            max_watchers,
            max_watchers_per_address,
        }))
    }
}

/// An `http://` or `https://` base URL without its trailing `/`; `None` when blank. An error
/// never quotes a URL with a user part, which may hold a password.
fn http_url(key: &'static str, text: &str) -> Result<Option<String>, ConfigError> {
    let url = text.trim().trim_end_matches('/');
    if url.is_empty() {
        Ok(None)
    } else if url.starts_with("http://") || url.starts_with("https://") {
        Ok(Some(url.to_owned()))
    } else {
        let shown = if url.contains('@') {
            "the value".to_owned()
        } else {
            format!("`{url}`")
        };
        Err(ConfigError::Invalid {
            key,
            reason: format!("{shown} is not an http:// or https:// URL"),
        })
    }
}

/// The proxy's base URL, refused with a user or password: serenity would never send them
/// (the bot token takes the `Authorization` header) and would log them in its debug spans.
fn api_proxy(text: &str) -> Result<Option<String>, ConfigError> {
    let url = http_url("api_proxy", text)?;
    if url.as_deref().is_some_and(domain::has_user_info) {
        return Err(ConfigError::Invalid {
            key: "api_proxy",
            reason: "a user or password in the proxy's URL never reaches the proxy (the bot \
                     token takes the Authorization header); leave them out"
                .to_owned(),
        });
    }
    Ok(url)
}

fn duration_key(key: &'static str, text: &str) -> Result<Duration, ConfigError> {
    parse_duration(text).ok_or_else(|| ConfigError::Invalid {
        key,
        reason: format!(
            "`{text}` is not a duration; write a number and a unit: 30s, 10m, 1h, 1h30m, 3d"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    fn from_file(text: &str) -> Result<Config, ConfigError> {
        Config::from_parts(Some((text, Path::new("test.toml"))), no_env)
    }

    #[test]
    fn defaults_with_only_a_token() {
        let config = from_file("token = \"abc.def\"").expect("valid");
        assert_eq!(config.token.expose(), "abc.def");
        assert_eq!(config.development_guild, None);
        assert_eq!(
            config.database,
            Database::Sqlite(PathBuf::from("nadare.db"))
        );
        assert_eq!(config.image_size, 512);
        assert_eq!(config.image_theme, Theme::Classic);
        assert_eq!(config.default_deadline, None);
        assert_eq!(config.challenge_expiry, Duration::from_secs(600));
        assert_eq!(config.vacation_days_per_year, 14);
        assert!(config.threads);
        assert!(!config.typed_moves);
        assert_eq!(config.shards, Shards::Auto);
        assert_eq!(config.api_proxy, None);
        assert_eq!(config.cdn_url, DISCORD_CDN);
        assert!(config.image_avatars);
        assert_eq!(config.web, None, "the web board is off unless configured");
    }

    #[test]
    fn the_web_board_is_configured_by_its_three_keys() {
        let key = web::fresh_key().expect("a key");
        let config = from_file(&format!(
            "token = \"t\"\n[web]\nbind = \"127.0.0.1:8080\"\n\
             public_url = \"https://chess.example.org/\"\nkey = \"{key}\"\n"
        ))
        .expect("valid");
        let settings = config.web.expect("on");
        assert_eq!(settings.bind, "127.0.0.1:8080".parse().expect("an address"));
        assert_eq!(
            settings.public_url.as_deref(),
            Some("https://chess.example.org")
        );
        assert_eq!(settings.link_base(), "https://chess.example.org");
        assert_eq!(settings.key.as_ref().map(Token::expose), Some(key.as_str()));
        assert!(
            !format!("{settings:?}").contains(&key),
            "the key never shows"
        );
        // Without a public address, links are made on the server's own.
        let local = from_file("token = \"t\"\n[web]\nbind = \"0.0.0.0:9000\"\n")
            .expect("valid")
            .web
            .expect("on");
        assert_eq!(local.link_base(), "http://0.0.0.0:9000");
        // The environment sets them too.
        let env = |name: &str| match name {
            "NADARE_WEB_BIND" => Some("127.0.0.1:7000".to_owned()),
            "NADARE_WEB_PUBLIC_URL" => Some("https://board.test".to_owned()),
            _ => None,
        };
        let from_env = Config::from_parts(Some(("token = \"t\"", Path::new("c.toml"))), env)
            .expect("valid")
            .web
            .expect("on");
        assert_eq!(from_env.public_url.as_deref(), Some("https://board.test"));
        assert_eq!(
            (from_env.max_watchers, from_env.max_watchers_per_address),
            (web::MAX_WATCHERS, web::MAX_WATCHERS_PER_ADDRESS)
        );
        let bounded = from_file(
            "token = \"t\"\n[web]\nbind = \"127.0.0.1:1\"\nmax_watchers = 500\n\
             max_watchers_per_address = 4\n",
        )
        .expect("valid")
        .web
        .expect("on");
        assert_eq!(
            (bounded.max_watchers, bounded.max_watchers_per_address),
            (500, 4)
        );
    }

    #[test]
    fn web_keys_that_cannot_work_are_refused_by_name() {
        for (text, key) in [
            ("[web]\nbind = \"localhost\"\n", "web.bind"),
            ("[web]\npublic_url = \"https://x.test\"\n", "web.bind"),
            (
                "[web]\nbind = \"127.0.0.1:1\"\npublic_url = \"chess.test\"\n",
                "web.public_url",
            ),
            (
                "[web]\nbind = \"127.0.0.1:1\"\nkey = \"short\"\n",
                "web.key",
            ),
            (
                "[web]\nbind = \"127.0.0.1:1\"\nmax_watchers = 0\n",
                "web.max_watchers",
            ),
            ("[web]\nport = 80\n", ""),
        ] {
            let err = from_file(&format!("token = \"t\"\n{text}")).expect_err(text);
            assert!(err.to_string().contains(key), "{text}: {err}");
        }
    }

    #[test]
    fn every_key_is_read() {
        let config = from_file(
            r#"
            token = "t"
            development_guild = 42
            database = "/data/games.db"
            shards = "2-3/8"
            api_proxy = "http://proxy:3000/"
            cdn_url = "http://cdn.test/"
            [image]
            size = 640
            theme = "slate"
            avatars = false
            [games]
            default_deadline = "1d"
            challenge_expiry = "15m"
            threads = false
            typed_moves = true
            sweep_interval = "1m"
            "#,
        )
        .expect("valid");
        assert_eq!(config.development_guild, Some(42));
        assert_eq!(
            config.database,
            Database::Sqlite(PathBuf::from("/data/games.db"))
        );
        assert_eq!(
            config.shards,
            Shards::Range {
                first: 2,
                last: 3,
                total: 8
            }
        );
        assert_eq!(config.api_proxy.as_deref(), Some("http://proxy:3000"));
        assert_eq!(config.cdn_url, "http://cdn.test");
        assert!(!config.image_avatars);
        assert_eq!(config.image_size, 640);
        assert_eq!(config.image_theme, Theme::Slate);
        assert_eq!(config.default_deadline, Some(Duration::from_secs(86_400)));
        assert_eq!(config.challenge_expiry, Duration::from_secs(900));
        assert!(!config.threads);
        assert!(config.typed_moves);
        assert_eq!(config.sweep_interval, Duration::from_secs(60));
    }

    #[test]
    fn the_environment_overrides_the_file() {
        let env = |name: &str| match name {
            "DISCORD_TOKEN" => Some("from-env".to_owned()),
            "NADARE_DATABASE" => Some("/var/lib/nadare/x.db".to_owned()),
            "NADARE_TYPED_MOVES" => Some("yes".to_owned()),
            "NADARE_THREADS" => Some("off".to_owned()),
            "NADARE_IMAGE_SIZE" => Some("256".to_owned()),
            "NADARE_SHARDS" => Some("1/2".to_owned()),
            "NADARE_DEVELOPMENT_GUILD" => Some("7".to_owned()),
            "NADARE_VACATION_DAYS_PER_YEAR" => Some("21".to_owned()),
            _ => None,
        };
        let text = "token = \"from-file\"\ndatabase = \"a.db\"\n";
        let config = Config::from_parts(Some((text, Path::new("c.toml"))), env).expect("valid");
        assert_eq!(config.token.expose(), "from-env");
        assert_eq!(
            config.database,
            Database::Sqlite(PathBuf::from("/var/lib/nadare/x.db"))
        );
        assert!(config.typed_moves);
        assert!(!config.threads);
        assert_eq!(config.image_size, 256);
        assert_eq!(
            config.shards,
            Shards::Range {
                first: 1,
                last: 1,
                total: 2
            }
        );
        assert_eq!(config.development_guild, Some(7));
        assert_eq!(config.vacation_days_per_year, 21);
    }

    #[test]
    fn a_vacation_allowance_fits_in_a_year() {
        let config =
            from_file("token = \"t\"\n[games]\nvacation_days_per_year = 0").expect("valid");
        assert_eq!(config.vacation_days_per_year, 0);
        let err = from_file("token = \"t\"\n[games]\nvacation_days_per_year = 400")
            .expect_err("more days than a year");
        assert!(err.to_string().contains("vacation_days_per_year"), "{err}");
    }

    #[test]
    fn stockfish_is_optional_with_a_time_a_turn_in_range() {
        let config = from_file("token = \"t\"").expect("valid");
        assert_eq!(config.stockfish, None);
        let config = from_file(
            "token = \"t\"\n[engine]\nstockfish = \"/usr/games/stockfish\"\nstockfish_movetime = \"2s\"",
        )
        .expect("valid");
        assert_eq!(
            config.stockfish,
            Some(StockfishSettings {
                path: PathBuf::from("/usr/games/stockfish"),
                movetime: Duration::from_secs(2),
            })
        );
        let config =
            Config::from_parts(Some(("token = \"t\"", Path::new("nadare.toml"))), |name| {
                (name == "NADARE_STOCKFISH").then(|| "/opt/sf".to_owned())
            })
            .expect("valid");
        assert_eq!(
            config.stockfish.map(|s| (s.path, s.movetime)),
            Some((PathBuf::from("/opt/sf"), Duration::from_secs(1)))
        );
        for bad in ["0s", "2m", "soon"] {
            let err = from_file(&format!(
                "token = \"t\"\n[engine]\nstockfish = \"sf\"\nstockfish_movetime = \"{bad}\""
            ))
            .expect_err(bad);
            assert!(
                err.to_string().contains("engine.stockfish_movetime"),
                "{err}"
            );
        }
    }

    #[test]
    fn clock_settings_have_defaults_and_bounds() {
        let config = from_file("token = \"t\"").expect("valid");
        assert_eq!(config.first_turn_limit, Duration::from_secs(60));
        assert_eq!(config.lag_allowance_ms, 500);
        let config =
            from_file("token = \"t\"\n[games]\nfirst_turn_limit = \"30s\"\nlag_allowance_ms = 0")
                .expect("valid");
        assert_eq!(config.first_turn_limit, Duration::from_secs(30));
        assert_eq!(config.lag_allowance_ms, 0);
        for (bad, key) in [
            ("first_turn_limit = \"5s\"", "games.first_turn_limit"),
            ("first_turn_limit = \"1h\"", "games.first_turn_limit"),
            ("first_turn_limit = \"soon\"", "games.first_turn_limit"),
            ("lag_allowance_ms = 6000", "games.lag_allowance_ms"),
        ] {
            let err = from_file(&format!("token = \"t\"\n[games]\n{bad}")).expect_err(bad);
            assert!(err.to_string().contains(key), "{err}");
        }
    }

    #[test]
    fn a_review_depth_is_a_depth_the_engine_can_reach() {
        let config = from_file("token = \"t\"").expect("valid");
        assert_eq!(config.review_depth, None, "the engine's own per variant");
        let config = from_file("token = \"t\"\n[games]\nreview_depth = 8").expect("valid");
        assert_eq!(config.review_depth, Some(8));
        for bad in [0, 21] {
            let err = from_file(&format!("token = \"t\"\n[games]\nreview_depth = {bad}"))
                .expect_err("out of range");
            assert!(err.to_string().contains("games.review_depth"), "{err}");
        }
    }

    #[test]
    fn a_missing_token_says_where_to_put_one() {
        let err = Config::from_parts(None, no_env).expect_err("no token");
        assert!(matches!(err, ConfigError::MissingToken));
        assert!(err.to_string().contains("DISCORD_TOKEN"));
        let err = from_file("token = \"  \"").expect_err("blank token");
        assert!(matches!(err, ConfigError::MissingToken));
    }

    #[test]
    fn the_token_is_never_shown() {
        let config = from_file("token = \"super-secret-token\"").expect("valid");
        let shown = format!("{config:?}");
        assert!(!shown.contains("super-secret-token"), "{shown}");
        assert!(shown.contains("<redacted>"));
        let err = from_file("token = \"super secret\"").expect_err("whitespace");
        assert!(!err.to_string().contains("super secret"));
        let err = from_file("token = super-secret-token").expect_err("unquoted");
        assert!(!err.to_string().contains("super-secret-token"), "{err}");
    }

    #[test]
    fn bad_values_name_their_key() {
        let cases = [
            ("token = \"t\"\nunknown = 1", "unknown"),
            ("token = \"t\"\n[image]\nsize = 10", "image.size"),
            ("token = \"t\"\n[image]\ntheme = \"neon\"", "image.theme"),
            (
                "token = \"t\"\n[games]\nchallenge_expiry = \"soon\"",
                "games.challenge_expiry",
            ),
            (
                "token = \"t\"\n[games]\ndefault_deadline = \"0m\"",
                "games.default_deadline",
            ),
            ("token = \"t\"\nshards = \"3-2/4\"", "shards"),
            ("token = \"t\"\nshards = \"0-4/4\"", "shards"),
            ("token = \"t\"\napi_proxy = \"proxy:3000\"", "api_proxy"),
            (
                "token = \"t\"\napi_proxy = \"http://u:pw@proxy:3000\"",
                "never reaches the proxy",
            ),
            (
                "token = \"t\"\napi_proxy = \"u:pw@proxy:3000\"",
                "the value is not",
            ),
            ("token = \"t\"\ncdn_url = \"cdn.discordapp.com\"", "cdn_url"),
            ("token = \"t\"\nimage = 5", "line 2"),
        ];
        for (text, key) in cases {
            let err = from_file(text).expect_err(text);
            assert!(err.to_string().contains(key), "{text}: {err}");
            // A proxy's password is never quoted back.
            assert!(!err.to_string().contains("pw"), "{text}: {err}");
        }
        let env = |name: &str| (name == "NADARE_TYPED_MOVES").then(|| "maybe".to_owned());
        let err = Config::from_parts(Some(("token = \"t\"", Path::new("c.toml"))), env)
            .expect_err("not a boolean");
        assert!(err.to_string().contains("games.typed_moves"));
    }

    #[test]
    fn shard_settings() {
        assert_eq!(Shards::parse("AUTO"), Some(Shards::Auto));
        assert_eq!(
            Shards::parse("0/1"),
            Some(Shards::Range {
                first: 0,
                last: 0,
                total: 1
            })
        );
        assert_eq!(
            Shards::parse("0-3/4"),
            Some(Shards::Range {
                first: 0,
                last: 3,
                total: 4
            })
        );
        for bad in ["", "4/4", "1-0/4", "a/b", "0-1", "/4"] {
            assert_eq!(Shards::parse(bad), None, "{bad}");
        }
    }
}
