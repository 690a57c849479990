//! How the console shows replies: text indented under the line, images and files written to
//! the output folder with their paths printed.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::terminal::Printer;
use domain::{Notice, Reply};
use present::fluent_args;
use present::i18n::{self, FluentArgs, Lang, Surface};

/// Where replies go: standard output (above the prompt, at a terminal), and files in a folder.
pub struct Output {
    dir: PathBuf,
    next_image: u64,
    /// The language of the console's own words (markers, errors).
    lang: Lang,
    /// At a terminal, prints above the prompt; the line typed is not echoed, the terminal
    /// shows it already.
    terminal: Option<Printer>,
}

impl Output {
    /// Writes into `dir` (created if missing); image numbers continue after those already there.
    /// The console's own words are in `lang`.
    pub fn new(dir: &Path, lang: Lang) -> anyhow::Result<Output> {
        let folder = |key: &str| {
            i18n::text(
                lang,
                Surface::Console,
                key,
                &fluent_args![("path", dir.display().to_string())],
            )
        };
        std::fs::create_dir_all(dir).with_context(|| folder("console-cannot-create-folder"))?;
        let last = std::fs::read_dir(dir)
            .with_context(|| folder("console-cannot-read-folder"))?
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_prefix("board-")?
                    .strip_suffix(".png")?
                    .parse::<u64>()
                    .ok()
            })
            .max()
            .unwrap_or(0);
        Ok(Output {
            dir: dir.to_path_buf(),
            next_image: last + 1,
            lang,
            terminal: None,
        })
    }

    /// Prints through `printer`, above a terminal's prompt, and echoes no line typed.
    pub(crate) fn at_terminal(&mut self, printer: Printer) {
        self.terminal = Some(printer);
    }

    /// Writes `text` out, flushed.
    fn print(&mut self, text: String) -> anyhow::Result<()> {
        match &mut self.terminal {
            Some(printer) => Ok(printer.print(text)?),
            None => print_flushed(&text),
        }
    }

    /// The language of the console's own words and of what it asks the service.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The console's catalog message `key` in the console's language.
    fn say(&self, key: &str, args: &FluentArgs) -> String {
        i18n::text(self.lang, Surface::Console, key, args)
    }

    /// Prints the reply to `line`, said by `user`.
    pub fn reply(&mut self, line: &str, user: &str, reply: &Reply) -> anyhow::Result<()> {
        let mut text = match self.terminal {
            Some(_) => String::new(),
            None => format!("{}\n", printable(line)),
        };
        if reply.private {
            let only = self.say("console-only-user-sees", &fluent_args![("user", user)]);
            text.push_str(&format!("  {}\n", printable(&only)));
        }
        text.push_str(&self.body(reply));
        self.print(text)
    }

    /// Prints an unsolicited notice (reminder, timeout, expiry).
    pub fn notice(&mut self, notice: &Notice, room: Option<&str>) -> anyhow::Result<()> {
        let head = match (room, notice.reply.game) {
            (Some(room), _) => self.say("console-notice-in-room", &fluent_args![("room", room)]),
            (None, Some(game)) => self.say("console-notice-of-game", &fluent_args![("game", game)]),
            (None, None) => self.say("console-notice", &FluentArgs::new()),
        };
        let text = format!("{head}\n{}", self.body(&notice.reply));
        self.print(text)
    }

    /// Prints the links that let each of `players` play a game on the web, as (name, url).
    pub fn play_links(&mut self, players: &[(String, String)]) -> anyhow::Result<()> {
        let mut text = String::new();
        for (player, url) in players {
            let play = self.say(
                "console-play-web",
                &fluent_args![("player", player.as_str()), ("url", url.as_str())],
            );
            text.push_str(&format!("  {}\n", printable(&play)));
        }
        self.print(text)
    }

    /// Prints a malformed line's explanation (on standard error, but above a terminal's
    /// prompt).
    pub fn error(&mut self, message: &str) {
        let error = self.say("console-error", &fluent_args![("error", message)]);
        let error = format!("  {}\n", printable(&error));
        match &mut self.terminal {
            Some(printer) => {
                // A terminal that cannot print has already failed the reply that follows.
                let _ = printer.print(error);
            }
            None => eprint!("{error}"),
        }
    }

    /// The reply as printed. A board or file that cannot be written (full disk, no
    /// permission) is reported in its place: the reply itself, and the turn it announces,
    /// still go out.
    fn body(&mut self, reply: &Reply) -> String {
        let mut out = String::new();
        for line in present::reply_text(reply, Surface::Console).lines() {
            out.push_str(&format!("  {}\n", printable(line)));
        }
        if let Some(png) = &reply.image {
            let path = self.dir.join(format!("board-{:05}.png", self.next_image));
            self.next_image += 1;
            out.push_str(&self.written(Written::Image, &path, png));
        }
        for (name, bytes) in &reply.files {
            out.push_str(&self.written(Written::File, &self.dir.join(safe_name(name)), bytes));
        }
        if let Some(url) = &reply.watch {
            let watch = self.say("console-watch-live", &fluent_args![("url", url.as_str())]);
            out.push_str(&format!("  {}\n", printable(&watch)));
        }
        if !reply.actions.is_empty() {
            let labels: Vec<String> = reply
                .actions
                .iter()
                .map(|a| present::action_label(*a, reply.lang, Surface::Console))
                .collect();
            let buttons = self.say(
                "console-buttons",
                &fluent_args![("labels", labels.join(" · "))],
            );
            out.push_str(&format!("  {buttons}\n"));
        }
        out
    }

    /// Writes `bytes` to `path`, whole or not at all: the line that shows where, or why it
    /// could not be written.
    fn written(&self, what: Written, path: &Path, bytes: &[u8]) -> String {
        let shown = path.display().to_string();
        let line = match (render::save(path, bytes), what) {
            (Ok(()), Written::Image) => self.say("console-image", &fluent_args![("path", shown)]),
            (Ok(()), Written::File) => self.say("console-file", &fluent_args![("path", shown)]),
            (Err(e), what) => {
                let key = match what {
                    Written::Image => "console-image-not-saved",
                    Written::File => "console-file-not-saved",
                };
                self.say(
                    key,
                    &fluent_args![("path", shown), ("error", e.to_string())],
                )
            }
        };
        format!("  {}\n", printable(&line))
    }
}

/// What the console writes to its folder.
#[derive(Clone, Copy)]
enum Written {
    /// A board image.
    Image,
    /// A file a reply carries (a record).
    File,
}

/// `text` without control characters (escape sequences, carriage returns, bells), which
/// would act on the terminal instead of being shown.
pub fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// A file name with anything but letters, digits, `-`, `_` and `.` replaced.
fn safe_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn print_flushed(text: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}
