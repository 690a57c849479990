//! The bot's logs: `tracing` to a writer (standard error), chosen by `RUST_LOG`-style
//! directives, with the libraries that dump network traffic capped below trace.

use tracing::Level;
use tracing_subscriber::filter::{EnvFilter, FilterExt, LevelFilter, Targets};
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{Layer, fmt};

/// What is logged when `RUST_LOG` is unset or malformed: nadare's crates (each logs under its
/// library's name) at info, everything else at warn.
pub const DEFAULT_DIRECTIVES: &str =
    "warn,nadare=info,service=info,storage=info,present=info,discord=info,console=info";

/// Libraries whose trace output holds whole websocket frames or HTTP traffic, and so the bot
/// token (in IDENTIFY, in `Authorization` headers). They never log below debug, whatever the
/// directives ask.
pub const TRAFFIC_TARGETS: [&str; 9] = [
    "tungstenite",
    "tokio_tungstenite",
    "async_tungstenite",
    "hyper",
    "hyper_util",
    "h2",
    "reqwest",
    "rustls",
    "serenity::gateway::ws",
];

/// Installs the process's logger: `directives` (the syntax of `RUST_LOG`; the default when
/// `None` or malformed) choose what is written to `writer`, with colours only when `ansi`.
/// Records of the `log` crate are included. Fails if a logger is already installed.
pub fn init<W>(directives: Option<&str>, writer: W, ansi: bool) -> anyhow::Result<()>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let chosen = directives
        .and_then(|d| EnvFilter::try_new(d).ok())
        .unwrap_or_else(|| EnvFilter::new(DEFAULT_DIRECTIVES));
    let cap = Targets::new()
        .with_default(LevelFilter::TRACE)
        .with_targets(TRAFFIC_TARGETS.map(|t| (t, Level::DEBUG)));
    tracing_subscriber::registry()
        .with(
            fmt::layer()
                .with_writer(writer)
                .with_ansi(ansi)
                .with_filter(chosen.and(cap)),
        )
        .try_init()?;
    Ok(())
}
