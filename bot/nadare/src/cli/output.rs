//! Printing results of the command-line tools: a reader that stops early (`| head`) is
//! not an error.

use std::fmt::Display;
use std::io::{ErrorKind, Write};

/// Writes each line to standard output; stops quietly when the reader has gone.
pub fn write_lines<I, S>(lines: I) -> anyhow::Result<()>
where
    I: IntoIterator<Item = S>,
    S: Display,
{
    let mut out = std::io::stdout().lock();
    let written = lines
        .into_iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
