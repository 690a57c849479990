//! The wiring: the config becomes a store, a renderer and a game service, handed to a front.
//! Only this crate knows every layer; each front receives what it runs on.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use discord::{Bot, FrontError, Settings, Timing, Transport};
use render::{RenderOptions, Renderer};
use service::{Clock, GameService, ServiceConfig, ServiceError, SystemClock};
use storage::StorageError;

use crate::config::{Config, Shards, Token, WebSettings};
use web::WebFront;

/// Why the bot could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened (the error names the file and says what to do).
    #[error(transparent)]
    Storage(StorageError),
    /// The stored games could not be loaded.
    #[error("cannot load the games: {0}")]
    Service(#[from] ServiceError),
    /// The board renderer could not be prepared.
    #[error("cannot prepare the board renderer: {0}")]
    Render(String),
    /// The Discord front could not start.
    #[error(transparent)]
    Front(#[from] FrontError),
    /// The web board could not start.
    #[error("cannot start the web board: {0}")]
    Web(String),
}

/// The web board of `settings` over `service`, with its listener bound: the address taken is
/// an error at start, not a surprise later.
async fn prepare_web(
    settings: &WebSettings,
    service: &GameService,
    theme: render::Theme,
) -> Result<(WebFront, tokio::net::TcpListener), StartError> {
    let key = settings.key.as_ref().map(Token::expose);
    let front = WebFront::new(service.clone(), key, &settings.link_base(), theme)
        .await
        .map_err(|e| StartError::Web(e.to_string()))?;
    front.limit_watchers(settings.max_watchers_per_address, settings.max_watchers);
    let listener = tokio::net::TcpListener::bind(settings.bind)
        .await
        .map_err(|e| StartError::Web(format!("cannot listen on {}: {e}", settings.bind)))?;
    Ok((front, listener))
}

/// Serves the web board on `listener` until `stop` resolves, logging how it ends.
fn serve_web(
    front: WebFront,
    listener: tokio::net::TcpListener,
    stop: impl Future<Output = ()> + Send + 'static,
) {
    if let Ok(address) = listener.local_addr() {
        tracing::info!(%address, "the web board is served");
    }
    tokio::spawn(async move {
        if let Err(e) = front.serve(listener, stop).await {
            tracing::error!(error = %e, "the web board stopped");
        }
    });
}

/// The service's settings from the config.
fn service_config(config: &Config) -> ServiceConfig {
    ServiceConfig {
        challenge_ttl: config.challenge_expiry,
        default_deadline: config.default_deadline,
        vacation_days_per_year: config.vacation_days_per_year,
        first_turn_limit: config.first_turn_limit,
        lag_allowance: std::time::Duration::from_millis(u64::from(config.lag_allowance_ms)),
        review_depth: config.review_depth,
        stockfish: config.stockfish.clone(),
        shards: match config.shards {
            Shards::Auto => domain::ShardSet::All,
            Shards::Range { first, last, total } => domain::ShardSet::Range { first, last, total },
        },
        ..ServiceConfig::default()
    }
}

/// The Discord front's settings from the config.
fn discord_settings(config: &Config) -> Settings {
    Settings {
        token: config.token.expose().to_owned(),
        api_proxy: config.api_proxy.clone(),
        shards: config.shards,
        threads: config.threads,
        typed_moves: config.typed_moves,
        development_guild: config.development_guild,
        sweep_interval: config.sweep_interval,
        avatars: config.image_avatars.then(|| config.cdn_url.clone()),
        web: None,
    }
}

/// Starts the Discord bot of `config` on the wall clock with the usual timings.
pub async fn start(config: &Config) -> Result<Bot, StartError> {
    start_bot(
        config,
        Arc::new(SystemClock),
        Timing::default(),
        &Transport::default(),
    )
    .await
}

/// Starts the Discord bot of `config` on `clock`, reaching Discord through `transport`: opens
/// the database and the games, prepares the renderer, then connects. A failure after the
/// service opened closes it again.
pub async fn start_bot(
    config: &Config,
    clock: Arc<dyn Clock>,
    timing: Timing,
    transport: &Transport,
) -> Result<Bot, StartError> {
    let renderer = Renderer::new(RenderOptions {
        board_px: config.image_size,
        theme: config.image_theme,
    })
    .map_err(|e| StartError::Render(e.to_string()))?;
    let store = config.database.open().await.map_err(StartError::Storage)?;
    let service = GameService::open(service_config(config), store, clock).await?;
    let web = match &config.web {
        Some(settings) => match prepare_web(settings, &service, config.image_theme).await {
            Ok(web) => Some(web),
            Err(e) => {
                service.shutdown().await;
                return Err(e);
            }
        },
        None => None,
    };
    let mut settings = discord_settings(config);
    // Boards link to the web board only at the address players reach.
    if config.web.as_ref().is_some_and(|w| w.public_url.is_some()) {
        settings.web = web.as_ref().map(|(front, _)| front.links());
    }
    match Bot::start(
        service.clone(),
        Arc::new(renderer),
        &settings,
        timing,
        transport,
    )
    .await
    {
        Ok(bot) => {
            if let Some((front, listener)) = web {
                if let Some(pictures) = bot.pictures() {
                    front.show_pictures(pictures);
                }
                let mut stopping = bot.stopping();
                serve_web(front, listener, async move {
                    // A dropped sender means the bot is gone: stop too.
                    let _ = stopping.wait_for(|stop| *stop).await;
                });
            }
            Ok(bot)
        }
        Err(e) => {
            service.shutdown().await;
            Err(e.into())
        }
    }
}

/// `nadare run`: the bot on the wall clock until SIGINT or SIGTERM, then a graceful stop.
pub async fn run(config_file: Option<&Path>) -> anyhow::Result<()> {
    let config = Config::load(config_file)?;
    tracing::info!(
        database = %config.database,
        shards = ?config.shards,
        threads = config.threads,
        typed_moves = config.typed_moves,
        "starting nadare"
    );
    let bot = start(&config).await?;
    bot.run_until_signal().await?;
    tracing::info!("stopped");
    Ok(())
}

/// `nadare local`: the console on the database `db` (a file, or a PostgreSQL server other
/// consoles and bots may share), running `script` if one is given (read before anything is
/// opened); a failure to start is explained in the console's language.
pub async fn local(
    db: &storage::Database,
    script: Option<&Path>,
    stockfish: Option<service::StockfishSettings>,
    web: Option<std::net::SocketAddr>,
    mut options: console::Options,
) -> anyhow::Result<()> {
    let lang = options.lang;
    let script = script
        .map(|path| console::read_script(path, lang))
        .transpose()?;
    let store = db
        .open()
        .await
        .with_context(|| console::plain(lang, "console-opening-database"))?;
    let preparing = || console::plain(lang, "console-preparing-renderer");
    let renderer = tokio::task::spawn_blocking(|| Renderer::new(RenderOptions::default()))
        .await
        .with_context(preparing)?
        .with_context(preparing)?;
    let service = GameService::open(
        ServiceConfig {
            stockfish,
            ..ServiceConfig::default()
        },
        store,
        Arc::new(SystemClock),
    )
    .await?;
    let (stop, stopping) = tokio::sync::watch::channel(false);
    if let Some(bind) = web {
        let settings = WebSettings {
            bind,
            public_url: None,
            key: None,
            max_watchers: web::MAX_WATCHERS,
            max_watchers_per_address: web::MAX_WATCHERS_PER_ADDRESS,
        };
        let (front, listener) = prepare_web(&settings, &service, render::Theme::default()).await?;
        options.web = Some(front.links());
        front.show_pictures(Arc::new(options.pictures.clone()));
        let mut stopping = stopping.clone();
        serve_web(front, listener, async move {
            let _ = stopping.wait_for(|stop| *stop).await;
        });
    }
    let ran = console::run(service, Arc::new(renderer), &options, script).await;
    stop.send_replace(true);
    ran
}
