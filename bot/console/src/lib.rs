//! `nadare local`: the game service in a terminal. Each line is `USER> COMMAND ARGS`; replies
//! are printed, board images written to a folder, and games kept in a database file so they
//! continue after a restart. No Discord and no network.

mod command;
#[cfg(test)]
mod coverage;
mod line;
mod names;
mod output;
mod pictures;
mod rooms;
mod terminal;
mod tournament;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use render::Renderer;
use terminal::Typed;
use tokio::io::AsyncBufReadExt;

pub use command::{CommandError, Expected, Needed, Problem};
pub use line::{DEFAULT_ROOM, Line, LineError, Request, is_blank, parse_line};
pub use names::{room_channel, stable_id, user, user_id};
pub use output::Output;
pub use pictures::{ConsolePictures, PictureError};
pub use rooms::ConsoleRooms;

use domain::{Locale, Origin, Reply};
use present::fluent_args;
use present::i18n::{self, FluentArgs, Lang, Surface};
use service::GameService;

/// The guild id console rooms belong to.
pub const CONSOLE_GUILD: u64 = 1;

/// How often the interactive console looks for deadlines and expiries on its own.
const SWEEP_EVERY: Duration = Duration::from_secs(15);

/// Where the console writes its boards, and the language it speaks.
#[derive(Clone, Debug)]
pub struct Options {
    /// The folder board images are written to, one file per board shown.
    pub out: PathBuf,
    /// The language nadare speaks; commands stay the same English words in both.
    pub lang: Lang,
    /// The players' pictures for the name bars (`--avatar NAME=FILE`).
    pub pictures: ConsolePictures,
    /// The web board's links, when it is served (`--web`): boards say where to watch them,
    /// and a game's players are given their links to play it.
    pub web: Option<Arc<dyn domain::WebLinks>>,
}

/// Runs the console over `service` until the script (read by [`read_script`]) or, without
/// one, standard input ends, then shuts the service down.
pub async fn run(
    service: GameService,
    renderer: Arc<Renderer>,
    options: &Options,
    script: Option<Vec<ScriptLine>>,
) -> anyhow::Result<()> {
    // What the service says before the first command (notices from the start) is in the
    // console's language too.
    service.note_server_lang(CONSOLE_GUILD, options.lang);
    let rooms = Arc::new(ConsoleRooms::default());
    // The rooms known before any line runs, so that notices from the start say where they
    // are: the default room, and every room the script names.
    rooms.note(DEFAULT_ROOM);
    for (_, line) in script.iter().flatten().flatten() {
        rooms.note(&line.room);
    }
    service.set_rooms(rooms.clone());
    let mut out = Output::new(&options.out, options.lang)?;
    let console = Console {
        service,
        renderer,
        pictures: options.pictures.clone(),
        rooms,
        web: options.web.clone(),
        linked: std::sync::Mutex::new(std::collections::HashSet::new()),
    };
    match script {
        Some(lines) => {
            for line in lines {
                match line {
                    Ok((text, line)) => console.run_line(&mut out, &text, line).await?,
                    Err(e) => out.error(&e),
                }
            }
        }
        None => console.interactive(&mut out).await?,
    }
    // What the last lines set going (a tournament's next round, its winner) is printed
    // before the console stops.
    console.notices(&mut out).await?;
    console.service.shutdown().await;
    Ok(())
}

/// The console's catalog message `key`, which takes no variables, in `lang`: for the
/// binary's start-up errors (opening the database, preparing the renderer).
pub fn plain(lang: Lang, key: &str) -> String {
    i18n::plain(lang, Surface::Console, key)
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

/// A malformed input line's explanation, with its number.
fn line_error(lang: Lang, number: u64, error: &str) -> String {
    say(
        lang,
        "console-line-error",
        &fluent_args![("number", number), ("error", error)],
    )
}

/// One line of a script: the command to run, or why the line cannot be run (with its place,
/// in the console's language), reported where it stands and skipped.
pub type ScriptLine = Result<(String, Line), String>;

/// Reads a script, each line read as the console reads a typed line: a malformed one (a
/// typo, a bad word) is reported with its place when the script reaches it, and the script
/// goes on, as it does when typed.
pub fn read_script(path: &Path, lang: Lang) -> anyhow::Result<Vec<ScriptLine>> {
    let bytes = std::fs::read(path).with_context(|| {
        say(
            lang,
            "console-cannot-read-script",
            &fluent_args![("path", path.display().to_string())],
        )
    })?;
    let mut lines = Vec::new();
    for (i, raw) in bytes.split(|b| *b == b'\n').enumerate() {
        let place = format!("{}:{}", path.display(), i + 1);
        let raw = match line_text(raw, lang) {
            Ok(raw) => raw,
            Err(e) => {
                lines.push(Err(format!("{place}: {e}")));
                continue;
            }
        };
        if is_blank(raw) {
            continue;
        }
        lines.push(match parse_line(raw) {
            Ok(line) => Ok((raw.trim().to_string(), line)),
            Err(e) => Err(format!(
                "{place}: {}\n    {}",
                e.text(lang),
                output::printable(raw.trim())
            )),
        });
    }
    Ok(lines)
}

/// The console at work: the service, the renderer and pictures its boards are drawn with,
/// and the rooms opened for tournament games.
struct Console {
    service: GameService,
    renderer: Arc<Renderer>,
    pictures: ConsolePictures,
    rooms: Arc<ConsoleRooms>,
    web: Option<Arc<dyn domain::WebLinks>>,
    /// The games whose players were given their play links.
    linked: std::sync::Mutex<std::collections::HashSet<domain::GameId>>,
}

impl Console {
    /// Reads lines from standard input until it ends (at a terminal, with a prompt, line
    /// editing and history); malformed lines are explained with their number and skipped.
    async fn interactive(&self, out: &mut Output) -> anyhow::Result<()> {
        let mut ticker = tokio::time::interval(SWEEP_EVERY);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let Some(mut terminal) = terminal::open() else {
            return self.piped(out, &mut ticker).await;
        };
        let lang = out.lang();
        out.at_terminal(terminal.printer);
        let mut number = 0u64;
        // The `NAME> ` of the last line run, which the next prompt offers to edit.
        let mut speaker = String::new();
        loop {
            tokio::select! {
                typed = terminal.lines.recv() => {
                    let line = match typed {
                        Some(Typed::Line(line)) => line,
                        Some(Typed::Failed(e)) => {
                            anyhow::bail!("{}: {e}", plain(lang, "console-reading-input"))
                        }
                        Some(Typed::End) | None => return Ok(()),
                    };
                    number += 1;
                    if let Some(ran) = self.line(out, number, line.as_bytes()).await? {
                        speaker = ran;
                    }
                    if terminal.next.send(speaker.clone()).is_err() {
                        return Ok(());
                    }
                }
                _ = ticker.tick() => self.notices(out).await?,
                // A turn made on the web page is told here as soon as it is made.
                () = self.service.notices_queued() => self.notices(out).await?,
            }
        }
    }

    /// Reads lines from standard input that is not a terminal (a pipe, a file) until it ends.
    async fn piped(
        &self,
        out: &mut Output,
        ticker: &mut tokio::time::Interval,
    ) -> anyhow::Result<()> {
        let lang = out.lang();
        let mut input = tokio::io::BufReader::new(tokio::io::stdin());
        let mut buffer = Vec::new();
        let mut number = 0u64;
        loop {
            tokio::select! {
                read = input.read_until(b'\n', &mut buffer) => {
                    if read.with_context(|| plain(lang, "console-reading-input"))? == 0 {
                        return Ok(());
                    }
                    number += 1;
                    let bytes = buffer.strip_suffix(b"\n").unwrap_or(&buffer);
                    self.line(out, number, bytes).await?;
                    buffer.clear();
                }
                _ = ticker.tick() => self.notices(out).await?,
                // A turn made on the web page is told here as soon as it is made.
                () = self.service.notices_queued() => self.notices(out).await?,
            }
        }
    }

    /// Runs input line `number`, or explains why it cannot be run; the `NAME> ` (or
    /// `NAME@ROOM> `) of a line run, for the next prompt to offer.
    async fn line(
        &self,
        out: &mut Output,
        number: u64,
        bytes: &[u8],
    ) -> anyhow::Result<Option<String>> {
        let lang = out.lang();
        match line_text(bytes, lang) {
            Err(e) => out.error(&line_error(lang, number, &e)),
            Ok(raw) if is_blank(raw) => {}
            Ok(raw) => match parse_line(raw) {
                Ok(line) => {
                    let speaker = raw
                        .trim()
                        .split_once('>')
                        .map(|(speaker, _)| format!("{}> ", speaker.trim()));
                    self.run_line(out, raw.trim(), line).await?;
                    return Ok(speaker);
                }
                Err(e) => out.error(&line_error(lang, number, &e.text(lang))),
            },
        }
        Ok(None)
    }

    /// Runs one line: due notices first, then the command and its reply, then the notices
    /// it set going (a round's last result pairs the next round).
    async fn run_line(&self, out: &mut Output, text: &str, line: Line) -> anyhow::Result<()> {
        self.notices(out).await?;
        self.rooms.note(&line.room);
        let origin = Origin {
            guild: Some(CONSOLE_GUILD),
            channel: room_channel(&line.room),
            user: line.user,
            locale: Locale::both(out.lang()),
        };
        let mut reply = self
            .service
            .execute(&origin, line.command, service::Options::default())
            .await;
        self.link(&mut reply);
        present::draw(&self.renderer, &mut reply, Some(&self.pictures)).await;
        out.reply(text, &origin.user.name, &reply)?;
        self.mark(&reply).await;
        self.play_links(out, &reply).await?;
        self.notices(out).await
    }

    /// Links a public board of a game to its live page, when the web board is served.
    fn link(&self, reply: &mut Reply) {
        if let Some(web) = &self.web {
            reply.link_to_web(web.as_ref());
        }
    }

    /// The first time a game going on is shown with its web link, its players' own links to
    /// play it there (the computer's aside).
    async fn play_links(&self, out: &mut Output, reply: &Reply) -> anyhow::Result<()> {
        let (Some(web), Some(game), Some(domain::Tone::ToMove(_))) =
            (&self.web, reply.game, reply.tone)
        else {
            return Ok(());
        };
        if reply.watch.is_none()
            || !self
                .linked
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(game)
        {
            return Ok(());
        }
        let Some(sight) = self.service.sight(game).await else {
            return Ok(());
        };
        let mut players = vec![&sight.row.white];
        if sight.row.black.id != sight.row.white.id {
            players.push(&sight.row.black);
        }
        let links: Vec<(String, String)> = players
            .into_iter()
            .filter(|p| !domain::is_computer(p.id))
            .map(|p| (p.name.clone(), web.play(game, p.id)))
            .collect();
        out.play_links(&links)
    }

    /// Marks what a printed reply showed as announced: its game's turns and result, a
    /// tournament's round or end, a lapse or a withdrawal.
    async fn mark(&self, reply: &Reply) {
        if let (Some(game), Some(shown)) = (reply.game, reply.shows) {
            self.service.mark_shown(game, shown).await;
        }
        if let Some(round) = reply.shows_round {
            self.service.mark_round_shown(round).await;
        }
        if let Some(owed) = reply.tells {
            self.service.mark_told(owed).await;
        }
    }

    /// Prints the notices due now, marking what they show as announced.
    async fn notices(&self, out: &mut Output) -> anyhow::Result<()> {
        for mut notice in self.service.sweep().await {
            self.link(&mut notice.reply);
            present::draw(&self.renderer, &mut notice.reply, Some(&self.pictures)).await;
            out.notice(&notice, self.rooms.name(notice.channel).as_deref())?;
            self.mark(&notice.reply).await;
            self.play_links(out, &notice.reply).await?;
        }
        Ok(())
    }
}
