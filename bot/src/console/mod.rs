//! `nadare local`: the game service in a terminal. Each line is `USER> COMMAND ARGS`; replies
//! are printed, board images written to a folder, and games kept in a database file so they
//! continue after a restart. No Discord and no network.

mod command;
#[cfg(test)]
mod coverage;
mod line;
mod output;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::io::AsyncBufReadExt;

pub use command::{CommandError, Expected, Needed, Problem};
pub use line::{
    DEFAULT_ROOM, Line, LineError, is_blank, parse_line, room_channel, stable_id, user, user_id,
};
pub use output::Output;

use crate::fluent_args;
use crate::i18n::{self, FluentArgs, Lang, Surface};
use crate::service::{GameService, Locale, Origin, ServiceConfig, SystemClock};
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
    /// The folder board images are written to, one file per board shown; nadare never
    /// deletes them, so clear the folder when it grows too large.
    #[arg(long, value_name = "DIR", default_value = "boards")]
    pub out: PathBuf,
    /// Run the lines of FILE instead of reading standard input; a malformed line stops the
    /// run before anything is played.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// The language nadare speaks: `en` (English) or `ja` (Japanese). Commands stay the same
    /// English words in both.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
}

/// Runs the console until the script or standard input ends.
pub async fn run(args: LocalArgs) -> anyhow::Result<()> {
    let script = match &args.script {
        Some(path) => Some(read_script(path, args.lang)?),
        None => None,
    };
    let service = open_service(&args.db, args.lang).await?;
    // What the service says before the first command (notices from the start) is in the
    // console's language too.
    service.note_server_lang(CONSOLE_GUILD, args.lang);
    let mut out = Output::new(&args.out, args.lang)?;
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

/// Opens the database and the service as the console uses them; a failure is explained in
/// `lang`.
async fn open_service(db: &Path, lang: Lang) -> anyhow::Result<GameService> {
    let preparing = || plain(lang, "console-preparing-renderer");
    let storage = {
        let db = db.to_path_buf();
        tokio::task::spawn_blocking(move || Storage::open(&db))
            .await
            .with_context(|| plain(lang, "console-opening-database"))??
    };
    let renderer =
        tokio::task::spawn_blocking(|| render::Renderer::new(render::RenderOptions::default()))
            .await
            .with_context(preparing)?
            .with_context(preparing)?;
    let service = GameService::open(
        ServiceConfig::default(),
        Arc::new(storage),
        Arc::new(renderer),
        Arc::new(SystemClock),
    )
    .await?;
    Ok(service)
}

/// The longest line read, in bytes; a longer one is refused without being echoed.
pub const MAX_LINE: usize = 4096;

/// One raw input line as text, or why it cannot be run (in `lang`).
fn line_text(bytes: &[u8], lang: Lang) -> Result<&str, String> {
    if bytes.len() > MAX_LINE {
        return Err(say(
            lang,
            "console-line-too-long",
            &fluent_args![("bytes", bytes.len()), ("max", MAX_LINE)],
        ));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        say(
            lang,
            "console-line-not-utf8",
            &fluent_args![("column", e.valid_up_to() + 1)],
        )
    })
}

/// The console's catalog message `key` in `lang`.
fn say(lang: Lang, key: &str, args: &FluentArgs) -> String {
    i18n::text(lang, Surface::Console, key, args)
}

/// The console's catalog message `key`, which takes no variables, in `lang`.
fn plain(lang: Lang, key: &str) -> String {
    i18n::plain(lang, Surface::Console, key)
}

/// A malformed input line's explanation, with its number.
fn line_error(lang: Lang, number: u64, error: &str) -> String {
    say(
        lang,
        "console-line-error",
        &fluent_args![("number", number), ("error", error)],
    )
}

/// Reads and checks a whole script: every malformed line is reported with its number.
fn read_script(path: &Path, lang: Lang) -> anyhow::Result<Vec<(String, Line)>> {
    let bytes = std::fs::read(path).with_context(|| {
        say(
            lang,
            "console-cannot-read-script",
            &fluent_args![("path", path.display().to_string())],
        )
    })?;
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in bytes.split(|b| *b == b'\n').enumerate() {
        let place = format!("{}:{}", path.display(), i + 1);
        let raw = match line_text(raw, lang) {
            Ok(raw) => raw,
            Err(e) => {
                errors.push(format!("{place}: {e}"));
                continue;
            }
        };
        if is_blank(raw) {
            continue;
        }
        match parse_line(raw) {
            Ok(line) => lines.push((raw.trim().to_string(), line)),
            Err(e) => errors.push(format!(
                "{place}: {}\n    {}",
                e.text(lang),
                output::printable(raw.trim())
            )),
        }
    }
    if !errors.is_empty() {
        let summary = say(
            lang,
            "console-script-malformed",
            &fluent_args![("count", errors.len())],
        );
        anyhow::bail!("{summary}\n{}", errors.join("\n"));
    }
    Ok(lines)
}

/// Reads lines from standard input until it ends; malformed lines are explained with their
/// number and skipped.
async fn interactive(service: &GameService, out: &mut Output) -> anyhow::Result<()> {
    let lang = out.lang();
    let mut input = tokio::io::BufReader::new(tokio::io::stdin());
    let mut buffer = Vec::new();
    let mut number = 0u64;
    let mut ticker = tokio::time::interval(SWEEP_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            read = input.read_until(b'\n', &mut buffer) => {
                if read.with_context(|| plain(lang, "console-reading-input"))? == 0 {
                    return Ok(());
                }
                number += 1;
                let bytes = buffer.strip_suffix(b"\n").unwrap_or(&buffer);
                match line_text(bytes, lang) {
                    Err(e) => out.error(&line_error(lang, number, &e)),
                    Ok(raw) if is_blank(raw) => {}
                    Ok(raw) => match parse_line(raw) {
                        Ok(line) => run_line(service, out, raw.trim(), line).await?,
                        Err(e) => out.error(&line_error(lang, number, &e.text(lang))),
                    },
                }
                buffer.clear();
            }
            _ = ticker.tick() => notices(service, out).await?,
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
    notices(service, out).await?;
    let origin = Origin {
        guild: Some(CONSOLE_GUILD),
        channel: room_channel(&line.room),
        user: line.user,
        locale: Locale::both(out.lang()),
    };
    let reply = service.execute(&origin, line.command).await;
    out.reply(text, &origin.user.name, &reply)?;
    if let Some(game) = reply.game {
        service.mark_announced(game).await;
    }
    Ok(())
}

/// Prints the notices due now, marking the turns they show as announced.
async fn notices(service: &GameService, out: &mut Output) -> anyhow::Result<()> {
    for notice in service.sweep().await {
        out.notice(&notice)?;
        if let Some(game) = notice.reply.game {
            service.mark_announced(game).await;
        }
    }
    Ok(())
}
