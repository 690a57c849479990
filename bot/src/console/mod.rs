//! `nadare local`: the game service in a terminal. Each line is `USER> COMMAND ARGS`; replies
//! are printed, board images written to a folder, and games kept in a database file so they
//! continue after a restart. No Discord and no network.

mod line;
mod output;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::io::AsyncBufReadExt;

pub use line::{
    DEFAULT_ROOM, Line, LineError, is_blank, parse_line, room_channel, stable_id, user, user_id,
};
pub use output::Output;

use crate::service::{GameService, Origin, ServiceConfig, SystemClock};
use crate::storage::Storage;

/// The guild id console rooms belong to.
pub const CONSOLE_GUILD: u64 = 1;

/// How often the interactive console looks for deadlines and expiries on its own.
const SWEEP_EVERY: Duration = Duration::from_secs(15);

/// Options of `nadare local`.
#[derive(clap::Args, Clone, Debug)]
pub struct LocalArgs {
    /// The database file; created on first run, so games continue after a restart.
    #[arg(long, value_name = "FILE", default_value = "nadare.db")]
    pub db: PathBuf,
    /// The folder board images are written to.
    #[arg(long, value_name = "DIR", default_value = "boards")]
    pub out: PathBuf,
    /// Run the lines of FILE instead of reading standard input; a malformed line stops the
    /// run before anything is played.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
}

/// Runs the console until the script or standard input ends.
pub async fn run(args: LocalArgs) -> anyhow::Result<()> {
    let script = match &args.script {
        Some(path) => Some(read_script(path)?),
        None => None,
    };
    let service = open_service(&args.db).await?;
    let mut out = Output::new(&args.out)?;
    match script {
        Some(lines) => {
            for (text, line) in lines {
                run_line(&service, &mut out, &text, line).await?;
            }
        }
        None => interactive(&service, &mut out).await?,
    }
    service.shutdown().await;
    Ok(())
}

/// Opens the database and the service as the console uses them.
async fn open_service(db: &Path) -> anyhow::Result<GameService> {
    let storage = {
        let db = db.to_path_buf();
        tokio::task::spawn_blocking(move || Storage::open(&db))
            .await
            .context("opening the database")??
    };
    let renderer =
        tokio::task::spawn_blocking(|| render::Renderer::new(render::RenderOptions::default()))
            .await
            .context("preparing the board renderer")?
            .context("preparing the board renderer")?;
    let service = GameService::open(
        ServiceConfig::default(),
        Arc::new(storage),
        Arc::new(renderer),
        Arc::new(SystemClock),
    )
    .await?;
    Ok(service)
}

/// Reads and checks a whole script: every malformed line is reported with its number.
fn read_script(path: &Path) -> anyhow::Result<Vec<(String, Line)>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the script {}", path.display()))?;
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if is_blank(raw) {
            continue;
        }
        match parse_line(raw) {
            Ok(line) => lines.push((raw.trim().to_string(), line)),
            Err(e) => errors.push(format!(
                "{}:{}: {e}\n    {}",
                path.display(),
                i + 1,
                raw.trim()
            )),
        }
    }
    if !errors.is_empty() {
        anyhow::bail!(
            "the script has {} malformed line{}, so nothing was played:\n{}",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" },
            errors.join("\n")
        );
    }
    Ok(lines)
}

/// Reads lines from standard input until it ends; malformed lines are explained and skipped.
async fn interactive(service: &GameService, out: &mut Output) -> anyhow::Result<()> {
    let mut input = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    let mut ticker = tokio::time::interval(SWEEP_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            next = input.next_line() => {
                let Some(raw) = next.context("reading standard input")? else {
                    return Ok(());
                };
                if is_blank(&raw) {
                    continue;
                }
                match parse_line(&raw) {
                    Ok(line) => run_line(service, out, raw.trim(), line).await?,
                    Err(e) => out.error(&e.to_string()),
                }
            }
            _ = ticker.tick() => {
                for notice in service.sweep().await {
                    out.notice(&notice)?;
                }
            }
        }
    }
}

/// Runs one line: due notices first, then the command and its reply.
async fn run_line(
    service: &GameService,
    out: &mut Output,
    text: &str,
    line: Line,
) -> anyhow::Result<()> {
    for notice in service.sweep().await {
        out.notice(&notice)?;
    }
    let origin = Origin {
        guild: Some(CONSOLE_GUILD),
        channel: room_channel(&line.room),
        user: line.user,
    };
    let reply = service.execute(&origin, line.command).await;
    out.reply(text, &origin.user.name, &reply)
}
