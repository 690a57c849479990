//! How the console shows replies: text indented under the line, images and files written to
//! the output folder with their paths printed.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

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
        let mut text = format!("{line}\n");
        if reply.private {
            text.push_str(&format!("  (only {user} sees this)\n"));
        }
        text.push_str(&self.body(reply)?);
        print_flushed(&text)
    }

    /// Prints an unsolicited notice (reminder, timeout, expiry).
    pub fn notice(&mut self, notice: &Notice) -> anyhow::Result<()> {
        let text = format!("[notice]\n{}", self.body(&notice.reply)?);
        print_flushed(&text)
    }

    /// Prints a malformed line's explanation.
    pub fn error(&self, message: &str) {
        eprintln!("  error: {message}");
    }

    fn body(&mut self, reply: &Reply) -> anyhow::Result<String> {
        let mut out = String::new();
        for line in reply.text.lines() {
            out.push_str(&format!("  {line}\n"));
        }
        if let Some(png) = &reply.image {
            let path = self.dir.join(format!("board-{:05}.png", self.next_image));
            self.next_image += 1;
            std::fs::write(&path, png)
                .with_context(|| format!("cannot write {}", path.display()))?;
            out.push_str(&format!("  [image] {}\n", path.display()));
        }
        if let Some((name, bytes)) = &reply.file {
            let path = self.dir.join(safe_name(name));
            std::fs::write(&path, bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            out.push_str(&format!("  [file] {}\n", path.display()));
        }
        if !reply.actions.is_empty() {
            let labels: Vec<&str> = reply.actions.iter().map(|a| a.label()).collect();
            out.push_str(&format!("  [buttons] {}\n", labels.join(" · ")));
        }
        Ok(out)
    }
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
