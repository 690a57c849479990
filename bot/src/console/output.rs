//! How the console shows replies: text indented under the line, images and files written to
//! the output folder with their paths printed.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::i18n::Surface;
use crate::present;
use crate::service::{Notice, Reply};

/// Where replies go: standard output, and files in a folder.
pub struct Output {
    dir: PathBuf,
    next_image: u64,
}

impl Output {
    /// Writes into `dir` (created if missing); image numbers continue after those already there.
    pub fn new(dir: &Path) -> anyhow::Result<Output> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the image folder {}", dir.display()))?;
        let last = std::fs::read_dir(dir)
            .with_context(|| format!("cannot read the image folder {}", dir.display()))?
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
        })
    }

    /// Prints the reply to `line`, said by `user`.
    pub fn reply(&mut self, line: &str, user: &str, reply: &Reply) -> anyhow::Result<()> {
        let mut text = format!("{}\n", printable(line));
        if reply.private {
            text.push_str(&format!("  (only {} sees this)\n", printable(user)));
        }
        text.push_str(&self.body(reply));
        print_flushed(&text)
    }

    /// Prints an unsolicited notice (reminder, timeout, expiry).
    pub fn notice(&mut self, notice: &Notice) -> anyhow::Result<()> {
        let text = format!("[notice]\n{}", self.body(&notice.reply));
        print_flushed(&text)
    }

    /// Prints a malformed line's explanation.
    pub fn error(&self, message: &str) {
        eprintln!("  error: {}", printable(message));
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
            out.push_str(&written("image", &path, png));
        }
        if let Some((name, bytes)) = &reply.file {
            out.push_str(&written("file", &self.dir.join(safe_name(name)), bytes));
        }
        if !reply.actions.is_empty() {
            let labels: Vec<String> = reply
                .actions
                .iter()
                .map(|a| present::action_label(*a, reply.lang, Surface::Console))
                .collect();
            out.push_str(&format!("  [buttons] {}\n", labels.join(" · ")));
        }
        out
    }
}

/// Writes `bytes` to `path`: the line that shows where, or why it could not be written.
fn written(kind: &str, path: &Path, bytes: &[u8]) -> String {
    match std::fs::write(path, bytes) {
        Ok(()) => format!("  [{kind}] {}\n", printable(&path.display().to_string())),
        Err(e) => format!(
            "  [{kind} not saved] cannot write {}: {e}\n",
            printable(&path.display().to_string())
        ),
    }
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
