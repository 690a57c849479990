//! The bot's life: check the token, connect the shards, sweep deadlines, and stop gracefully.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use render::Renderer;
use serenity::all::{ClientBuilder, GatewayIntents, HttpBuilder, ShardManager};
use serenity::gateway::GatewayError;
use serenity::http::{Http, HttpError};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::front::Front;
use super::handler::Handler;
use super::respond::DEFER_AFTER;
use super::rooms::DiscordRooms;
use super::sweeper;
use crate::{Settings, Shards};
use service::GameService;

/// How long shutdown waits for commands in flight: short enough that draining and closing the
/// database fit in `docker stop`'s default ten seconds before SIGKILL.
const DRAIN_LIMIT: Duration = Duration::from_secs(8);

/// How long one call to Discord's REST API may take before it is given up. Without a limit a
/// connection Discord stops answering on holds its caller (the sweep, an interaction's answer,
/// and behind serenity's rate limiter every call of the same bucket) for ever; with it the
/// call fails like any other and is tried again as a failure is.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Why the bot could not start, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum FrontError {
    /// A start-up task failed.
    #[error("a start-up task failed: {0}")]
    Task(String),
    /// Discord answered 401 to the token.
    #[error(
        "Discord rejected the bot token (401 Unauthorized): copy it again from the Bot page of \
         your application in the developer portal (or reset it) and set DISCORD_TOKEN; Discord \
         also resets the token of a bot that started more gateway sessions than its daily \
         limit allows"
    )]
    TokenRejected,
    /// Too few gateway session starts are left today for the shards this process runs.
    #[error(
        "Discord allows {remaining} more gateway session start(s) until its limit resets in \
         {reset_minutes} minute(s), and this process needs {needed}: starting past the limit \
         would make Discord reset the bot token. Start the bot again after the reset (a \
         process restarting in a loop uses up the limit)"
    )]
    SessionStartLimit {
        /// The session starts left.
        remaining: u64,
        /// The shards this process would start.
        needed: u64,
        /// When the limit resets, in whole minutes from now (rounded up).
        reset_minutes: u64,
    },
    /// Typed moves are on but the Message Content intent is not enabled.
    #[error(
        "Discord refused the gateway intents: typed moves need the Message Content intent; \
         enable it on the Bot page of the developer portal, or set games.typed_moves = false"
    )]
    DisallowedIntents,
    /// The HTTP client for Discord's REST API could not be built.
    #[error("could not build the HTTP client for Discord: {0}")]
    Client(#[source] reqwest::Error),
    /// Discord (or the configured proxy) could not be reached or failed.
    #[error("Discord connection failed: {0}")]
    Discord(Box<serenity::Error>),
}

impl From<serenity::Error> for FrontError {
    fn from(error: serenity::Error) -> FrontError {
        match error {
            serenity::Error::Gateway(GatewayError::InvalidAuthentication) => {
                FrontError::TokenRejected
            }
            serenity::Error::Gateway(
                GatewayError::DisallowedGatewayIntents | GatewayError::InvalidGatewayIntents,
            ) => FrontError::DisallowedIntents,
            serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
                if response.status_code.as_u16() == 401 =>
            {
                FrontError::TokenRejected
            }
            other => FrontError::Discord(Box::new(other)),
        }
    }
}

/// The gateway events the bot needs: guild basics, plus message content for typed moves.
fn intents(typed_moves: bool) -> GatewayIntents {
    let mut intents = GatewayIntents::GUILDS;
    if typed_moves {
        intents |= GatewayIntents::GUILD_MESSAGES
            | GatewayIntents::DIRECT_MESSAGES
            | GatewayIntents::MESSAGE_CONTENT;
    }
    intents
}

/// Timings of the Discord front that tests may tighten.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Interactions whose work takes longer are deferred ("thinking…"); Discord allows three
    /// seconds for the first response. Zero defers whatever is not done on the first poll.
    pub defer_after: Duration,
    /// One REST call to Discord is given up after this long.
    pub request_timeout: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            defer_after: DEFER_AFTER,
            request_timeout: REQUEST_TIMEOUT,
        }
    }
}

/// How the front reaches `https://discord.com`: through DNS and the usual authorities unless
/// told otherwise (the tests' fake Discord answers as `discord.com` on a loopback port, with a
/// certificate of its own authority). Without an API proxy, serenity's rate limiter sends
/// every call there.
#[derive(Clone, Debug, Default)]
pub struct Transport {
    /// `discord.com` is reached at this address instead of the one DNS gives.
    pub discord_at: Option<SocketAddr>,
    /// An authority trusted beside the usual ones: its certificate, in DER.
    pub root_certificate: Option<Vec<u8>>,
}

impl Transport {
    /// The HTTP client for Discord's REST API: each call given up after `timeout`.
    fn client(&self, timeout: Duration) -> Result<reqwest::Client, FrontError> {
        let mut client = reqwest::Client::builder().use_rustls_tls().timeout(timeout);
        if let Some(addr) = self.discord_at {
            client = client.resolve("discord.com", addr);
        }
        if let Some(der) = &self.root_certificate {
            let authority = reqwest::Certificate::from_der(der).map_err(FrontError::Client)?;
            client = client.add_root_certificate(authority);
        }
        client.build().map_err(FrontError::Client)
    }
}

/// A running bot: its shards, its sweeper and the service behind them.
pub struct Bot {
    front: Arc<Front>,
    shards: Arc<ShardManager>,
    client: JoinHandle<Result<(), FrontError>>,
    sweeper: JoinHandle<()>,
    stop: watch::Sender<bool>,
}

impl Bot {
    /// Checks the token with Discord (reached through `transport`), connects the configured
    /// shards over `service` and starts the deadline sweeper. Commands are registered when the
    /// first shard is ready. On an error the service is left open: the caller shuts it down.
    pub async fn start(
        service: GameService,
        renderer: Arc<Renderer>,
        settings: &Settings,
        timing: Timing,
        transport: &Transport,
    ) -> Result<Bot, FrontError> {
        let client = transport.client(timing.request_timeout)?;
        let mut http = HttpBuilder::new(&settings.token).client(client);
        if let Some(proxy) = &settings.api_proxy {
            // The proxy does the rate limiting; serenity ignores a proxy while its own runs.
            http = http.proxy(proxy.as_str()).ratelimiter_disabled(true);
        }
        let http: Http = http.build();
        let me = http.get_current_user().await?;
        tracing::info!(bot = %me.name, "token accepted");
        check_session_starts(&http, settings.shards).await?;

        let front = Arc::new(Front::new(service, renderer, settings, timing.defer_after));
        let mut client = ClientBuilder::new_with_http(http, intents(settings.typed_moves))
            .event_handler_arc(Arc::new(Handler(Arc::clone(&front))))
            .await?;
        let shards = Arc::clone(&client.shard_manager);
        let http = Arc::clone(&client.http);
        if let Some(pictures) = &front.pictures {
            pictures.set_http(Arc::clone(&http));
        }
        // Tournament games are played in threads of their tournament's channel.
        front
            .service
            .set_rooms(Arc::new(DiscordRooms::new(Arc::clone(&http))));
        let setting = settings.shards;
        let client = tokio::spawn(async move {
            let ended = match setting {
                Shards::Auto => client.start_autosharded().await,
                // serenity reads the range's end as the last shard, inclusive.
                Shards::Range { first, last, total } => {
                    client.start_shard_range(first..last, total).await
                }
            };
            ended.map_err(FrontError::from)
        });
        let (stop, stopped) = watch::channel(false);
        let sweeper = sweeper::spawn(Arc::clone(&front), http, settings.sweep_interval, stopped);
        Ok(Bot {
            front,
            shards,
            client,
            sweeper,
            stop,
        })
    }

    /// Stops gracefully: closes the shards (no new events), lets commands in flight finish,
    /// stops the sweeper and closes the database.
    pub async fn stop(self) -> Result<(), FrontError> {
        self.shards.shutdown_all().await;
        self.finish(None).await
    }

    /// The players' pictures this front finds (none when the operator turned them off), for
    /// another front that shows them (the web board).
    pub fn pictures(&self) -> Option<Arc<dyn present::Pictures>> {
        self.front
            .pictures
            .as_ref()
            .map(|p| Arc::clone(p) as Arc<dyn present::Pictures>)
    }

    /// Raised once the bot stops (a signal, or the gateway ending): what runs beside it (the
    /// web board) stops then too.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    /// Runs until SIGINT or SIGTERM, then stops gracefully; or until the connection fails.
    pub async fn run_until_signal(mut self) -> Result<(), FrontError> {
        tokio::select! {
            () = shutdown_signal() => {
                tracing::info!("shutting down");
                self.stop().await
            }
            ended = &mut self.client => {
                let result = ended.unwrap_or_else(|e| Err(task_failure(&e)));
                self.finish(Some(result)).await
            }
        }
    }

    async fn finish(self, ended: Option<Result<(), FrontError>>) -> Result<(), FrontError> {
        let _ = self.stop.send(true);
        if !self.front.in_flight.close(DRAIN_LIMIT).await {
            tracing::warn!("some commands were still running at shutdown");
        }
        if let Err(error) = self.sweeper.await {
            tracing::warn!(%error, "the sweeper ended badly");
        }
        let ended = match ended {
            Some(result) => result,
            None => self.client.await.unwrap_or_else(|e| Err(task_failure(&e))),
        };
        self.front.service.shutdown().await;
        ended
    }
}

/// Fewer session starts left than this many times the shards started is worth a warning:
/// every reconnection that cannot resume spends one.
const FEW_STARTS_LEFT: u64 = 10;

/// Checks that Discord's session start limit leaves a start for each shard `shards` runs:
/// identifying past it would make Discord reset the bot token, so the process stops first,
/// saying when to start again. A limit nearly used up is warned of.
async fn check_session_starts(http: &Http, shards: Shards) -> Result<(), FrontError> {
    let gateway = http.get_bot_gateway().await?;
    let needed = match shards {
        Shards::Auto => u64::from(gateway.shards),
        Shards::Range { first, last, .. } => u64::from(last.saturating_sub(first)) + 1,
    };
    let limit = gateway.session_start_limit;
    let reset_minutes = limit.reset_after.div_ceil(60_000);
    tracing::info!(
        remaining = limit.remaining,
        total = limit.total,
        max_concurrency = limit.max_concurrency,
        needed,
        "gateway session starts"
    );
    if limit.remaining < needed {
        return Err(FrontError::SessionStartLimit {
            remaining: limit.remaining,
            needed,
            reset_minutes,
        });
    }
    if limit.remaining < needed.saturating_mul(FEW_STARTS_LEFT) {
        tracing::warn!(
            remaining = limit.remaining,
            reset_minutes,
            "few gateway session starts are left until the limit resets: each reconnection that \
             cannot resume uses one, and past the last Discord resets the bot token"
        );
    }
    Ok(())
}

fn task_failure(error: &tokio::task::JoinError) -> FrontError {
    FrontError::Task(format!("the Discord client ended abnormally: {error}"))
}

/// Resolves on SIGINT (Ctrl-C) or, on Unix, SIGTERM (docker stop).
async fn shutdown_signal() {
    let interrupt = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!(%error, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
